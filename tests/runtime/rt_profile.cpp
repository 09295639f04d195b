// rt_profile.cpp: the cycle model (runtime/profile.h) pinned on hand-computed
// cases: independent pipes overlap, a barrier serialises them, a flag pair
// orders exactly its two instructions, waits before their sets, S waits,
// deadlocks and data races are errors; then the intrinsics' pipes and
// costs against the cited figures (worked out by hand below), that every
// intrinsic reports itself, and --profile / --trace on the command line.
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "profile.h"
#include "pyptocc_runtime.h"
#include "rt_test.h"

using namespace pto;
namespace prof = pyptocc::prof;
using prof::Pipe;

namespace {

const prof::Config kBare{0, 0};  // no issue or sync cycles: pure pipe arithmetic

prof::Result run(prof::Kernel &&k, const prof::Config &c = prof::Config()) { return std::move(k).finish(c); }

prof::Access vec(uint64_t lo, uint64_t hi, bool write) { return prof::Access{0, write, lo, hi}; }

void test_overlap() {
    // Two independent pipes overlap: the total is the longer one.
    prof::Kernel k("overlap", 0);
    k.work(prof::MTE2, 100);
    k.work(prof::V, 50);
    prof::Result r = run(std::move(k), kBare);
    CHECK(r.error.empty());
    CHECK(r.total == 100 && r.busy[prof::MTE2] == 100 && r.busy[prof::V] == 50 && r.busy[prof::S] == 0);
    CHECK(r.bound() == 100 && r.bound_pipe() == prof::MTE2);

    // The same with the default costs: S issues at 1 cycle each, so MTE2
    // runs [1, 101) and V [2, 52).
    prof::Kernel d("overlap", 0);
    d.work(prof::MTE2, 100);
    d.work(prof::V, 50);
    r = run(std::move(d));
    CHECK(r.total == 101 && r.busy[prof::S] == 2);
    CHECK(r.entries[0].start == 1 && r.entries[0].end == 101 && r.entries[1].start == 2 && r.entries[1].end == 52);
}

void test_barrier() {
    // pipe_barrier(PIPE_ALL) holds S until MTE2 is done: V starts after it.
    prof::Kernel k("barrier", 0);
    k.work(prof::MTE2, 100);
    k.barrier(prof::kAllPipes);
    k.work(prof::V, 50);
    prof::Result r = run(std::move(k), kBare);
    CHECK(r.error.empty() && r.total == 150 && r.entries[2].start == 100 && r.barriers == 1);

    // Defaults: MTE2 [1, 101); the barrier waits on S from 1 to 101 and
    // takes [101, 102); V is issued in [102, 103) and runs [103, 153).
    prof::Kernel d("barrier", 0);
    d.work(prof::MTE2, 100);
    d.barrier(prof::kAllPipes);
    d.work(prof::V, 50);
    r = run(std::move(d));
    CHECK(r.total == 153 && r.entries[1].reach == 1 && r.entries[1].start == 101 && r.entries[2].start == 103);
    CHECK(r.busy[prof::S] == 3);  // two issues and the barrier itself

    // A barrier on one pipe does not hold the others.
    prof::Kernel v("bar_v", 0);
    v.work(prof::MTE2, 100);
    v.barrier(prof::V);
    v.work(prof::V, 50);
    r = run(std::move(v), kBare);
    CHECK(r.total == 100 && r.entries[2].start == 0);
}

void test_flag_pair() {
    // MTE2: A set B; V: X wait Y.  The pair orders A before Y and nothing
    // else: X overlaps A, B overlaps Y.
    prof::Kernel k("pair", 0);
    k.work(prof::MTE2, 100);             // A
    k.set_flag(prof::MTE2, prof::V, 0);  // after A
    k.work(prof::MTE2, 100);             // B
    k.work(prof::V, 50);                 // X
    k.wait_flag(prof::MTE2, prof::V, 0);
    k.work(prof::V, 50);  // Y
    prof::Result r = run(std::move(k), kBare);
    const std::vector<prof::Entry> &e = r.entries;
    CHECK(r.error.empty() && r.total == 200 && r.sets == 1 && r.waits == 1);
    CHECK(e[3].start == 0 && e[3].end == 50);      // X overlaps A
    CHECK(e[5].start == e[0].end);                 // Y right after A
    CHECK(e[2].start == 100 && e[2].end == 200);   // B overlaps Y
    CHECK(e[4].reach == 50 && e[4].start == 100);  // V stalls at the wait from 50 to 100

    // Defaults: A [1, 101), set [101, 102), B [102, 202); X is issued at
    // 4 and runs [4, 54); the wait reaches V at 54, runs [102, 103); Y
    // [103, 153).
    prof::Kernel d("pair", 0);
    d.work(prof::MTE2, 100);
    d.set_flag(prof::MTE2, prof::V, 0);
    d.work(prof::MTE2, 100);
    d.work(prof::V, 50);
    d.wait_flag(prof::MTE2, prof::V, 0);
    d.work(prof::V, 50);
    r = run(std::move(d));
    CHECK(r.total == 202 && r.entries[1].start == 101 && r.entries[2].start == 102 && r.entries[3].start == 4 &&
          r.entries[4].reach == 54 && r.entries[4].start == 102 && r.entries[5].start == 103);
    CHECK(r.busy[prof::MTE2] == 201 && r.busy[prof::V] == 101 && r.busy[prof::S] == 6);

    // Another event id is another flag: the k-th wait takes the k-th set
    // of its own (source, destination, event).
    prof::Kernel f("events", 0);
    f.work(prof::MTE2, 10);
    f.set_flag(prof::MTE2, prof::V, 1);
    f.work(prof::MTE2, 100);
    f.set_flag(prof::MTE2, prof::V, 0);
    f.wait_flag(prof::MTE2, prof::V, 0);
    f.work(prof::V, 5);
    f.wait_flag(prof::MTE2, prof::V, 1);
    r = run(std::move(f), kBare);
    CHECK(r.error.empty() && r.entries[5].start == 110 && r.entries[4].pair == 3 && r.entries[6].pair == 1);
}

void test_wait_first() {
    // A wait issued before its set is legal: V holds until MTE2 sets.
    prof::Kernel k("wait_first", 0);
    k.wait_flag(prof::MTE2, prof::V, 0);
    k.work(prof::V, 50);
    k.work(prof::MTE2, 100);
    k.set_flag(prof::MTE2, prof::V, 0);
    prof::Result r = run(std::move(k), kBare);
    CHECK(r.error.empty() && r.total == 150 && r.entries[1].start == 100);

    // S waits for V (wait_flag(PIPE_V, PIPE_S)): what S issues next starts
    // after it.
    prof::Kernel s("s_wait", 0);
    s.work(prof::V, 50);
    s.set_flag(prof::V, prof::S, 2);
    s.wait_flag(prof::V, prof::S, 2);
    s.work(prof::MTE2, 100);
    r = run(std::move(s), kBare);
    CHECK(r.error.empty() && r.total == 150 && r.entries[3].start == 50);
}

void test_deadlock() {
    prof::Kernel k("unmatched", 0);
    k.work(prof::MTE2, 10);
    k.wait_flag(prof::MTE2, prof::V, 3);
    k.work(prof::V, 10);
    prof::Result r = run(std::move(k));
    CHECKF(r.error.find("deadlock: V waits at wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID3) (instruction #2, on V), which "
                        "no set_flag matches") != std::string::npos,
           "%s", r.error.c_str());

    // Each pipe waits for a set that comes after the other's wait.
    prof::Kernel c("cycle", 0);
    c.wait_flag(prof::V, prof::MTE2, 0);
    c.set_flag(prof::MTE2, prof::V, 0);
    c.wait_flag(prof::MTE2, prof::V, 0);
    c.set_flag(prof::V, prof::MTE2, 0);
    r = run(std::move(c));
    CHECKF(r.error.find("deadlock:") == 0 && r.error.find("which never runs") != std::string::npos, "%s",
           r.error.c_str());

    // A barrier cannot drain a pipe stuck at a wait whose set comes later.
    prof::Kernel b("barrier", 0);
    b.wait_flag(prof::MTE2, prof::V, 0);
    b.barrier(prof::kAllPipes);
    b.set_flag(prof::MTE2, prof::V, 0);
    r = run(std::move(b));
    CHECKF(r.error.find("S waits at pipe_barrier(PIPE_ALL)") != std::string::npos, "%s", r.error.c_str());

    // A set never waited for is a warning, not an error.
    prof::Kernel w("extra_set", 0);
    w.set_flag(prof::V, prof::MTE3, 0);
    w.set_flag(prof::V, prof::MTE3, 0);
    w.wait_flag(prof::V, prof::MTE3, 0);
    r = run(std::move(w));
    CHECK(r.error.empty() && r.warnings.size() == 1 &&
          r.warnings[0] == "set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0) is set 2 times but waited for 1 times");
}

void test_races() {
    auto kernel = [](int sync) {
        prof::Kernel k("race", 0);
        k.work(prof::MTE2, 100, prof::Op::TLOAD, {vec(0, 4096, true)});
        if (sync == 1) {
            k.set_flag(prof::MTE2, prof::V, 0);
            k.wait_flag(prof::MTE2, prof::V, 0);
        } else if (sync == 2) {
            k.barrier(prof::kAllPipes);
        }
        k.work(prof::V, 50, prof::Op::TADD, {vec(8192, 12288, true), vec(4064, 4096, false)});
        return std::move(k).finish();
    };
    prof::Result r = kernel(0);
    CHECKF(r.error == "data race: TADD (instruction #2, on V) reads Vec[0xfe0, 0x1000), which TLOAD (instruction #1, "
                      "on MTE2) writes, and no set_flag/wait_flag pair or pipe_barrier orders them",
           "%s", r.error.c_str());
    CHECK(kernel(1).error.empty() && kernel(2).error.empty());

    // Disjoint bytes need no order; a write after a read on another pipe does.
    prof::Kernel d("disjoint", 0);
    d.work(prof::MTE2, 100, prof::Op::TLOAD, {vec(0, 4096, true)});
    d.work(prof::V, 50, prof::Op::TADD, {vec(4096, 8192, true), vec(8192, 9000, false)});
    d.work(prof::MTE2, 100, prof::Op::TLOAD, {vec(8192, 8224, true)});
    r = std::move(d).finish();
    CHECKF(r.error.find("data race: TLOAD (instruction #3, on MTE2) writes Vec[0x2000, 0x2020), which TADD "
                        "(instruction #2, on V) reads") == 0,
           "%s", r.error.c_str());

    // On V a read after a write needs pipe_barrier(PIPE_V); a write after a
    // read or a write does not; MTE2 finishes in order.
    auto vpipe = [](bool bar, bool raw) {
        prof::Kernel k("v", 0);
        k.work(prof::V, 10, prof::Op::TEXP, {vec(0, 256, true)});
        if (bar)
            k.barrier(prof::V);
        k.work(prof::V, 10, prof::Op::TEXP, {vec(0, 256, !raw)});
        k.work(prof::MTE2, 10, prof::Op::TLOAD, {vec(1024, 2048, true)});
        k.work(prof::MTE2, 10, prof::Op::TLOAD, {vec(1024, 2048, true)});
        return std::move(k).finish();
    };
    CHECK(vpipe(false, true).error.find("data race: TEXP (instruction #2, on V) reads") == 0);
    CHECK(vpipe(true, true).error.empty() && vpipe(false, false).error.empty());

    // Orders are transitive through flags: MTE2 -> V -> MTE3.
    prof::Kernel t("chain", 0);
    t.work(prof::MTE2, 10, prof::Op::TLOAD, {vec(0, 64, true)});
    t.set_flag(prof::MTE2, prof::V, 0);
    t.wait_flag(prof::MTE2, prof::V, 0);
    t.work(prof::V, 10);
    t.set_flag(prof::V, prof::MTE3, 0);
    t.wait_flag(prof::V, prof::MTE3, 0);
    t.work(prof::MTE3, 10, prof::Op::TSTORE, {vec(0, 64, false)});
    CHECK(std::move(t).finish().error.empty());
}

// ---- the intrinsics, recorded through the hook

using F32Tile = Tile<TileType::Vec, float, 64, 128>;

// Runs f as a kernel with the model on; the result of the run.
template <class F> prof::Result profiled(F f) {
    prof::results().clear();
    prof::enabled = true;
    prof::keep_timeline = true;
    prof::begin_kernel("k", -1);
    f();
    prof::end_kernel();
    prof::enabled = false;
    prof::keep_timeline = false;
    return prof::results().back();
}

const prof::Entry *find(const prof::Result &r, prof::Op op) {
    for (const prof::Entry &e : r.entries)
        if (e.op == op)
            return &e;
    return nullptr;
}

void test_intrinsic_costs() {
    static float gm[256 * 128];
    prof::Result r = profiled([] {
        F32Tile a, b, c;
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x8000);
        TASSIGN(c, 0x10000);
        GlobalTensor<float, pto::Shape<1, 1, 1, 64, 128>, pto::Stride<1, 1, 1, 128, 1>> g(gm);
        TLOAD(a, g);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TADD(c, a, a);
        pipe_barrier(PIPE_V);
        TSUB(b, c, a);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(g, b);
        pipe_barrier(PIPE_ALL);
    });
    CHECK(r.error.empty());
    // [B] GM->UB fitted: (30643 + 32768) B / (247.16 GiB/s / 1.85 GHz) = 442.03.
    const prof::Entry *e = find(r, prof::Op::TLOAD);
    CHECK(e && e->pipe == prof::MTE2 && e->cycles == 442 && e->bytes == 32768);
    // [C] vadd: 10 + 2 * 128 repeats + 14.
    e = find(r, prof::Op::TADD);
    CHECK(e && e->pipe == prof::V && e->cycles == 280);
    // [F] TSUB fp32, 128 columns: 0.0325 * 8192 + 16.5 = 282.74.
    e = find(r, prof::Op::TSUB);
    CHECK(e && e->pipe == prof::V && e->cycles == 283);
    // [B] UB->GM fitted: (1755 + 32768) / (28.19 GiB/s / 1.85 GHz) = 2110.2.
    e = find(r, prof::Op::TSTORE);
    CHECK(e && e->pipe == prof::MTE3 && e->cycles == 2110);
    CHECK(find(r, prof::Op::TASSIGN)->pipe == prof::S && find(r, prof::Op::TASSIGN)->cycles == 1);

