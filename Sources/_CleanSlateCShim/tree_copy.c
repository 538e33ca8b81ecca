// The copy of a size-limited sandbox, into its tmpfs at launch and back at the app's exit
// (limited_sandbox.c), bounded by the limit on the host's side too.
//
// Why it is C in the shim: it runs in a strict launch's keeper (single-threaded C, see supervisor.c).
// Why so careful: what it copies back was written by the app under test, and a plain read-and-write
// copy turned a 1 MiB sandbox into hundreds of megabytes on the host (a 300 MB sparse file became 300
// MB of zeros; 500 hard links to one file became 500 files). So: holes stay holes (SEEK_DATA and
// SEEK_HOLE), hard links stay links (each inode is copied once), the bytes the copy allocates (each
// inode once) are counted against the limit and the copy stops past it, set-user-id and set-group-id
// bits are dropped, nothing is followed through a symlink (symlinks are copied as links), and a FIFO,
// socket or device is refused on the way back (skipped on the way in: the test wrote that side). The
// walk is iterative (tree_walk.c). Source files are opened O_NONBLOCK, so a lease held by a process the
// app left fails the copy instead of holding the keeper until the lease is broken.
#define _GNU_SOURCE
#include "_CleanSlateCShim.h"
#include "isolation.h"
#include "tree_walk.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// The bits copied from a mode: permissions and the sticky bit, never set-user-id or set-group-id.
#define CS_COPIED_MODE_BITS 01777

/// Hard-linked inodes already copied: their first copy's path, relative to the destination root.
struct link_table {
    struct link { dev_t dev; ino_t ino; char *path; } *slots;
    size_t used, capacity;  // capacity a power of two, at most half used
};

static size_t link_slot(const struct link_table *table, dev_t dev, ino_t ino) {
    size_t slot = (size_t)((uint64_t)ino * 0x9e3779b97f4a7c15ull ^ (uint64_t)dev) & (table->capacity - 1);
    while (table->slots[slot].path && !(table->slots[slot].dev == dev && table->slots[slot].ino == ino))
        slot = (slot + 1) & (table->capacity - 1);
    return slot;
}

static const char *link_find(const struct link_table *table, dev_t dev, ino_t ino) {
    return table->capacity ? table->slots[link_slot(table, dev, ino)].path : NULL;
}

/// Notes `path` as the copy of inode dev/ino (`path` becomes the table's). Returns 0 or -1.
static int link_add(struct link_table *table, dev_t dev, ino_t ino, char *path) {
    if (2 * (table->used + 1) > table->capacity) {
        struct link_table grown = {calloc(table->capacity ? table->capacity * 2 : 64, sizeof(struct link)), 0,
                                   table->capacity ? table->capacity * 2 : 64};
        if (!grown.slots) { free(path); return -1; }
        for (size_t i = 0; i < table->capacity; i++) {
            if (table->slots[i].path) grown.slots[link_slot(&grown, table->slots[i].dev, table->slots[i].ino)] = table->slots[i];
        }
        grown.used = table->used;
        free(table->slots);
        *table = grown;
    }
    struct link *entry = &table->slots[link_slot(table, dev, ino)];
    *entry = (struct link){dev, ino, path};
    table->used++;
    return 0;
}

static void link_free(struct link_table *table) {
    for (size_t i = 0; i < table->capacity; i++) free(table->slots[i].path);
    free(table->slots);
}

/// One copy in progress.
struct copy {
    const struct cs_tree_copy_options *options;
    struct cs_tree_copy_report *report;
    struct cs_walk walk;
    struct link_table links;
    int root;               // the destination root (for links by path)
    long long charged;      // bytes the copy has allocated so far
    long long in_flight;    // bytes written of the file being copied (charged once it is whole)
    char *buffer;
};

#define CS_COPY_BUFFER 65536

/// Stops the copy for `reason` at `name` of the current directory, with `error` as errno.
static int refuse(struct copy *copy, int reason, int error, const char *name) {
    copy->report->reason = reason;
    copy->report->error = error;
    cs_walk_path(&copy->walk, name, copy->report->path, sizeof copy->report->path);
    errno = error;
    return -1;
}

/// Copies bytes [start, end) of `in` to `out` at the same offsets, counting them against the limit.
static int copy_range(struct copy *copy, int in, int out, off_t start, off_t end, const char *name) {
    for (off_t offset = start; offset < end;) {
        size_t want = end - offset < CS_COPY_BUFFER ? (size_t)(end - offset) : CS_COPY_BUFFER;
        ssize_t got = pread(in, copy->buffer, want, offset);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return refuse(copy, CS_COPY_FAILED, errno, name);
        if (got == 0) break;  // shrunk meanwhile
        if (copy->charged + copy->in_flight + got > copy->options->limit) return refuse(copy, CS_COPY_PAST_LIMIT, ENOSPC, name);
        copy->in_flight += got;
        for (ssize_t done = 0; done < got;) {
            ssize_t written = pwrite(out, copy->buffer + done, (size_t)(got - done), offset + done);
            if (written < 0 && errno == EINTR) continue;
            if (written < 0) return refuse(copy, CS_COPY_FAILED, errno, name);
            done += written;
        }
        offset += got;
    }
    return 0;
}

