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
//   test process died), it kills the whole tree at once and exits (keeper.c; the app's start is
//   keeper_spawn.c; what they share, keeper.h).
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
        cs_keeper_main(pair[1]);
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
