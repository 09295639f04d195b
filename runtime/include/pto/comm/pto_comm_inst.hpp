// pto/comm/pto_comm_inst.hpp: pyptocc's CPU implementation of pto-isa's
// signal intrinsics between ranks, pto::comm::TNOTIFY, TWAIT and TTEST,
// on INT32 cells that a GlobalTensor addresses: in this rank's window
// memory, or in a peer's (an address computed from the communication
// context, pyptocc_comm.h).  They go through the multi-rank layer
// (pyptocc_comm_signal_notify, _wait, _test).  Data moves between ranks
// with TLOAD and TSTORE (pto/pyptocc-transfer.hpp).  Generated code
// includes this header by the path pto-isa gives it.
#ifndef PYPTOCC_PTO_COMM_INST_HPP
#define PYPTOCC_PTO_COMM_INST_HPP

#include "pto/pto-inst.hpp"
#include "pyptocc_comm.h"

namespace pto::comm {

// pto-isa's numbering (pyptocc_comm.h: PyptoccSignalOp, PyptoccWaitCmp).
enum class NotifyOp : uint8_t { AtomicAdd = 0, Set = 1 };
enum class WaitCmp : uint8_t { EQ = 0, NE = 1, GT = 2, GE = 3, LT = 4, LE = 5 };

namespace detail {
template <class GT> constexpr void rule_signal() {
    static_assert(std::is_same_v<typename GT::DType, int32_t>,
                  "pyptocc runtime: a signal GlobalTensor has element type int32_t");
}

// Checks that the cell at p lies in memory the running task owns (for a
// peer's cell, this rank's same place in its window memory; the message
// then says "<to_peer> rank P").  A cell of a window is checked for its
// place only: a signal window is every rank's to signal, and a task may
// pass it as an input (pypto's windows are); elsewhere a write needs a
// tensor the task writes.
inline void check_cell(const int32_t *p, bool write, const char *op, const char *to_peer) {
    int32_t peer = 0;
    const void *local = p;
    bool window = pyptocc_comm_in_area(p);
    if (pyptocc_comm_peer_of(p, &peer, &local)) {
        pto::detail::PeerLabel label(to_peer, peer);
        pyptocc::check_gm(local, static_cast<const unsigned char *>(local) + 4, false, label.text);
    } else {
        pyptocc::check_gm(p, p + 1, write && !window, op);
    }
}

// Calls f on the address of every element of g (dimension 4 fastest).
template <class GT, class F> void each_cell(const GT &g, F f) {
    for (int64_t i0 = 0; i0 < g.GetShape(0); i0++)
        for (int64_t i1 = 0; i1 < g.GetShape(1); i1++)
            for (int64_t i2 = 0; i2 < g.GetShape(2); i2++)
                for (int64_t i3 = 0; i3 < g.GetShape(3); i3++)
                    for (int64_t i4 = 0; i4 < g.GetShape(4); i4++)
                        f(&g(i0, i1, i2, i3, i4));
}

template <class GT> void need_data(const GT &g, const char *op) {
    if (!g.data())
        pyptocc::fatal("%s: the signal GlobalTensor has a null pointer", op);
}
}  // namespace detail

// Sets the cell at signal.data() to value (Set), or adds value to it
// (AtomicAdd), atomically: this rank's or a peer's.  What this rank
// stored into its windows before is visible to whoever waits for it.
// The GlobalTensor addresses one cell (pto-isa's TNOTIFY signals one).
template <GlobalTensorT GT> void TNOTIFY(GT &signal, int32_t value, NotifyOp op) {
    PYPTOCC_PROFILE(TNOTIFY, signal, value, op);
    detail::rule_signal<GT>();
    detail::need_data(signal, "TNOTIFY");
    for (int i = 0; i < 5; i++)
        if (signal.GetShape(i) != 1)
            pyptocc::fatal("TNOTIFY: the signal GlobalTensor has shape [%lld, %lld, %lld, %lld, %lld]; TNOTIFY signals "
                           "one cell",
                           static_cast<long long>(signal.GetShape(0)), static_cast<long long>(signal.GetShape(1)),
                           static_cast<long long>(signal.GetShape(2)), static_cast<long long>(signal.GetShape(3)),
                           static_cast<long long>(signal.GetShape(4)));
    detail::check_cell(signal.data(), true, "TNOTIFY", "TNOTIFY to");
    pyptocc_comm_signal_notify(signal.data(), value, static_cast<int32_t>(op));
}

// Waits until every cell of signal (this rank's) compares to cmpValue,
// cell by cell in order, or PYPTOCC_COMM_TIMEOUT passes (a fatal error
// naming the window, the cell and the value awaited).
template <GlobalTensorT GT> void TWAIT(GT &signal, int32_t cmpValue, WaitCmp cmp) {
    PYPTOCC_PROFILE(TWAIT, signal, cmpValue, cmp);
    detail::rule_signal<GT>();
    detail::need_data(signal, "TWAIT");
    detail::each_cell(signal, [&](const int32_t *p) {
        detail::check_cell(p, false, "TWAIT", "TWAIT on");
        pyptocc_comm_signal_wait(p, cmpValue, static_cast<int32_t>(cmp));
    });
}

// Whether every cell of signal (this rank's) compares to cmpValue now.
template <GlobalTensorT GT> bool TTEST(GT &signal, int32_t cmpValue, WaitCmp cmp) {
    PYPTOCC_PROFILE(TTEST, signal, cmpValue, cmp);
    detail::rule_signal<GT>();
    detail::need_data(signal, "TTEST");
    bool all = true;
    detail::each_cell(signal, [&](const int32_t *p) {
        detail::check_cell(p, false, "TTEST", "TTEST on");
        if (all && !pyptocc_comm_signal_test(p, cmpValue, static_cast<int32_t>(cmp)))
            all = false;
    });
    return all;
}

}  // namespace pto::comm

#endif