/// Copies the data of `in` (of `size` bytes) to `out`, leaving holes as holes.
static int copy_data(struct copy *copy, int in, int out, off_t size, const char *name) {
    for (off_t offset = 0; offset < size;) {
        off_t data = lseek(in, offset, SEEK_DATA);
        if (data < 0 && errno == ENXIO) break;  // only a hole is left
        if (data < 0) return refuse(copy, CS_COPY_FAILED, errno, name);
        off_t hole = lseek(in, data, SEEK_HOLE);
        if (hole < 0) return refuse(copy, CS_COPY_FAILED, errno, name);
        if (data >= size) break;
        if (copy_range(copy, in, out, data, hole < size ? hole : size, name) != 0) return -1;
        offset = hole;
    }
    if (ftruncate(out, size) != 0) return refuse(copy, CS_COPY_FAILED, errno, name);
    return 0;
}

/// Links `path` (relative to the directory `root`, as long as it may be) as `name` in `to`, walking
/// to its folder one name at a time (never through a symlink), so no PATH_MAX applies.
static int link_by_path(int root, const char *path, int to, const char *name) {
    int directory = fcntl(root, F_DUPFD_CLOEXEC, 0);
    const char *part = path, *slash;
    while (directory >= 0 && (slash = strchr(part, '/')) != NULL) {
        char component[256];
        size_t length = (size_t)(slash - part);
        if (length >= sizeof component) { close(directory); errno = ENAMETOOLONG; return -1; }
        memcpy(component, part, length);
        component[length] = 0;
        int next = openat(directory, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        close(directory);
        errno = saved;
        directory = next;
        part = slash + 1;
    }
    if (directory < 0) return -1;
    int rc = linkat(directory, part, to, name, 0);
    int saved = errno;
    close(directory);
    errno = saved;
    return rc;
}

/// A second name of an inode already copied becomes a link to its copy. Returns 1 when linked, 0
/// when the inode has not been copied yet, -1 on failure.
static int copy_link(struct copy *copy, int to, const char *name, const struct stat *info) {
    const char *first = info->st_nlink > 1 ? link_find(&copy->links, info->st_dev, info->st_ino) : NULL;
    if (!first) return 0;
    return link_by_path(copy->root, first, to, name) == 0 ? 1 : refuse(copy, CS_COPY_FAILED, errno, name);
}

static int copy_file(struct copy *copy, int from, int to, const char *name) {
    int in = openat(from, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (in < 0) return errno == ENOENT ? 0 : refuse(copy, CS_COPY_FAILED, errno, name);
    struct stat info;
    int rc = fstat(in, &info) != 0 ? refuse(copy, CS_COPY_FAILED, errno, name)
           : !S_ISREG(info.st_mode) ? refuse(copy, CS_COPY_FAILED, ESTALE, name)  // replaced since listed
           : copy_link(copy, to, name, &info);
    if (rc != 0) { close(in); return rc < 0 ? -1 : 0; }
    if (copy->charged + (long long)info.st_blocks * 512 > copy->options->limit) {
        close(in);
        return refuse(copy, CS_COPY_PAST_LIMIT, ENOSPC, name);
    }
    int out = openat(to, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (out < 0) { rc = refuse(copy, CS_COPY_FAILED, errno, name); close(in); return rc; }
    struct stat written;
    copy->in_flight = 0;
    rc = copy_data(copy, in, out, info.st_size, name);
    if (rc == 0 && fchmod(out, info.st_mode & CS_COPIED_MODE_BITS) != 0) rc = refuse(copy, CS_COPY_FAILED, errno, name);
    if (rc == 0 && fstat(out, &written) != 0) rc = refuse(copy, CS_COPY_FAILED, errno, name);
    if (rc == 0) copy->charged += (long long)written.st_blocks * 512;
    if (rc == 0 && copy->charged > copy->options->limit) rc = refuse(copy, CS_COPY_PAST_LIMIT, ENOSPC, name);
    close(in);
    close(out);
    if (rc != 0 || info.st_nlink < 2) return rc;
    // The first name of a hard-linked inode: its other names become links to this copy.
    size_t length = cs_walk_path(&copy->walk, name, NULL, 0);
    char *path = malloc(length + 1);
    if (!path) return refuse(copy, CS_COPY_FAILED, ENOMEM, name);
    cs_walk_path(&copy->walk, name, path, length + 1);
    return link_add(&copy->links, info.st_dev, info.st_ino, path) == 0 ? 0 : refuse(copy, CS_COPY_FAILED, ENOMEM, name);
}

static int copy_symlink(struct copy *copy, int from, int to, const char *name) {
    char target[4096];
    ssize_t length = readlinkat(from, name, target, sizeof target - 1);
    if (length < 0) return errno == ENOENT ? 0 : refuse(copy, CS_COPY_FAILED, errno, name);
    target[length] = 0;
    return symlinkat(target, to, name) == 0 ? 0 : refuse(copy, CS_COPY_FAILED, errno, name);
}

static int copy_directory(struct copy *copy, int from, int to, const char *name, mode_t mode) {
    if (mkdirat(to, name, 0700) != 0) return refuse(copy, CS_COPY_FAILED, errno, name);
    int inner_from = openat(from, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (inner_from < 0) return errno == ENOENT ? 0 : refuse(copy, CS_COPY_FAILED, errno, name);
    int inner_to = openat(to, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (inner_to < 0) { int error = errno; close(inner_from); return refuse(copy, CS_COPY_FAILED, error, name); }
    if (cs_walk_enter(&copy->walk, name, inner_from, inner_to, mode) != 0) return refuse(copy, CS_COPY_FAILED, errno, name);
    return 0;
}

/// Copies entry `name` of the current directory (walking into it if it is a directory).
static int copy_entry(struct copy *copy, const char *name) {
    struct cs_walk_frame *frame = cs_walk_top(&copy->walk);
    const char *skipped = copy->options->skipped_at_top;
    if (skipped && copy->walk.depth == 1 && strncmp(name, skipped, strlen(skipped)) == 0) return 0;
    struct stat info;
    if (fstatat(frame->from, name, &info, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : refuse(copy, CS_COPY_FAILED, errno, name);  // gone since listed
    if (S_ISDIR(info.st_mode)) return copy_directory(copy, frame->from, frame->to, name, info.st_mode);
    if (S_ISREG(info.st_mode)) return copy_file(copy, frame->from, frame->to, name);
    if (S_ISLNK(info.st_mode)) return copy_symlink(copy, frame->from, frame->to, name);
    if (!copy->options->refuse_special) return 0;
    int reason = S_ISFIFO(info.st_mode) ? CS_COPY_FIFO : S_ISSOCK(info.st_mode) ? CS_COPY_SOCKET : CS_COPY_DEVICE;
    return refuse(copy, reason, EPERM, name);
}

int cs_tree_copy(int from, int to, const struct cs_tree_copy_options *options, struct cs_tree_copy_report *report) {
    memset(report, 0, sizeof *report);
    struct copy copy = {options, report, {0}, {0}, to, 0, 0, malloc(CS_COPY_BUFFER)};
    int rc = 0;
    if (!copy.buffer || cs_walk_start(&copy.walk, from, to) != 0) {
        rc = refuse(&copy, CS_COPY_FAILED, errno ? errno : ENOMEM, "");
    }
    while (rc == 0 && copy.walk.depth > 0) {
        const char *name = cs_walk_next(&copy.walk);
        if (name) { rc = copy_entry(&copy, name); continue; }
        struct cs_walk_frame *frame = cs_walk_top(&copy.walk);
        if (copy.walk.depth > 1 && fchmod(frame->to, frame->mode & CS_COPIED_MODE_BITS) != 0) {
            rc = refuse(&copy, CS_COPY_FAILED, errno, "");
        } else if (cs_walk_leave(&copy.walk) != 0) {
            rc = refuse(&copy, CS_COPY_FAILED, errno, copy.walk.left_name);
        }
    }
    report->allocated = copy.charged;
    int saved = errno;
    cs_walk_end(&copy.walk);
    link_free(&copy.links);
    free(copy.buffer);
    errno = saved;
    return rc;
}

int cs_tree_clear(int directory) {
    struct cs_walk walk;
    if (cs_walk_start(&walk, directory, -1) != 0) return -1;
    int rc = 0, error = 0;
    while (walk.depth > 0) {
        const char *name = cs_walk_next(&walk);
        struct cs_walk_frame *frame = cs_walk_top(&walk);
        if (!name) {
            if (cs_walk_leave(&walk) != 0) { rc = -1; error = errno; break; }
            if (walk.depth > 0 && unlinkat(cs_walk_top(&walk)->from, walk.left_name, AT_REMOVEDIR) != 0) { rc = -1; error = errno; }
            continue;
        }
        struct stat info;
        if (fstatat(frame->from, name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISDIR(info.st_mode)) {
            if (unlinkat(frame->from, name, 0) != 0) { rc = -1; error = errno; }
            continue;
        }
        int inner = openat(frame->from, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (inner < 0 || cs_walk_enter(&walk, name, inner, -1, 0) != 0) { rc = -1; error = errno; }
    }
    cs_walk_end(&walk);
    errno = error;
    return rc;
}
