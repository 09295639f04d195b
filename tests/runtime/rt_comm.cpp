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
//                  and, as a kernel does it, through peer addresses
//                  computed from the communication context
//                  (L + windowsIn[p] - windowsIn[rank]), inside a task
//                  whose tensors are the windows:
//                    tring: row 1 of the previous rank's 2x8 window, which
//                          it filled with 2000*(r-1) + 8*row + i before
//                          TNOTIFY (AtomicAdd) on r's cell; r TWAITs (GE)
//                          and TLOADs it through the peer address
//                    tput: what rank r+1 TSTOREd into r's window,
//                          100*(r+1) + i + 7
//                    tadd: rank 0's window after every rank TSTOREd
//                          (AtomicAdd) (r+1)*(i+1) into it, TLOADed
//   never-notified wait for a signal no rank sends (the timeout test)
//   outside        a remote load past the end of the next rank's window
//   tload-outside task|notask
//                  a TLOAD of 8 floats through the next rank's address of
//                  a 16-byte window, inside a task (the window is its
//                  tensor) or outside any
//   twait-never    TWAIT (GE 1) on cell 1 of a signal nobody notifies
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <pto/comm/pto_comm_inst.hpp>

#include "pyptocc_comm.h"
#include "rt_internal.h"

using namespace pto;

namespace {

constexpr int kN = 8;

void line(FILE *f, const char *key, const float *v) {
    std::fprintf(f, "%s", key);
    for (int i = 0; i < kN; i++)
        std::fprintf(f, " %g", static_cast<double>(v[i]));
    std::fprintf(f, "\n");
}

// A task whose tensors are the given windows (all writable), so that
// TLOAD, TSTORE and the signal intrinsics check their addresses as in a
// kernel of a run.
class InTask {
  public:
    explicit InTask(std::initializer_list<int32_t> windows) {
        for (int32_t w : windows) {
            uintptr_t lo = reinterpret_cast<uintptr_t>(pyptocc_comm_window_base(w));
            ranges_.push_back(pyptocc::internal::GmRange{lo, lo + pyptocc_comm_window_bytes(w), true,
                                                         static_cast<int>(ranges_.size())});
        }
        ctx_ = pyptocc::internal::TaskContext{&ranges_, 0, 0, "rt_comm"};
        pyptocc::internal::run_state().current_task = &ctx_;
    }
    ~InTask() { pyptocc::internal::run_state().current_task = nullptr; }
    InTask(const InTask &) = delete;
    InTask &operator=(const InTask &) = delete;

