// A depth-first walk of a directory tree (or of a copy's source and destination side by side) for the
// size-limited sandbox's copies (tree_copy.c, limited_sandbox.c).
//
// Why it is C in the shim, and why not recursive: it runs in a strict launch's keeper (single-threaded
// C, see supervisor.c), and an app can leave a tree thousands of levels deep in its sandbox: a
// recursive walk overflowed the keeper's stack at 3,000 levels (the keeper died, the app was reported
// killed and the sandbox's contents were lost). Here the depth costs heap, not stack, and at most
// CS_WALK_WINDOW levels keep their descriptors: the walk comes back up through "..", checked to be the
// directory it came from (an app's leftover process may move directories while the walk runs).
#define _GNU_SOURCE
#include "internal.h"
#include "tree_walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cs_free_names(char **names, size_t count) {
    for (size_t i = 0; i < count; i++) free(names[i]);
    free(names);
}

static void free_frame_names(struct cs_walk_frame *frame) {
    cs_free_names(frame->names, frame->count);
    frame->names = NULL;
    frame->count = frame->next = 0;
}

int cs_list_names(int fd, char ***names, size_t *count) {
    *names = NULL;
    *count = 0;
    int listing = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (listing < 0) return -1;
    DIR *directory = fdopendir(listing);
    if (!directory) { cs_close_keeping_errno(listing); return -1; }
    rewinddir(directory);  // the duplicate shares the offset of a descriptor that may have been listed
    size_t capacity = 0;
    struct dirent *entry;
    int rc = 0;
    errno = 0;
    while ((entry = readdir(directory)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        if (*count == capacity) {
            size_t grown = capacity ? capacity * 2 : 16;
            char **larger = realloc(*names, grown * sizeof(char *));
            if (!larger) { rc = -1; break; }
            *names = larger;
            capacity = grown;
        }
        if (!((*names)[*count] = strdup(entry->d_name))) { rc = -1; break; }
        (*count)++;
        errno = 0;
    }
    if (rc == 0 && errno != 0) rc = -1;
    int saved = errno;
    closedir(directory);
    if (rc != 0) { cs_free_names(*names, *count); *names = NULL; *count = 0; }
    errno = saved;
    return rc;
}

static int identify(int fd, dev_t *dev, ino_t *ino) {
    struct stat info;
    if (fd < 0) return 0;
    if (fstat(fd, &info) != 0) return -1;
    *dev = info.st_dev;
    *ino = info.st_ino;
    return 0;
}

int cs_walk_enter(struct cs_walk *walk, const char *name, int from, int to, mode_t mode) {
    if (walk->depth == walk->capacity) {
        size_t grown = walk->capacity ? walk->capacity * 2 : 64;
        struct cs_walk_frame *frames = realloc(walk->frames, grown * sizeof *frames);
        if (!frames) { cs_close_keeping_errno(from); cs_close_keeping_errno(to); return -1; }
        walk->frames = frames;
        walk->capacity = grown;
    }
    struct cs_walk_frame *frame = &walk->frames[walk->depth];
    memset(frame, 0, sizeof *frame);
    frame->from = from;
    frame->to = to;
    frame->mode = mode;
    if ((name && !(frame->name = strdup(name))) || identify(from, &frame->from_dev, &frame->from_ino) != 0 ||
        identify(to, &frame->to_dev, &frame->to_ino) != 0 || cs_list_names(from, &frame->names, &frame->count) != 0) {
        free(frame->name);
        free_frame_names(frame);
        cs_close_keeping_errno(from);
        cs_close_keeping_errno(to);
        return -1;
    }
    walk->depth++;
    if (walk->depth > CS_WALK_WINDOW) {
        struct cs_walk_frame *above = &walk->frames[walk->depth - 1 - CS_WALK_WINDOW];
        cs_close_keeping_errno(above->from);
        cs_close_keeping_errno(above->to);
        above->from = above->to = -1;
    }
    return 0;
}

int cs_walk_start(struct cs_walk *walk, int from, int to) {
    memset(walk, 0, sizeof *walk);
    walk->paired = to >= 0;
    int own_from = fcntl(from, F_DUPFD_CLOEXEC, 0);
    int own_to = to >= 0 ? fcntl(to, F_DUPFD_CLOEXEC, 0) : -1;
    if (own_from < 0 || (to >= 0 && own_to < 0)) { cs_close_keeping_errno(own_from); cs_close_keeping_errno(own_to); return -1; }
    return cs_walk_enter(walk, NULL, own_from, own_to, 0);
}

struct cs_walk_frame *cs_walk_top(struct cs_walk *walk) {
    return walk->depth > 0 ? &walk->frames[walk->depth - 1] : NULL;
}

const char *cs_walk_next(struct cs_walk *walk) {
    struct cs_walk_frame *frame = cs_walk_top(walk);
    return frame && frame->next < frame->count ? frame->names[frame->next++] : NULL;
}

/// `*parent_fd` reopened as ".." of `child`, if closed, and checked to be directory dev/ino.
static int reopen_parent(int child, int *parent_fd, dev_t dev, ino_t ino) {
    if (*parent_fd >= 0 || child < 0) return 0;
    int fd = openat(child, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    dev_t found_dev;
    ino_t found_ino;
    if (identify(fd, &found_dev, &found_ino) != 0) { cs_close_keeping_errno(fd); return -1; }
    if (found_dev != dev || found_ino != ino) { close(fd); errno = ESTALE; return -1; }
    *parent_fd = fd;
    return 0;
}

int cs_walk_leave(struct cs_walk *walk) {
    struct cs_walk_frame *frame = cs_walk_top(walk);
    if (!frame) return 0;
    int rc = 0;
    if (walk->depth > 1) {
        struct cs_walk_frame *parent = frame - 1;
        if (reopen_parent(frame->from, &parent->from, parent->from_dev, parent->from_ino) != 0 ||
            (walk->paired && reopen_parent(frame->to, &parent->to, parent->to_dev, parent->to_ino) != 0)) rc = -1;
    }
    cs_close_keeping_errno(frame->from);
    cs_close_keeping_errno(frame->to);
    free_frame_names(frame);
    free(walk->left_name);
    walk->left_name = frame->name;
    walk->depth--;
    return rc;
}

size_t cs_walk_path(const struct cs_walk *walk, const char *name, char *buffer, size_t size) {
    size_t length = 0;
    for (size_t i = 1; i <= walk->depth; i++) {
        const char *part = i < walk->depth ? walk->frames[i].name : name;
        if (!part) continue;
        size_t part_length = strlen(part);
        if (length > 0 && length + 1 < size) buffer[length] = '/';
        if (length > 0) length++;
        if (length < size) memcpy(buffer + length, part, length + part_length < size ? part_length : size - length);
        length += part_length;
    }
    if (size > 0) buffer[length < size ? length : size - 1] = 0;
    return length;
}

void cs_walk_end(struct cs_walk *walk) {
    while (walk->depth > 0) {
        struct cs_walk_frame *frame = cs_walk_top(walk);
        cs_close_keeping_errno(frame->from);
        cs_close_keeping_errno(frame->to);
        frame->from = frame->to = -1;
        free_frame_names(frame);
        free(frame->name);
        walk->depth--;
    }
    free(walk->frames);
    free(walk->left_name);
    memset(walk, 0, sizeof *walk);
}
