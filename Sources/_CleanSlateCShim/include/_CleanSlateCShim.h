// Plain declarations of the few libc facilities CleanSlate needs that Swift's Glibc module cannot see.
// The Glibc module is built without _GNU_SOURCE, so GNU-only functions and constants are invisible
// to Swift. Each wrapper here is defined in shim.c, which is compiled with _GNU_SOURCE.
#ifndef CLEANSLATE_CSHIM_H
#define CLEANSLATE_CSHIM_H

#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>

/// POSIX_SPAWN_SETSID: glibc runs setsid() in the child before the file actions, which is what
/// lets a pseudo-terminal opened by a file action become the controlling terminal.
short cs_spawn_flag_setsid(void);

/// posix_spawn_file_actions_addchdir_np: sets the child's working directory without touching the
/// test process's own (chdir would race with every concurrently running test).
int cs_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// posix_spawn_file_actions_addclosefrom_np: closes every descriptor >= from in the child, so it
/// inherits 0, 1 and 2 only, whatever other threads of the test process have open.
int cs_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/// pipe2(O_CLOEXEC): a pipe whose ends are close-on-exec from the first instant, so a process that
/// another thread spawns concurrently cannot inherit them.
int cs_pipe_cloexec(int fds[2]);

/// posix_openpt(O_RDWR|O_NOCTTY|O_CLOEXEC) + grantpt + unlockpt + ptsname_r. Returns the master
/// descriptor (or -1 with errno set) and writes the slave's path into `name`.
int cs_open_pty_master(char *name, size_t name_size);

/// pidfd_open(2) through syscall(2) (variadic, so not callable from Swift): a descriptor that
/// becomes readable when the process exits, which lets the I/O loop wait for exit in poll(2)
/// together with the output pipes, with no SIGCHLD handler and no polling.
int cs_pidfd_open(pid_t pid);

/// waitid(P_PIDFD, fd, WEXITED) and the decoding of siginfo_t's union, which Swift cannot read
/// portably. On success returns 0 and sets `exited` (1 = exited normally, 0 = killed by a signal),
/// `value` (exit code or signal number) and `core_dumped`. Returns -1 with errno set on failure;
/// with `nohang` set and the process still running, returns 1. With `keep_zombie` set the status is
/// read with WNOWAIT and the process stays a zombie: its pid, and so its process-group id, cannot be
/// reused, which makes a later kill() of the whole group safe.
int cs_reap_pidfd(int pidfd, int nohang, int keep_zombie, int *exited, int *value, int *core_dumped);

/// write(2) that cannot raise SIGPIPE in the test process: blocks SIGPIPE in the calling thread
/// only, writes, consumes a SIGPIPE the write made pending, and restores the thread's mask. Changing
/// the process-wide disposition instead would alter the test runner for every other test.
ssize_t cs_write_nosigpipe(int fd, const void *buf, size_t count);

/// copy_file_range(2) between the current offsets of two descriptors (GNU-only declaration): copies
/// in the kernel without a round trip through user space. Returns bytes copied, 0 at end, -1 + errno.
ssize_t cs_copy_file_range(int fd_in, int fd_out, size_t count);

/// ioctl(dest, FICLONE, src): shares the source's extents with the destination on file systems that
/// support reflinks (btrfs, xfs). FICLONE is a function-like macro in <linux/fs.h>, which Swift cannot
/// import. Returns 0 or -1 with errno (EOPNOTSUPP, EXDEV, EINVAL, ENOTTY where unsupported).
int cs_ficlone(int dest_fd, int src_fd);

/// statx(2) (GNU-only declaration) of `name` relative to `dirfd`, without following a final symlink:
/// returns 1 when the entry is the root of a mount (bind mounts on the same device included, which
/// st_dev comparison cannot see), 0 when it is not, -1 with errno when statx fails or the kernel
/// does not report STATX_ATTR_MOUNT_ROOT (then the caller falls back to comparing st_dev).
int cs_is_mount_root(int dirfd, const char *name);

/// setfsuid(2) and setfsgid(2) (declared in <sys/fsuid.h>, which the Glibc module does not include):
/// change the calling THREAD's file-system identity only. Tests use them to check permission
/// handling as a non-root user without changing the identity of the whole test process. Return the
/// previous id.
int cs_set_thread_fsuid(uid_t uid);
int cs_set_thread_fsgid(gid_t gid);

/// pidfd_send_signal(2) through syscall(2) (no glibc wrapper before 2.36, and variadic syscall() is
/// not callable from Swift): signals exactly the process the pidfd was opened for, so a pid reused
/// between finding a process and signalling it cannot make the signal hit a stranger. The sandbox
/// sweep uses it to kill the processes of an abandoned sandbox. Returns 0 or -1 with errno.
int cs_pidfd_send_signal(int pidfd, int signal);

#endif