    // Bursts: a tile's rows are whole 32-byte blocks, so an 8x8 f32 tile
    // moves 256 bytes whether its rows are contiguous in global memory (one
    // burst) or not (8 bursts of one block); the 8x4 valid region of an 8x8
    // tile is 8 rows of 16 bytes that are not contiguous in the tile, so it
    // moves 8 whole blocks as well.
    r = profiled([] {
        Tile<TileType::Vec, float, 8, 8> t;
        Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, 8, 4> h;
        TASSIGN(t, 0x0);
        TASSIGN(h, 0x0);
        GlobalTensor<float, pto::Shape<1, 1, 1, 8, 8>, pto::Stride<1, 1, 1, 8, 1>> dense(gm);
        GlobalTensor<float, pto::Shape<1, 1, 1, 8, 8>, pto::Stride<1, 1, 1, 64, 1>> strided(gm);
        GlobalTensor<float, pto::Shape<1, 1, 1, 8, 4>, pto::Stride<1, 1, 1, 4, 1>> narrow(gm);
        TLOAD(t, dense);
        pipe_barrier(PIPE_MTE2);
        TLOAD(t, strided);
        pipe_barrier(PIPE_MTE2);
        TLOAD(h, narrow);
    });
    CHECK(r.entries[2].bytes == 256 && r.entries[4].bytes == 256 && r.entries[6].bytes == 256);
    CHECK(r.entries[2].cycles == 215 && r.entries[4].cycles == 215);  // (30643 + 256) / 143.45

