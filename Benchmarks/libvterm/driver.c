/*
 * libvterm baseline for `cleanslate-benchmarks screen`.
 *
 * Usage: driver [--runs N] FILE...
 * Feeds each file to a fresh 24x80 libvterm (UTF-8 on, screen layer with alternate screen attached)
 * in 64 KiB chunks, N times (default 7), and prints the median throughput in MB/s (10^6 bytes per second),
 * in the same format as the Swift benchmark.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vterm.h>

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(length > 0 ? (size_t)length : 1);
    *size = fread(bytes, 1, (size_t)length, file);
    fclose(file);
    return bytes;
}

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static int compare_doubles(const void *left, const void *right) {
    double a = *(const double *)left, b = *(const double *)right;
    return (a > b) - (a < b);
}

static double one_run(const unsigned char *bytes, size_t size) {
    VTerm *terminal = vterm_new(24, 80);
    vterm_set_utf8(terminal, 1);
    VTermScreen *screen = vterm_obtain_screen(terminal);
    vterm_screen_enable_altscreen(screen, 1);
    vterm_screen_reset(screen, 1);
    const size_t chunk = 65536;
    double start = now_seconds();
    for (size_t offset = 0; offset < size; offset += chunk) {
        size_t length = size - offset < chunk ? size - offset : chunk;
        vterm_input_write(terminal, (const char *)bytes + offset, length);
    }
    double elapsed = now_seconds() - start;
    vterm_free(terminal);
    return (double)size / elapsed / 1e6;
}

int main(int argc, char **argv) {
    int runs = 7;
    for (int index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--runs") == 0 && index + 1 < argc) {
            runs = atoi(argv[++index]);
            if (runs < 1) runs = 1;
            continue;
        }
        size_t size = 0;
        unsigned char *bytes = read_file(argv[index], &size);
        if (!bytes) {
            fprintf(stderr, "cannot read %s\n", argv[index]);
            return 1;
        }
        double *rates = calloc((size_t)runs, sizeof(double));
        for (int run = 0; run < runs; run++) rates[run] = one_run(bytes, size);
        qsort(rates, (size_t)runs, sizeof(double), compare_doubles);
        const char *name = strrchr(argv[index], '/');
        name = name ? name + 1 : argv[index];
        char workload[256];
        snprintf(workload, sizeof workload, "%s", name);
        char *dot = strrchr(workload, '.');
        if (dot) *dot = '\0';
        printf("%-14s %8.1f MB/s  (%zu bytes, median of %d runs)\n", workload, rates[runs / 2], size, runs);
        free(rates);
        free(bytes);
    }
    return 0;
}
