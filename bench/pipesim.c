/* pipesim.c: an independent replay of the cycle model's timeline.
 *
 *   bench/pipesim TRACE.json
 *
 * reads a trace that a generated program wrote with --trace, keeps of each
 * kernel run only its instructions in program order (the pipe each ran on,
 * its cost in cycles, and for set_flag / wait_flag / pipe_barrier what it
 * synchronises), forgets every start time, and schedules them again from
 * the rules of runtime/README.md, "Cycle model": S issues the instructions
 * in order, one cycle each, and runs its own; every other pipe starts its
 * instructions in issue order, each when issued, when the pipe is free and,
 * for a wait_flag, when the set_flag it pairs with (the k-th wait on a flag
 * with the k-th set) has run; pipe_barrier(PIPE_ALL) holds S until every
 * instruction issued before it has finished.  It prints, per run, the
 * total, the bound (the busiest pipe), that pipe and total/bound, in the
 * layout of --profile's first columns, so that bench/cycles.sh can require
 * the same totals as the runtime's.
 *
 * The algorithm is not the runtime's (which sweeps all pipes until nothing
 * moves): one pass in program order, with a queue per pipe for the
 * instructions that wait, directly or behind a wait_flag, for a set_flag
 * not yet scheduled; scheduling a set_flag releases them.  S reaching a
 * wait or PIPE_ALL barrier whose predecessors are still queued is a
 * deadlock.  Only the trace's own format is read (one event per line).
 * Exit status 0, 1 when a run deadlocks, 2 when the trace cannot be read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S, MTE1, MTE2, MTE3, V, M, FIX, PIPES };
static const char *const pipe_names[PIPES] = {"S", "MTE1", "MTE2", "MTE3", "V", "M", "FIX"};
static const char *const hw_names[PIPES] = {"PIPE_S", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                           "PIPE_V", "PIPE_M",    "PIPE_FIX"};

enum Kind { WORK, SET, WAIT, BARRIER_ALL };

typedef struct Inst {
    long number;           /* program order, from 1 */
    int pipe, kind;
    int flag;              /* SET/WAIT: (src * PIPES + dst) * 256 + event */
    uint64_t cost;
    long pair;             /* index of the paired set, for a WAIT; -1 none */
    int done;
    uint64_t end;
} Inst;

typedef struct Run {
    char name[256];
    int pid;
    Inst *inst;
    size_t n, cap;
} Run;