    // A valid region narrower than the tile: one repeat per row, plus the
    // count mode floor (192-byte rows): 10 + 2 * 16 + 14 + 16.
    r = profiled([] {
        Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC> x(16, 48), y(16, 48);
        TASSIGN(x, 0x0);
        TASSIGN(y, 0x1000);
        TADD(y, x, x);
    });
    CHECK(find(r, prof::Op::TADD)->cycles == 72);

    // [M] matmuls on M; [P] TMOV Mat->Left on MTE1, TSTORE from Acc on FIX.
    r = profiled([] {
        Tile<TileType::Mat, half, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor> l1;
        Tile<TileType::Left, half, 64, 64, BLayout::RowMajor, 64, 64, SLayout::RowMajor> l;
        Tile<TileType::Right, half, 64, 64, BLayout::RowMajor, 64, 64, SLayout::ColMajor> rr;
        Tile<TileType::Acc, float, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor, 1024> acc;
        TASSIGN(l1, 0x0);
        TASSIGN(l, 0x0);
        TASSIGN(rr, 0x0);
        TASSIGN(acc, 0x0);
        TMOV(l, l1);
        TMOV(rr, l1);
        set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        TMATMUL(acc, l, rr);
        set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<1, 1, 1, 64, 1>> c(gm);
        TSTORE(c, acc);
    });
    CHECKF(r.error.empty(), "%s", r.error.c_str());
    const prof::Entry *mv = find(r, prof::Op::TMOV);
    CHECK(mv && mv->pipe == prof::MTE1 && mv->cycles == 32);              // 8192 B / (441 GiB/s / 1.85 GHz) = 32.0
    CHECK(r.entries[5].pipe == prof::MTE1 && r.entries[5].cycles == 64);  // L1->L0B at 220.5 GiB/s
    e = find(r, prof::Op::TMATMUL);
    CHECK(e && e->pipe == prof::M && e->cycles == 70);  // 6 + 4 * 4 * 4
    e = find(r, prof::Op::TSTORE);
    CHECK(e && e->pipe == prof::FIX && e->cycles == 1899);  // (29104 + 16384) / (41.25 GiB/s / 1.85 GHz)
}

