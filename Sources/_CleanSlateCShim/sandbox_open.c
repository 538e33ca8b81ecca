// Opening a strict launch's sandbox and its home in the keeper without following any symlink.
//
// Why it is C in the shim: it runs in the keeper inside the namespaces (isolation.c), which binds
// what these descriptors are at /run/cleanslate and /home/cleanslate, writable. An earlier app of
// the same sandbox may have renamed `home` and left a symlink to any host folder in its place (it
// can write its sandbox); opened by path, the link would be followed on the host's view and the
// host folder bound writable as the next app's home. The Swift side refuses such a sandbox before
// it asks for a launch (SandboxLaunchFolders.swift); this is what holds when a process changes the
// sandbox between that check and the keeper's open. The read-only folders (Faults.readOnlyFolders)
// and the folders above them are opened the same way below their mount point
// (cs_open_below_mount_point), and bound through their descriptors, never by path.
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

int cs_open_sandbox_root(const char *path) {
    // O_NOFOLLOW with O_PATH would open a symlink itself; O_DIRECTORY then refuses it (ENOTDIR).
    return open(path, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/// The same as cs_open_beneath, one name at a time with O_NOFOLLOW: for kernels before 5.6 (or
/// sandboxes, such as older container profiles, that refuse openat2).
static int open_each_name(int root, const char *relative) {
    char names[4096];
    size_t length = strlen(relative);
    if (length == 0 || length >= sizeof names) { errno = EINVAL; return -1; }
    memcpy(names, relative, length + 1);
    int current = root;
    char *rest = names;
    for (char *name; (name = strsep(&rest, "/")) != NULL;) {
        if (name[0] == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
            if (current != root) close(current);
            errno = EINVAL;
            return -1;
        }
        int next = openat(current, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        if (current != root) close(current);
        if (next < 0) { errno = saved; return -1; }
        current = next;
    }
    return current;
}

int cs_open_beneath(int root, const char *relative) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    long fd = syscall(SYS_openat2, root, relative, &how, sizeof how);
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) return (int)fd;
    return open_each_name(root, relative);
}

int cs_open_below_mount_point(const char *path, const char *const *mount_points, int count) {
    for (int i = 0; i < count; i++) {
        size_t length = strlen(mount_points[i]);
        if (strncmp(path, mount_points[i], length) != 0 || (path[length] != '/' && path[length] != 0)) continue;
        int root = open(mount_points[i], O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (root < 0 || path[length] == 0) return root;
        int fd = cs_open_beneath(root, path + length + 1);
        cs_close_keeping_errno(root);
        return fd;
    }
    errno = EINVAL;
    return -1;
}
