// host_collective.cpp: the host collectives of host orchestration
// (host_collective.h).  On the NPU each is a builtin kernel per rank
// that signals, waits and copies over HCCL windows; here every rank runs
// it over this rank's memory of the window views with MPI's collectives
// (pyptocc_comm.h), between the barriers host_ranks.cpp puts around every
// step.  Reductions go in rank order, each step rounded to the element
// type, so every rank computes the same bits.  The checks are the
// builtins' (pypto's LowerHostTensorCollectives): an INT32 signal with a
// cell per rank and lane, data of FP16 or FP32, a ring of FP32 whose size
// the ranks divide, a root among the ranks; the signal's cells are left
// as the builtin leaves them, zero.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "host_collective.h"
#include "pyptocc_comm.h"

namespace pyptocc::internal {

int64_t per_ranks(int64_t c, int64_t per_rank, int64_t n) {
    int64_t m, v;
    if (__builtin_mul_overflow(per_rank, n, &m) || __builtin_add_overflow(c, m, &v) || v < 0)
        return -1;
    return v;
}

bool view_memory(const PyptoccProgram *p, const std::vector<int32_t> &windows, const PyptoccWindowView &v,
                 const char *what, void **data, uint64_t *shape) {
    const int32_t n = pyptocc_comm_nranks();
    if (v.window < 0 || v.window >= static_cast<int32_t>(windows.size()) || v.ndims < 0 || v.ndims > 5) {
        std::fprintf(stderr, "pyptocc runtime error: malformed window view ('%s')\n", what);
        return false;
    }
    uint64_t bytes = data_type_size(v.dtype);
    for (int32_t d = 0; d < v.ndims; d++) {
        int64_t e = per_ranks(v.dims[d], v.dims_per_rank[d], n);
        if (e < 0) {
            std::fprintf(stderr, "pyptocc runtime error: '%s' views window '%s' with a negative extent\n", what,
                         p->windows[v.window].name);
            return false;
        }
        shape[d] = static_cast<uint64_t>(e);
        if (__builtin_mul_overflow(bytes, shape[d], &bytes))
            bytes = UINT64_MAX;
    }
    const int32_t win = windows[static_cast<size_t>(v.window)];
    if (bytes > pyptocc_comm_window_bytes(win)) {
        std::fprintf(stderr, "pyptocc runtime error: '%s' views %llu bytes of window '%s', which has %llu\n", what,
                     static_cast<unsigned long long>(bytes), p->windows[v.window].name,
                     static_cast<unsigned long long>(pyptocc_comm_window_bytes(win)));
        return false;
    }
    *data = pyptocc_comm_window_base(win);
    return true;
}

namespace {

// IEEE half <-> float (the data of an FP16 all-reduce).
float half_to_float(uint16_t h) {
    const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 0 ? std::ldexp(static_cast<float>(m), -24)
              : e == 31 ? (m ? NAN : INFINITY)
                        : std::ldexp(static_cast<float>(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

uint16_t float_to_half(float f) {   // round to nearest even
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000;
    const int32_t e = static_cast<int32_t>((x >> 23) & 0xff);
    uint32_t m = x & 0x7fffff;
    if (e == 0xff)
        return static_cast<uint16_t>(sign | 0x7c00 | (m ? 0x200 : 0));
    int32_t he = e - 127 + 15;
    if (he >= 31)
        return static_cast<uint16_t>(sign | 0x7c00);
    if (he <= 0) {   // a subnormal half, or zero
        if (he < -10)
            return static_cast<uint16_t>(sign);
        m |= 0x800000;
        const int shift = 14 - he;
        uint32_t hm = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rest > half || (rest == half && (hm & 1)))
            hm++;
        return static_cast<uint16_t>(sign | hm);
    }
    uint32_t hm = m >> 13, rest = m & 0x1fff;
    uint32_t out = sign | (static_cast<uint32_t>(he) << 10) | hm;
    if (rest > 0x1000 || (rest == 0x1000 && (hm & 1)))
        out++;   // may carry into the exponent: still right
    return static_cast<uint16_t>(out);
}

float combine(float a, float b, int32_t op) {
    switch (op) {
    case PYPTOCC_REDUCE_MAX:
        return a > b ? a : b;
    case PYPTOCC_REDUCE_MIN:
        return a < b ? a : b;
    case PYPTOCC_REDUCE_PROD:
        return a * b;
    default:
        return a + b;
    }
}

// dst[i] = every rank's all[p * count + i] reduced in rank order.
void reduce_ranks(void *dst, const unsigned char *all, uint64_t count, DataType dt, int32_t op, int32_t n) {
    const uint64_t esize = data_type_size(dt);
    for (uint64_t i = 0; i < count; i++) {
        float acc = 0;
        for (int32_t p = 0; p < n; p++) {
            const unsigned char *e = all + (static_cast<uint64_t>(p) * count + i) * esize;
            float v;
            if (dt == DataType::FLOAT16) {
                uint16_t h;
                std::memcpy(&h, e, 2);
                v = half_to_float(h);
            } else {
                std::memcpy(&v, e, 4);
            }
            acc = p == 0 ? v : combine(acc, v, op);
            if (dt == DataType::FLOAT16)
                acc = half_to_float(float_to_half(acc));
        }
        unsigned char *d = static_cast<unsigned char *>(dst) + i * esize;
        if (dt == DataType::FLOAT16) {
            uint16_t h = float_to_half(acc);
            std::memcpy(d, &h, 2);
        } else {
            std::memcpy(d, &acc, 4);
        }
    }
}

uint64_t numel(const uint64_t *shape, int32_t ndims) {
    uint64_t c = 1;
    for (int32_t d = 0; d < ndims; d++)
        c *= shape[d];
    return c;
}

}  // namespace

// all_to_all_v: rank r sends block p of its stage, [MAX_RECV, SIZE] with
// MAX_RECV = the target's rows / the ranks, whole to rank p (the NPU
// builtin pushes the whole block too), and min(counts[p], MAX_RECV) into
// rank p's recv[r], the rows of it that are valid.
template <typename Fail>
int all_to_all_v(const PyptoccProgram *p, const std::vector<int32_t> &windows, const PyptoccHostStep &s, void *data,
                 const uint64_t *dshape, void *stage, const uint64_t *sshape, Fail fail) {
    const int32_t n = pyptocc_comm_nranks();
    void *counts = nullptr, *recv = nullptr;
    uint64_t cshape[5] = {}, rshape[5] = {};
    if (!view_memory(p, windows, s.counts, "the send counts", &counts, cshape) ||
        !view_memory(p, windows, s.recv, "the receive counts", &recv, rshape))
        return 1;
    if (dshape[0] % static_cast<uint64_t>(n) != 0 || sshape[0] != dshape[0] || sshape[1] != dshape[1])
        return fail("its input and target need [world_size * MAX_RECV, SIZE] rows, the same");
    if (s.counts.dtype != DataType::INT32 || s.recv.dtype != DataType::INT32 ||
        numel(cshape, s.counts.ndims) < static_cast<uint64_t>(n) || numel(rshape, s.recv.ndims) < static_cast<uint64_t>(n))
        return fail("its counts need an INT32 cell per rank, [world_size, 1]");
    const uint64_t max_recv = dshape[0] / static_cast<uint64_t>(n);
    std::vector<int32_t> send(static_cast<size_t>(n)), got(static_cast<size_t>(n));
    int bad = 0;
    for (int32_t q = 0; q < n; q++) {
        int32_t c;
        std::memcpy(&c, static_cast<const unsigned char *>(counts) + static_cast<uint64_t>(q) * 4, 4);
        bad |= c < 0;
        send[static_cast<size_t>(q)] = static_cast<uint64_t>(c) > max_recv ? static_cast<int32_t>(max_recv) : c;
    }
    if (bad) {
        std::fprintf(stderr, "pyptocc runtime error: %s on rank %d: a negative count of rows to send\n", s.what,
                     pyptocc_comm_rank());
        return 1;
    }
    pyptocc_comm_alltoall(send.data(), got.data(), 4);
    pyptocc_comm_alltoall(stage, data, max_recv * dshape[1] * data_type_size(s.data.dtype));
    for (int32_t q = 0; q < n; q++)
        std::memcpy(static_cast<unsigned char *>(recv) + static_cast<uint64_t>(q) * 4, &got[static_cast<size_t>(q)], 4);
    return 0;
}

int host_collective(const PyptoccProgram *p, const std::vector<int32_t> &windows, const PyptoccHostStep &s) {
    const int32_t n = pyptocc_comm_nranks(), r = pyptocc_comm_rank();
    const char *what = s.what ? s.what : "a host collective";
    void *data = nullptr, *stage = nullptr, *sig = nullptr;
    uint64_t dshape[5] = {}, sshape[5] = {}, gshape[5] = {};
    auto fail = [&](const char *why) {
        if (r == 0)
            std::fprintf(stderr, "pyptocc runtime error: %s on %d ranks: %s\n", what, n, why);
        return 1;
    };
    if (s.kind < PYPTOCC_STEP_ALLREDUCE || s.kind > PYPTOCC_STEP_ALL_TO_ALL_V)
        return fail("malformed step table");
    // The signal: INT32, a cell per rank ([NR]) or per rank and lane ([NR, LANES]).
    if (!view_memory(p, windows, s.signal, "the signal", &sig, gshape))
        return 1;
    const uint64_t lanes = s.lanes > 0 ? static_cast<uint64_t>(s.lanes) : 1;
    if (s.signal.dtype != DataType::INT32 || s.signal.ndims < 1 || s.signal.ndims > 2 ||
        gshape[0] < static_cast<uint64_t>(n) || (s.signal.ndims == 1 ? lanes != 1 : gshape[1] < lanes))
        return fail(lanes == 1 ? "its signal needs an INT32 cell per rank, [world_size] or [world_size, 1]"
                               : "its signal needs INT32 cells [world_size, core_num]");
    if (s.kind == PYPTOCC_STEP_BARRIER)
        return 0;   // host_ranks.cpp's barrier after the step is the barrier
    if (!view_memory(p, windows, s.data, "the data", &data, dshape))
        return 1;
    const uint64_t esize = data_type_size(s.data.dtype), count = numel(dshape, s.data.ndims);
    const uint64_t bytes = count * esize;
    switch (s.kind) {
    case PYPTOCC_STEP_ALLREDUCE: {
        if (s.data.dtype != DataType::FLOAT32 && (s.ring || s.data.dtype != DataType::FLOAT16))
            return fail(s.ring ? "a ring all-reduce takes FP32 data" : "an all-reduce takes FP16 or FP32 data");
        if (s.ring && (count % static_cast<uint64_t>(n) != 0 || n > 16))
            return fail("a ring all-reduce needs a size the ranks divide, on at most 16 ranks");
        std::vector<unsigned char> all(bytes * static_cast<uint64_t>(n));
        pyptocc_comm_allgather(data, all.data(), bytes);
        reduce_ranks(data, all.data(), count, s.data.dtype, s.op, n);
        return 0;
    }
    case PYPTOCC_STEP_BROADCAST:
        if (s.root < 0 || s.root >= n)
            return fail("its root is not one of the ranks");
        pyptocc_comm_bcast(data, bytes, s.root);
        return 0;
    case PYPTOCC_STEP_REDUCE_SCATTER: {
        if (s.data.dtype != DataType::FLOAT32 && s.data.dtype != DataType::FLOAT16)
            return fail("a reduce-scatter takes FP16 or FP32 data");
        if (s.data.ndims != 2 || dshape[0] < static_cast<uint64_t>(n))
            return fail("its data needs a row per rank, [world_size, SIZE]");
        const uint64_t row = dshape[1];
        std::vector<unsigned char> all(bytes * static_cast<uint64_t>(n)), mine(row * esize * static_cast<uint64_t>(n));
        pyptocc_comm_allgather(data, all.data(), bytes);
        for (int32_t q = 0; q < n; q++)   // every rank's row r, in rank order
            std::memcpy(mine.data() + static_cast<uint64_t>(q) * row * esize,
                        all.data() + static_cast<uint64_t>(q) * bytes + static_cast<uint64_t>(r) * row * esize,
                        row * esize);
        reduce_ranks(static_cast<unsigned char *>(data) + static_cast<uint64_t>(r) * row * esize, mine.data(), row,
                     s.data.dtype, s.op, n);
        return 0;
    }
    default:
        break;
    }
    // allgather, all_to_all: a stage window pushed into data's rows.
    if (!view_memory(p, windows, s.stage, "the input", &stage, sshape))
        return 1;
    if (s.stage.window == s.data.window)
        return fail("its input and target are one window");
    if (s.stage.dtype != s.data.dtype || s.data.ndims != 2 || s.stage.ndims != 2 || dshape[0] < static_cast<uint64_t>(n))
        return fail("its input and target need one element type and rows per rank, [world_size, SIZE]");
    const uint64_t row = dshape[1] * esize;
    if (s.kind == PYPTOCC_STEP_ALL_TO_ALL_V)
        return all_to_all_v(p, windows, s, data, dshape, stage, sshape, fail);
    if (s.kind == PYPTOCC_STEP_ALLGATHER) {
        if (sshape[0] != 1 || sshape[1] != dshape[1])
            return fail("its input is this rank's row, [1, SIZE] of the target's SIZE");
        pyptocc_comm_allgather(stage, data, row);
    } else {
        if (sshape[0] < static_cast<uint64_t>(n) || sshape[1] != dshape[1])
            return fail("its input has a row per rank, [world_size, SIZE] of the target's SIZE");
        pyptocc_comm_alltoall(stage, data, row);
    }
    return 0;
}

}  // namespace pyptocc::internal
