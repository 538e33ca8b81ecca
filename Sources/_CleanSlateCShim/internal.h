// What the shim's C files share among themselves (not part of the module's public header):
// descriptor helpers (descriptors.c), socket I/O (socket_io.c), the process table read from /proc (process_table.c), and the supervisor's care
// of processes orphaned by a dead keeper (orphans.c).
#ifndef CLEANSLATE_INTERNAL_H
#define CLEANSLATE_INTERNAL_H

#include "_CleanSlateCShim.h"

#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

// MARK: descriptors.c

/// Closes `fd` (nothing for -1) and leaves errno as it was: for failure paths.
void cs_close_keeping_errno(int fd);
/// Writes `text` to `fd` in one write(2), retrying EINTR; a short write is EIO. Only a write, so that
/// a vfork child may call it. Returns 0 or -1 with errno.
int cs_write_text(int fd, const char *text);
/// Writes `text` to the existing file `path` (a /proc or /sys setting) with cs_write_text. Returns 0
/// or -1 with errno.
int cs_write_file(const char *path, const char *text);

// MARK: socket_io.c

/// `fd` moved to 3 or above (close-on-exec); see socket_io.c.
int cs_above_standard(int fd);
/// A close-on-exec socket pair of `type`, both ends above the standard descriptors.
int cs_socket_pair(int type, int pair[2]);
/// Sends all of `buffer` (MSG_NOSIGNAL), retrying EINTR. Returns 0 or -1 with errno.
int cs_write_all(int fd, const void *buffer, size_t length);
/// Reads exactly `length` bytes, retrying EINTR; end of file is EPIPE. Returns 0 or -1 with errno.
int cs_read_all(int fd, void *buffer, size_t length);
/// Receives one message of up to `capacity` bytes (a sequenced packet comes whole) and up to
/// `fd_capacity` descriptors (close-on-exec; more are closed), counted in `*count`. Returns the byte
/// count, or -1 with errno (EPIPE at end of file).
ssize_t cs_receive_message(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *count);
/// Sends one cs_supervisor_message.
int cs_send_message(int fd, int32_t type, int32_t a, int32_t b, int32_t c);

// MARK: process_table.c

/// One process as /proc/<pid>/stat describes it.
struct cs_process { pid_t pid, ppid, pgid; char state; unsigned flags; };

/// PF_EXITING in /proc/<pid>/stat's flags: the process is inside exit(), past the point of return.
#define CS_PF_EXITING 0x4u
/// The most processes one scan of /proc looks at.
#define CS_MAX_TRACKED 4096

ssize_t cs_read_proc_file(pid_t pid, const char *file, char *buffer, size_t size);
int cs_read_stat(pid_t pid, struct cs_process *entry, char *name, size_t size);
int cs_read_process_table(struct cs_process *table, int capacity);
void cs_mark_descendants(const struct cs_process *table, int count, pid_t root, char *member);
int cs_is_dying(pid_t pid);
/// The command line of live process `pid`, arguments joined by spaces, in `line` (not
/// NUL-terminated); "[comm]" while it is between two programs. Returns its length, or -1 when the
/// process is exiting, dying or gone (it is then no survivor to report).
ssize_t cs_command_line(pid_t pid, char *line, size_t size);
/// What a SURVIVOR report names of one process: its command line (`line_length` bytes), followed
/// by the target of its /proc/<pid>/exe, the file it really runs, which it cannot rewrite as it can
/// its command line (`exec -a '[kworker/0:1]' sleep`; only by running another file, or with
/// CAP_SYS_RESOURCE through prctl PR_SET_MM_EXE_FILE); `length` bytes in all, not NUL-terminated.
/// The command line is cut at CS_SURVIVOR_LINE bytes; the executable always fits whole (the kernel
/// gives no /proc/<pid>/exe target of PATH_MAX bytes or more: ENAMETOOLONG).
#define CS_SURVIVOR_LINE 512
struct cs_survivor { pid_t pid; int line_length, length; char text[CS_SURVIVOR_LINE + PATH_MAX]; };
/// Fills `survivor` for live process `pid` (the executable is left out when it cannot be read: the
/// process is ending, or not dumpable and this one may not trace it). Returns 0, or -1 when the
/// process is exiting, dying or gone (as cs_command_line).
int cs_survivor_read(pid_t pid, struct cs_survivor *survivor);
/// Sends `survivor` on `fd`: a SURVIVOR message (`a` its pid, `b` the length of the text that
/// follows, `c` that of its command line), then the text. Returns 0 or -1 with errno.
int cs_survivor_send(int fd, const struct cs_survivor *survivor);
/// CLOCK_MONOTONIC in milliseconds.
int64_t cs_now_ms(void);

// MARK: orphans.c (in the supervisor)

/// Notes that `pid` is one of the supervisor's keepers.
void cs_orphans_track_keeper(pid_t pid);
/// Reaps every child of the supervisor that ended; then kills every process that is not a keeper
/// nor below one (what a dead keeper's tree left behind, re-parented to the supervisor, a child
/// subreaper), noting what it killed for the dead keepers reaped. Returns how many are still alive.
int cs_orphans_collect(void);
/// Serves a test process's request to end keeper `keeper` (one that stopped answering, or died):
/// kills it, then everything it left, and answers on `reply` with a SURVIVOR message for each
/// process killed, then DONE with how many were still alive at the deadline.
void cs_orphans_end_keeper(pid_t keeper, int reply);
/// Once the test process is gone: waits for the keepers to end their trees, killing every keeper
/// that is stopped or traced (it cannot) and every orphan; returns when none of either is left.
void cs_orphans_end_all(void);

#endif
