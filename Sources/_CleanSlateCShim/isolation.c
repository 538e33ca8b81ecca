// The strict isolation level: what the keeper of a strict launch does between fork and spawn.
//
// Why it is C in the shim: it runs in the keeper (single-threaded C, see supervisor.c), and it needs
// clone(2) with namespace flags, mount_setattr(2) and the interface ioctls, none of which Swift's
// Glibc module exposes. The keeper clones a child into new user, mount, PID, network, IPC and UTS
// namespaces; that child (PID 1 of its namespace) calls cs_isolation_enter and then acts as the
// launch's keeper, so the app and everything it starts live and die inside the namespace.
//
// The view it builds:
// - the caller's uid/gid appear as CS_STRICT_UID/GID; the app has no capabilities (it is not root
//   inside and no_new_privs stops file capabilities and set-user-id programs), so it cannot undo
//   any of the mounts below;
// - every mount is read-only (mount_setattr with AT_RECURSIVE);
// - each hidden folder is covered by an empty tmpfs, read-only once populated;
// - the sandbox is bind-mounted writable at a fixed path, and its home at another (the test process
//   names both: /run/cleanslate and /home/cleanslate);
//   folders to expose (the app's own folder, when it lies in a hidden one) are bound back read-only;
//   with a size limit (Faults.sandboxSizeLimit) the sandbox is a tmpfs of that size and of at most
//   CS_SANDBOX_ENTRY_LIMIT entries holding a copy (limited_sandbox.c); folders of it can be bound read-only over themselves (Faults.readOnlyFolders),
//   the folders above them bound writable over themselves so that they cannot be renamed (each opened
//   below its mount point without following a symlink and bound through its descriptor);
// - /dev holds only null, zero, full, random, urandom, tty and the app's own pseudo-terminal;
// - a fresh /proc for the new PID namespace, with every host-global entry (/proc/sys, /proc/irq,
//   /proc/bus, ...) bound read-only over itself: run as root, the app's uid is the host's root, and
//   the kernel lets the host's root write host settings through those files whatever namespace it is
//   in (kernel.core_pattern, which the kernel runs as real root, among them);
// - no nested user namespaces (user.max_user_namespaces is 0 inside), so the app cannot become root
//   of a namespace of its own and mount a new devpts (new pseudo-terminals) or a new /proc;
// - a process limit: RLIMIT_NPROC, and the PID namespace's own pid_max (kernels since 6.14), which
//   also binds an app whose uid is the host's root (the kernel exempts root from RLIMIT_NPROC);
//   see process_limit.c;
// - the sandbox and its home are opened without following any symlink (sandbox_open.c);
// - /dev/null bound over each Unix socket file of the host that the app would see (host_sockets.c);
// - a fixed host name; loopback up, no other interface;
// - /etc/passwd and /etc/group list only root, cleanslate (1000) and nobody, so the app's user has
//   the same name on every machine.
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef SYS_move_mount
#define SYS_move_mount 429
#endif
/// open_tree(2) and move_mount(2) flags (linux/mount.h), declared here as mount_attr is.
#define CS_OPEN_TREE_CLONE 1
#define CS_MOVE_MOUNT_F_EMPTY_PATH 0x00000004
#define CS_MOVE_MOUNT_T_EMPTY_PATH 0x00000040
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif

/// struct mount_attr of mount_setattr(2), declared here so that older C libraries build too.
struct cs_mount_attr { uint64_t attr_set, attr_clr, propagation, userns_fd; };
#define CS_MOUNT_ATTR_RDONLY 0x00000001ull

static int set_read_only(const char *path, int recursive, int read_only) {
    struct cs_mount_attr attributes = {0, 0, 0, 0};
    if (read_only) attributes.attr_set = CS_MOUNT_ATTR_RDONLY; else attributes.attr_clr = CS_MOUNT_ATTR_RDONLY;
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, recursive ? AT_RECURSIVE : 0,
                        &attributes, sizeof attributes);
}

