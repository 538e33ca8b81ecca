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
/// does not report STATX_ATTR_MOUNT_ROOT (then the caller falls back to comparing st_dev). An empty
/// `name` asks about `dirfd` itself.
int cs_is_mount_root(int dirfd, const char *name);

/// getdents64(2) (GNU-only declaration): fills `buffer` with the next entries of the open directory
/// `fd` as `struct linux_dirent64` records; returns the bytes filled, 0 at the end, -1 with errno.
/// Why not readdir: fdopendir would take the descriptor over (so it must be duplicated first), check
/// it with fstat and fcntl, and allocate a 32 KiB buffer: six calls and an allocation per directory,
/// which a sandbox wipe, made of small directories, pays again and again.
ssize_t cs_getdents64(int fd, void *buffer, size_t size);

/// setfsuid(2) and setfsgid(2) (declared in <sys/fsuid.h>, which the Glibc module does not include):
/// change the calling THREAD's file-system identity only. Tests use them to check permission
/// handling as a non-root user without changing the identity of the whole test process. Return the
/// previous id.
int cs_set_thread_fsuid(uid_t uid);
int cs_set_thread_fsgid(gid_t gid);

/// unshare(CLONE_FS) (unshare is not declared by the Glibc module): gives the calling THREAD its own
/// umask, working folder and root, so a test can make sandboxes under a hostile umask without
/// changing the umask of the rest of the test process. Returns 0 or -1 with errno.
int cs_unshare_thread_file_system_attributes(void);


/// memmem(3) (GNU-only declaration): a fast substring search over raw bytes, used by output waits
/// on every chunk an app writes.
void *cs_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// fcntl(F_SETPIPE_SZ) (F_SETPIPE_SZ is GNU-only): enlarges a pipe so a fast writer fills it less
/// often and the reader is woken less often. Returns the new size or -1 with errno.
int cs_set_pipe_size(int fd, int size);

/// epoll(7) and eventfd(2) (the Glibc module does not import <sys/epoll.h> or <sys/eventfd.h>; the
/// union in struct epoll_event is awkward from Swift): the shared I/O thread waits on the output
/// and keeper sockets of every launch with one epoll set, woken by an eventfd. cs_epoll_create
/// returns a close-on-exec epoll descriptor; cs_epoll_add watches `fd` for input (level-triggered);
/// cs_epoll_wait blocks until some are ready and writes up to `capacity` (at most 64) of them into
/// `fds`, returning the count or -1 with errno; cs_eventfd returns a close-on-exec, non-blocking eventfd.
int cs_epoll_create(void);
int cs_epoll_add(int epoll, int fd);
int cs_epoll_remove(int epoll, int fd);
/// Watches `fd` once for room to write (EPOLLOUT | EPOLLONESHOT): an awaited write to an app's full
/// input is resumed by the shared I/O thread when the app reads, instead of holding a thread. `fd`
/// is a duplicate of the input, as the input of a terminal launch is its output, already watched.
int cs_epoll_add_writable(int epoll, int fd);
int cs_epoll_wait(int epoll, int *fds, int capacity);
int cs_eventfd(void);

/// open(folder, O_TMPFILE|O_WRONLY|O_CLOEXEC, mode) (O_TMPFILE is GNU-only, and its value differs
/// between architectures): a file in `folder` that has no name until linkat(2) gives it one, so a
/// process killed before then leaves nothing behind (`cleanslate record --output` writes its test
/// into one). Returns the descriptor, or -1 with errno (EOPNOTSUPP, or EISDIR on kernels before
/// 3.11, where the file system has no unnamed files).
int cs_open_unnamed_file(const char *folder, mode_t mode);

/// The folder `path` (absolute), one of the `count` folders `mount_points` or below one, as an O_PATH
/// descriptor: the mount point is opened by path, everything below it one name at a time without
/// following any symlink (sandbox_open.c). A strict launch's keeper binds the read-only folders and
/// the folders above them through it, so a link put in the middle of such a path by an app of the
/// sandbox is refused instead of followed to a host folder. Returns the descriptor, or -1 with
/// errno (ELOOP or ENOTDIR for a symlink on the way, EINVAL for a path below none of them).
int cs_open_below_mount_point(const char *path, const char *const *mount_points, int count);

// MARK: The launch supervisor (supervisor.c)

/// What the keeper of one launch tells the test process, and what the test process asks of it: one
/// fixed-size record per message on the launch's socket (a SURVIVOR is followed by `b` bytes of its
/// command line and executable).
struct cs_supervisor_message { int type, a, b, c; };

