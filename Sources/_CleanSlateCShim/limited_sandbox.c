// A strict launch's size-limited sandbox (Faults.sandboxSizeLimit): inside the launch's mount
// namespace the sandbox is a tmpfs of that size, filled with a copy of the sandbox at launch, and
// copied back over the sandbox when the app exits, so the test reads what the app wrote.
//
// Why it is C in the shim: it runs in a strict launch's keeper inside the namespaces (single-threaded
// C, see supervisor.c). Why a copy: an unprivileged test process cannot mount a size-limited file
// system on the host; inside its own mount namespace the keeper can, and the limit then binds the
// app whatever its uid. The copies themselves (holes, links, the limit, modes) are tree_copy.c.
//
// The copy back is whole or nothing. It is built beside the sandbox's folders, in a staging folder
// inside the sandbox (same file system, invisible to the app, which sees only its tmpfs); only when
// all of it has been copied is each top-level entry swapped in (renameat2 RENAME_EXCHANGE, or a plain
// rename for a new one), and what it replaced moved into the staging folder, which is then removed. A
// copy that fails (past the limit, a FIFO, the host's disk full) removes the staging folder and
// leaves the sandbox as it was before the launch; a swap that fails is undone. The sandbox folder
// itself stays: the test process and its tools know it by path. The stage is locked while its copy
// back runs; one that is not was left by a keeper killed during its copy back, and the next
// size-limited launch into the sandbox removes it before it copies the sandbox in. The tmpfs holds at most
// CS_SANDBOX_ENTRY_LIMIT entries (isolation.c), and the app's leftover processes are stopped during
// the copy back, so the walk is bounded and sees a tree that stands still.
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"
#include "tree_walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

/// Whether `name` (at the sandbox's top) is a staging folder's.
static int is_stage(const char *name) {
    return strncmp(name, CS_STAGE_PREFIX, strlen(CS_STAGE_PREFIX)) == 0;
}

/// One step of the swap, to undo it if a later one fails.
enum swap_step { SWAPPED, ADDED, RETIRED };

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/// Undoes the first `done` steps of a swap, last first. Returns 0, or -1 with errno when a step could
/// not be undone (the others still are).
static int undo_swap(int host, int stage, const enum swap_step *steps, char *const *names, size_t done) {
    int rc = 0, error = 0;
    while (done > 0) {
        done--;
        int undone = steps[done] == SWAPPED ? renameat2(stage, names[done], host, names[done], RENAME_EXCHANGE)
                   : steps[done] == ADDED ? renameat2(host, names[done], stage, names[done], RENAME_NOREPLACE)
                   : renameat2(stage, names[done], host, names[done], RENAME_NOREPLACE);
        if (undone != 0) { rc = -1; error = errno; }
    }
    errno = error;
    return rc;
}

/// Moves every top-level entry of `stage` into `host` (exchanging it with the entry of the same
/// name there) and every other entry of `host` but the staging folders into `stage`. All or nothing: a
/// step that fails undoes the ones before it. Returns 0; -1 with errno and the entry in `failed`; or
/// -2 when the undo failed too (the stage then holds entries of the sandbox from before: keep it).
static int swap_in(int host, int stage, char *failed, size_t size) {
    char **fresh = NULL, **old = NULL;
    size_t fresh_count = 0, old_count = 0, done = 0;
    int rc = cs_list_names(stage, &fresh, &fresh_count) == 0 && cs_list_names(host, &old, &old_count) == 0 ? 0 : -1;
    enum swap_step *steps = rc == 0 ? calloc(fresh_count + old_count + 1, sizeof *steps) : NULL;
    char **names = steps ? calloc(fresh_count + old_count + 1, sizeof(char *)) : NULL;
    int error = rc != 0 ? errno : names ? 0 : ENOMEM;
    if (!names) rc = -1;
    snprintf(failed, size, ".");
    // Sorted, so that each old entry is looked up in it, not compared with every one.
    if (rc == 0) qsort(fresh, fresh_count, sizeof *fresh, compare_names);
    for (size_t i = 0; rc == 0 && i < fresh_count; i++) {
        enum swap_step step = SWAPPED;
        int moved = renameat2(stage, fresh[i], host, fresh[i], RENAME_EXCHANGE);
        if (moved != 0 && errno == ENOENT) { step = ADDED; moved = renameat2(stage, fresh[i], host, fresh[i], RENAME_NOREPLACE); }
        if (moved != 0) { rc = -1; error = errno; snprintf(failed, size, "%s", fresh[i]); break; }
        steps[done] = step;
        names[done++] = fresh[i];
    }
    for (size_t i = 0; rc == 0 && i < old_count; i++) {
        // This stage, and any other launch's: never retired (cleared with this one).
        if (is_stage(old[i]) || bsearch(&old[i], fresh, fresh_count, sizeof *fresh, compare_names)) continue;
        if (renameat2(host, old[i], stage, old[i], RENAME_NOREPLACE) != 0) {
            rc = -1;
            error = errno;
            snprintf(failed, size, "%s", old[i]);
            break;
        }
        steps[done] = RETIRED;
        names[done++] = old[i];
    }
    if (rc != 0 && undo_swap(host, stage, steps, names, done) != 0) { rc = -2; error = errno; }
    free(steps);
    free(names);
    cs_free_names(fresh, fresh_count);
    cs_free_names(old, old_count);
    errno = error;
    return rc;
}

