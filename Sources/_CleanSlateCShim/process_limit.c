// The process limit of a strict launch (StrictOptions.maximumProcessCount), set by the keeper inside
// the namespaces (isolation.c) and, for the app's first process, by the child the keeper spawns the
// app with (supervisor.c).
//
// Why it is C in the shim: it runs in that keeper (single-threaded C), before and around the vfork
// that starts the app.
//
// Two bounds, because neither binds every app alone:
// - RLIMIT_NPROC binds an app whose uid is not the host's root. The kernel exempts the host's root
//   from it whatever namespace it is in, and a root test process's app is the host's root.
// - The PID namespace's own pid_max (Linux 6.14 and later) binds every uid: the namespace has no
//   free PID left. But a PID namespace numbers its processes from 1 only until its last PID passes
//   the kernel's RESERVED_PIDS (300); from then on it wraps around to 300, not to 1. With pid_max
//   just above the limit (the kernel's least is 301), a namespace that had started 300 processes in
//   all had only PIDs 300...pid_max - 1 left: a shell script or a build failed at random once it
//   had run about 300 short-lived commands. So the numbering is moved past 300 at once: the app
//   (PID 2) writes 300 to the namespace's ns_last_pid just before its exec, and every process after
//   it is numbered in 300...pid_max - 1, before any wrap and after every one alike. pid_max is then
//   299 + the limit: the app and limit - 1 more. (A limit of 1 still leaves PID 300: the kernel's
//   least pid_max allows the host's root 2 processes.)
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/// The kernel's RESERVED_PIDS: where a PID namespace's numbering wraps around to.
#define CS_RESERVED_PIDS 300
/// The kernel's least pid_max.
#define CS_LEAST_PID_MAX 301
#define CS_TEXT(number) CS_TEXT_OF(number)
#define CS_TEXT_OF(number) #number

int cs_isolation_limit(const struct cs_isolation *spec, int *pid_cursor) {
    *pid_cursor = -1;
    if (cs_write_file("/proc/sys/user/max_user_namespaces", "0") != 0) return -1;
    if (spec->process_limit <= 0) return 0;
    // The keeper (PID 1 here, and of the same uid) counts too.
    rlim_t processes = (rlim_t)spec->process_limit + 1;
    struct rlimit limit = {processes, processes};
    if (setrlimit(RLIMIT_NPROC, &limit) != 0) return -1;
    char text[32];
    long pid_max = CS_RESERVED_PIDS - 1 + (long)spec->process_limit;
    snprintf(text, sizeof text, "%ld", pid_max < CS_LEAST_PID_MAX ? CS_LEAST_PID_MAX : pid_max);
    if (cs_write_file("/proc/sys/kernel/pid_max", text) != 0) {
        // Older kernels refuse it here; RLIMIT_NPROC still binds other users.
        return errno == EPERM || errno == EACCES || errno == ENOENT ? 0 : -1;
    }
    // Opened now: /proc/sys is read-only by the time the app starts (protect_proc in isolation.c).
    *pid_cursor = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
    return *pid_cursor < 0 ? -1 : 0;
}

int cs_isolation_number_past_reserved(int pid_cursor) {
    // Only a write: this runs in the vfork child, on the keeper's memory.
    return pid_cursor < 0 ? 0 : cs_write_text(pid_cursor, CS_TEXT(CS_RESERVED_PIDS));
}
