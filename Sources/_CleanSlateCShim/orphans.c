// The supervisor's second line of defence: what a keeper's tree leaves behind when the keeper itself
// is killed (an app of the same user can `kill -9 $PPID`) or stops answering (SIGSTOP, ptrace).
//
// Why it is here: a keeper is a child subreaper, so nothing the app starts can leave its tree while
// the keeper lives. When the keeper dies, its children are re-parented to the nearest subreaper
// above it; the supervisor is one, so they come here instead of to init. The supervisor knows the
// pids of its keepers (it forked them), so any other child is an orphan of a dead keeper: it and
// everything below it are killed at once, and what was killed is kept for the test process, which
// asks about the keeper once it sees the keeper's socket close (cs_orphans_end_keeper). The test
// process also asks when a keeper does not answer: the supervisor then kills that keeper first.
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t *keepers;
static int keeper_count, keeper_capacity;

void cs_orphans_track_keeper(pid_t pid) {
    if (keeper_count == keeper_capacity) {
        int capacity = keeper_capacity ? keeper_capacity * 2 : 64;
        pid_t *grown = realloc(keepers, sizeof(pid_t) * (size_t)capacity);
        // Without memory the keeper is not tracked: its tree is still its own to end, and should it
        // die, what it leaves is taken for orphans of a dead keeper, which it then is.
        if (!grown) return;
        keepers = grown;
        keeper_capacity = capacity;
    }
    keepers[keeper_count++] = pid;
}

static int keeper_index(pid_t pid) {
    for (int i = 0; i < keeper_count; i++) if (keepers[i] == pid) return i;
    return -1;
}

/// A process killed as an orphan, kept until the test process asks about the keeper it came from.
struct cs_orphan_record { pid_t keeper; struct cs_survivor survivor; };
#define CS_ORPHAN_RECORDS 256
static struct cs_orphan_record records[CS_ORPHAN_RECORDS];
static int record_next, record_total;

static void remember(pid_t keeper, const struct cs_survivor *survivor) {
    struct cs_orphan_record *record = &records[record_next];
    record_next = (record_next + 1) % CS_ORPHAN_RECORDS;
    if (record_total < CS_ORPHAN_RECORDS) record_total++;
    record->keeper = keeper;
    record->survivor = *survivor;
}

static struct cs_process table[CS_MAX_TRACKED];
static char member[CS_MAX_TRACKED];

/// Whether the supervisor may have a child that is not a keeper. Its children are listed in
/// /proc/self/task/<tid>/children (one file read), so a keeper's ordinary exit, the usual reason for
/// a SIGCHLD, costs no scan of the whole process table. Where the list is missing (a kernel without
/// CONFIG_PROC_CHILDREN), it says yes.
static int may_have_orphans(void) {
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 1;
    ssize_t n;
    do { n = read(fd, text, sizeof text - 1); } while (n < 0 && errno == EINTR);
    close(fd);
    // A list longer than the buffer may hide anything: look properly.
    if (n < 0 || n == (ssize_t)sizeof text - 1) return 1;
    text[n] = 0;
    for (char *cursor = text, *end; *cursor; cursor = end) {
        long pid = strtol(cursor, &end, 10);
        if (end == cursor) break;
        if (keeper_index((pid_t)pid) < 0) return 1;
    }
    return 0;
}

/// Kills every process that is neither a keeper nor below one: the supervisor's other children and
/// their descendants. Each one killed (not already dying) is reported on `reply`, or, without one,
/// remembered for `keeper`. Returns how many were still alive.
static int kill_orphans(pid_t keeper, int reply) {
    if (!may_have_orphans()) return 0;
    int count = cs_read_process_table(table, CS_MAX_TRACKED), alive = 0;
    pid_t self = getpid();
    memset(member, 0, (size_t)count);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < count; i++) {
            if (member[i]) continue;
            int orphan = table[i].ppid == self && keeper_index(table[i].pid) < 0;
            for (int j = 0; j < count && !orphan; j++) orphan = member[j] && table[j].pid == table[i].ppid;
            if (orphan) { member[i] = 1; changed = 1; }
        }
    }
    for (int i = 0; i < count; i++) {
        if (!member[i] || table[i].state == 'Z' || table[i].state == 'X') continue;
        alive++;
        struct cs_survivor survivor;
        // Named before the kill: once SIGKILL is pending it counts as dying and is not named again.
        int named = cs_survivor_read(table[i].pid, &survivor);
        kill(table[i].pid, SIGKILL);
        if (named != 0) continue;
        if (reply >= 0) cs_survivor_send(reply, &survivor); else remember(keeper, &survivor);
    }
    return alive;
}