  private:
    std::vector<pyptocc::internal::GmRange> ranges_;
    pyptocc::internal::TaskContext ctx_{};
};

// Where rank p's copy of this rank's window address L is, as a kernel
// computes it from the communication context.
template <class T> T *peer_addr(T *local, int32_t p) {
    const int64_t *ctx = pyptocc_comm_context();
    const int32_t me = static_cast<int32_t>(ctx[2] & 0xffffffff);
    return reinterpret_cast<T *>(reinterpret_cast<uintptr_t>(local) +
                                 static_cast<uintptr_t>(ctx[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + p] -
                                                        ctx[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + me]));
}

int bad(const char *what) {
    std::fprintf(stderr, "rank %d: FAIL: %s\n", pyptocc_comm_rank(), what);
    return 1;
}

// The context's layout and pyptocc_comm_peer_of on its addresses.
int check_context(int32_t win) {
    const int32_t r = pyptocc_comm_rank(), n = pyptocc_comm_nranks();
    const int64_t *ctx = pyptocc_comm_context();
    if (ctx[2] != static_cast<int64_t>(static_cast<uint64_t>(r) | static_cast<uint64_t>(n) << 32))
        return bad("context word 2 is not rank | nranks << 32");
    for (int p = 0; p < 64; p++) {
        int64_t in = ctx[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + p], out = ctx[PYPTOCC_COMM_CONTEXT_WINDOWS_OUT + p];
        if (in != out || (p < n) != (in != 0))
            return bad("windowsIn/windowsOut");
        if (p > 0 && p < n && in - ctx[PYPTOCC_COMM_CONTEXT_WINDOWS_IN + p - 1] != static_cast<int64_t>(PYPTOCC_COMM_SEG))
            return bad("segments are not PYPTOCC_COMM_SEG apart");
    }
    for (int w : {0, 1, 3})
        if (ctx[w] != 0)
            return bad("a context word other than rankId/rankNum and the windows is not 0");
    char *mine = static_cast<char *>(pyptocc_comm_window_base(win)) + 4;
    int32_t peer = -1;
    const void *local = nullptr;
    if (pyptocc_comm_peer_of(mine, &peer, &local) || pyptocc_comm_peer_of(&peer, &peer, &local))
        return bad("pyptocc_comm_peer_of takes this rank's memory for a peer's");
    for (int32_t p = 0; p < n; p++)
        if (p != r && (!pyptocc_comm_peer_of(peer_addr(mine, p), &peer, &local) || peer != p || local != mine))
            return bad("pyptocc_comm_peer_of on a peer's address");
    return 0;
}

using Row8 = GlobalTensor<float, pto::Shape<1, 1, 1, 1, 8>, pto::Stride<8, 8, 8, 8, 1>>;
using Rows2x8 = GlobalTensor<float, pto::Shape<1, 1, 1, 2, 8>, pto::Stride<16, 16, 16, 8, 1>>;
using Cell = GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 1, 1>>;

// The pto-isa side: ring, peer stores, peer atomic adds (see the top).
int run_pto(float *tring, float *tput, float *tadd) {
    const int32_t r = pyptocc_comm_rank(), n = pyptocc_comm_nranks();
    const int32_t next = (r + 1) % n, prev = (r + n - 1) % n;
    int32_t data = pyptocc_comm_window(16 * sizeof(float), "tdata");
    int32_t sig = pyptocc_comm_window(4, "tsig");
    int32_t in = pyptocc_comm_window(kN * sizeof(float), "tin");
    int32_t acc = pyptocc_comm_window(kN * sizeof(float), "tacc");
    if (check_context(data))
        return 1;
    float *d = static_cast<float *>(pyptocc_comm_window_base(data));
    int32_t *s = static_cast<int32_t *>(pyptocc_comm_window_base(sig));
    float *inbox = static_cast<float *>(pyptocc_comm_window_base(in));
    float *a = static_cast<float *>(pyptocc_comm_window_base(acc));
    InTask task({data, sig, in, acc});

    for (int i = 0; i < 16; i++)
        d[i] = static_cast<float>(2000 * r + i);
    Cell next_sig(peer_addr(s, next)), my_sig(s);
    pto::comm::TNOTIFY(next_sig, 1, pto::comm::NotifyOp::AtomicAdd);
    pto::comm::TWAIT(my_sig, 1, pto::comm::WaitCmp::GE);
    if (!pto::comm::TTEST(my_sig, 1, pto::comm::WaitCmp::EQ) || pto::comm::TTEST(my_sig, 1, pto::comm::WaitCmp::GT))
        return bad("TTEST after the wait");
    Tile<TileType::Vec, float, 2, 8> two;
    TASSIGN(two, 0x0);
    TLOAD(two, Rows2x8(peer_addr(d, prev)));
    for (int i = 0; i < kN; i++)
        tring[i] = two.data()[8 + i];

    Tile<TileType::Vec, float, 1, 8> row;
    TASSIGN(row, 0x100);
    for (int i = 0; i < kN; i++)
        row.data()[i] = static_cast<float>(100 * r + i + 7);
    TSTORE(Row8(peer_addr(inbox, prev)), row);
    for (int i = 0; i < kN; i++)
        row.data()[i] = static_cast<float>((r + 1) * (i + 1));
    TSTORE<Tile<TileType::Vec, float, 1, 8>, Row8, AtomicType::AtomicAdd>(Row8(peer_addr(a, 0)), row);
    pyptocc_comm_barrier();
    std::memcpy(tput, inbox, kN * sizeof(float));
    TLOAD(row, Row8(peer_addr(a, 0)));
    std::memcpy(tadd, row.data(), kN * sizeof(float));
    // Nobody leaves while a peer may still read its windows.
    pyptocc_comm_barrier();
    return 0;
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
    float tring[kN], tput[kN], tadd[kN];
    if (run_pto(tring, tput, tadd))
        return 1;

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
    line(f, "tring", tring);
    line(f, "tput", tput);
    line(f, "tadd", tadd);
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
    } else if (argc >= 3 && std::strcmp(argv[1], "tload-outside") == 0) {
        int32_t small = pyptocc_comm_window(16, "small");
        float *base = static_cast<float *>(pyptocc_comm_window_base(small));
        Tile<TileType::Vec, float, 1, 8> row;
        TASSIGN(row, 0x0);
        if (std::strcmp(argv[2], "task") == 0) {
            InTask task({small});
            TLOAD(row, Row8(peer_addr(base, (pyptocc_comm_rank() + 1) % pyptocc_comm_nranks())));
        } else {
            TLOAD(row, Row8(peer_addr(base, (pyptocc_comm_rank() + 1) % pyptocc_comm_nranks())));
        }
        rc = 3;  // not reached
    } else if (argc >= 2 && std::strcmp(argv[1], "rank-dies") == 0) {
        // Rank 1 is killed while rank 0 waits for its signal: rank 0 must
        // not wait out its timeout (mpirun stops the job).
        int32_t sig = pyptocc_comm_window(4 * static_cast<uint64_t>(pyptocc_comm_nranks()), "orphan");
        if (pyptocc_comm_rank() == 1)
            std::raise(SIGKILL);
        pyptocc_comm_wait(sig, 0, 1, PYPTOCC_WAIT_GE);
        rc = 3;  // not reached
    } else if (argc >= 2 && std::strcmp(argv[1], "twait-never") == 0) {
        int32_t sig = pyptocc_comm_window(8, "tnever");
        Cell cell(static_cast<int32_t *>(pyptocc_comm_window_base(sig)) + 1);
        InTask task({sig});
        pto::comm::TWAIT(cell, 1, pto::comm::WaitCmp::GE);
        rc = 3;  // not reached
    } else {
        std::fprintf(stderr, "usage: %s has-mpi | run DIR | never-notified | outside | tload-outside task|notask | "
                     "twait-never | rank-dies\n", argv[0]);
        rc = 2;
    }
    pyptocc_comm_finalize();
    return rc;
}
