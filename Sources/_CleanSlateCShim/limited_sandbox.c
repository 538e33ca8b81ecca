// A strict launch's size-limited sandbox (Faults.sandboxSizeLimit): inside the launch's mount
// namespace the sandbox is a tmpfs of that size, filled with a copy of the sandbox at launch, and
// copied back over the sandbox when the app exits, so the test reads what the app wrote.
//
// Why it is C in the shim: it runs in a strict launch's keeper inside the namespaces (single-threaded
// C, see supervisor.c). Why a copy: an unprivileged test process cannot mount a size-limited file
// system on the host; inside its own mount namespace the keeper can, and the limit then binds the
// app whatever its uid. Only directories, regular files and symlinks are copied (a FIFO, socket or
// device in a sandbox has no contents); nothing is ever followed through a symlink (O_NOFOLLOW,
// AT_SYMLINK_NOFOLLOW), so an app that plants symlinks in its sandbox cannot make the copy back
// write outside it. Both copies are bounded by the tmpfs's size.
#define _GNU_SOURCE
#include "isolation.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// Copies the regular file `name` of `from` into `to` with its mode. Returns 0 or -1 with errno.
static int copy_file(int from, int to, const char *name, mode_t mode) {
    int in = openat(from, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (in < 0) return -1;
    int out = openat(to, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode & 07777);
    if (out < 0) { int saved = errno; close(in); errno = saved; return -1; }
    char buffer[65536];
    int rc = 0;
    while (1) {
        ssize_t n = read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { rc = n < 0 ? -1 : 0; break; }
        for (ssize_t done = 0; done < n;) {
            ssize_t w = write(out, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) { rc = -1; break; }
            done += w;
        }
        if (rc != 0) break;
    }
    int saved = errno;
    if (fchmod(out, mode & 07777) != 0 && rc == 0) { rc = -1; saved = errno; }
    close(in);
    close(out);
    errno = saved;
    return rc;
}

/// A listing of the directory open as `fd`, from its start (fd stays open). NULL with errno.
static DIR *open_listing(int fd) {
    int listing = dup(fd);
    if (listing < 0) return NULL;
    DIR *directory = fdopendir(listing);
    if (!directory) { int saved = errno; close(listing); errno = saved; return NULL; }
    rewinddir(directory);  // the duplicate shares the offset of a descriptor that may have been listed
    return directory;
}

int cs_tree_copy(int from, int to) {
    DIR *directory = open_listing(from);
    if (!directory) return -1;
    int rc = 0;
    struct dirent *entry;
    while (rc == 0 && (entry = readdir(directory)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        struct stat info;
        if (fstatat(from, name, &info, AT_SYMLINK_NOFOLLOW) != 0) { rc = -1; break; }
        if (S_ISDIR(info.st_mode)) {
            if (mkdirat(to, name, 0700) != 0 && errno != EEXIST) { rc = -1; break; }
            int inner_from = openat(from, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            int inner_to = openat(to, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner_from < 0 || inner_to < 0) rc = -1;
            if (rc == 0) rc = cs_tree_copy(inner_from, inner_to);
            if (rc == 0 && fchmod(inner_to, info.st_mode & 07777) != 0) rc = -1;
            int saved = errno;
            if (inner_from >= 0) close(inner_from);
            if (inner_to >= 0) close(inner_to);
            errno = saved;
        } else if (S_ISREG(info.st_mode)) {
            rc = copy_file(from, to, name, info.st_mode);
        } else if (S_ISLNK(info.st_mode)) {
            char target[4096];
            ssize_t length = readlinkat(from, name, target, sizeof target - 1);
            if (length < 0) { rc = -1; break; }
            target[length] = 0;
            if (symlinkat(target, to, name) != 0) rc = -1;
        }
    }
    int saved = errno;
    closedir(directory);
    errno = saved;
    return rc;
}

int cs_tree_clear(int directory_fd) {
    DIR *directory = open_listing(directory_fd);
    if (!directory) return -1;
    int rc = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        struct stat info;
        if (fstatat(directory_fd, name, &info, AT_SYMLINK_NOFOLLOW) != 0) { rc = -1; continue; }
        if (S_ISDIR(info.st_mode)) {
            int inner = openat(directory_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0 || cs_tree_clear(inner) != 0) rc = -1;
            if (inner >= 0) close(inner);
            if (unlinkat(directory_fd, name, AT_REMOVEDIR) != 0) rc = -1;
        } else if (unlinkat(directory_fd, name, 0) != 0) {
            rc = -1;
        }
    }
    int saved = errno;
    closedir(directory);
    errno = saved;
    return rc;
}