// Every intrinsic reports itself, once, under its own name.
void test_every_intrinsic() {
    using T = Tile<TileType::Vec, float, 16, 16>;
    using I = Tile<TileType::Vec, int32_t, 16, 16>;
    using C = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
    using R = Tile<TileType::Vec, float, 1, 16>;
    using Mask = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2>;  // 16 bits a row
    using P = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Zero>;
    static int32_t ints[256];
    // Each vector instruction behind a barrier: they depend on each other.
#define B(...) (__VA_ARGS__, pipe_barrier(PIPE_V))
    prof::Result r = profiled([] {
        T a, b, d, t;
        I ia, ib, id, it;
        C col;
        R row;
        Mask m;
        P pd;
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x400);
        TASSIGN(d, 0x800);
        TASSIGN(t, 0xc00);
        TASSIGN(ia, 0x1000);
        TASSIGN(ib, 0x1400);
        TASSIGN(id, 0x1800);
        TASSIGN(it, 0x1c00);
        TASSIGN(col, 0x2000);
        TASSIGN(row, 0x2100);
        TASSIGN(m, 0x2200);
        TASSIGN(pd, 0x2400);
        for (int i = 0; i < 256; i++)
            ints[i] = i + 1;
        GlobalTensor<int32_t, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<1, 1, 1, 16, 1>> g(ints);
        TLOAD(ia, g);
        TLOAD(ib, g);
        pipe_barrier(PIPE_ALL);
        B(TADD(d, a, b)), B(TSUB(d, a, b)), B(TMUL(d, a, b)), B(TDIV(d, a, b)), B(TMAX(d, a, b)), B(TMIN(d, a, b));
        B(TAND(id, ia, ib)), B(TOR(id, ia, ib)), B(TSHL(id, ia, ib)), B(TSHR(id, ia, ib));
        B(TREM(id, ia, ib, it)), B(TXOR(id, ia, ib, it)), B(TPRELU(d, a, b, t)), B(TADDC(d, a, b, a)),
            B(TSUBC(d, a, b, a));
        B(TADDSC(d, a, 1.0f, b)), B(TSUBSC(d, a, 1.0f, b));
        B(TADDS(d, a, 1.0f)), B(TSUBS(d, a, 1.0f)), B(TMULS(d, a, 2.0f)), B(TDIVS(d, a, 2.0f)), B(TMAXS(d, a, 0.0f));
        B(TMINS(d, a, 0.0f)), B(TLRELU(d, a, 0.1f)), B(TANDS(id, ia, 3)), B(TORS(id, ia, 3)), B(TSHLS(id, ia, 1)),
            B(TSHRS(id, ia, 1));
        B(TREMS(id, ia, 3, it)), B(TXORS(id, ia, 3, it)), B(TEXPANDS(d, 1.0f));
        B(TEXP(d, a)), B(TLOG(d, b)), B(TSQRT(d, b)), B(TRSQRT(d, b)), B(TRECIP(d, b)), B(TNEG(d, a)), B(TABS(d, a)),
            B(TRELU(d, a));
        B(TNOT(id, ia)), B(TCVT(d, ia, RoundMode::CAST_NONE));
        B(TCMP(m, a, b, CmpMode::LT)), B(TCMPS(m, a, 0.0f, CmpMode::GT)), B(TSEL(d, m, a, b, t));
        B(TROWSUM(col, a, t)), B(TROWMAX(col, a, t)), B(TROWMIN(col, a, t)), B(TCOLSUM(row, a)), B(TCOLMAX(row, a)),
            B(TCOLMIN(row, a));
        B(TROWEXPAND(d, col)), B(TCOLEXPAND(d, row)), B(TROWEXPANDADD(d, a, col)), B(TROWEXPANDSUB(d, a, col));
        B(TROWEXPANDMUL(d, a, col)), B(TROWEXPANDDIV(d, a, col)), B(TCOLEXPANDADD(d, a, row)),
            B(TCOLEXPANDSUB(d, a, row));
        B(TCOLEXPANDMUL(d, a, row)), B(TCOLEXPANDDIV(d, a, row));
        B(TFILLPAD(pd, a)), B(TMOV(d, a)), B(TTRANS(d, a, t));
        set_mask_norm(), set_vector_mask(-1, -1);
    });
