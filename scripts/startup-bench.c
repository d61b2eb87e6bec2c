/* startup-bench: the whole-process cost of short commands, measured without a shell.
 *
 *   startup-bench [-n RUNS] [-i FILE] CMD [ARG...] [::: CMD [ARG...]]...
 *
 * Runs every command RUNS times (default 200), round-robin (A B C A B C ...) so that the
 * load of a shared machine falls on all of them alike, each run started with posix_spawn,
 * its standard input opened afresh from FILE (default /dev/null), its standard output and
 * error sent to /dev/null. One warm-up run of each first. Prints, per command: the median,
 * mean and minimum wall time from spawn to exit, the mean CPU time (user + system, from
 * wait4) and the mean minor page faults, all in milliseconds but the faults.
 *
 * Built and run by scripts/startup-compare; written for docs/performance.md. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct command {
    char **argv;
    double *wall;
    double cpu;
    double faults;
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* One run: wall seconds; adds its CPU seconds and faults to the command's sums. */
static double run(struct command *c, const char *input) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    double start = now();
    pid_t pid;
    if (posix_spawnp(&pid, c->argv[0], &actions, NULL, c->argv, environ) != 0) {
        perror(c->argv[0]);
        exit(2);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("wait4");
        exit(2);
    }
    double wall = now() - start;
    posix_spawn_file_actions_destroy(&actions);
    c->cpu += usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec +
              usage.ru_stime.tv_usec * 1e-6;
    c->faults += usage.ru_minflt;
    return wall;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int runs = 200;
    const char *input = "/dev/null";
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-n") == 0) {
            runs = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "-i") == 0) {
            input = argv[i + 1];
        } else {
            break;
        }
    }
    if (i >= argc || runs < 1) {
        fprintf(stderr, "usage: startup-bench [-n RUNS] [-i FILE] CMD [ARG...] [::: CMD [ARG...]]...\n");
        return 2;
    }
    struct command commands[64];
    int count = 0;
    while (i < argc && count < 64) {
        commands[count].argv = &argv[i];
        while (i < argc && strcmp(argv[i], ":::") != 0) {
            i++;
        }
        if (i < argc) {
            argv[i++] = NULL; /* ends this command's argv */
        }
        commands[count].wall = calloc(runs, sizeof(double));
        count++;
    }
    for (int c = 0; c < count; c++) {
        run(&commands[c], input);
        commands[c].cpu = commands[c].faults = 0;
    }
    for (int r = 0; r < runs; r++) {
        for (int c = 0; c < count; c++) {
            commands[c].wall[r] = run(&commands[c], input);
        }
    }
    for (int c = 0; c < count; c++) {
        struct command *k = &commands[c];
        double sum = 0;
        for (int r = 0; r < runs; r++) {
            sum += k->wall[r];
        }
        qsort(k->wall, runs, sizeof(double), by_value);
        printf("median %.3f ms  mean %.3f  min %.3f  cpu %.3f  faults %.0f ", k->wall[runs / 2] * 1e3,
               sum / runs * 1e3, k->wall[0] * 1e3, k->cpu / runs * 1e3, k->faults / runs);
        for (char **a = k->argv; *a; a++) {
            printf(" %s", *a);
        }
        printf("\n");
    }
    return 0;
}