pid_t cs_isolation_clone(int host_network) {
    // A raw clone with no stack behaves as fork(2) (bubblewrap does the same); glibc's clone()
    // wrapper needs a stack and a function. The keeper is single-threaded, so no lock is held.
    long flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD;
    if (!host_network) flags |= CLONE_NEWNET;
    return (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
}

static int map_identity(uid_t outer_uid, gid_t outer_gid) {
    char line[64];
    // An unprivileged process may map only its own ids, and a gid map only after setgroups is denied.
    if (cs_write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) return -1;
    snprintf(line, sizeof line, "%d %u 1\n", CS_STRICT_UID, (unsigned)outer_uid);
    if (cs_write_file("/proc/self/uid_map", line) != 0) return -1;
    snprintf(line, sizeof line, "%d %u 1\n", CS_STRICT_GID, (unsigned)outer_gid);
    return cs_write_file("/proc/self/gid_map", line);
}

static int loopback_up(void) {
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct ifreq request;
    memset(&request, 0, sizeof request);
    strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
    int rc = ioctl(fd, SIOCGIFFLAGS, &request);
    if (rc == 0) {
        request.ifr_flags |= IFF_UP | IFF_RUNNING;
        rc = ioctl(fd, SIOCSIFFLAGS, &request);
    }
    cs_close_keeping_errno(fd);
    return rc;
}

/// mkdir -p for a folder inside a hidden (tmpfs-covered) folder.
static int make_path(const char *path) {
    char buffer[4096];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof buffer) { errno = ENAMETOOLONG; return -1; }
    memcpy(buffer, path, length + 1);
    for (char *slash = buffer + 1; ; slash++) {
        if (*slash != '/' && *slash != 0) continue;
        char saved = *slash;
        *slash = 0;
        if (mkdir(buffer, 0755) != 0 && errno != EEXIST) return -1;
        *slash = saved;
        if (saved == 0) return 0;
    }
}

/// Bind-mounts the folder open as `fd` (an O_PATH descriptor taken before anything covered it) at
/// `target`, creating `target` inside its covering tmpfs when needed.
static int bind_folder(int fd, const char *target) {
    struct stat info;
    if (stat(target, &info) != 0 && make_path(target) != 0) return -1;
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
    return mount(source, target, NULL, MS_BIND, NULL);
}

/// The user database the app sees: the same on every machine, whatever the host's /etc/passwd says
/// about uid 1000. Written into the (still writable) tmpfs over /run and bound over /etc/passwd and
/// /etc/group, read-only.
static int pin_identity(void) {
    static const char passwd[] = "root:x:0:0:root:/root:/bin/sh\n"
        "cleanslate:x:1000:1000:CleanSlate:/home/cleanslate:/bin/sh\n"
        "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
    static const char group[] = "root:x:0:\ncleanslate:x:1000:\nnogroup:x:65534:\n";
    const char *names[2][3] = {{"/run/.cleanslate/passwd", passwd, "/etc/passwd"},
                               {"/run/.cleanslate/group", group, "/etc/group"}};
    if (mkdir("/run/.cleanslate", 0755) != 0 && errno != EEXIST) return -1;
    for (int i = 0; i < 2; i++) {
        int fd = open(names[i][0], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) return -1;
        close(fd);
        if (cs_write_file(names[i][0], names[i][1]) != 0) return -1;
        if (mount(names[i][0], names[i][2], NULL, MS_BIND, NULL) != 0) return -1;
        if (set_read_only(names[i][2], 0, 1) != 0) return -1;
    }
    return 0;
}

/// Bind-mounts the file open as `fd` over a new empty file `target`.
static int bind_file(int fd, const char *target) {
    int made = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (made < 0) return -1;
    close(made);
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
    return mount(source, target, NULL, MS_BIND, NULL);
}

