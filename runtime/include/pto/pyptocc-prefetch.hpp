// pto/pyptocc-prefetch.hpp: the asynchronous GM -> L2 prefetch of pto-isa's
// API (pto::PrefetchAsyncContext, pto::TPREFETCH_ASYNC, pto::comm::AsyncEvent
// and AsyncSession; pto/common/pto_instr.hpp, pto/comm/comm_types.hpp).  A
// CPU has no L2 to warm, so a prefetch changes nothing, as on the NPU
// (pypto docs/en/dev/ir/05-operators.md: "a kernel is numerically
// identical with or without it"); what is checked is what the NPU needs:
// a context over a workspace (the runtime's, pyptocc_sdma_workspace), a
// source in the running task's tensors that is one flat row, and an event
// that a prefetch made.
#ifndef PYPTOCC_PTO_PREFETCH_HPP
#define PYPTOCC_PTO_PREFETCH_HPP

#include <cstdint>

#include "pto/pyptocc-tile.hpp"

extern "C" __gm__ int8_t *pyptocc_sdma_workspace(void);

namespace pto {
namespace comm {

struct AsyncSession {
    const void *owner = nullptr;   // the context it belongs to
};

// The completion of one prefetch; a default-constructed one was made by
// no prefetch, and waiting on it is an error.
struct AsyncEvent {
    const void *owner = nullptr;
    // Whether the prefetch has landed: on the CPU at once.
    bool Wait(const AsyncSession &session) const {
        PYPTOCC_PROFILE(WAIT_ASYNC_EVENT);
        check(session, "AsyncEvent::Wait");
        return true;
    }
    bool Test(const AsyncSession &session) const {
        check(session, "AsyncEvent::Test");
        return true;
    }

  private:
    void check(const AsyncSession &session, const char *op) const {
        if (!owner)
            pyptocc::fatal("%s: the event was made by no TPREFETCH_ASYNC", op);
        if (session.owner != owner)
            pyptocc::fatal("%s: the session is not the one of the context the prefetch used", op);
    }
};

}  // namespace comm

struct PrefetchAsyncContext {
    __gm__ uint8_t *workspace = nullptr;
    comm::AsyncSession session;
    PrefetchAsyncContext() = default;
    explicit PrefetchAsyncContext(__gm__ uint8_t *ws) : workspace(ws) { session.owner = this; }
    PrefetchAsyncContext(const PrefetchAsyncContext &) = delete;   // the session names this one
    PrefetchAsyncContext &operator=(const PrefetchAsyncContext &) = delete;
};

// Starts pulling src into L2: checks it, changes nothing.
template <GlobalTensorT GT> comm::AsyncEvent TPREFETCH_ASYNC(GT &src, PrefetchAsyncContext &ctx) {
    PYPTOCC_PROFILE(TPREFETCH_ASYNC, src);
    if (!ctx.workspace)
        pyptocc::fatal("TPREFETCH_ASYNC: the prefetch context has no SDMA workspace");
    if (!src.data())
        pyptocc::fatal("TPREFETCH_ASYNC: the source GlobalTensor has a null pointer");
    int64_t n = src.GetShape(4);
    for (int i = 0; i < 4; i++)
        if (src.GetShape(i) != 1)
            pyptocc::fatal("TPREFETCH_ASYNC: the source has shape [%lld, %lld, %lld, %lld, %lld]; a prefetch takes one "
                           "flat row",
                           static_cast<long long>(src.GetShape(0)), static_cast<long long>(src.GetShape(1)),
                           static_cast<long long>(src.GetShape(2)), static_cast<long long>(src.GetShape(3)),
                           static_cast<long long>(n));
    if (src.GetStride(4) != 1)
        pyptocc::fatal("TPREFETCH_ASYNC: the source is not contiguous (its last stride is %lld)",
                       static_cast<long long>(src.GetStride(4)));
    pyptocc::check_gm(src.data(), src.data() + n, false, "TPREFETCH_ASYNC");
    comm::AsyncEvent e;
    e.owner = &ctx;
    return e;
}

}  // namespace pto

#endif
