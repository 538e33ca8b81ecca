// A launch's keeper: one per launch (reused for the next while the test process releases it), a
// child subreaper, so every descendant of the app that is orphaned stays findable. It reports the
// app's exit, stops and continues, and on request kills the whole tree and reports what was still
// alive; when the test process goes away it kills the tree at once. Starting the app is
// keeper_spawn.c; the supervisor that forks keepers is supervisor.c (which says why all of it is C).
#define _GNU_SOURCE
#include "keeper.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/close_range.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/// The signals whose disposition is not the default in this process: the ignored ones, which an
/// exec would keep, and any with a handler (none is expected in the keeper, but its vfork child
/// shares its memory until the exec, so no handler may run there). The app's child process sets
/// just these back to the default rather than every signal (see `spawn_app`).
static void non_default_signals(sigset_t *signals) {
    sigemptyset(signals);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        struct sigaction current;
        if (sigaction(signal_number, NULL, &current) == 0 && current.sa_handler != SIG_DFL) sigaddset(signals, signal_number);
    }
}

static struct cs_process keeper_table[CS_MAX_TRACKED];
static char keeper_member[CS_MAX_TRACKED];

/// Whether the keeper has any child, alive or not. A child subreaper with none has no descendant at
/// all (every orphan below it would have been re-parented to it), so no /proc scan is needed.
static int has_children(void) {
    siginfo_t info;
    info.si_pid = 0;
    return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0;
}

/// After a SIGCHLD (or to look): reports the app's stops and continues, then reaps every child that
/// ended, reporting the app's exit when it is among them. Re-parented orphans are reaped the same way.
static void observe_children(struct cs_keeper *keeper) {
    struct signalfd_siginfo ignored;
    while (read(keeper->signals, &ignored, sizeof ignored) > 0) {}
    while (!keeper->app_exited) {
        siginfo_t info;
        info.si_pid = 0;
        if (waitid(P_PID, (id_t)keeper->app, &info, WSTOPPED | WCONTINUED | WNOHANG) != 0 || info.si_pid == 0) break;
        if (info.si_code == CLD_STOPPED || info.si_code == CLD_TRAPPED) {
            cs_send_message(keeper->socket, CS_SUPERVISOR_STOPPED, info.si_status, 0, 0);
        } else if (info.si_code == CLD_CONTINUED) {
            cs_send_message(keeper->socket, CS_SUPERVISOR_CONTINUED, 0, 0, 0);
        }
    }
    siginfo_t app_exit;
    int app_exited_now = 0;
    while (1) {
        siginfo_t info;
        info.si_pid = 0;
        if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG) != 0 || info.si_pid == 0) break;
        if (info.si_pid == keeper->app && !keeper->app_exited) {
            keeper->app_exited = 1;
            app_exited_now = 1;
            app_exit = info;
        }
    }
    // Once the app has exited and nothing of its tree is left, nothing can start again: say so, and
    // termination has nothing to do. When that is already true at the app's exit (the usual case),
    // it travels in the exit report itself.
    int tree_empty = keeper->app_exited && !keeper->tree_empty_reported && !has_children();
    if (tree_empty) keeper->tree_empty_reported = 1;
    if (app_exited_now && keeper->limited.copy >= 0) {
        // Before the exit is reported: once a wait for the exit returns, the sandbox holds what the
        // app wrote (what a process it left behind writes later stays in the copy only).
        // Whole or not at all; a copy back refused is reported first (limited_sandbox.c).
        cs_limited_sandbox_copy_back(&keeper->limited, keeper->socket);
    }
    if (app_exited_now) {
        int flags = (app_exit.si_code == CLD_DUMPED ? CS_EXITED_CORE_DUMPED : 0) | (tree_empty ? CS_EXITED_TREE_EMPTY : 0);
        cs_send_message(keeper->socket, CS_SUPERVISOR_EXITED, app_exit.si_code == CLD_EXITED, app_exit.si_status, flags);
    } else if (tree_empty) {
        cs_send_message(keeper->socket, CS_SUPERVISOR_TREE_EMPTY, 0, 0, 0);
    }
}


/// Whether `pid` says it is a launch supervisor (its command line is the one cs_supervisor_start
/// gives). Anyone can say so: it earns the process a short wait (see report_survivors), never a
/// place outside the report.
static int claims_to_be_supervisor(pid_t pid) {
    char line[128];
    ssize_t n = cs_read_proc_file(pid, "cmdline", line, sizeof line);
    if (n <= 0) return 0;
    const char *second = memchr(line, 0, (size_t)n);
    return second && second + 1 < line + n && strcmp(second + 1, CS_SUPERVISOR_ARGUMENT) == 0;
}

/// How long a nested CleanSlate's supervisor gets to end its launches after the app is gone.
#define CS_NESTED_SUPERVISOR_GRACE_MS 2000

