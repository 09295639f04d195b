/* measure.c: run a command and report its wall time and peak memory.
 *
 *   bench/measure COMMAND [ARGS...]
 * prints "WALL_SECONDS MAX_RSS_KIB" on standard error after the command
 * ends (its exit status is passed on).  Uses wait4() so no external time
 * utility is needed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    struct rusage ru;
    int status;
    pid_t pid;
    if (argc < 2) {
        fprintf(stderr, "usage: measure COMMAND [ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "%.6f %ld\n", (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
            ru.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
