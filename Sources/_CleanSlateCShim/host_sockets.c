// Strict isolation's cover over the host's Unix sockets: a network namespace separates addresses,
// not files, so a socket file the app can see (one outside the hidden folders, /var/lib/... say)
// would be reachable from inside, under the file's permissions only; and when the test runs as root,
// the app's uid is root's outside, which owns most of them.
//
// Why it is C in the shim: it runs in the keeper of a strict launch (single-threaded C, see
// isolation.c), which alone can mount in the launch's mount namespace. Nothing else here can stop
// a connect(2) to a path: mounts cannot refuse it (read-only or not), Landlock (ABI 7 here) has no
// right for it, and a seccomp filter cannot read the address a connect names. So the keeper lists
// the sockets bound in the host's network namespace (/proc/net/unix, opened before the clone, so
// that it still shows the host's) and binds /dev/null over each socket file the app would see: a
// connect there fails with ECONNREFUSED, whatever the uid. Sockets bound after the launch started,
// and those of other network namespaces (another container's), are not in the list: the Isolation
// levels article says so. A path with a line feed in it spans lines of the list; each line after a
// path is also tried as the rest of it (cover_continued), so such a socket is covered too.
#define _GNU_SOURCE
#include "isolation.h"
#include "_CleanSlateCShim.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

int cs_host_sockets_open(void) {
    return open("/proc/self/net/unix", O_RDONLY | O_CLOEXEC);
}

/// The path of one line of /proc/net/unix ("Num RefCount Protocol Flags Type St Inode Path"):
/// what follows the seventh field, or NULL when the line names no path (an unnamed or abstract
/// socket, or the header).
static char *path_of(char *line) {
    char *cursor = line;
    for (int field = 0; field < 7; field++) {
        while (*cursor == ' ') cursor++;
        if (*cursor == 0) return NULL;
        while (*cursor != ' ' && *cursor != 0) cursor++;
    }
    if (*cursor != ' ' || cursor[1] != '/') return NULL;
    return cursor + 1;
}

/// Covers `path` when it is, as the app would see it, a socket file. Returns 1 when it covered
/// it, 0 when there was nothing to cover, -1 with errno.
static int cover(const char *path) {
    struct stat info;
    if (lstat(path, &info) != 0 || !S_ISSOCK(info.st_mode)) return 0;
    return mount("/dev/null", path, NULL, MS_BIND, NULL) == 0 ? 1 : -1;
}

/// The longest path a Unix socket can be bound to (sun_path, without a terminating NUL).
#define CS_SOCKET_PATH_MAX sizeof(((struct sockaddr_un *)0)->sun_path)

/// The kernel writes a socket's path as it is, so a path with a line feed in it spans lines, the
/// first of which looks like a socket at the path's beginning. Every line after a path is taken as a
/// possible rest of it: `pending` (the path so far, "" when none) gets a line feed and `line`, and
/// the result is covered if it is a socket, for as long as it fits a socket's path. A line that is
/// no continuation only costs a look at a path that is no socket (or one covered twice: harmless).
/// Returns as cover does.
static int cover_continued(char pending[CS_SOCKET_PATH_MAX + 1], const char *line) {
    size_t held = strlen(pending), length = strlen(line);
    if (held == 0 || held + 1 + length > CS_SOCKET_PATH_MAX) { pending[0] = 0; return 0; }
    pending[held] = '\n';
    memcpy(pending + held + 1, line, length + 1);
    return cover(pending);
}

int cs_host_sockets_cover(int list) {
    if (list < 0) { errno = EBADF; return -1; }
    // Lines longer than the buffer (a path near PATH_MAX) are read in pieces whose start is no line's start: skipped.
    char buffer[65536];
    size_t held = 0;
    char pending[CS_SOCKET_PATH_MAX + 1] = {0};
    int covered = 0, skipping = 0;
    while (1) {
        ssize_t n;
        do { n = read(list, buffer + held, sizeof buffer - 1 - held); } while (n < 0 && errno == EINTR);
        if (n < 0) return -1;
        held += (size_t)n;
        buffer[held] = 0;
        char *start = buffer, *end;
        while ((end = memchr(start, '\n', held - (size_t)(start - buffer))) != NULL) {
            *end = 0;
            char *path = skipping ? NULL : path_of(start);
            if (skipping) pending[0] = 0;
            int continued = skipping ? 0 : cover_continued(pending, start);
            skipping = 0;
            int rc = path ? cover(path) : 0;
            if (rc < 0 || continued < 0) return -1;
            if ((covered += rc + continued) > CS_MAX_COVERED_SOCKETS) { errno = E2BIG; return -1; }
            if (path && strlen(path) <= CS_SOCKET_PATH_MAX) strcpy(pending, path);
            start = end + 1;
        }
        size_t left = held - (size_t)(start - buffer);
        if (n == 0) return 0;  // a last line without a line feed is not a whole one
        if (left == sizeof buffer - 1) { skipping = 1; left = 0; }
        memmove(buffer, start, left);
        held = left;
    }
}
