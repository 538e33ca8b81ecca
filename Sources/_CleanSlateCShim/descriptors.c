// Descriptor helpers the shim's C files share: closing on a failure path without losing the errno
// that says why it failed, and writing a short text (a /proc setting, an id map) in one write(2).
//
// Why it is C in the shim: the keepers and the supervisor (single-threaded C, see supervisor.c) use
// them, and so does the vfork child that becomes a strict launch's app (cs_write_text only writes).
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

void cs_close_keeping_errno(int fd) {
    if (fd < 0) return;
    int saved = errno;
    close(fd);
    errno = saved;
}

int cs_write_text(int fd, const char *text) {
    size_t length = strlen(text);
    ssize_t n;
    do { n = write(fd, text, length); } while (n < 0 && errno == EINTR);
    if (n == (ssize_t)length) return 0;
    if (n >= 0) errno = EIO;
    return -1;
}

int cs_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = cs_write_text(fd, text);
    cs_close_keeping_errno(fd);
    return rc;
}
