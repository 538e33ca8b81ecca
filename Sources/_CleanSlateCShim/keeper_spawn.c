// How a keeper starts its launch's app (keeper.c runs the launch): decoding the request, a
// terminal launch's session and controlling terminal, a strict launch's clone into new namespaces
// (isolation.c sets them up), and the vfork and exec of the app itself.
//
// Why it is C in the shim: it runs in the keeper (single-threaded C, see supervisor.c), and the
// child of its vfork shares the keeper's memory until the exec.
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
int cs_keeper_spawn(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
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
int cs_keeper_isolate(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
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
