// A depth-first walk of one directory tree, or of two side by side (a copy's source and its
// destination), without recursion and with a bounded number of open descriptors (tree_walk.c).
#ifndef CLEANSLATE_TREE_WALK_H
#define CLEANSLATE_TREE_WALK_H

#include <stddef.h>
#include <sys/types.h>

/// How many levels keep their descriptors open; deeper in, the levels above this window are closed
/// and reopened through ".." (checked to be the same directory) when the walk comes back up.
#define CS_WALK_WINDOW 32

/// One directory the walk is in: its entries (read once, when the walk entered it) and its descriptors.
struct cs_walk_frame {
    char *name;          // its name in its parent (NULL for the root)
    char **names;        // its entries, "." and ".." left out
    size_t count, next;  // how many, and the next one to hand out
    int from, to;        // its descriptors (`to` -1 in a walk of one tree); -1 while outside the window
    dev_t from_dev, to_dev;
    ino_t from_ino, to_ino;
    mode_t mode;         // for the walker's user: the mode to give the directory when it is left
};

/// A walk: the stack of directories from the root down to the one the walk is in.
struct cs_walk {
    struct cs_walk_frame *frames;
    size_t depth, capacity;
    int paired;          // a walk of two trees (`to` descriptors too)
    char *left_name;     // the name of the directory cs_walk_leave last left (owned by the walk)
};

/// Starts a walk at `from` (and `to`, or -1 for a walk of one tree); both stay the caller's (the walk
/// works on duplicates). Returns 0 or -1 with errno.
int cs_walk_start(struct cs_walk *walk, int from, int to);
/// Walks into the directory `name` of the current one, open as `from` (and `to`), which the walk now
/// owns (closed on failure too). Returns 0 or -1 with errno.
int cs_walk_enter(struct cs_walk *walk, const char *name, int from, int to, mode_t mode);
/// The current directory, or NULL once the root has been left.
struct cs_walk_frame *cs_walk_top(struct cs_walk *walk);
/// The next entry of the current directory, or NULL when all have been handed out.
const char *cs_walk_next(struct cs_walk *walk);
/// Leaves the current directory for its parent (its name is then `walk->left_name`), reopening the
/// parent's descriptors if they were closed. Returns 0, or -1 with errno (ESTALE: a directory was
/// moved during the walk, so ".." is no longer the directory the walk came from).
int cs_walk_leave(struct cs_walk *walk);
/// The path of `name` in the current directory relative to the root, in `buffer` (truncated to
/// fit). Returns the full length it would have.
size_t cs_walk_path(const struct cs_walk *walk, const char *name, char *buffer, size_t size);
/// Every entry name of the directory open as `fd` ("." and ".." left out; fd stays open), in
/// `*names` (free with cs_free_names) and `*count`. Returns 0 or -1 with errno.
int cs_list_names(int fd, char ***names, size_t *count);
void cs_free_names(char **names, size_t count);
/// Ends the walk wherever it is, freeing everything.
void cs_walk_end(struct cs_walk *walk);

#endif
