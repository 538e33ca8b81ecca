#define _GNU_SOURCE
#include "_CleanSlateCShim.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fsuid.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


short cs_spawn_flag_setsid(void) { return POSIX_SPAWN_SETSID; }



int cs_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int cs_open_pty_master(char *name, size_t name_size) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0) { int e = errno; close(fd); errno = e; return -1; }
    int rc = ptsname_r(fd, name, name_size);
    if (rc != 0) { close(fd); errno = rc; return -1; }
    return fd;
}

int cs_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }


ssize_t cs_write_nosigpipe(int fd, const void *buf, size_t count) {
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
    ssize_t n = write(fd, buf, count);
    int saved = errno;
    if (n < 0 && saved == EPIPE && !sigismember(&old, SIGPIPE)) {
        // The write made SIGPIPE pending on this thread; take it before unblocking.
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return n;
}

ssize_t cs_copy_file_range(int fd_in, int fd_out, size_t count) {
    return copy_file_range(fd_in, NULL, fd_out, NULL, count, 0);
}

int cs_ficlone(int dest_fd, int src_fd) { return ioctl(dest_fd, FICLONE, src_fd); }

int cs_is_mount_root(int dirfd, const char *name) {
    struct statx info;
    // An empty name asks about `dirfd` itself (AT_EMPTY_PATH): a folder held open is judged in one call.
    int flags = AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | (name[0] ? 0 : AT_EMPTY_PATH);
    if (statx(dirfd, name, flags, STATX_TYPE, &info) != 0) return -1;
    if (!(info.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)) { errno = ENOSYS; return -1; }
    return (info.stx_attributes & STATX_ATTR_MOUNT_ROOT) ? 1 : 0;
}

ssize_t cs_getdents64(int fd, void *buffer, size_t size) { return getdents64(fd, buffer, size); }

int cs_set_thread_fsuid(uid_t uid) { return setfsuid(uid); }

int cs_set_thread_fsgid(gid_t gid) { return setfsgid(gid); }

int cs_unshare_thread_file_system_attributes(void) { return unshare(CLONE_FS); }

void *cs_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

int cs_set_pipe_size(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }
int cs_pidfd_send_signal(int pidfd, int signal) { return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0); }

int cs_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cs_epoll_add(int epoll, int fd) {
    struct epoll_event event = {.events = EPOLLIN, .data = {.fd = fd}};
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int cs_epoll_remove(int epoll, int fd) { return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL); }

int cs_epoll_add_writable(int epoll, int fd) {
    struct epoll_event event = {.events = EPOLLOUT | EPOLLONESHOT, .data = {.fd = fd}};
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int cs_epoll_wait(int epoll, int *fds, int capacity) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epoll, events, capacity, -1);
    for (int i = 0; i < count; i++) fds[i] = events[i].data.fd;
    return count;
}

int cs_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int cs_open_unnamed_file(const char *folder, mode_t mode) {
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}