#undef B
    CHECKF(r.error.empty(), "%s", r.error.c_str());
    std::string got;
    for (const prof::Entry &e : r.entries)
        if (e.op != prof::Op::TASSIGN && e.kind == prof::Entry::Work)
            got += std::string(prof::op_name(e.op)) + (e.pipe == prof::V || e.pipe == prof::S ? "" : "!") + " ";
    const char *want =
        "TLOAD! TLOAD! TADD TSUB TMUL TDIV TMAX TMIN TAND TOR TSHL TSHR TREM TXOR TPRELU TADDC TSUBC TADDSC TSUBSC "
        "TADDS TSUBS TMULS TDIVS TMAXS TMINS TLRELU TANDS TORS TSHLS TSHRS TREMS TXORS TEXPANDS TEXP TLOG TSQRT TRSQRT "
        "TRECIP TNEG TABS TRELU TNOT TCVT TCMP TCMPS TSEL TROWSUM TROWMAX TROWMIN TCOLSUM TCOLMAX TCOLMIN TROWEXPAND "
        "TCOLEXPAND TROWEXPANDADD TROWEXPANDSUB TROWEXPANDMUL TROWEXPANDDIV TCOLEXPANDADD TCOLEXPANDSUB "
        "TCOLEXPANDMUL TCOLEXPANDDIV TFILLPAD TMOV TTRANS SET_MASK_NORM SET_VECTOR_MASK ";
    CHECKF(got == want, "got %s", got.c_str());
    for (const prof::Entry &e : r.entries)
        CHECKF(e.kind != prof::Entry::Work || e.cycles > 0, "%s costs nothing", prof::op_name(e.op));
}

