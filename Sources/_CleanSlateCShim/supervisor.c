// The launch supervisor: the processes that stand between a test process and the apps it launches.
//
// Why it is C and lives here: it must keep working after the test process has died (SIGKILL
// included), so it cannot be a thread of the test process, and it must not run Swift code after a
// fork of a multi-threaded process. It is started once per test process by re-executing the test
// process's own binary (/proc/self/exe) with a marker; the constructor below sees the marker before
// `main` runs and turns that process into the supervisor, so no separate helper binary has to be
// found or installed.
//
// Two kinds of process, both single-threaded C:
// - the *supervisor* (one per test process): waits on its control socket; for each launch it
//   receives a socket and forks a keeper that owns it. When the test process dies, the control
//   socket reads end of file and the supervisor exits.
// - a *keeper* (one per launch): a child subreaper (PR_SET_CHILD_SUBREAPER), so every descendant of
//   the app that is orphaned (double fork, setsid, daemons) is re-parented to it and stays findable.
//   It spawns the app, reports its exit, stops and continues, and on request kills the whole tree
//   and reports what was still alive. When its socket to the test process reads end of file (the
//   test process died), it kills the whole tree at once and exits.
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"

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

#define CS_REQUEST_MAGIC 0x43534c31u  // "CSL1"
#define CS_SUPERVISOR_ARGUMENT "--cleanslate-launch-supervisor"
#define CS_SUPERVISOR_VARIABLE "CLEANSLATE_LAUNCH_SUPERVISOR_FD"

struct cs_request_header {
    uint32_t magic;
    uint32_t terminal;      // 1: the app runs on the pseudo-terminal named in the payload
    uint32_t argc;
    uint32_t envc;
    uint32_t isolation_count; // strings after the environment that ask for strict isolation (0: standard)
    uint32_t payload_length;
};

/// Spawn attributes for a clean start (of the supervisor): an empty signal mask, and the signals in
/// `reset` at their default disposition. The flags must include POSIX_SPAWN_SETSIGMASK and
/// POSIX_SPAWN_SETSIGDEF for these to apply.
static void clean_spawn_attributes(posix_spawnattr_t *attributes, const sigset_t *reset) {
    posix_spawnattr_init(attributes);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(attributes, &none);
    posix_spawnattr_setsigdefault(attributes, reset);
}

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

// MARK: The keeper

struct cs_keeper {
    int socket;
    int signals;          // signalfd for SIGCHLD
    pid_t app;
    int app_exited;       // the app has been reaped and its exit reported
    int tree_empty_reported;
    int single_use;       // a strict launch's keeper (inside the namespaces): exits after its launch
    pid_t isolated;       // outside: the keeper cloned into the namespaces, which took the launch over
    int host_proc;        // inside: the host's /proc, to report the app's pid as the host sees it
    int ports[CS_MAX_FORWARDED];     // outside: host loopback ports forwarded into the namespace
    int listeners[CS_MAX_FORWARDED]; // outside: their listeners in the namespace (forwarder.c)
    int port_count;
    sigset_t non_default; // the signals this keeper does not leave at the default: reset for the app
    struct cs_limited_sandbox limited; // inside: a size-limited sandbox to copy back at the app's exit
    int pid_cursor;       // inside: the namespace's ns_last_pid, for the app's child (process_limit.c)
};

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

/// Lets go of the session's controlling terminal, if a previous terminal launch's is still attached
/// (it normally is not: closing that terminal's master hung it up, which detached it), so that the
/// next launch's terminal can take its place. Its foreground group, the old app's, is gone by now.
static void leave_controlling_terminal(void) {
    int current = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (current < 0) return;
    ioctl(current, TIOCNOTTY);
    close(current);
}

/// What the child of a keeper's vfork does before it becomes the app.
struct cs_child_plan {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *directory;
    const int *stdio;        // descriptors for 0, 1 and 2 (the terminal's slave three times, or pipes)
    int terminal;            // 1: the app leads its own process group in the foreground of the terminal
    const sigset_t *reset;   // the keeper's non-default dispositions, set back to the default
    int pid_cursor;          // strict: moves the namespace's numbering past its reserved PIDs (-1: none)
    volatile int error;      // written by the child when a step fails (the memory is shared until exec)
};

