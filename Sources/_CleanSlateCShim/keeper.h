// A launch's keeper (private to the shim): what supervisor.c (the supervisor, which forks keepers),
// keeper.c (a keeper's life: its launches, their reports, the end of their trees) and
// keeper_spawn.c (starting the app, in strict isolation too) share. See supervisor.c for the design.
#ifndef CLEANSLATE_KEEPER_H
#define CLEANSLATE_KEEPER_H

#include "internal.h"
#include "isolation.h"

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

/// The first four bytes of every launch request ("CSL1").
#define CS_REQUEST_MAGIC 0x43534c31u
/// The argument, and the variable naming its control socket, with which the test process's binary
/// is re-executed as the supervisor (supervisor.c); keeper.c knows a nested supervisor by them.
#define CS_SUPERVISOR_ARGUMENT "--cleanslate-launch-supervisor"
#define CS_SUPERVISOR_VARIABLE "CLEANSLATE_LAUNCH_SUPERVISOR_FD"

/// The fixed start of a launch request (then the payload: path, directory, terminal, arguments,
/// environment, strict isolation's strings).
struct cs_request_header {
    uint32_t magic;
    uint32_t terminal;      // 1: the app runs on the pseudo-terminal named in the payload
    uint32_t argc;
    uint32_t envc;
    uint32_t isolation_count; // strings after the environment that ask for strict isolation (0: standard)
    uint32_t payload_length;
};

/// One keeper: its socket to the test process, its launch, and what it holds for it.
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

/// A keeper's life (keeper.c): receives from `supervisor` the socket to the test process and runs
/// launches on it until one is not released for another; never returns.
__attribute__((noreturn)) void cs_keeper_main(int supervisor);
/// Spawns the app described by the request (keeper_spawn.c). Returns 0, or the error with `*stage` set.
int cs_keeper_spawn(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
                    const int *stdio, int stdio_count, pid_t *pid, int *stage);
/// For a strict launch: clones the keeper that runs the launch inside new namespaces and sets them up
/// (keeper_spawn.c, isolation.c). Returns 0 in both keepers, or an error with `*stage` and `*step` set.
int cs_keeper_isolate(struct cs_keeper *keeper, char *payload, const struct cs_request_header *request,
                      int *stage, int *step);

#endif
