// Socket I/O shared by the supervisor, the keepers and the test process's side: whole messages,
// descriptors passed with SCM_RIGHTS, every call retrying EINTR.
#define _GNU_SOURCE
#include "internal.h"
#include "isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/// `fd` moved to 3 or above (close-on-exec). A process whose standard descriptors are closed gets
/// new descriptors in 0...2, where a spawn's file actions for 0, 1 and 2 would overwrite them.
int cs_above_standard(int fd) {
    if (fd < 0 || fd > 2) return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    cs_close_keeping_errno(fd);
    return moved;
}

int cs_socket_pair(int type, int pair[2]) {
    if (socketpair(AF_UNIX, type | SOCK_CLOEXEC, 0, pair) != 0) return -1;
    pair[0] = cs_above_standard(pair[0]);
    pair[1] = cs_above_standard(pair[1]);
    if (pair[0] < 0 || pair[1] < 0) {
        int saved = errno;
        if (pair[0] >= 0) close(pair[0]);
        if (pair[1] >= 0) close(pair[1]);
        errno = saved;
        return -1;
    }
    return 0;
}

int cs_write_all(int fd, const void *buffer, size_t length) {
    const char *bytes = buffer;
    while (length > 0) {
        ssize_t n = send(fd, bytes, length, MSG_NOSIGNAL);
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        bytes += n;
        length -= (size_t)n;
    }
    return 0;
}

int cs_read_all(int fd, void *buffer, size_t length) {
    char *bytes = buffer;
    while (length > 0) {
        ssize_t n = read(fd, bytes, length);
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        if (n == 0) { errno = EPIPE; return -1; }
        bytes += n;
        length -= (size_t)n;
    }
    return 0;
}

int cs_send_message(int fd, int32_t type, int32_t a, int32_t b, int32_t c) {
    struct cs_supervisor_message message = {type, a, b, c};
    return cs_write_all(fd, &message, sizeof message);
}

/// Sends `length` bytes and the descriptors in `fds` (at most CS_MAX_FORWARDED) as one message
/// (the descriptors travel with the first byte).
int cs_send_with_descriptors(int socket, const void *bytes, size_t length, const int *fds, int count) {
    if (count > CS_MAX_FORWARDED) { errno = E2BIG; return -1; }
    char control[CMSG_SPACE(sizeof(int) * CS_MAX_FORWARDED)];
    memset(control, 0, sizeof control);
    struct iovec vector = {(void *)bytes, length};
    struct msghdr header = {0};
    header.msg_iov = &vector;
    header.msg_iovlen = 1;
    if (count > 0) {
        header.msg_control = control;
        header.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        struct cmsghdr *item = CMSG_FIRSTHDR(&header);
        item->cmsg_level = SOL_SOCKET;
        item->cmsg_type = SCM_RIGHTS;
        item->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(item), fds, sizeof(int) * (size_t)count);
    }
    while (1) {
        ssize_t n = sendmsg(socket, &header, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        // The descriptors went with the first byte; the rest is plain data.
        return cs_write_all(socket, (const char *)bytes + n, length - (size_t)n);
    }
}

ssize_t cs_receive_message(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *count) {
    char control[CMSG_SPACE(sizeof(int) * CS_MAX_FORWARDED)];
    struct iovec vector = {bytes, capacity};
    struct msghdr header = {0};
    header.msg_iov = &vector;
    header.msg_iovlen = 1;
    header.msg_control = control;
    header.msg_controllen = sizeof control;
    ssize_t n;
    do { n = recvmsg(socket, &header, MSG_CMSG_CLOEXEC); } while (n < 0 && errno == EINTR);
    *count = 0;
    if (n < 0) return -1;
    if (n == 0) { errno = EPIPE; return -1; }
    for (struct cmsghdr *item = CMSG_FIRSTHDR(&header); item; item = CMSG_NXTHDR(&header, item)) {
        if (item->cmsg_level != SOL_SOCKET || item->cmsg_type != SCM_RIGHTS) continue;
        int received = (int)((item->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *data = (int *)CMSG_DATA(item);
        for (int i = 0; i < received; i++) {
            if (*count < fd_capacity) fds[(*count)++] = data[i]; else close(data[i]);
        }
    }
    return n;
}

/// Receives exactly `length` bytes; descriptors that come with them are stored in `fds` (up to
/// `capacity`, close-on-exec) and counted in `*count`.
int cs_receive_with_descriptors(int socket, void *bytes, size_t length, int *fds, int capacity, int *count) {
    ssize_t n = cs_receive_message(socket, bytes, length, fds, capacity, count);
    if (n < 0) return -1;
    if ((size_t)n < length) return cs_read_all(socket, (char *)bytes + n, length - (size_t)n);
    return 0;
}