/// The child's side of `spawn_app`, on the keeper's memory and stack until the exec: only system
/// calls, no allocation, and it never returns (a failed step ends the child with the error noted).
__attribute__((noreturn)) static void become_app(struct cs_child_plan *plan) {
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (sigismember(plan->reset, signal_number) == 1) signal(signal_number, SIG_DFL);
    }
    // Over pipes the app leads a session of its own (no terminal can reach it); on a terminal, its
    // own process group in the keeper's session, in the foreground. SIGTTOU is still blocked here,
    // so taking the foreground from the keeper's group succeeds.
    if (plan->terminal ? setpgid(0, 0) != 0 : setsid() < 0) goto failed;
    for (int target = 0; target < 3; target++) {
        if (dup2(plan->stdio[target], target) < 0) goto failed;
    }
    if (plan->terminal && tcsetpgrp(0, getpid()) != 0) goto failed;
    if (chdir(plan->directory) != 0) goto failed;
    // Before the descriptors go: it writes through one of them.
    if (cs_isolation_number_past_reserved(plan->pid_cursor) != 0) goto failed;
    // Every descriptor of the keeper is close-on-exec already (see supervisor_main); this makes sure
    // nothing else reaches the app. Kernels before 5.9 lack close_range (ENOSYS): the exec still
    // closes them all.
    if (syscall(SYS_close_range, 3u, ~0u, 0) != 0 && errno != ENOSYS) goto failed;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(plan->path, plan->argv, plan->envp);
failed:
    plan->error = errno ? errno : EINVAL;
    _exit(127);
}

/// Starts the app with vfork and exec rather than posix_spawn. Why: glibc's posix_spawn child looks
/// up the disposition of every signal (about sixty sigaction calls) because the caller might have
/// handlers sharing its memory. The keeper is single-threaded C with no handlers at all, so its
/// child resets only the signals the keeper ignores; that makes each launch about 30 µs faster than
/// a bare posix_spawn (`cleanslate-benchmarks launch`), which is the benchmark's baseline.
/// Returns 0 with `*pid` set, or the error number of the step that failed (the exec's included).
static int spawn_app(struct cs_child_plan *plan, pid_t *pid) {
    // Every signal blocked around the vfork: the child shares the keeper's memory until its exec, so
    // no signal may be delivered to it before it has reset its dispositions.
    sigset_t all, previous;
    sigfillset(&all);
    sigprocmask(SIG_SETMASK, &all, &previous);
    plan->error = 0;
    pid_t child = vfork();
    if (child == 0) become_app(plan);
    int rc = child < 0 ? errno : plan->error;
    sigprocmask(SIG_SETMASK, &previous, NULL);
    if (child > 0 && rc != 0) {
        // It ended at once: reap it here, so it is never taken for the app.
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    }
    if (rc == 0) *pid = child;
    return rc;
}

