// The strict isolation level (private to the shim): the namespaces and mounts that a keeper sets up
// for one launch before it spawns the app. See isolation.c.
#ifndef CLEANSLATE_ISOLATION_H
#define CLEANSLATE_ISOLATION_H

#include <stddef.h>
#include <sys/types.h>

/// What the test process asks for, decoded from the launch request.
struct cs_isolation {
    const char *sandbox_root;       // the sandbox folder, bind-mounted writable at sandbox_target
    const char *sandbox_target;
    const char *sandbox_home;       // its home folder, bind-mounted writable at home_target
    const char *home_target;
    const char *hostname;
    const char *terminal;           // the pseudo-terminal slave the app runs on ("" over pipes)
    const char *const *hidden;      // folders covered by an empty read-only tmpfs, parents first
    int hidden_count;
    const char *const *exposed;     // folders shown again (read-only) inside hidden ones
    int exposed_count;
    const char *const *read_only;   // folders (as the app sees them) bound read-only over themselves
    int read_only_count;
    long long size_limit;           // > 0: the sandbox is a tmpfs of this many bytes (limited_sandbox.c)
    int host_network;               // share the host's network namespace (no loopback of its own)
    const int *ports;               // host loopback ports to forward (see forwarder.c)
    int port_count;
    int forwarder;                  // socket to the keeper outside that gets the ports' listeners
    int process_limit;              // the most processes the app may have at once (0: no limit of ours)
    const char *const *pinned;      // folders (as the app sees them) above read-only ones, bound writable
    int pinned_count;               // over themselves so that they cannot be renamed, outermost first
    int host_sockets;               // the host's /proc/net/unix, opened before the clone (host_sockets.c)
};

/// A size-limited sandbox's two folders, kept open by a strict launch's keeper: the sandbox on the
/// host and its copy on the tmpfs the app writes (-1 when the launch has no size limit), and the limit.
struct cs_limited_sandbox { int host; int copy; long long limit; };

/// The user the app runs as inside (the caller's uid and gid are mapped to it).
#define CS_STRICT_UID 1000
#define CS_STRICT_GID 1000

/// Creates the namespaces with clone(2), like fork(2): returns the child's pid in the parent, 0 in
/// the child (which is PID 1 of the new PID namespace and owns new user, mount, network, IPC and UTS
/// namespaces; no network namespace with `host_network`), -1 with errno when the kernel refuses.
pid_t cs_isolation_clone(int host_network);

/// In the child of cs_isolation_clone: maps `outer_uid`/`outer_gid` to CS_STRICT_UID/GID, sets the
/// host name, brings up loopback (and, for `spec->ports`, listens on them there and hands the
/// listeners to the keeper outside over `spec->forwarder`) and builds the file system view. Returns 0, or -1 with errno and
/// `*step` (a CS_ISOLATION_STEP_*) naming what failed. `*host_proc` is set to a descriptor of the
/// host's /proc (for cs_isolation_host_pid), `*pid_cursor` as by cs_isolation_limit. The sandbox and
/// its home are opened without following any symlink: one that is a link or no directory any more
/// fails the step CS_ISOLATION_STEP_SANDBOX_ROOT or CS_ISOLATION_STEP_SANDBOX_HOME.
int cs_isolation_enter(const struct cs_isolation *spec, uid_t outer_uid, gid_t outer_gid, int *host_proc,
                       struct cs_limited_sandbox *limited, int *pid_cursor, int *step);

/// Sets the launch's bounds (process_limit.c), while the calling keeper still holds every capability
/// of its user namespace and before /proc/sys is made read-only: no nested user namespace, and at
/// most `spec->process_limit` processes of the app's. `*pid_cursor` is set to a descriptor for
/// cs_isolation_number_past_reserved (-1 when none is needed). Returns 0 or -1 with errno.
int cs_isolation_limit(const struct cs_isolation *spec, int *pid_cursor);
/// In the child that becomes the app, just before its exec: makes every process started after it
/// be numbered from the PID namespace's reserved PIDs up (see process_limit.c). Only a write(2), so
/// that a vfork child may call it. Returns 0 (also for `pid_cursor` -1) or -1 with errno.
int cs_isolation_number_past_reserved(int pid_cursor);