/// The keeper spawned the app: `a` is its pid.
#define CS_SUPERVISOR_SPAWNED 1
/// The launch failed: `a` is the error number, `b` the stage (CS_STAGE_*).
#define CS_SUPERVISOR_SPAWN_FAILED 2
/// The app exited: `a` is 1 for a normal exit (then `b` is the code) or 0 for a signal (then `b` is
/// the signal); `c` holds the CS_EXITED_* flags.
#define CS_SUPERVISOR_EXITED 3
/// In an EXITED report: the app dumped core.
#define CS_EXITED_CORE_DUMPED 1
/// In an EXITED report: nothing of the app's tree is left either (no TREE_EMPTY report follows).
/// Said in the same message so that a test that has seen the exit knows at once that termination
/// has nothing to do: a separate report could arrive after terminate() had already asked the
/// keeper to kill the tree, a round trip for nothing on every short-lived launch.
#define CS_EXITED_TREE_EMPTY 2
/// A new keeper's first message, before any launch: `a` is its pid (see cs_keeper_launch).
#define CS_SUPERVISOR_HELLO 10
/// The app was stopped by signal `a` (Ctrl-Z, SIGSTOP).
#define CS_SUPERVISOR_STOPPED 4
/// The app was continued (SIGCONT).
#define CS_SUPERVISOR_CONTINUED 5
/// A descendant still alive at teardown: `a` is its pid, `b` the length of the text that follows:
/// its command line (`c` bytes), then its executable (the target of /proc/<pid>/exe; none when it
/// could not be read).
#define CS_SUPERVISOR_SURVIVOR 6
/// The tree is gone: `a` is how many processes were still alive at the deadline (0 normally).
#define CS_SUPERVISOR_DONE 7
/// The signal `a` asked for by a SIGNAL_GROUP command has been sent.
#define CS_SUPERVISOR_SIGNALED 8
/// The app has exited and no process of its tree is left: there is nothing to terminate (sent when
/// the last of the app's descendants ends after the app; see CS_EXITED_TREE_EMPTY).
#define CS_SUPERVISOR_TREE_EMPTY 9
/// The size-limited sandbox (Faults.sandboxSizeLimit) was not copied back at the app's exit (sent
/// before EXITED; the sandbox keeps what it held before the launch): `a` is the error number, `b`
/// the length of the path that follows (the entry concerned, relative to the sandbox), `c` why (a
/// CS_COPY_*).
#define CS_SUPERVISOR_COPY_BACK_REFUSED 11
/// Why a copy of the size-limited sandbox stopped: a system call failed (the message's errno says
/// which way; ESTALE: a folder was moved while it was copied); it would allocate more than the
/// limit; a FIFO, a socket or a device file (only folders, regular files and symlinks are copied back).
#define CS_COPY_FAILED 1
#define CS_COPY_PAST_LIMIT 2
#define CS_COPY_FIFO 3
#define CS_COPY_SOCKET 4
#define CS_COPY_DEVICE 5
/// The swap of a copy back failed and so did its undo: the entries that could not be put back are
/// kept in the folder the message's path names (in the sandbox folder); nothing was deleted.
#define CS_COPY_UNDO_FAILED 6
/// The most entries a size-limited sandbox holds (Faults.sandboxEntryLimit): folders, files, symlinks
/// and every further name of a hard-linked file, the seeded ones included. Its tmpfs has this many
/// inodes besides its root (tmpfs counts each hard link as one), so the copy back walks at most these.
#define CS_SANDBOX_ENTRY_LIMIT 50000
/// Command: send signal `a` to the app's process group (or to the app alone if the group is gone).
#define CS_SUPERVISOR_SIGNAL_GROUP 101
/// Command: the test process is done with this launch; the keeper waits for the next request on
/// the same socket (a terminal's keeper exits instead).
#define CS_SUPERVISOR_RELEASE 103
/// Command: kill the whole tree and reap it. `a`: the app was still running when termination
/// began (its own group is then not reported); `b`: report survivors first; `c`: milliseconds to
/// wait for the tree to vanish before answering DONE.
#define CS_SUPERVISOR_KILL_TREE 102

/// Where a launch failed: reaching the supervisor, preparing, opening the terminal, or posix_spawn.
#define CS_STAGE_SUPERVISOR 1
#define CS_STAGE_PREPARE 2
#define CS_STAGE_TERMINAL 3
#define CS_STAGE_SPAWN 4
/// The strict isolation level could not be set up; the message's `c` is the step (CS_ISOLATION_STEP_*).
#define CS_STAGE_ISOLATION 5