/// The keeper that died last: orphans found later (killed over several rounds) are put down to it.
static pid_t last_dead_keeper;

/// Reaps the children that ended; returns the keeper that died last (0 if none has yet).
static pid_t reap(void) {
    pid_t pid;
    int status;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        int index = keeper_index(pid);
        if (index < 0) continue;
        keepers[index] = keepers[--keeper_count];
        last_dead_keeper = pid;
    }
    return last_dead_keeper;
}

int cs_orphans_collect(void) {
    return kill_orphans(reap(), -1);
}

/// How long the supervisor waits for a killed keeper to die, and then for its orphans.
#define CS_END_KEEPER_LIMIT_MS 5000

void cs_orphans_end_keeper(pid_t keeper, int reply) {
    int64_t deadline = cs_now_ms() + CS_END_KEEPER_LIMIT_MS;
    if (keeper_index(keeper) >= 0) {
        // SIGKILL ends a stopped or traced keeper too. Its children come here once it is dead.
        int pidfd = (int)syscall(SYS_pidfd_open, keeper, 0);
        kill(keeper, SIGKILL);
        if (pidfd >= 0) {
            struct pollfd entry = {pidfd, POLLIN, 0};
            int left = (int)(deadline - cs_now_ms());
            while (left > 0 && poll(&entry, 1, left) < 0 && errno == EINTR) left = (int)(deadline - cs_now_ms());
            close(pidfd);
        }
    }
    reap();
    // What was killed already, when the keeper died by another hand.
    for (int i = 0; i < record_total; i++) {
        if (records[i].keeper != keeper || records[i].survivor.pid == 0) continue;
        cs_survivor_send(reply, &records[i].survivor);
        records[i].survivor.pid = 0;
    }
    int alive;
    while ((alive = kill_orphans(keeper, reply)) > 0 && cs_now_ms() < deadline) {
        poll(NULL, 0, 10);
        reap();
    }
    cs_send_message(reply, CS_SUPERVISOR_DONE, alive, 0, 0);
}

/// How long, once the test process is gone, the supervisor lets its keepers end their trees
/// themselves (an app's grace period included) before it kills the keepers that are left.
#define CS_ORPHANED_KEEPERS_LIMIT_MS 60000

/// Whether `pid` is stopped or traced: a keeper in that state does nothing until someone continues
/// it, and an app can keep it so (`while kill -STOP $PPID; do :; done`).
static int is_held(pid_t pid) {
    struct cs_process entry;
    char name[32];
    if (!cs_read_stat(pid, &entry, name, sizeof name)) return 0;
    return entry.state == 'T' || entry.state == 't';
}

void cs_orphans_end_all(void) {
    // Why: a keeper ends its own tree when the test process is gone, unless its app keeps it stopped
    // or traced; then only the supervisor can end that tree, by killing the keeper (its children come
    // here, a child subreaper) and then them. Before this the supervisor exited at once, and such an
    // app outlived the run.
    int64_t deadline = cs_now_ms() + CS_ORPHANED_KEEPERS_LIMIT_MS;
    while (1) {
        int orphans = kill_orphans(reap(), -1);
        if (keeper_count == 0 && orphans == 0) return;
        int late = cs_now_ms() >= deadline;
        // Past the limit, with a few more seconds for what was killed to die, it gives up.
        if (late && cs_now_ms() >= deadline + CS_END_KEEPER_LIMIT_MS) return;
        for (int i = 0; i < keeper_count; i++) {
            if (late || is_held(keepers[i])) kill(keepers[i], SIGKILL);
        }
        poll(NULL, 0, 10);
    }
}