/// The sandbox folder `path` as an O_PATH directory descriptor, refused (ENOTDIR) when `path` itself
/// is a symlink (sandbox_open.c). Returns the descriptor or -1 with errno.
int cs_open_sandbox_root(const char *path);
/// The directory `relative` (names separated by '/') below the directory `root`, as an O_PATH
/// descriptor, without following any symlink on the way or at the end and never leaving `root`
/// (sandbox_open.c). Returns the descriptor or -1 with errno (ELOOP or ENOTDIR for a symlink or
/// something that is not a directory).
int cs_open_beneath(int root, const char *relative);

/// Opens /proc/self/net/unix, the Unix sockets of the caller's network namespace: called before the
/// clone, so that the descriptor still lists the host's afterwards (host_sockets.c). Returns the
/// descriptor or -1 with errno.
int cs_host_sockets_open(void);
/// Binds /dev/null over each socket file that `list` (from cs_host_sockets_open) names and that is,
/// in the calling keeper's view, a socket (host_sockets.c). Returns 0, or -1 with errno (E2BIG:
/// more than CS_MAX_COVERED_SOCKETS, see _CleanSlateCShim.h; EBADF: `list` is -1).
int cs_host_sockets_cover(int list);

/// What a tree copy may do: allocate at most `limit` bytes; refuse a FIFO, socket or device (else
/// they are skipped); and which top-level entries it leaves out: those whose name starts with
/// `skipped_at_top` (NULL: none).
struct cs_tree_copy_options { long long limit; int refuse_special; const char *skipped_at_top; };

/// The start of the name of every staging folder of a copy back (limited_sandbox.c): such entries at
/// the sandbox's top are CleanSlate's, never copied in or back, nor replaced by a copy back.
#define CS_STAGE_PREFIX ".cleanslate-copy-back-"
/// The name a stage is given when a failed copy back could not be undone: it then holds entries of
/// the sandbox from before the launch, and nothing removes it.
#define CS_KEPT_STAGE_PREFIX ".cleanslate-not-copied-back-"
/// Why a tree copy stopped: `reason` (a CS_COPY_*), `error` (errno), `path` (the entry, relative to
/// the copied root, truncated to fit); `allocated`: the bytes it had allocated.
struct cs_tree_copy_report { int reason; int error; char path[1024]; long long allocated; };

/// Copies the tree below the directory `from` into the empty directory `to`: directories, regular
/// files (holes kept, hard links kept) and symlinks (as links, never followed), with their modes
/// less set-user-id and set-group-id (tree_copy.c). Returns 0, or -1 with errno and `report` set.
int cs_tree_copy(int from, int to, const struct cs_tree_copy_options *options, struct cs_tree_copy_report *report);
/// Removes everything below the directory `directory` (never through a symlink). Returns 0 or -1.
int cs_tree_clear(int directory);
/// At the app's exit: copies the size-limited sandbox back over the sandbox on the host, whole or
/// not at all; on failure sends CS_SUPERVISOR_COPY_BACK_REFUSED on `socket` (limited_sandbox.c).
void cs_limited_sandbox_copy_back(const struct cs_limited_sandbox *limited, int socket);

/// Removes every staging folder of an earlier copy back from the sandbox open as `host` that no
/// keeper holds any more (its keeper was killed during its copy back; limited_sandbox.c). Returns 0,
/// or -1 with errno when one could not be removed.
int cs_limited_sandbox_remove_stale_stages(int host);

/// The pid, as the host sees it, of the only child of the calling namespace init; 0 if unknown.
pid_t cs_isolation_host_pid_of_child(int host_proc);

/// The most descriptors one message carries, and the most host ports a strict launch forwards.
#define CS_MAX_FORWARDED 64

/// Sends `length` bytes with `count` descriptors (supervisor.c). Returns 0 or -1 with errno.
int cs_send_with_descriptors(int socket, const void *bytes, size_t length, const int *fds, int count);
/// Receives exactly `length` bytes and up to `capacity` descriptors, counted in `*count`
/// (supervisor.c). Returns 0 or -1 with errno.
int cs_receive_with_descriptors(int socket, void *bytes, size_t length, int *fds, int capacity, int *count);

/// In the keeper outside, after cs_isolation_clone: receives the `count` listeners that the child
/// hands over (in the order of `ports`) into `listeners`. Returns 0, or -1 when the child ended first.
int cs_forwarder_receive(int forwarder, int *listeners, int count);

/// In the keeper outside: relays every connection accepted on `listeners` (in the namespace) to the
/// host's 127.0.0.1 at the matching port, until the child `child` ends (seen through `signals`, a
/// signalfd for SIGCHLD); then reaps it and returns. See forwarder.c.
void cs_forwarder_run(pid_t child, int signals, const int *listeners, const int *ports, int count);

#endif