/// Steps of setting up strict isolation, for error messages: creating the namespaces (clone), mapping
/// the user and group, the host name, bringing up loopback, making mounts private, making the file
/// system read-only, hiding folders, mounting the sandbox, mounting a fresh /proc.
#define CS_ISOLATION_STEP_CLONE 1
#define CS_ISOLATION_STEP_IDENTITY 2
#define CS_ISOLATION_STEP_HOSTNAME 3
#define CS_ISOLATION_STEP_NETWORK 4
#define CS_ISOLATION_STEP_MOUNTS 5
#define CS_ISOLATION_STEP_READ_ONLY 6
#define CS_ISOLATION_STEP_HIDE 7
#define CS_ISOLATION_STEP_SANDBOX 8
#define CS_ISOLATION_STEP_PROC 9
/// Replacing /dev with a minimal one.
#define CS_ISOLATION_STEP_DEVICES 10
/// Setting the launch's bounds: no nested user namespaces, the process limit.
#define CS_ISOLATION_STEP_LIMITS 11
/// Faults.sandboxSizeLimit: the size-limited sandbox could not be set up (ENOSPC: the sandbox is larger).
#define CS_ISOLATION_STEP_SIZE_LIMIT 12
/// Faults.readOnlyFolders: a folder could not be bound read-only (ENOENT: it is not in the sandbox).
#define CS_ISOLATION_STEP_READ_ONLY_FOLDER 13
/// The sandbox folder (root) or its home could not be opened without following a symlink: it is a
/// link or no directory any more (ELOOP, ENOTDIR), or it is gone (ENOENT).
#define CS_ISOLATION_STEP_SANDBOX_ROOT 14
#define CS_ISOLATION_STEP_SANDBOX_HOME 15
/// The host's Unix socket files could not be covered (EBADF: /proc/net/unix could not be read; E2BIG:
/// too many of them).
#define CS_ISOLATION_STEP_SOCKETS 16
/// The most socket files of the host one strict launch covers; more fail the launch (E2BIG) rather
/// than leave some reachable.
#define CS_MAX_COVERED_SOCKETS 4096

/// Starts the launch supervisor by re-executing this program's own binary (/proc/self/exe) with a
/// marker that the library's constructor recognises before `main` runs. The supervisor is in its
/// own session, with /dev/null as standard I/O. Returns its pid and sets `*control` to the socket
/// that launches go through; -1 with errno on failure.
pid_t cs_supervisor_start(char *const envp[], int *control);

/// Waits up to `milliseconds` for the supervisor started by cs_supervisor_start to say it is ready.
/// Returns 0, or -1 with errno (ETIMEDOUT, EPIPE when the binary did not become a supervisor).
int cs_supervisor_wait_ready(int control, int milliseconds);

/// Asks the supervisor for a new keeper. Returns the socket to it (close-on-exec), over which
/// cs_keeper_launch sends launches, or -1 with errno when the supervisor cannot be reached.
int cs_supervisor_new_keeper(int control);

/// Has the keeper behind `keeper` spawn `path` with `argv`, `envp`, working directory `directory`,
/// and either the three descriptors in `stdio` (a new session) or, when `slave` is not NULL, the
/// pseudo-terminal `slave` as its controlling terminal (the keeper leads the session; the app runs
/// in the foreground process group). Returns 0 and sets `*pid`. `*keeper_pid` is the keeper's own
/// pid when known (a reused keeper's, from its earlier launch; 0 for a new one), and is set when the
/// keeper says it: while the keeper does not answer, it is sent SIGCONT every 50 ms, since the app
/// can stop its keeper (SIGSTOP to its parent) even before the keeper has reported it spawned. On failure returns -1 and sets
/// `*error`, `*stage` (CS_STAGE_SUPERVISOR: the keeper could not be reached) and `*step`. A keeper
/// that does not answer within `reply_limit_ms` (stopped, or never started) fails the launch with
/// ETIMEDOUT rather than hang the test.
///
/// `isolation` is NULL for the standard level. For the strict level it is a NULL-terminated list:
/// the sandbox folder, where it appears inside, its home folder, where that appears inside, the
/// host name, then entries "h<folder>" (hidden under an empty tmpfs, parents first) and
/// "e<folder>" (shown again, read-only, inside a hidden one). The keeper then runs the app in new
/// namespaces (isolation.c) and cannot be reused after the launch.
int cs_keeper_launch(int keeper, const char *path, const char *directory, const char *slave,
                     char *const argv[], char *const envp[], const int *stdio, char *const isolation[],
                     pid_t *pid, pid_t *keeper_pid, int *error, int *stage, int *step, int reply_limit_ms);

/// Asks the supervisor to end keeper `keeper` (one whose socket closed: it was killed; or one that
/// does not answer: stopped or traced by the app): it kills the keeper, then everything the keeper
/// left (re-parented to the supervisor, a child subreaper). Returns the socket on which the
/// supervisor answers with a SURVIVOR message per process it killed, then DONE (`a`: how many
/// were still alive at its deadline); -1 with errno when the supervisor cannot be reached.
int cs_supervisor_end_keeper(int control, pid_t keeper);

/// pidfd_send_signal(2) through syscall(2) (no glibc wrapper before 2.36, and variadic syscall() is
/// not callable from Swift): signals exactly the process the pidfd was opened for, so a pid reused
/// between finding a process and signalling it cannot make the signal hit a stranger. The sandbox
/// sweep uses it to kill the processes of an abandoned sandbox. Returns 0 or -1 with errno.
int cs_pidfd_send_signal(int pidfd, int signal);

#endif
