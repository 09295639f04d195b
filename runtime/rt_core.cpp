// rt_core.cpp: fatal errors, the simulated on-chip buffers, global-memory
// access checks and the block index (the library side of pto/pto-inst.hpp).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "pto/pto-inst.hpp"
#include "rt_internal.h"

namespace pyptocc::internal {
RunState &run_state()
{
    static thread_local RunState state;
    return state;
}

RankHooks &rank_hooks()
{
    static RankHooks hooks;
    return hooks;
}

bool checked_numel(const uint64_t *dims, uint64_t ndims, uint64_t elem_size, uint64_t *numel, uint64_t *bytes) {
    uint64_t n = 1;
    for (uint64_t i = 0; i < ndims; i++) {
        if (dims[i] != 0 && n > UINT64_MAX / dims[i])
            return false;
        n *= dims[i];
    }
    if (elem_size != 0 && n > UINT64_MAX / elem_size)
        return false;
    *numel = n;
    *bytes = n * elem_size;
    return true;
}

bool dim_link_ok(const PyptoccProgram *p, int32_t k) {
    const PyptoccArg &a = p->args[k];
    return a.dim_of == 0 || (a.dir == PYPTOCC_ARG_SCALAR && a.dim_of > 0 && a.dim_of <= p->nargs && a.dim_axis >= 0 &&
                             a.dim_axis < p->args[a.dim_of - 1].ndims);
}
}  // namespace pyptocc::internal

using namespace pyptocc::internal;

namespace pyptocc {

void fatal(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (const TaskContext *t = run_state().current_task) {
        if (t->task >= 0)
            std::fprintf(stderr, "pyptocc runtime error: %s (in task %lld, kernel '%s', func id %d)\n", msg,
                         static_cast<long long>(t->task), t->kernel, t->func_id);
        else
            std::fprintf(stderr, "pyptocc runtime error: %s (in kernel '%s')\n", msg, t->kernel);
    } else {
        std::fprintf(stderr, "pyptocc runtime error: %s\n", msg);
    }
    std::fflush(stderr);
    if (run_state().run_depth > 0)
        throw Error{};
    std::exit(1);
}

namespace {
// The A5 capacities (passes.md 6), indexed by pto::TileType.
constexpr uint64_t kCapacity[6] = {256 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 4 * 1024};

struct Buffers {
    unsigned char *p[6] = {};
    Buffers() = default;
    Buffers(const Buffers &) = delete;
    Buffers &operator=(const Buffers &) = delete;
    ~Buffers() {
        for (unsigned char *b : p)
            std::free(b);
    }
};
thread_local Buffers buffers;
}  // namespace

unsigned char *sim_buffer(int loc, uint64_t *capacity) {
    if (loc < 0 || loc >= 6)
        fatal("TASSIGN: unknown tile location %d", loc);
    if (!buffers.p[loc]) {
        buffers.p[loc] = static_cast<unsigned char *>(std::calloc(kCapacity[loc], 1));
        if (!buffers.p[loc])
            fatal("out of memory for the simulated %s buffer", pto::detail::loc_name(static_cast<pto::TileType>(loc)));
    }
    *capacity = kCapacity[loc];
    return buffers.p[loc];
}

void check_gm(const void *lo_p, const void *hi_p, bool write, const char *op) {
    const TaskContext *t = run_state().current_task;
    if (!t || !t->ranges)
        return;
    uintptr_t lo = reinterpret_cast<uintptr_t>(lo_p), hi = reinterpret_cast<uintptr_t>(hi_p);
    const GmRange *readonly = nullptr;
    for (const GmRange &r : *t->ranges) {
        if (r.lo <= lo && hi <= r.hi) {
            if (!write || r.writable)
                return;
            readonly = &r;
        }
    }
    if (readonly)
        fatal("%s: writes to the tensor of parameter %d, which the task passes as an input", op, readonly->param);
    fatal("%s: global memory [%#llx, %#llx) (%llu bytes) is outside every tensor of the task", op,
          static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi),
          static_cast<unsigned long long>(hi - lo));
}

int64_t current_block_idx() { return run_state().block_idx; }
int64_t current_aiv_lane() { return run_state().aiv_lane; }
int64_t current_aiv_lanes() { return run_state().aiv_lanes; }

}  // namespace pyptocc

// The SDMA workspace a kernel's prefetch context is made over (pypto's
// runtime gives each prefetching kernel one as a hidden argument; PTOAS's
// context only passes it on).  A CPU prefetch touches none of it.
extern "C" __gm__ int8_t *pyptocc_sdma_workspace(void) {
    static int8_t workspace[4096];
    return workspace;
}
