// The process table as the supervisor and the keepers read it from /proc: parent links, groups,
// states and command lines, without allocating (they run as single-threaded C).
#define _GNU_SOURCE
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// Reads up to `size - 1` bytes of /proc/<pid>/<file> into `buffer`, NUL-terminated. Returns the
/// count, or -1 when the process (or the file) is gone.
ssize_t cs_read_proc_file(pid_t pid, const char *file, char *buffer, size_t size) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, file);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n;
    do { n = read(fd, buffer, size - 1); } while (n < 0 && errno == EINTR);
    close(fd);
    buffer[n > 0 ? n : 0] = 0;
    return n;
}


/// Reads /proc/<pid>/stat into `entry` ("pid (comm) state ppid pgrp session tty tpgid flags ...";
/// comm may hold spaces and parentheses, so the last ')' ends it) and, when `name` is given, writes
/// "[comm]" there. Returns 0 if the process is gone.
int cs_read_stat(pid_t pid, struct cs_process *entry, char *name, size_t size) {
    char text[512];
    if (cs_read_proc_file(pid, "stat", text, sizeof text) <= 0) return 0;
    char *open_paren = strchr(text, '('), *end = strrchr(text, ')');
    if (!open_paren || !end || end[1] == 0) return 0;
    int ppid = 0, pgid = 0;
    if (sscanf(end + 2, "%c %d %d %*d %*d %*d %u", &entry->state, &ppid, &pgid, &entry->flags) != 4) return 0;
    entry->pid = pid;
    entry->ppid = ppid;
    entry->pgid = pgid;
    if (name) {
        *end = 0;
        snprintf(name, size, "[%s]", open_paren + 1);
    }
    return 1;
}

/// Reads pid, parent, group, state and flags of every process. Returns the count (at most `capacity`).
int cs_read_process_table(struct cs_process *table, int capacity) {
    DIR *directory = opendir("/proc");
    if (!directory) return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL && count < capacity) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
        if (cs_read_stat((pid_t)atoi(entry->d_name), &table[count], NULL, 0)) count++;
    }
    closedir(directory);
    return count;
}

/// Marks in `member` every process of `table` that descends from `root` (root excluded).
void cs_mark_descendants(const struct cs_process *table, int count, pid_t root, char *member) {
    memset(member, 0, (size_t)count);
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < count; i++) {
            if (member[i]) continue;
            if (table[i].ppid == root) { member[i] = 1; changed = 1; continue; }
            for (int j = 0; j < count; j++) {
                if (member[j] && table[j].pid == table[i].ppid) { member[i] = 1; changed = 1; break; }
            }
        }
    }
}

/// Whether `pid` has SIGKILL pending: a fatal signal it does not handle (the SIGHUP that a shell
/// passes to its jobs, say) is turned into SIGKILL when sent, so the process is already dying even
/// if it has not run since. Such a process is not reported as having escaped.
int cs_is_dying(pid_t pid) {
    char text[4096];
    if (cs_read_proc_file(pid, "status", text, sizeof text) <= 0) return 1;
    const char *fields[] = {"\nSigPnd:", "\nShdPnd:"};
    for (int i = 0; i < 2; i++) {
        const char *field = strstr(text, fields[i]);
        if (!field) continue;
        unsigned long long mask = strtoull(field + strlen(fields[i]), NULL, 16);
        if (mask & (1ull << (SIGKILL - 1))) return 1;
    }
    return 0;
}

int64_t cs_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}


ssize_t cs_command_line(pid_t pid, char *line, size_t size) {
    ssize_t n = cs_read_proc_file(pid, "cmdline", line, size);
    // No command line: the process is exiting, or in the middle of an exec. Look again; name a live
    // one by its command name.
    if (n <= 0) {
        struct cs_process now;
        if (!cs_read_stat(pid, &now, line, size)) return -1;
        if (now.state == 'Z' || now.state == 'X' || (now.flags & CS_PF_EXITING) || cs_is_dying(now.pid)) return -1;
        n = (ssize_t)strlen(line);
    }
    for (ssize_t k = 0; k < n; k++) if (line[k] == 0) line[k] = ' ';
    while (n > 0 && line[n - 1] == ' ') n--;
    return n;
}

int cs_survivor_read(pid_t pid, struct cs_survivor *survivor) {
    ssize_t n = cs_command_line(pid, survivor->text, CS_SURVIVOR_LINE);
    if (n < 0) return -1;
    survivor->pid = pid;
    survivor->line_length = (int)n;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
    ssize_t executable = readlink(path, survivor->text + n, sizeof survivor->text - (size_t)n);
    survivor->length = (int)n + (executable > 0 ? (int)executable : 0);
    return 0;
}

int cs_survivor_send(int fd, const struct cs_survivor *survivor) {
    if (cs_send_message(fd, CS_SUPERVISOR_SURVIVOR, survivor->pid, survivor->length, survivor->line_length) != 0) return -1;
    return survivor->length > 0 ? cs_write_all(fd, survivor->text, (size_t)survivor->length) : 0;
}