/// Spawns the app described by the request. Returns 0, or the error with `*stage` set.
static int keeper_spawn(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
                        const int *stdio, int stdio_count, pid_t *pid, int *stage) {
    char *cursor = payload;
    char *path = cursor; cursor += strlen(cursor) + 1;
    char *directory = cursor; cursor += strlen(cursor) + 1;
    char *slave = cursor; cursor += strlen(cursor) + 1;
    char **argv = calloc(request->argc + 1, sizeof(char *));
    char **envp = calloc(request->envc + 1, sizeof(char *));
    if (!argv || !envp) { free(argv); free(envp); *stage = CS_STAGE_PREPARE; return ENOMEM; }
    for (uint32_t i = 0; i < request->argc; i++) { argv[i] = cursor; cursor += strlen(cursor) + 1; }
    for (uint32_t i = 0; i < request->envc; i++) { envp[i] = cursor; cursor += strlen(cursor) + 1; }

    struct cs_child_plan plan = {path, argv, envp, directory, stdio, request->terminal != 0, &keeper->non_default,
                                 keeper->pid_cursor, 0};
    int terminal = -1, terminal_stdio[3];
    int rc = 0;
    if (request->terminal) {
        // Like a shell in a terminal window: the keeper leads the session and owns the terminal;
        // the app runs in its own process group in the foreground. Its group is then not orphaned,
        // so Ctrl-Z stops it as it would at a real terminal.
        // The first terminal launch makes the keeper a session leader; a later one finds it one
        // already, so the keeper is reused instead of forked anew for every terminal launch.
        if (getsid(0) != getpid() && setsid() < 0) { *stage = CS_STAGE_TERMINAL; rc = errno; goto done; }
        leave_controlling_terminal();
        terminal = open(slave, O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (terminal < 0 || ioctl(terminal, TIOCSCTTY, 0) != 0) { *stage = CS_STAGE_TERMINAL; rc = errno; goto done; }
        for (int i = 0; i < 3; i++) terminal_stdio[i] = terminal;
        plan.stdio = terminal_stdio;
    } else if (stdio_count != 3) {
        *stage = CS_STAGE_PREPARE; rc = EINVAL; goto done;
    }
    // The keeper blocks SIGCHLD for its signalfd; the app starts with an empty mask (become_app).
    rc = spawn_app(&plan, pid);
    if (rc != 0) *stage = CS_STAGE_SPAWN;
done:
    // The keeper keeps no end of the terminal: when the app and its children close theirs, the
    // test process reads end of file from the master, as with a directly spawned app.
    if (terminal >= 0) close(terminal);
    free(argv);
    free(envp);
    return rc;
}

/// For a strict launch: clones the keeper that will run the launch inside new namespaces and sets
/// them up (isolation.c). Returns 0 both in this keeper (with `keeper->isolated` set: it has handed
/// the launch over) and in the clone (which goes on to spawn the app), or an error with `*stage`
/// and `*step` set.
static int keeper_isolate(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
                          int *stage, int *step) {
    *stage = CS_STAGE_ISOLATION;
    *step = CS_ISOLATION_STEP_CLONE;
    char *cursor = payload;
    for (uint32_t i = 0; i < 3 + request->argc + request->envc; i++) cursor += strlen(cursor) + 1;
    if (request->isolation_count < 5) { *stage = CS_STAGE_PREPARE; return EINVAL; }
    const char *fixed[5];
    for (int i = 0; i < 5; i++) { fixed[i] = cursor; cursor += strlen(cursor) + 1; }
    uint32_t extra = request->isolation_count - 5;
    const char **hidden = calloc(extra + 1, sizeof(char *)), **exposed = calloc(extra + 1, sizeof(char *));
    const char **read_only = calloc(extra + 1, sizeof(char *)), **pinned = calloc(extra + 1, sizeof(char *));
    if (!hidden || !exposed || !read_only || !pinned) {
        free(hidden);
        free(exposed);
        free(read_only);
        free(pinned);
        *stage = CS_STAGE_PREPARE;
        return ENOMEM;
    }
    const char *slave = payload + strlen(payload) + 1;
    slave += strlen(slave) + 1;  // path, directory, then the terminal's slave ("" over pipes)
    struct cs_isolation spec = {fixed[0], fixed[1], fixed[2], fixed[3], fixed[4], slave, hidden, 0, exposed, 0,
                                read_only, 0, 0, 0, keeper->ports, 0, -1, 0, pinned, 0, -1};
    for (uint32_t i = 0; i < extra; i++) {
        if (cursor[0] == 'h') hidden[spec.hidden_count++] = cursor + 1;
        if (cursor[0] == 'e') exposed[spec.exposed_count++] = cursor + 1;
        if (cursor[0] == 'r') read_only[spec.read_only_count++] = cursor + 1;
        if (cursor[0] == 'a') pinned[spec.pinned_count++] = cursor + 1;
        if (cursor[0] == 's') spec.size_limit = atoll(cursor + 1);
        if (cursor[0] == 'n') spec.host_network = 1;
        if (cursor[0] == 'l') spec.process_limit = atoi(cursor + 1);
        if (cursor[0] == 'p' && spec.port_count < CS_MAX_FORWARDED) keeper->ports[spec.port_count++] = atoi(cursor + 1);
        cursor += strlen(cursor) + 1;
    }
    // Taken here: inside, the caller's ids are not mapped until the clone maps them.
    uid_t uid = geteuid();
    gid_t gid = getegid();
    int rc = 0, pair[2] = {-1, -1};
    if (spec.port_count > 0 && cs_socket_pair(SOCK_STREAM, pair) != 0) {
        // Not the namespaces' fault: say it was the preparation that failed.
        rc = errno;
        *stage = CS_STAGE_PREPARE;
        free(hidden);
        free(exposed);
        free(read_only);
        free(pinned);
        return rc;
    }
    spec.forwarder = pair[1];
    // Before the clone: once in its own network namespace, the child would list its own sockets.
    spec.host_sockets = cs_host_sockets_open();
    pid_t child = cs_isolation_clone(spec.host_network);
    if (child < 0) {
        rc = errno;
        if (pair[1] >= 0) close(pair[1]);
    } else if (child > 0) {
        keeper->isolated = child;
        if (pair[1] >= 0) close(pair[1]);
        // The child hands over the listeners before it spawns the app (or ends, having failed).
        if (spec.port_count > 0 && cs_forwarder_receive(pair[0], keeper->listeners, spec.port_count) == 0)
            keeper->port_count = spec.port_count;
    } else {
        keeper->single_use = 1;
        keeper->port_count = 0;
        if (cs_isolation_enter(&spec, uid, gid, &keeper->host_proc, &keeper->limited, &keeper->pid_cursor, step) != 0) rc = errno;
    }
    if (pair[0] >= 0) close(pair[0]);
    if (spec.host_sockets >= 0) close(spec.host_sockets);
    free(hidden);
    free(exposed);
    free(read_only);
    free(pinned);
    return rc;
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
        if (rc == 0 && request.isolation_count > 0) rc = keeper_isolate(keeper, payload, &request, &stage, &step);
        if (rc == 0 && !keeper->isolated) rc = keeper_spawn(keeper, payload, &request, fds, count, &keeper->app, &stage);
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
static void keeper_main(int supervisor) {
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

// MARK: The supervisor

/// Forks a keeper that waits for its socket to the test process; returns the supervisor's end of
/// its socket, or -1.
static int start_spare_keeper(int control) {
    int pair[2];
    if (cs_socket_pair(SOCK_SEQPACKET, pair) != 0) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        // Nothing of the supervisor's but its own socket: not the control socket, not the socket of
        // the previous spare (held here, it would never read end of file).
        if (pair[1] > 3) close_range(3, (unsigned)pair[1] - 1, 0);
        close_range((unsigned)pair[1] + 1, ~0u, 0);
        (void)control;
        keeper_main(pair[1]);
        _exit(0);
    }
    close(pair[1]);
    if (pid < 0) {
        int saved = errno;
        close(pair[0]);
        errno = saved;
        return -1;
    }
    cs_orphans_track_keeper(pid);
    return pair[0];
}

static void supervisor_main(int control) {
    // Its control socket came as descriptor 3 through dup2, which clears close-on-exec. Every other
    // descriptor of the supervisor and the keepers is close-on-exec from the start, so an app started
    // where close_range is missing (kernels before 5.9, see become_app) inherits none of them.
    fcntl(control, F_SETFD, FD_CLOEXEC);
    // A child subreaper: what a killed keeper leaves comes here, not to init, and is killed
    // (orphans.c). Not dumpable: an app of the same user can neither trace it nor read its memory.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    prctl(PR_SET_DUMPABLE, 0);
    int ignored[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE};
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) signal(ignored[i], SIG_IGN);
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child, NULL);
    int signals = signalfd(-1, &child, SFD_NONBLOCK | SFD_CLOEXEC);
    char ready = 'R';
    if (cs_write_all(control, &ready, 1) != 0) _exit(0);
    int spare = start_spare_keeper(control);
    int orphans_alive = 0;
    while (1) {
        // Orphans still alive are looked at again shortly; otherwise only a child's end wakes it.
        struct pollfd entries[2] = {{control, POLLIN, 0}, {signals, POLLIN, 0}};
        if (poll(entries, 2, orphans_alive > 0 ? 10 : -1) < 0 && errno != EINTR) _exit(0);
        if (entries[1].revents || orphans_alive > 0) {
            struct signalfd_siginfo drained;
            while (read(signals, &drained, sizeof drained) > 0) {}
            orphans_alive = cs_orphans_collect();
        }
        if (!entries[0].revents) continue;
        char request[8];
        int fds[4], count = 0;
        ssize_t length = cs_receive_message(control, request, sizeof request, fds, 4, &count);
        if (length < 0) {
            // The test process is gone: its keepers end their trees themselves, but one that its app
            // keeps stopped cannot, so the supervisor stays until every keeper and orphan is gone.
            // The spare keeper is let go first (it ends when its socket closes).
            if (spare >= 0) close(spare);
            cs_orphans_end_all();
            _exit(0);
        }
        for (int i = 1; i < count; i++) close(fds[i]);
        if (count < 1) continue;
        if (request[0] == 'E' && length == 1 + (ssize_t)sizeof(int32_t)) {
            int32_t keeper;
            memcpy(&keeper, request + 1, sizeof keeper);
            cs_orphans_end_keeper(keeper, fds[0]);
            close(fds[0]);
            continue;
        }
        // Hand the socket to the spare keeper (a new one if it is gone), then fork the next spare
        // while the test process talks to this one.
        int handed = -1;
        char byte = request[0];
        for (int attempt = 0; attempt < 2 && handed < 0; attempt++) {
            if (spare < 0) spare = start_spare_keeper(control);
            if (spare < 0) break;
            if (cs_send_with_descriptors(spare, &byte, 1, &fds[0], 1) == 0) handed = 0;
            close(spare);
            spare = -1;
        }
        if (handed < 0) cs_send_message(fds[0], CS_SUPERVISOR_SPAWN_FAILED, errno ? errno : EAGAIN, CS_STAGE_SUPERVISOR, 0);
        close(fds[0]);
        spare = start_spare_keeper(control);
    }
}