static Run *runs;
static size_t nruns, capruns;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("pipesim: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

static Run *run_of(int pid)
{
    for (size_t i = 0; i < nruns; i++)
        if (runs[i].pid == pid)
            return &runs[i];
    if (nruns == capruns) {
        capruns = capruns ? 2 * capruns : 8;
        runs = xrealloc(runs, capruns * sizeof *runs);
    }
    memset(&runs[nruns], 0, sizeof runs[nruns]);
    runs[nruns].pid = pid;
    return &runs[nruns++];
}

/* The number after "key": on the line, or -1. */
static long number_at(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

/* The JSON string after "key": (our names need no unescaping but \" and
 * \\), into out. */
static int string_at(const char *line, const char *key, char *out, size_t cap)
{
    const char *p = strstr(line, key);
    size_t k = 0;
    if (!p)
        return 0;
    p += strlen(key);
    while (*p == ' ')
        p++;
    if (*p++ != '"')
        return 0;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (k + 1 < cap)
            out[k++] = *p;
    }
    out[k] = 0;
    return 1;
}

static int hw_pipe(const char *s, size_t len)
{
    for (int p = 0; p < PIPES; p++)
        if (strlen(hw_names[p]) == len && strncmp(s, hw_names[p], len) == 0)
            return p;
    return -1;
}

/* set_flag(PIPE_A, PIPE_B, EVENT_IDn) / wait_flag(...): the flag key. */
static int flag_of(const char *name)
{
    const char *a = strchr(name, '('), *b, *c;
    int src, dst;
    if (!a || !(b = strchr(a, ',')) || !(c = strchr(b + 1, ',')))
        return -1;
    src = hw_pipe(a + 1, (size_t)(b - a - 1));
    dst = hw_pipe(b + 2, (size_t)(c - b - 2));
    if (src < 0 || dst < 0 || strncmp(c + 2, "EVENT_ID", 8) != 0)
        return -1;
    return (src * PIPES + dst) * 256 + atoi(c + 10);
}

static void read_trace(FILE *f)
{
    char line[4096], name[256];
    while (fgets(line, sizeof line, f)) {
        long pid = number_at(line, "\"pid\": "), tid, number;
        Run *r;
        Inst in;
        if (pid < 0)
            continue;
        if (strstr(line, "\"ph\": \"M\"") && strstr(line, "\"name\": \"process_name\"")) {
            const char *args = strstr(line, "\"args\"");
            if (args && string_at(args, "\"name\":", name, sizeof name))
                snprintf(run_of((int)pid)->name, sizeof run_of((int)pid)->name, "%s", name);
            continue;
        }
        if (!strstr(line, "\"ph\": \"X\"") || (number = number_at(line, "\"instruction\": ")) < 0)
            continue; /* S's merged issue slices, flow events */
        tid = number_at(line, "\"tid\": ");
        if (tid < 1 || tid > PIPES || !string_at(line, "\"name\":", name, sizeof name)) {
            fprintf(stderr, "pipesim: a slice without a pipe or name: %s", line);
            exit(2);
        }
        memset(&in, 0, sizeof in);
        in.number = number;
        in.pipe = (int)tid - 1;
        in.cost = (uint64_t)number_at(line, "\"cycles\": ");
        in.pair = -1;
        in.kind = WORK;
        if (strncmp(name, "set_flag(", 9) == 0 || strncmp(name, "wait_flag(", 10) == 0) {
            in.kind = name[0] == 's' ? SET : WAIT;
            if ((in.flag = flag_of(name)) < 0) {
                fprintf(stderr, "pipesim: cannot read the flag of '%s'\n", name);
                exit(2);
            }
        } else if (strcmp(name, "pipe_barrier(PIPE_ALL)") == 0) {
            in.kind = BARRIER_ALL;
        }
        r = run_of((int)pid);
        if (r->n == r->cap) {
            r->cap = r->cap ? 2 * r->cap : 256;
            r->inst = xrealloc(r->inst, r->cap * sizeof *r->inst);
        }
        r->inst[r->n++] = in;
    }
}

static int by_number(const void *a, const void *b)
{
    const Inst *x = a, *y = b;
    return x->number < y->number ? -1 : x->number > y->number;
}

/* The k-th wait on a flag takes the k-th set: the sets of each flag in
 * program order, then each wait takes the next of its flag's. */
#define FLAGS (PIPES * PIPES * 256)
static void pair_flags(Run *r)
{
    size_t *first = calloc(FLAGS + 1, sizeof *first), *next = calloc(FLAGS, sizeof *next);
    size_t *sets = xrealloc(NULL, (r->n + 1) * sizeof *sets);
    if (!first || !next) {
        fputs("pipesim: out of memory\n", stderr);
        exit(2);
    }
    for (size_t i = 0; i < r->n; i++)
        if (r->inst[i].kind == SET)
            first[r->inst[i].flag + 1]++;
    for (size_t k = 0; k < FLAGS; k++)
        first[k + 1] += first[k];
    for (size_t i = 0; i < r->n; i++)
        if (r->inst[i].kind == SET)
            sets[first[r->inst[i].flag] + next[r->inst[i].flag]++] = i;
    memset(next, 0, FLAGS * sizeof *next);
    for (size_t i = 0; i < r->n; i++) {
        int f = r->inst[i].flag;
        if (r->inst[i].kind == WAIT && first[f] + next[f] < first[f + 1])
            r->inst[i].pair = (long)sets[first[f] + next[f]++];
    }
    free(first);
    free(next);
    free(sets);
}

typedef struct Sim {
    Run *r;
    uint64_t *issued;           /* per instruction: the cycle its issue ended */
    size_t *queue[PIPES];       /* per pipe: instructions not yet scheduled, in order */
    size_t head[PIPES], tail[PIPES];
    uint64_t free_at[PIPES], busy[PIPES], max_end;
} Sim;

/* Schedules what the head of pipe p's queue allows; returns whether a
 * set_flag was scheduled (which may release other queues). */
static int drain(Sim *X, int p)
{
    int released = 0;
    while (X->head[p] < X->tail[p]) {
        Inst *in = &X->r->inst[X->queue[p][X->head[p]]];
        uint64_t start = X->issued[X->queue[p][X->head[p]]];
        if (X->free_at[p] > start)
            start = X->free_at[p];
        if (in->kind == WAIT) {
            if (in->pair < 0 || !X->r->inst[in->pair].done)
                break;
            if (X->r->inst[in->pair].end > start)
                start = X->r->inst[in->pair].end;
        }
        in->end = start + in->cost;
        in->done = 1;
        X->free_at[p] = in->end;
        X->busy[p] += in->cost;
        if (in->end > X->max_end)
            X->max_end = in->end;
        released |= in->kind == SET;
        X->head[p]++;
    }
    return released;
}

static void drain_all(Sim *X)
{
    int again = 1;
    while (again) {
        again = 0;
        for (int p = 1; p < PIPES; p++)
            again |= drain(X, p);
    }
}

/* Returns 0 and prints the run's row, or 1 on a deadlock. */
static int simulate(Run *r)
{
    Sim X;
    uint64_t t = 0;   /* S's clock */
    int bound = 0;
    memset(&X, 0, sizeof X);
    X.r = r;
    X.issued = xrealloc(NULL, (r->n + 1) * sizeof *X.issued);
    for (int p = 0; p < PIPES; p++)
        X.queue[p] = xrealloc(NULL, (r->n + 1) * sizeof *X.queue[p]);
    for (size_t i = 0; i < r->n; i++) {
        Inst *in = &r->inst[i];
        if (in->pipe != S) {
            t += 1; /* issue */
            X.busy[S] += 1;
            X.issued[i] = t;
            X.queue[in->pipe][X.tail[in->pipe]++] = i;
            if (drain(&X, in->pipe))
                drain_all(&X);
            continue;
        }
        if (in->kind == WAIT) {
            if (in->pair < 0 || !r->inst[in->pair].done) {
                fprintf(stderr, "pipesim: %s: deadlock at instruction #%ld (a wait on S)\n", r->name, in->number);
                return 1;
            }
            if (r->inst[in->pair].end > t)
                t = r->inst[in->pair].end;
        } else if (in->kind == BARRIER_ALL) {
            for (int p = 1; p < PIPES; p++)
                if (X.head[p] < X.tail[p]) {
                    fprintf(stderr, "pipesim: %s: deadlock at instruction #%ld (pipe_barrier(PIPE_ALL))\n", r->name,
                            in->number);
                    return 1;
                }
            if (X.max_end > t)
                t = X.max_end;
        }
        in->end = t + in->cost;
        in->done = 1;
        X.busy[S] += in->cost;
        t = in->end;
        if (t > X.max_end)
            X.max_end = t;
        if (in->kind == SET)
            drain_all(&X);
    }
    for (int p = 1; p < PIPES; p++)
        if (X.head[p] < X.tail[p]) {
            fprintf(stderr, "pipesim: %s: deadlock: %s never starts instruction #%ld\n", r->name, pipe_names[p],
                    r->inst[X.queue[p][X.head[p]]].number);
            return 1;
        }
    for (int p = 1; p < PIPES; p++)
        if (X.busy[p] > X.busy[bound])
            bound = p;
    {
        /* "kernel NAME (task T)" */
        char kernel[256] = "?";
        long task = -1;
        const char *open = strrchr(r->name, '(');
        if (strncmp(r->name, "kernel ", 7) == 0 && open && open > r->name + 7) {
            snprintf(kernel, sizeof kernel, "%.*s", (int)(open - r->name - 8), r->name + 7);
            task = number_at(open, "task ");
        }
        printf("%-14s %4ld %9llu %9llu %-5s %7.2f\n", kernel, task, (unsigned long long)X.max_end,
               (unsigned long long)X.busy[bound], pipe_names[bound],
               X.busy[bound] ? (double)X.max_end / (double)X.busy[bound] : 0.0);
    }
    free(X.issued);
    for (int p = 0; p < PIPES; p++)
        free(X.queue[p]);
    return 0;
}

int main(int argc, char **argv)
{
    FILE *f;
    int bad = 0;
    if (argc != 2) {
        fputs("usage: pipesim TRACE.json\n", stderr);
        return 2;
    }
    if (!(f = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 2;
    }
    read_trace(f);
    fclose(f);
    printf("%-14s %4s %9s %9s %-5s %7s\n", "kernel", "task", "total", "bound", "pipe", "t/bound");
    for (size_t i = 0; i < nruns; i++) {
        qsort(runs[i].inst, runs[i].n, sizeof *runs[i].inst, by_number);
        pair_flags(&runs[i]);
        bad |= simulate(&runs[i]);
        free(runs[i].inst);
    }
    free(runs);
    return bad;
}