/// A new staging folder in `host`, its name in `name`; its descriptor, or -1 with errno. The folder
/// is locked (flock) for as long as the descriptor is open: a stage nobody holds was left by a keeper
/// that died during its copy back (cs_limited_sandbox_remove_stale_stages).
static int make_stage(int host, char *name, size_t size) {
    for (int attempt = 0; attempt < 16; attempt++) {
        unsigned long long suffix = 0;
        if (getrandom(&suffix, sizeof suffix, 0) != (ssize_t)sizeof suffix) suffix = (unsigned long long)attempt;
        snprintf(name, size, CS_STAGE_PREFIX "%016llx", suffix);
        if (mkdirat(host, name, 0700) == 0) {
            int stage = openat(host, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            // Until it is locked, another launch's cs_limited_sandbox_remove_stale_stages may take
            // the new folder for a dead keeper's and remove it: then try another name.
            if (stage < 0 && errno == ENOENT) continue;
            if (stage >= 0 && flock(stage, LOCK_EX) != 0) { cs_close_keeping_errno(stage); stage = -1; }
            struct stat status;
            if (stage >= 0 && fstat(stage, &status) == 0 && status.st_nlink == 0) { close(stage); continue; }
            if (stage < 0) { int saved = errno; unlinkat(host, name, AT_REMOVEDIR); errno = saved; }
            return stage;
        }
        if (errno != EEXIST) return -1;
    }
    return -1;
}

int cs_limited_sandbox_remove_stale_stages(int host) {
    char **names = NULL;
    size_t count = 0;
    if (cs_list_names(host, &names, &count) != 0) return -1;
    int rc = 0;
    for (size_t i = 0; i < count; i++) {
        if (!is_stage(names[i])) continue;
        int stage = openat(host, names[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (stage < 0) continue;  // gone meanwhile, or no folder: not a stage
        // Held: another launch's copy back is under way in it.
        if (flock(stage, LOCK_EX | LOCK_NB) == 0 && (cs_tree_clear(stage) != 0 || unlinkat(host, names[i], AT_REMOVEDIR) != 0)) rc = -1;
        close(stage);
    }
    cs_free_names(names, count);
    return rc;
}

/// Copies `limited->copy` over `limited->host`, whole or not at all. Returns 0, or -1 with `report`.
static int copy_back(const struct cs_limited_sandbox *limited, struct cs_tree_copy_report *report) {
    char stage_name[64];
    memset(report, 0, sizeof *report);
    int stage = make_stage(limited->host, stage_name, sizeof stage_name);
    if (stage < 0) {
        *report = (struct cs_tree_copy_report){CS_COPY_FAILED, errno, ".", 0};
        return -1;
    }
    struct cs_tree_copy_options options = {limited->limit, 1, CS_STAGE_PREFIX};
    int rc = cs_tree_copy(limited->copy, stage, &options, report);
    if (rc == 0 && (rc = swap_in(limited->host, stage, report->path, sizeof report->path)) != 0) {
        report->reason = rc == -2 ? CS_COPY_UNDO_FAILED : CS_COPY_FAILED;
        report->error = errno;
    }
    if (rc == -2) {
        // The stage holds entries of the sandbox from before the launch that could not be put back:
        // kept under a name no later launch removes (not a stage's), and named in the report.
        char kept[64];
        snprintf(kept, sizeof kept, CS_KEPT_STAGE_PREFIX "%s", stage_name + strlen(CS_STAGE_PREFIX));
        if (renameat2(limited->host, stage_name, limited->host, kept, RENAME_NOREPLACE) == 0) snprintf(report->path, sizeof report->path, "%s", kept);
        else snprintf(report->path, sizeof report->path, "%s", stage_name);
        close(stage);
        return -1;
    }
    // What is left in the stage: the copy that failed, or what the copy replaced.
    cs_tree_clear(stage);
    close(stage);
    unlinkat(limited->host, stage_name, AT_REMOVEDIR);
    return rc;
}

/// How long the copy back waits for the app's leftover processes to stop (one in uninterruptible
/// sleep stops only when its system call ends); the copy then goes on regardless.
#define CS_STOP_WAIT_MS 5000

/// Stops every other process of this keeper's PID namespace (it is their init, so kill(-1) reaches
/// each, and a fork in progress is restarted after the stop, so none is missed), then waits until
/// each has stopped, so that none is still inside a system call that changes the tree.
static void stop_leftovers(void) {
    if (kill(-1, SIGSTOP) != 0) return;  // ESRCH: the app left none
    struct cs_process *table = malloc(CS_MAX_TRACKED * sizeof *table);
    if (!table) return;
    for (int64_t deadline = cs_now_ms() + CS_STOP_WAIT_MS; cs_now_ms() < deadline;) {
        int count = cs_read_process_table(table, CS_MAX_TRACKED), running = 0;
        for (int i = 0; i < count && !running; i++) {
            char state = table[i].state;
            running = table[i].pid != getpid() && state != 'T' && state != 't' && state != 'Z' && state != 'X';
        }
        if (!running) break;
        poll(NULL, 0, 1);
    }
    free(table);
}

void cs_limited_sandbox_copy_back(const struct cs_limited_sandbox *limited, int socket) {
    struct cs_tree_copy_report report;
    // The processes the app left behind are stopped while the copy runs, so that they cannot grow,
    // move or rewrite the tree under the walk; they go on afterwards (what they write then stays in
    // the copy).
    stop_leftovers();
    int rc = copy_back(limited, &report);
    kill(-1, SIGCONT);
    if (rc == 0) return;
    int32_t length = (int32_t)strnlen(report.path, sizeof report.path);
    cs_send_message(socket, CS_SUPERVISOR_COPY_BACK_REFUSED, report.error, length, report.reason);
    if (length > 0) cs_write_all(socket, report.path, (size_t)length);
}