/// Runs before `main` in every program that links CleanSlate. In a normal run it returns at once; in
/// the process that `cs_supervisor_start` re-executed, it becomes the supervisor and never returns.
__attribute__((constructor)) static void cs_supervisor_entry(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || strcmp(argv[1], CS_SUPERVISOR_ARGUMENT) != 0) return;
    const char *value = getenv(CS_SUPERVISOR_VARIABLE);
    if (!value) return;
    supervisor_main(atoi(value));
    _exit(0);
}

// MARK: The test process's side

pid_t cs_supervisor_start(char *const envp[], int *control) {
    int pair[2];
    if (cs_socket_pair(SOCK_SEQPACKET, pair) != 0) return -1;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    sigset_t all;
    sigfillset(&all);
    clean_spawn_attributes(&attributes, &all);
    posix_spawn_file_actions_init(&actions);
    // Its own session: no terminal signal (Ctrl-C at the developer's terminal) reaches it.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 3);
    posix_spawn_file_actions_addclosefrom_np(&actions, 4);

    size_t count = 0;
    while (envp[count]) count++;
    char **environment = calloc(count + 2, sizeof(char *));
    char marker[64];
    snprintf(marker, sizeof marker, "%s=3", CS_SUPERVISOR_VARIABLE);
    pid_t pid = -1;
    int rc = ENOMEM;
    if (environment) {
        for (size_t i = 0; i < count; i++) environment[i] = envp[i];
        environment[count] = marker;
        char *argv[] = {"cleanslate-launch-supervisor", CS_SUPERVISOR_ARGUMENT, NULL};
        rc = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, environment);
        free(environment);
    }
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(pair[1]);
    if (rc != 0) { close(pair[0]); errno = rc; return -1; }
    *control = pair[0];
    return pid;
}