// ---- the command line

namespace k_prog {
// A direct kernel with a flag pair, and one whose wait has no set.
static void add_kernel(__gm__ float *a, __gm__ float *c, bool broken) {
    using TT = Tile<TileType::Vec, float, 16, 16>;
    TT x, y;
    TASSIGN(x, 0x0);
    TASSIGN(y, 0x400);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>> ga(a), gc(c);
    TLOAD(x, ga);
    if (!broken)
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADD(y, x, x);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(gc, y);
    pipe_barrier(PIPE_ALL);
}
template <bool Broken> void entry(__gm__ int64_t *args) {
    Tensor *a = reinterpret_cast<Tensor *>(args[0]);
    Tensor *c = reinterpret_cast<Tensor *>(args[1]);
    add_kernel(static_cast<float *>(a->data), static_cast<float *>(c->data), Broken);
}
const PyptoccKernel kKernels[] = {{0, "double_it", entry<false>}};
const PyptoccKernel kBroken[] = {{0, "no_set", entry<true>}};
const PyptoccArg kArgs[] = {{"a", DataType::FLOAT32, 2, {16, 16, 0, 0, 0}, PYPTOCC_ARG_IN},
                            {"c", DataType::FLOAT32, 2, {16, 16, 0, 0, 0}, PYPTOCC_ARG_OUT}};
const PyptoccProgram kProgram = {"double_it", kKernels, 1, kArgs, 2, nullptr, nullptr, 0};
const PyptoccProgram kBrokenProgram = {"no_set", kBroken, 1, kArgs, 2, nullptr, nullptr, 0};
}  // namespace k_prog