/// Replaces /dev by a read-only tmpfs holding only what programs expect to open (null, zero, full,
/// random, urandom, tty), the app's own pseudo-terminal at its path under /dev/pts, the /dev/fd and
/// /dev/std* links and an empty /dev/shm. The host's disks and other terminals are not there:
/// device nodes ignore read-only mounts, and the caller's uid (root in CI) may own them.
static int minimal_dev(const char *terminal) {
    static const char *const names[] = {"null", "zero", "full", "random", "urandom", "tty"};
    enum { count = sizeof names / sizeof names[0] };
    int fds[count + 1];
    char path[128];
    int rc = -1;
    for (int i = 0; i <= count; i++) fds[i] = -1;
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "/dev/%s", names[i]);
        fds[i] = open(path, O_PATH | O_CLOEXEC);
    }
    if (terminal[0] && (fds[count] = open(terminal, O_PATH | O_CLOEXEC)) < 0) goto done;
    if (mount("cleanslate", "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=64k") != 0) goto done;
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "/dev/%s", names[i]);
        if (fds[i] >= 0 && bind_file(fds[i], path) != 0) goto done;
    }
    if (mkdir("/dev/pts", 0755) != 0 || mkdir("/dev/shm", 01777) != 0) goto done;
    if (fds[count] >= 0 && bind_file(fds[count], terminal) != 0) goto done;
    if (symlink("/proc/self/fd", "/dev/fd") != 0 || symlink("/proc/self/fd/0", "/dev/stdin") != 0 ||
        symlink("/proc/self/fd/1", "/dev/stdout") != 0 || symlink("/proc/self/fd/2", "/dev/stderr") != 0) goto done;
    rc = set_read_only("/dev", 0, 1);
done:;
    int saved = errno;
    for (int i = 0; i <= count; i++) if (fds[i] >= 0) close(fds[i]);
    errno = saved;
    return rc;
}

/// Listens on 127.0.0.1 at each of `spec->ports` in the new network namespace (a socket stays in
/// the namespace it was made in) and sends the listeners to the keeper outside, which relays what
/// they accept to the host (forwarder.c). The app can then connect at once: connections wait in
/// the backlog until the relay accepts them.
static int hand_over_listeners(const struct cs_isolation *spec) {
    int listeners[CS_MAX_FORWARDED], made = 0, rc = -1;
    if (spec->port_count > CS_MAX_FORWARDED) { errno = E2BIG; return -1; }
    for (; made < spec->port_count; made++) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0) goto done;
        listeners[made] = fd;
        struct sockaddr_in address;
        memset(&address, 0, sizeof address);
        address.sin_family = AF_INET;
        address.sin_port = htons((uint16_t)spec->ports[made]);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 128) != 0) { made++; goto done; }
    }
    rc = cs_send_with_descriptors(spec->forwarder, "L", 1, listeners, made);
done:;
    int saved = errno;
    for (int i = 0; i < made; i++) close(listeners[i]);
    close(spec->forwarder);
    errno = saved;
    return rc;
}

/// Binds every host-global entry of the fresh /proc read-only over itself (as bubblewrap does for
/// sys, sysrq-trigger, irq and bus, here for every folder and every writable file that is not a
/// process's own): /proc/sys, /proc/irq, /proc/bus, /proc/fs, /proc/sysrq-trigger, /proc/mtrr...
/// The per-process folders (and self, thread-self, net, which lead to them) stay as they are: they
/// show only this PID namespace's processes, and the app may tune its own.
static int protect_proc(void) {
    DIR *directory = opendir("/proc");
    if (!directory) return -1;
    int rc = 0;
    struct dirent *entry;
    while (rc == 0 && (entry = readdir(directory)) != NULL) {
        const char *name = entry->d_name;
        if (name[0] == '.' || (name[0] >= '0' && name[0] <= '9')) continue;
        struct stat info;
        if (fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISDIR(info.st_mode) && !(S_ISREG(info.st_mode) && (info.st_mode & 0222))) continue;
        char path[300];
        snprintf(path, sizeof path, "/proc/%s", name);
        if (mount(path, path, NULL, MS_BIND | MS_REC, NULL) != 0 || set_read_only(path, 1, 1) != 0) rc = -1;
    }
    int saved = errno;
    closedir(directory);
    errno = saved;
    return rc;
}