int cs_supervisor_wait_ready(int control, int milliseconds) {
    struct pollfd entry = {control, POLLIN, 0};
    int rc;
    do { rc = poll(&entry, 1, milliseconds); } while (rc < 0 && errno == EINTR);
    if (rc == 0) { errno = ETIMEDOUT; return -1; }
    if (rc < 0) return -1;
    char byte = 0;
    ssize_t n;
    do { n = recv(control, &byte, 1, 0); } while (n < 0 && errno == EINTR);
    if (n != 1 || byte != 'R') { errno = n == 0 ? EPIPE : EPROTO; return -1; }
    return 0;
}

/// Sends the supervisor `request` with a new socket, whose other end is returned: the supervisor
/// hands it to a keeper ('L') or answers on it ('E'). -1 with errno when it cannot be sent.
static int request_with_socket(int control, const char *request, size_t length) {
    int pair[2];
    if (cs_socket_pair(SOCK_STREAM, pair) != 0) return -1;
    if (cs_send_with_descriptors(control, request, length, &pair[1], 1) != 0) {
        int saved = errno;
        close(pair[0]);
        close(pair[1]);
        errno = saved;
        return -1;
    }
    close(pair[1]);
    return pair[0];
}

int cs_supervisor_new_keeper(int control) {
    return request_with_socket(control, "L", 1);
}