std::string g_dir;

int run_main(const PyptoccProgram &p, std::vector<std::string> args, std::string &out) {
    args.insert(args.begin(), "prog");
    return rt_test::in_child(
        [&]() {
            dup2(2, 1);
            if (chdir(g_dir.c_str()) != 0)
                return 99;
            std::vector<char *> argv;
            for (std::string &s : args)
                argv.push_back(s.data());
            argv.push_back(nullptr);
            return pyptocc_run_main(&p, static_cast<int>(args.size()), argv.data());
        },
        out);
}

std::string slurp(const std::string &path) {
    std::string s;
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            s.append(buf, n);
        std::fclose(f);
    }
    return s;
}

void test_command_line() {
    char tmpl[] = "/tmp/rt_profile_XXXXXX";
    CHECK(mkdtemp(tmpl) != nullptr);
    g_dir = tmpl;
    std::string out;
    CHECK(run_main(k_prog::kProgram, {"--help"}, out) == 0);
    CHECK(out.find("--profile") != std::string::npos && out.find("--trace FILE") != std::string::npos);

    // The table.  S runs the two TASSIGNs [0, 2), issues the other seven
    // instructions [2, 9) and the barrier.  MTE2: the 16x16 f32 load
    // (30643 + 1024) / 143.45 = 220 cycles [3, 223), set [223, 224).  V:
    // wait [224, 225), vadd 10 + 2 * 4 + 14 = 32 [225, 257), set [257, 258).
    // MTE3: wait [258, 259), store (1755 + 1024) / 16.36 = 169 [259, 428).
    // The barrier [428, 429).
    CHECK(run_main(k_prog::kProgram, {"--profile"}, out) == 0);
    CHECKF(out.find("kernel     task     total     bound  pipe t/bound        S     MTE1     MTE2     MTE3        V    "
                    "    M      FIX set_flag wait_flag pipe_barrier\n") != std::string::npos,
           "%s", out.c_str());
    CHECKF(out.find("double_it    -1       429       221  MTE2    1.94       10        0      221      170       34"
                    "        0        0        2         2            1\n") != std::string::npos,
           "%s", out.c_str());

    // The trace: JSON with a track per pipe, slices and one flow per pair;
    // byte-identical from run to run.
    CHECK(run_main(k_prog::kProgram, {"--trace", "t1.json"}, out) == 0 && out.find("kernel") == std::string::npos);
    CHECK(run_main(k_prog::kProgram, {"--trace=t2.json", "--profile"}, out) == 0);
    std::string t1 = slurp(g_dir + "/t1.json"), t2 = slurp(g_dir + "/t2.json");
    CHECK(!t1.empty() && t1 == t2);
    CHECK(t1.find("\"traceEvents\": [") != std::string::npos && t1.rfind("\n]}\n") == t1.size() - 4);
    CHECK(
        t1.find("{\"ph\": \"M\", \"pid\": 1, \"tid\": 3, \"name\": \"thread_name\", \"args\": {\"name\": \"MTE2\"}}") !=
        std::string::npos);
    CHECK(t1.find("\"ts\": 3, \"dur\": 220, \"name\": \"TLOAD 16x16 f32\", \"cat\": \"MTE2\"") != std::string::npos);
    CHECK(t1.find("{\"ph\": \"s\", \"pid\": 1, \"tid\": 3, \"ts\": 223, \"id\": 1, \"name\": \"flag\"") !=
          std::string::npos);
    CHECK(t1.find("{\"ph\": \"f\", \"bp\": \"e\", \"pid\": 1, \"tid\": 5, \"ts\": 224, \"id\": 1") !=
          std::string::npos);

    // A wait without its set is a deadlock: the run fails, nothing written.
    CHECK(run_main(k_prog::kBrokenProgram, {"--profile", "--out-dir=o2"}, out) == 1);
    CHECKF(
        out.find("pyptocc runtime error: cycle model: deadlock: V waits at wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0) "
                 "(instruction #4, on V), which no set_flag matches (the kernel sets this flag 0 times and waits for "
                 "it 1 times); MTE3 waits at") != std::string::npos &&
            out.find("(in kernel 'no_set')") != std::string::npos,
        "%s", out.c_str());
    struct stat st;
    CHECK(stat((g_dir + "/o2").c_str(), &st) != 0);
    // Without the model the same program runs (the CPU ignores flags).
    CHECK(run_main(k_prog::kBrokenProgram, {"--out-dir=o3"}, out) == 0);

    CHECK(run_main(k_prog::kProgram, {"--trace"}, out) == 2 &&
          out.find("--trace needs a file name") != std::string::npos);
    CHECK(run_main(k_prog::kProgram, {"--trace", "no/such/dir/t.json"}, out) == 2 &&
          out.find("--trace: no/such/dir/t.json: No such file or directory") != std::string::npos);
}

}  // namespace

int main() {
    test_overlap();
    test_barrier();
    test_flag_pair();
    test_wait_first();
    test_deadlock();
    test_races();
    test_intrinsic_costs();
    test_every_intrinsic();
    test_command_line();
    return rt_test::finish("rt_profile");
}
