// The copy of a size-limited sandbox, into its tmpfs at launch and back at the app's exit
// (limited_sandbox.c), bounded by the limit on the host's side too.
//
// Why it is C in the shim: it runs in a strict launch's keeper (single-threaded C, see supervisor.c).
// Why so careful: what it copies back was written by the app under test, and a plain read-and-write
// copy turned a 1 MiB sandbox into hundreds of megabytes on the host (a 300 MB sparse file became 300
// MB of zeros; 500 hard links to one file became 500 files). So: holes stay holes (SEEK_DATA and
// SEEK_HOLE), hard links stay links (each inode is copied once; its first copy is remembered by its
// name and a shared index of folders, not by its whole path, so memory does not grow with depth
// times links), the bytes the copy allocates (each
// inode once) are counted against the limit and the copy stops past it, set-user-id and set-group-id
// bits are dropped, nothing is followed through a symlink (symlinks are copied as links), and a FIFO,
// socket or device is refused on the way back (skipped on the way in: the test wrote that side). The
// walk is iterative (tree_walk.c). Source files are opened O_NONBLOCK, so a lease held by a process the
// app left fails the copy instead of holding the keeper until the lease is broken.
#define _GNU_SOURCE
#include "internal.h"
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

/// A folder of the destination on the way to a hard link's first copy: its name and its parent
/// (CS_ROOT_FOLDER: the destination root). Folders are noted only on such a way, each once.
struct folder { size_t parent; char *name; };
#define CS_ROOT_FOLDER SIZE_MAX
#define CS_NO_FOLDER (SIZE_MAX - 1)

/// Hard-linked inodes already copied: their first copy's folder (an index into the copy's folders)
/// and name. Memory grows with the entries, not with their depth times the links.
struct link_table {
    struct link { dev_t dev; ino_t ino; size_t folder; char *name; } *slots;
    size_t used, capacity;  // capacity a power of two, at most half used
};

static size_t link_slot(const struct link_table *table, dev_t dev, ino_t ino) {
    size_t slot = (size_t)((uint64_t)ino * 0x9e3779b97f4a7c15ull ^ (uint64_t)dev) & (table->capacity - 1);
    while (table->slots[slot].name && !(table->slots[slot].dev == dev && table->slots[slot].ino == ino))
        slot = (slot + 1) & (table->capacity - 1);
    return slot;
}

static const struct link *link_find(const struct link_table *table, dev_t dev, ino_t ino) {
    if (!table->capacity) return NULL;
    const struct link *found = &table->slots[link_slot(table, dev, ino)];
    return found->name ? found : NULL;
}

/// Notes `name` in `folder` as the copy of inode dev/ino (`name` becomes the table's). Returns 0 or -1.
static int link_add(struct link_table *table, dev_t dev, ino_t ino, size_t folder, char *name) {
    if (2 * (table->used + 1) > table->capacity) {
        struct link_table grown = {calloc(table->capacity ? table->capacity * 2 : 64, sizeof(struct link)), 0,
                                   table->capacity ? table->capacity * 2 : 64};
        if (!grown.slots) { free(name); return -1; }
        for (size_t i = 0; i < table->capacity; i++) {
            if (table->slots[i].name) grown.slots[link_slot(&grown, table->slots[i].dev, table->slots[i].ino)] = table->slots[i];
        }
        grown.used = table->used;
        free(table->slots);
        *table = grown;
    }
    table->slots[link_slot(table, dev, ino)] = (struct link){dev, ino, folder, name};
    table->used++;
    return 0;
}

static void link_free(struct link_table *table) {
    for (size_t i = 0; i < table->capacity; i++) free(table->slots[i].name);
    free(table->slots);
}