/// `spec->sandbox_home` relative to `spec->sandbox_root` ("home"); "" when it does not lie in it,
/// which no open below the root accepts.
static const char *home_within(const struct cs_isolation *spec) {
    size_t root_length = strlen(spec->sandbox_root);
    if (strncmp(spec->sandbox_home, spec->sandbox_root, root_length) != 0 || spec->sandbox_home[root_length] != '/') return "";
    return spec->sandbox_home + root_length + 1;
}

static int is_directory(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

#define FAIL(which) do { *step = (which); goto failed; } while (0)

/// The sandbox as a tmpfs of `spec->size_limit` bytes at `spec->sandbox_target`, filled with a copy
/// of the sandbox (open as `sandbox`, an O_PATH descriptor; see limited_sandbox.c); its home is
/// bound at `spec->home_target`. The sandbox itself is bound writable at the target first and
/// opened there, under the tmpfs: every other mount is read-only by now, and the copy back at the
/// app's exit writes through this one. Returns 0 with `limited` set, or -1 with errno (ENOSPC: the
/// sandbox is larger than the limit).
static int limit_sandbox(const struct cs_isolation *spec, int sandbox, struct cs_limited_sandbox *limited) {
    char options[96];
    // Entries are charged too: without nr_inodes, folders, empty files and links cost no bytes, and
    // an app could leave millions of them for the copy back to walk. The root takes one inode.
    snprintf(options, sizeof options, "mode=0755,size=%lld,nr_inodes=%d", spec->size_limit, CS_SANDBOX_ENTRY_LIMIT + 1);
    if (bind_folder(sandbox, spec->sandbox_target) != 0 || set_read_only(spec->sandbox_target, 0, 0) != 0) return -1;
    int host = open(spec->sandbox_target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (host < 0) return -1;
    if (mount("cleanslate-sandbox", spec->sandbox_target, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) {
        cs_close_keeping_errno(host);
        return -1;
    }
    int copy = open(spec->sandbox_target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (copy < 0) { cs_close_keeping_errno(host); return -1; }
    int inner_home = -1;
    // The test seeded this side: a FIFO or socket in it (no contents) is left out, not refused.
    struct cs_tree_copy_options copy_options = {spec->size_limit, 0, CS_STAGE_PREFIX};
    struct cs_tree_copy_report report;
    if (cs_limited_sandbox_remove_stale_stages(host) != 0 || cs_tree_copy(host, copy, &copy_options, &report) != 0 || (inner_home = cs_open_beneath(copy, home_within(spec))) < 0 ||
        bind_folder(inner_home, spec->home_target) != 0 || set_read_only(spec->home_target, 0, 0) != 0) {
        int saved = errno;
        close(copy);
        close(host);
        if (inner_home >= 0) close(inner_home);
        errno = saved;
        return -1;
    }
    close(inner_home);
    limited->host = host;
    limited->copy = copy;
    limited->limit = spec->size_limit;
    return 0;
}

/// Binds the folder `path` (below the sandbox's or its home's mount point, as the app sees it) over
/// itself, read-only or writable. It is opened below its mount point without following any symlink
/// (a link in the middle is refused: ELOOP), and the bind is made between descriptors: a detached
/// copy of the folder's mount (open_tree), given its read-only flag, is attached on the very folder
/// that was opened (move_mount), so no path is resolved again. Returns 0 or -1 with errno.
static int bind_over_itself(const struct cs_isolation *spec, const char *path, int read_only) {
    const char *mount_points[2] = {spec->sandbox_target, spec->home_target};
    int fd = cs_open_below_mount_point(path, mount_points, 2);
    if (fd < 0) return -1;
    int tree = (int)syscall(SYS_open_tree, fd, "", CS_OPEN_TREE_CLONE | O_CLOEXEC | AT_EMPTY_PATH);
    struct cs_mount_attr attributes = {0, 0, 0, 0};
    if (read_only) attributes.attr_set = CS_MOUNT_ATTR_RDONLY; else attributes.attr_clr = CS_MOUNT_ATTR_RDONLY;
    int rc = tree < 0 ? -1
           : syscall(SYS_mount_setattr, tree, "", AT_EMPTY_PATH, &attributes, sizeof attributes) != 0 ? -1
           : (int)syscall(SYS_move_mount, tree, "", fd, "", CS_MOVE_MOUNT_F_EMPTY_PATH | CS_MOVE_MOUNT_T_EMPTY_PATH);
    int saved = errno;
    if (tree >= 0) close(tree);
    close(fd);
    errno = saved;
    return rc != 0 ? -1 : 0;
}

/// Binds each of `spec->read_only` (folders of the sandbox as the app sees them) read-only over
/// itself, after binding each of `spec->pinned` (the folders between them and the sandbox's mount
/// points, outermost first) writable over itself: a mount point cannot be renamed (EBUSY), so the
/// app cannot move a read-only folder's parent aside and make a writable folder in its place. The
/// pinned ones come first, since binding a folder over itself would cover any mount below it.
/// Returns 0 or -1 with errno.
static int read_only_folders(const struct cs_isolation *spec) {
    for (int i = 0; i < spec->pinned_count; i++) {
        if (bind_over_itself(spec, spec->pinned[i], 0) != 0) return -1;
    }
    for (int i = 0; i < spec->read_only_count; i++) {
        if (bind_over_itself(spec, spec->read_only[i], 1) != 0) return -1;
    }
    return 0;
}

int cs_isolation_enter(const struct cs_isolation *spec, uid_t outer_uid, gid_t outer_gid, int *host_proc,
                       struct cs_limited_sandbox *limited, int *pid_cursor, int *step) {
    int sandbox = -1, home = -1, exposed[64];
    int exposed_count = spec->exposed_count < 64 ? spec->exposed_count : 64;
    // More than these would be left unhidden: refused, never silently dropped.
    if (spec->hidden_count > 256 || spec->exposed_count > 64) {
        errno = E2BIG;
        *step = CS_ISOLATION_STEP_HIDE;
        return -1;
    }
    char hidden_mounted[256] = {0};
    for (int i = 0; i < 64; i++) exposed[i] = -1;
    *host_proc = -1;
    *pid_cursor = -1;
    limited->host = limited->copy = -1;
    // The namespace ends with its keeper; its keeper ends with the keeper outside.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // Keepers are not dumpable (supervisor.c), which makes /proc/self root's and so the id maps
    // unwritable here. Inside, the app cannot trace this keeper anyway: it has every capability of
    // the namespace, the app none.
    prctl(PR_SET_DUMPABLE, 1);

    if (map_identity(outer_uid, outer_gid) != 0) FAIL(CS_ISOLATION_STEP_IDENTITY);
    if (sethostname(spec->hostname, strlen(spec->hostname)) != 0) FAIL(CS_ISOLATION_STEP_HOSTNAME);
    if (!spec->host_network && loopback_up() != 0) FAIL(CS_ISOLATION_STEP_NETWORK);
    if (spec->port_count > 0 && hand_over_listeners(spec) != 0) FAIL(CS_ISOLATION_STEP_NETWORK);

    // Nothing done below may propagate back to the host's mounts.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) FAIL(CS_ISOLATION_STEP_MOUNTS);
    // Held open before anything covers them: the sandbox may well live in a hidden folder. Never
    // through a symlink: an earlier app of this sandbox may have put one where its home was.
    if ((sandbox = cs_open_sandbox_root(spec->sandbox_root)) < 0) FAIL(CS_ISOLATION_STEP_SANDBOX_ROOT);
    if ((home = cs_open_beneath(sandbox, home_within(spec))) < 0) FAIL(CS_ISOLATION_STEP_SANDBOX_HOME);
    for (int i = 0; i < exposed_count; i++) exposed[i] = open(spec->exposed[i], O_PATH | O_DIRECTORY | O_CLOEXEC);
    *host_proc = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);

    if (set_read_only("/", 1, 1) != 0) FAIL(CS_ISOLATION_STEP_READ_ONLY);
    if (minimal_dev(spec->terminal) != 0) FAIL(CS_ISOLATION_STEP_DEVICES);
    for (int i = 0; i < spec->hidden_count; i++) {
        // A folder that does not exist (or lies in one hidden already) has nothing to hide.
        if (!is_directory(spec->hidden[i])) continue;
        if (mount("cleanslate", spec->hidden[i], "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=64k") != 0)
            FAIL(CS_ISOLATION_STEP_HIDE);
        hidden_mounted[i] = 1;
    }
    if (spec->size_limit > 0) {
        if (limit_sandbox(spec, sandbox, limited) != 0) FAIL(CS_ISOLATION_STEP_SIZE_LIMIT);
    } else if (bind_folder(sandbox, spec->sandbox_target) != 0 || set_read_only(spec->sandbox_target, 0, 0) != 0 ||
               bind_folder(home, spec->home_target) != 0 || set_read_only(spec->home_target, 0, 0) != 0) {
        FAIL(CS_ISOLATION_STEP_SANDBOX);
    }
    if (read_only_folders(spec) != 0) FAIL(CS_ISOLATION_STEP_READ_ONLY_FOLDER);
    if (pin_identity() != 0) FAIL(CS_ISOLATION_STEP_HIDE);
    for (int i = 0; i < exposed_count; i++) {
        // The test process names only folders that lie in a hidden one (they are missing or empty now).
        if (exposed[i] < 0) continue;
        if (bind_folder(exposed[i], spec->exposed[i]) != 0) FAIL(CS_ISOLATION_STEP_HIDE);
        if (set_read_only(spec->exposed[i], 0, 1) != 0) FAIL(CS_ISOLATION_STEP_HIDE);
    }
    for (int i = 0; i < spec->hidden_count; i++) {
        if (hidden_mounted[i] && set_read_only(spec->hidden[i], 0, 1) != 0) FAIL(CS_ISOLATION_STEP_HIDE);
    }
    // Last of the file system view, so that only the sockets the app would see are covered.
    if (cs_host_sockets_cover(spec->host_sockets) != 0) FAIL(CS_ISOLATION_STEP_SOCKETS);
    // This process is PID 1 of the new PID namespace, so the new /proc shows that namespace.
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) FAIL(CS_ISOLATION_STEP_PROC);
    if (cs_isolation_limit(spec, pid_cursor) != 0) FAIL(CS_ISOLATION_STEP_LIMITS);
    if (protect_proc() != 0) FAIL(CS_ISOLATION_STEP_PROC);
    // The app cannot gain privileges (file capabilities, set-user-id programs) with which it could
    // remount what is read-only here.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) FAIL(CS_ISOLATION_STEP_MOUNTS);

    close(sandbox);
    close(home);
    for (int i = 0; i < exposed_count; i++) if (exposed[i] >= 0) close(exposed[i]);
    return 0;
failed:;
    int saved = errno;
    if (*pid_cursor >= 0) { close(*pid_cursor); *pid_cursor = -1; }
    if (sandbox >= 0) close(sandbox);
    if (home >= 0) close(home);
    for (int i = 0; i < exposed_count; i++) if (exposed[i] >= 0) close(exposed[i]);
    errno = saved;
    return -1;
}

pid_t cs_isolation_host_pid_of_child(int host_proc) {
    if (host_proc < 0) return 0;
    // "self" in the host's /proc names this process as the host sees it.
    char self[32] = {0}, path[96], text[64] = {0};
    if (readlinkat(host_proc, "self", self, sizeof self - 1) <= 0) return 0;
    snprintf(path, sizeof path, "%s/task/%s/children", self, self);
    int fd = openat(host_proc, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n;
    do { n = read(fd, text, sizeof text - 1); } while (n < 0 && errno == EINTR);
    close(fd);
    return n > 0 ? (pid_t)atoi(text) : 0;
}