int cs_supervisor_end_keeper(int control, pid_t keeper) {
    char request[1 + sizeof(int32_t)] = {'E'};
    int32_t target = keeper;
    memcpy(request + 1, &target, sizeof target);
    return request_with_socket(control, request, sizeof request);
}

int cs_keeper_launch(int keeper, const char *path, const char *directory, const char *slave,
                     char *const argv[], char *const envp[], const int *stdio, char *const isolation[],
                     pid_t *pid, pid_t *keeper_pid, int *error, int *stage, int *step, int reply_limit_ms) {
    *stage = CS_STAGE_SUPERVISOR;
    *step = 0;
    struct cs_request_header request = {CS_REQUEST_MAGIC, slave != NULL, 0, 0, 0, 0};
    size_t length = strlen(path) + 1 + strlen(directory) + 1 + (slave ? strlen(slave) : 0) + 1;
    while (argv[request.argc]) length += strlen(argv[request.argc++]) + 1;
    while (envp[request.envc]) length += strlen(envp[request.envc++]) + 1;
    while (isolation && isolation[request.isolation_count]) length += strlen(isolation[request.isolation_count++]) + 1;
    request.payload_length = (uint32_t)length;
    char *message = malloc(sizeof request + length);
    if (!message) { *error = ENOMEM; return -1; }
    memcpy(message, &request, sizeof request);
    char *cursor = message + sizeof request;
#define CS_APPEND(text) do { size_t n = strlen(text) + 1; memcpy(cursor, text, n); cursor += n; } while (0)
    CS_APPEND(path);
    CS_APPEND(directory);
    CS_APPEND(slave ? slave : "");
    for (uint32_t i = 0; i < request.argc; i++) CS_APPEND(argv[i]);
    for (uint32_t i = 0; i < request.envc; i++) CS_APPEND(envp[i]);
    for (uint32_t i = 0; i < request.isolation_count; i++) CS_APPEND(isolation[i]);
#undef CS_APPEND
    int sent = cs_send_with_descriptors(keeper, message, sizeof request + length, stdio, stdio ? 3 : 0);
    free(message);
    struct cs_supervisor_message reply;
    if (sent != 0) { *error = errno; return -1; }
    // A reused keeper's socket may still hold the last reports of its previous launch (sent after
    // the test process stopped reading): they come first and are skipped.
    while (1) {
        // A keeper answers at once; one that does not (stopped, or never started) must not hang the
        // test: after reply_limit_ms the launch fails as unreachable.
        struct pollfd entry = {keeper, POLLIN, 0};
        int ready = 0;
        for (int64_t deadline = cs_now_ms() + reply_limit_ms, left; ready <= 0 && (left = deadline - cs_now_ms()) > 0;) {
            ready = poll(&entry, 1, left < 50 ? (int)left : 50);
            if (ready < 0 && errno != EINTR) break;
            if (ready == 0 && *keeper_pid > 0) kill(*keeper_pid, SIGCONT);
        }
        if (ready <= 0) { *error = ETIMEDOUT; return -1; }
        if (cs_read_all(keeper, &reply, sizeof reply) != 0) { *error = errno; return -1; }
        if (reply.type == CS_SUPERVISOR_HELLO) { *keeper_pid = reply.a; continue; }
        if (reply.type == CS_SUPERVISOR_SPAWNED || reply.type == CS_SUPERVISOR_SPAWN_FAILED) break;
        char skipped[256];
        int trailing = reply.type == CS_SUPERVISOR_SURVIVOR || reply.type == CS_SUPERVISOR_COPY_BACK_REFUSED;
        for (int left = trailing ? reply.b : 0; left > 0;) {
            int chunk = left < (int)sizeof skipped ? left : (int)sizeof skipped;
            if (cs_read_all(keeper, skipped, (size_t)chunk) != 0) { *error = errno; return -1; }
            left -= chunk;
        }
    }
    if (reply.type == CS_SUPERVISOR_SPAWNED) {
        *pid = reply.a;
        return 0;
    }
    *error = reply.a;
    *stage = reply.type == CS_SUPERVISOR_SPAWN_FAILED ? reply.b : CS_STAGE_SUPERVISOR;
    *step = reply.c;
    return -1;
}