/// One copy in progress.
struct copy {
    const struct cs_tree_copy_options *options;
    struct cs_tree_copy_report *report;
    struct cs_walk walk;
    struct link_table links;
    struct folder *folders;   // the folders on the way to first copies of hard-linked inodes
    size_t folder_count, folder_capacity;
    size_t *frame_folders;    // for each level of the walk: its folder's index, or CS_NO_FOLDER
    size_t frame_capacity;
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

/// Notes that the walk entered a new level: its folder has no index yet. Returns 0 or -1.
static int enter_level(struct copy *copy) {
    size_t level = copy->walk.depth - 1;
    if (level >= copy->frame_capacity) {
        size_t grown = copy->frame_capacity ? copy->frame_capacity * 2 : 64;
        size_t *larger = realloc(copy->frame_folders, grown * sizeof *larger);
        if (!larger) return -1;
        copy->frame_folders = larger;
        copy->frame_capacity = grown;
    }
    copy->frame_folders[level] = level == 0 ? CS_ROOT_FOLDER : CS_NO_FOLDER;
    return 0;
}

/// The index of the current folder of the walk, noting it and the folders above it that have none.
/// Returns 0 with `*index` set, or -1.
static int current_folder(struct copy *copy, size_t *index) {
    for (size_t level = 1; level < copy->walk.depth; level++) {
        if (copy->frame_folders[level] != CS_NO_FOLDER) continue;
        if (copy->folder_count == copy->folder_capacity) {
            size_t grown = copy->folder_capacity ? copy->folder_capacity * 2 : 64;
            struct folder *larger = realloc(copy->folders, grown * sizeof *larger);
            if (!larger) return -1;
            copy->folders = larger;
            copy->folder_capacity = grown;
        }
        char *name = strdup(copy->walk.frames[level].name);
        if (!name) return -1;
        copy->folders[copy->folder_count] = (struct folder){copy->frame_folders[level - 1], name};
        copy->frame_folders[level] = copy->folder_count++;
    }
    *index = copy->frame_folders[copy->walk.depth - 1];
    return 0;
}

/// Links the first copy `first` as `name` in `to`, walking from the destination root to its folder
/// one name at a time (never through a symlink), so no PATH_MAX applies.
static int link_first_copy(struct copy *copy, const struct link *first, int to, const char *name) {
    size_t depth = 0;
    for (size_t folder = first->folder; folder != CS_ROOT_FOLDER; folder = copy->folders[folder].parent) depth++;
    size_t *way = malloc((depth + 1) * sizeof *way);
    if (!way) { errno = ENOMEM; return -1; }
    size_t at = depth;
    for (size_t folder = first->folder; folder != CS_ROOT_FOLDER; folder = copy->folders[folder].parent) way[--at] = folder;
    int directory = fcntl(copy->root, F_DUPFD_CLOEXEC, 0);
    for (size_t i = 0; i < depth && directory >= 0; i++) {
        int next = openat(directory, copy->folders[way[i]].name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        cs_close_keeping_errno(directory);
        directory = next;
    }
    free(way);
    if (directory < 0) return -1;
    int rc = linkat(directory, first->name, to, name, 0);
    cs_close_keeping_errno(directory);
    return rc;
}

/// A second name of an inode already copied becomes a link to its copy. Returns 1 when linked, 0
/// when the inode has not been copied yet, -1 on failure.
static int copy_link(struct copy *copy, int to, const char *name, const struct stat *info) {
    const struct link *first = info->st_nlink > 1 ? link_find(&copy->links, info->st_dev, info->st_ino) : NULL;
    if (!first) return 0;
    return link_first_copy(copy, first, to, name) == 0 ? 1 : refuse(copy, CS_COPY_FAILED, errno, name);
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
    size_t folder;
    char *kept = current_folder(copy, &folder) == 0 ? strdup(name) : NULL;
    if (!kept) return refuse(copy, CS_COPY_FAILED, ENOMEM, name);
    return link_add(&copy->links, info.st_dev, info.st_ino, folder, kept) == 0 ? 0 : refuse(copy, CS_COPY_FAILED, ENOMEM, name);
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
    return enter_level(copy) == 0 ? 0 : refuse(copy, CS_COPY_FAILED, ENOMEM, name);
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
    struct copy copy = {options, report, {0}, {0}, NULL, 0, 0, NULL, 0, to, 0, 0, malloc(CS_COPY_BUFFER)};
    int rc = 0;
    if (!copy.buffer || cs_walk_start(&copy.walk, from, to) != 0 || enter_level(&copy) != 0) {
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
    for (size_t i = 0; i < copy.folder_count; i++) free(copy.folders[i].name);
    free(copy.folders);
    free(copy.frame_folders);
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