/// When the app was a CleanSlate test process or `cleanslate run` (a nested CleanSlate), its own
/// supervisor ends its launches by itself once the app is gone, within milliseconds: waits for the
/// descendants that claim to be supervisors to end, up to CS_NESTED_SUPERVISOR_GRACE_MS. Whatever
/// is still alive then is reported like any other process, so a command line is no hiding place.
static void let_nested_supervisors_end(struct cs_keeper *keeper) {
    int64_t deadline = cs_now_ms() + CS_NESTED_SUPERVISOR_GRACE_MS;
    while (1) {
        observe_children(keeper);
        if (!keeper->app_exited || !has_children()) return;
        int count = cs_read_process_table(keeper_table, CS_MAX_TRACKED), claimed = 0;
        cs_mark_descendants(keeper_table, count, getpid(), keeper_member);
        for (int i = 0; i < count && !claimed; i++) {
            claimed = keeper_member[i] && keeper_table[i].state != 'Z' && claims_to_be_supervisor(keeper_table[i].pid);
        }
        int64_t left = deadline - cs_now_ms();
        if (!claimed || left <= 0) return;
        struct pollfd entry = {keeper->signals, POLLIN, 0};
        poll(&entry, 1, left < 20 ? (int)left : 20);
    }
}

/// Sends the test process one SURVIVOR message per live descendant that is not part of what the
/// termination policy was stopping (the app's own group while the app was still running).
static void report_survivors(struct cs_keeper *keeper, int app_was_running) {
    let_nested_supervisors_end(keeper);
    if (!has_children()) return;
    int count = cs_read_process_table(keeper_table, CS_MAX_TRACKED);
    cs_mark_descendants(keeper_table, count, getpid(), keeper_member);
    for (int i = 0; i < count; i++) {
        if (!keeper_member[i] || keeper_table[i].state == 'Z' || keeper_table[i].state == 'X') continue;
        if (keeper_table[i].pid == keeper->app) continue;
        if (app_was_running && keeper_table[i].pgid == keeper->app) continue;
        if ((keeper_table[i].flags & CS_PF_EXITING) || cs_is_dying(keeper_table[i].pid)) continue;
        struct cs_survivor survivor;
        if (cs_survivor_read(keeper_table[i].pid, &survivor) == 0) cs_survivor_send(keeper->socket, &survivor);
    }
}

/// Kills the app's group and every descendant, re-parented ones included, and reaps them. Returns
/// when none is left, or at `deadline_ms` with the number still alive (a process in uninterruptible
/// sleep dies only when the kernel lets it).
static int kill_tree(struct cs_keeper *keeper, int64_t deadline_ms) {
    // While the app is not reaped its pid, and so its process-group id, cannot be reused: the
    // group signal reaches only the app's group.
    observe_children(keeper);
    if (!keeper->app_exited) kill(-keeper->app, SIGKILL);
    while (1) {
        observe_children(keeper);
        if (!has_children()) return 0;
        int count = cs_read_process_table(keeper_table, CS_MAX_TRACKED);
        cs_mark_descendants(keeper_table, count, getpid(), keeper_member);
        int alive = 0;
        for (int i = 0; i < count; i++) {
            if (!keeper_member[i] || keeper_table[i].state == 'Z' || keeper_table[i].state == 'X') continue;
            alive++;
            kill(keeper_table[i].pid, SIGKILL);
        }
        int64_t left = deadline_ms - cs_now_ms();
        if (left <= 0) return alive > 0 ? alive : 1;
        // Woken by the next SIGCHLD (a child died), or after a short while to look for descendants
        // that died without telling us (grandchildren are reaped by their own parents).
        struct pollfd entry = {keeper->signals, POLLIN, 0};
        poll(&entry, 1, left < 20 ? (int)left : 20);
    }
}

