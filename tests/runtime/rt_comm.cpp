// rt_comm.cpp: a multi-rank program on the runtime's communication layer
// (pyptocc_comm.h), run by tests/comm.test with mpirun on 1, 2 and 4 ranks.
// It computes and writes; the test script checks the numbers it wrote
// against its own arithmetic.  Modes (first argument):
//   has-mpi        print "yes" or "no" (was the runtime built with MPI)
//   run DIR        each rank r writes DIR/rank<r>.txt:
//                    ring: the window of rank r-1, which it filled with
//                          1000*(r-1) + i before notifying r, read after
//                          waiting (notify Set, wait Eq, remote load)
//                    acc:  rank 0's accumulator window after every rank
//                          added (r+1)*(i+1) to it (remote store, atomic
//                          add) and a barrier
//                    sum:  allreduce-sum of r*100 + i
//                    put:  what rank r+1 stored into r's window (remote
//                          store, then notify Add, wait Ge)
//   never-notified wait for a signal no rank sends (the timeout test)
//   outside        a remote load past the end of the next rank's window
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "pyptocc_comm.h"

namespace {

constexpr int kN = 8;

void line(FILE *f, const char *key, const float *v) {
    std::fprintf(f, "%s", key);
    for (int i = 0; i < kN; i++)
        std::fprintf(f, " %g", static_cast<double>(v[i]));
    std::fprintf(f, "\n");
}

int run(const char *dir) {
    const int32_t r = pyptocc_comm_rank(), n = pyptocc_comm_nranks();
    const int32_t next = (r + 1) % n, prev = (r + n - 1) % n;
    int32_t data = pyptocc_comm_window(kN * sizeof(float), "data");
    int32_t signal = pyptocc_comm_window(static_cast<uint64_t>(n) * 4, "signal");
    int32_t acc = pyptocc_comm_window(kN * sizeof(float), "acc");
    int32_t inbox = pyptocc_comm_window(kN * sizeof(float), "inbox");
    int32_t ready = pyptocc_comm_window(4, "ready");

    // Ring: fill my window locally, tell the next rank, read the previous one's.
    float *mine = static_cast<float *>(pyptocc_comm_window_base(data));
    for (int i = 0; i < kN; i++)
        mine[i] = static_cast<float>(1000 * r + i);
    pyptocc_comm_notify(signal, next, static_cast<uint64_t>(r), 1, PYPTOCC_NOTIFY_SET);
    pyptocc_comm_wait(signal, static_cast<uint64_t>(prev), 1, PYPTOCC_WAIT_EQ);
    float ring[kN];
    pyptocc_comm_get(data, prev, 0, ring, sizeof ring);

    // Accumulate into rank 0, then a barrier.
    float mine_acc[kN];
    for (int i = 0; i < kN; i++)
        mine_acc[i] = static_cast<float>((r + 1) * (i + 1));
    pyptocc_comm_put(acc, 0, 0, mine_acc, sizeof mine_acc, DataType::FLOAT32, 1);
    pyptocc_comm_barrier();
    float acc0[kN];
    pyptocc_comm_get(acc, 0, 0, acc0, sizeof acc0);

    // All-reduce.
    float sum[kN];
    for (int i = 0; i < kN; i++)
        sum[i] = static_cast<float>(r * 100 + i);
    pyptocc_comm_allreduce(sum, kN, DataType::FLOAT32, PYPTOCC_REDUCE_SUM);

    // Put into the previous rank's inbox, then tell it (Add, Ge).
    float out[kN];
    for (int i = 0; i < kN; i++)
        out[i] = static_cast<float>(-(r * 10 + i));
    pyptocc_comm_put(inbox, prev, 0, out, sizeof out, DataType::FLOAT32, 0);
    pyptocc_comm_notify(ready, prev, 0, 1, PYPTOCC_NOTIFY_ADD);
    pyptocc_comm_wait(ready, 0, 1, PYPTOCC_WAIT_GE);
    const float *got = static_cast<const float *>(pyptocc_comm_window_base(inbox));

    std::string path = std::string(dir) + "/rank" + std::to_string(r) + ".txt";
    FILE *f = std::fopen(path.c_str(), "w");
    if (!f) {
        std::perror(path.c_str());
        return 2;
    }
    std::fprintf(f, "nranks %d\n", n);
    line(f, "ring", ring);
    line(f, "acc", acc0);
    line(f, "sum", sum);
    line(f, "put", got);
    std::fclose(f);
    // Nobody frees a window another rank may still read.
    pyptocc_comm_barrier();
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc >= 2 && std::strcmp(argv[1], "has-mpi") == 0) {
        std::puts(pyptocc_comm_has_mpi() ? "yes" : "no");
        return 0;
    }
    pyptocc_comm_init(&argc, &argv);
    int rc = 0;
    if (argc >= 3 && std::strcmp(argv[1], "run") == 0) {
        rc = run(argv[2]);
    } else if (argc >= 2 && std::strcmp(argv[1], "never-notified") == 0) {
        int32_t sig = pyptocc_comm_window(4 * static_cast<uint64_t>(pyptocc_comm_nranks()), "never");
        pyptocc_comm_wait(sig, 0, 1, PYPTOCC_WAIT_GE);
        rc = 3;  // not reached: the wait times out
    } else if (argc >= 2 && std::strcmp(argv[1], "outside") == 0) {
        int32_t small = pyptocc_comm_window(16, "small");
        char buf[8];
        pyptocc_comm_get(small, (pyptocc_comm_rank() + 1) % pyptocc_comm_nranks(), 12, buf, sizeof buf);
        rc = 3;  // not reached
    } else {
        std::fprintf(stderr, "usage: %s has-mpi | run DIR | never-notified | outside\n", argv[0]);
        rc = 2;
    }
    pyptocc_comm_finalize();
    return rc;
}
