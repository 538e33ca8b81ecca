import Foundation

/// The programs that `compare` runs besides CleanSlate: two standalone C loops, compiled at run time
/// with `cc` into a temporary folder (nothing built is kept), and two Python loops. Each takes
/// WARMUP and ITERATIONS and prints the median of one iteration in microseconds, like
/// `compare-worker`.
enum ComparePeers {
    /// posix_spawn + waitpid of /bin/true: the floor for a launch.
    static let spawnLoopC = """
        #include <errno.h>
        #include <spawn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <sys/wait.h>
        #include <time.h>
        extern char **environ;
        static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
        static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
        int main(int argc, char **argv) {
            if (argc != 3) return 64;
            int warmup = atoi(argv[1]), iterations = atoi(argv[2]);
            double *samples = malloc(sizeof(double) * iterations);
            char *args[] = { "/bin/true", NULL };
            for (int i = 0; i < warmup + iterations; i++) {
                double start = now_us();
                pid_t pid;
                int rc = posix_spawn(&pid, "/bin/true", NULL, NULL, args, environ);
                if (rc != 0) { fprintf(stderr, "posix_spawn: error %d\\n", rc); return 1; }
                int status;
                while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
                if (i >= warmup) samples[i - warmup] = now_us() - start;
            }
            qsort(samples, iterations, sizeof(double), by_value);
            printf("%.3f\\n", samples[iterations / 2]);
            return 0;
        }
        """

    /// Types a line into `cat` on a pseudo-terminal and reads until it comes back: the floor for a round trip.
    static let pseudoTerminalLoopC = """
        #define _GNU_SOURCE
        #include <fcntl.h>
        #include <signal.h>
        #include <spawn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/ioctl.h>
        #include <sys/wait.h>
        #include <time.h>
        #include <unistd.h>
        extern char **environ;
        static char pending[65536];
        static size_t pending_count;
        static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
        static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
        static void read_until(int master, const char *text) {
            size_t length = strlen(text);
            for (;;) {
                char *found = memmem(pending, pending_count, text, length);
                if (found) {
                    size_t consumed = (size_t)(found - pending) + length;
                    memmove(pending, pending + consumed, pending_count - consumed);
                    pending_count -= consumed;
                    return;
                }
                if (pending_count == sizeof pending) pending_count = 0;
                ssize_t count = read(master, pending + pending_count, sizeof pending - pending_count);
                if (count <= 0) { perror("read"); exit(1); }
                pending_count += (size_t)count;
            }
        }
        int main(int argc, char **argv) {
            if (argc != 3) return 64;
            int warmup = atoi(argv[1]), iterations = atoi(argv[2]);
            int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
            if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) { perror("posix_openpt"); return 1; }
            struct winsize size = { .ws_row = 24, .ws_col = 80 };
            ioctl(master, TIOCSWINSZ, &size);
            posix_spawn_file_actions_t actions;
            posix_spawn_file_actions_init(&actions);
            posix_spawn_file_actions_addopen(&actions, 0, ptsname(master), O_RDWR, 0);
            posix_spawn_file_actions_adddup2(&actions, 0, 1);
            posix_spawn_file_actions_adddup2(&actions, 0, 2);
            posix_spawnattr_t attributes;
            posix_spawnattr_init(&attributes);
            posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
            char *args[] = { "/bin/sh", "-c", "stty -echo; echo ready; exec cat", NULL };
            pid_t pid;
            if (posix_spawn(&pid, "/bin/sh", &actions, &attributes, args, environ) != 0) { perror("posix_spawn"); return 1; }
            read_until(master, "ready");
            double *samples = malloc(sizeof(double) * iterations);
            for (int i = 0; i < warmup + iterations; i++) {
                char line[64];
                int length = snprintf(line, sizeof line, "line %d\\n", i);
                double start = now_us();
                if (write(master, line, (size_t)length) != length) { perror("write"); return 1; }
                line[length - 1] = 0;
                read_until(master, line);
                if (i >= warmup) samples[i - warmup] = now_us() - start;
            }
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            qsort(samples, iterations, sizeof(double), by_value);
            printf("%.3f\\n", samples[iterations / 2]);
            return 0;
        }
        """

    /// What a Python user writes to run a program and wait for it.
    static let subprocessRunPython = """
        import subprocess, sys, time
        warmup, iterations = int(sys.argv[1]), int(sys.argv[2])
        samples = []
        for index in range(warmup + iterations):
            start = time.perf_counter_ns()
            subprocess.run(["/bin/true"])
            if index >= warmup:
                samples.append((time.perf_counter_ns() - start) / 1000)
        samples.sort()
        print("%.3f" % samples[iterations // 2])
        """

    /// pexpect with its send delay off and exact matching: as fast as it goes.
    static let pexpectPython = """
        import sys, time, pexpect
        warmup, iterations = int(sys.argv[1]), int(sys.argv[2])
        child = pexpect.spawn("/bin/sh", ["-c", "stty -echo; echo ready; exec cat"], dimensions=(24, 80), encoding=None)
        child.delaybeforesend = None
        child.expect_exact(b"ready")
        samples = []
        for index in range(warmup + iterations):
            line = b"line %d" % index
            start = time.perf_counter_ns()
            child.send(line + b"\\n")
            child.expect_exact(line)
            if index >= warmup:
                samples.append((time.perf_counter_ns() - start) / 1000)
        child.terminate(force=True)
        samples.sort()
        print("%.3f" % samples[iterations // 2])
        """
}