/// Runs one launch on `socket`: reads the request, spawns the app, reports on it, and ends its tree
/// when asked (or when the test process goes away). Returns 1 when the test process released the
/// keeper for another launch on the same socket (the tree is gone), 0 when the socket is closed.
static int keeper_run(struct cs_keeper *keeper, int socket) {
    keeper->socket = socket;
    keeper->app = 0;
    keeper->app_exited = 0;
    keeper->tree_empty_reported = 0;
    struct cs_request_header request;
    int fds[4], count = 0;
    if (cs_receive_with_descriptors(socket, &request, sizeof request, fds, 4, &count) != 0 ||
        request.magic != CS_REQUEST_MAGIC || request.payload_length > (64u << 20)) {
        for (int i = 0; i < count; i++) close(fds[i]);
        return 0;
    }
    char *payload = malloc(request.payload_length + 1);
    int rc = ENOMEM, stage = CS_STAGE_PREPARE, step = 0;
    if (payload && cs_read_all(socket, payload, request.payload_length) == 0) {
        payload[request.payload_length] = 0;
        rc = keeper->signals < 0 ? EMFILE : 0;
        if (rc == 0 && request.isolation_count > 0) rc = cs_keeper_isolate(keeper, payload, &request, &stage, &step);
        if (rc == 0 && !keeper->isolated) rc = cs_keeper_spawn(keeper, payload, &request, fds, count, &keeper->app, &stage);
    }
    for (int i = 0; i < count; i++) close(fds[i]);
    free(payload);
    if (keeper->isolated) {
        // The clone inside the namespaces runs this launch on the same socket; this keeper only
        // waits for it (it reaps the clone, and its death kills the clone: PR_SET_PDEATHSIG).
        close(socket);
        if (keeper->port_count > 0) {
            // It also relays the connections to forwarded ports, from the host's network.
            cs_forwarder_run(keeper->isolated, keeper->signals, keeper->listeners, keeper->ports, keeper->port_count);
            for (int i = 0; i < keeper->port_count; i++) close(keeper->listeners[i]);
            return 0;
        }
        int status;
        while (waitpid(keeper->isolated, &status, 0) < 0 && errno == EINTR) {}
        return 0;
    }
    if (rc != 0) {
        // Nothing was started: the keeper is ready for another request at once.
        return cs_send_message(socket, CS_SUPERVISOR_SPAWN_FAILED, rc, stage, step) == 0 && !keeper->single_use;
    }
    // Inside the namespaces the app's pid is that of the new PID namespace; the test process is told
    // the pid the host sees.
    pid_t reported = keeper->single_use ? cs_isolation_host_pid_of_child(keeper->host_proc) : 0;
    if (keeper->host_proc >= 0) { close(keeper->host_proc); keeper->host_proc = -1; }
    if (keeper->pid_cursor >= 0) { close(keeper->pid_cursor); keeper->pid_cursor = -1; }
    cs_send_message(socket, CS_SUPERVISOR_SPAWNED, reported > 0 ? reported : keeper->app, 0, 0);

    int tree_gone = 0;
    while (1) {
        struct pollfd entries[2] = {{socket, POLLIN, 0}, {keeper->signals, POLLIN, 0}};
        if (poll(entries, 2, -1) < 0) continue;
        if (entries[1].revents) observe_children(keeper);
        if (!entries[0].revents) continue;
        struct cs_supervisor_message command;
        if (cs_read_all(socket, &command, sizeof command) != 0) {
            // The test process is gone (or closed us): nothing it started may outlive it.
            kill_tree(keeper, INT64_MAX);
            return 0;
        }
        switch (command.type) {
        case CS_SUPERVISOR_SIGNAL_GROUP:
            // Only while the app is not reaped: its group id is reserved until then.
            if (!keeper->app_exited && kill(-keeper->app, command.a) != 0) kill(keeper->app, command.a);
            cs_send_message(socket, CS_SUPERVISOR_SIGNALED, command.a, 0, 0);
            break;
        case CS_SUPERVISOR_KILL_TREE: {
            if (command.b) report_survivors(keeper, command.a);
            int left = kill_tree(keeper, cs_now_ms() + command.c);
            cs_send_message(socket, CS_SUPERVISOR_DONE, left, 0, 0);
            tree_gone = left == 0;
            break;
        }
        case CS_SUPERVISOR_RELEASE:
            // The test process is done with this launch (it saw the tree gone, or empty).
            if (!tree_gone) kill_tree(keeper, INT64_MAX);
            return !keeper->single_use;
        default:
            break;
        }
    }
}

/// A keeper: it prepares itself once, then receives from `supervisor` (its socket to the
/// supervisor) the socket to the test process, and runs launches on it for as long as the test
/// process releases it after each one: in the steady state a launch costs one message, not a fork.
/// Terminal launches reuse it too: it leads each one's session in turn. Only a strict launch's keeper
/// (inside that launch's namespaces) exits after its launch.
void cs_keeper_main(int supervisor) {
    struct cs_keeper keeper = {-1, -1, 0, 0, 0, 0, 0, -1, {0}, {0}, 0};
    keeper.limited.host = keeper.limited.copy = -1;
    keeper.pid_cursor = -1;
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    // Not dumpable (as the supervisor it was forked from): an app of the same user cannot trace it
    // (ptrace) or write its memory. It can still stop or kill it; then the test process and the
    // supervisor take over (orphans.c).
    prctl(PR_SET_DUMPABLE, 0);
    // The keeper outlives whatever happens to the test process and its terminal; only SIGKILL ends it.
    int ignored[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGUSR1, SIGUSR2};
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) signal(ignored[i], SIG_IGN);
    signal(SIGCHLD, SIG_DFL);
    non_default_signals(&keeper.non_default);
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child, NULL);
    keeper.signals = signalfd(-1, &child, SFD_NONBLOCK | SFD_CLOEXEC);
    char byte;
    int launch[4], launches = 0;
    if (cs_receive_with_descriptors(supervisor, &byte, 1, launch, 4, &launches) != 0 || launches < 1) _exit(0);
    close(supervisor);
    for (int i = 1; i < launches; i++) close(launch[i]);
    // The test process learns who its keeper is, to continue it or have the supervisor end it should
    // the app stop or kill it; the app runs as its child and may do either at once.
    cs_send_message(launch[0], CS_SUPERVISOR_HELLO, getpid(), 0, 0);
    while (keeper_run(&keeper, launch[0])) {}
    _exit(0);
}
