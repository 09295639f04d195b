// pyptocc_comm.h: the runtime's multi-rank layer, what the distributed
// operations of `pypto.language.distributed` (pld) run on.
//
// Each rank is one process.  Built with MPI (configure found Open MPI through
// pkg-config), the processes are MPI processes started by `mpirun -np N`;
// built without it, there is exactly one rank and any attempt to run on
// more stops with a message that the runtime needs MPI (runtime/README.md,
// "Ranks").
//
// A window is memory of the same size on every rank that the other ranks
// reach (pld.alloc_window_buffer): an MPI RMA window (MPI_Win_create over
// this rank's segment of the window area, below), held in passive-target
// mode (MPI_Win_lock_all) from its allocation to its release.  Offsets are bytes from the start of the window.  Completion:
//   - pyptocc_comm_get and pyptocc_comm_put complete (MPI_Win_flush) before
//     they return: the data is in the destination;
//   - pyptocc_comm_notify first makes this rank's own stores to its windows
//     visible (MPI_Win_sync), then updates the peer's signal cell
//     atomically (MPI_Accumulate with MPI_REPLACE or MPI_SUM) and completes;
//   - pyptocc_comm_wait reads its signal cell atomically (MPI_Fetch_and_op
//     with MPI_NO_OP) until the comparison holds, then syncs this rank's
//     windows, so what a peer wrote before its notify is seen after the wait.
// A wait gives up after PYPTOCC_COMM_TIMEOUT seconds (environment; default
// 60; a decimal number, > 0) with a fatal error that names the signal, the
// cell, the rank and the value awaited, and stops every rank.
#ifndef PYPTOCC_COMM_H
#define PYPTOCC_COMM_H

#include <cstdint>

#include "tensor.h"

// The window area.  Every window lives in one reserved address range of
// nranks segments of PYPTOCC_COMM_SEG bytes: segment p starts at
// area + p * PYPTOCC_COMM_SEG.  Only this rank's own segment is ever
// accessible; the others stay PROT_NONE, so that dereferencing a peer's
// address faults instead of reading the wrong memory.  Windows are carved
// from the own segment in allocation order at page-aligned offsets; as
// every rank allocates the same windows in the same order, a window has
// the same offset on every rank, and the element of peer p's copy that
// corresponds to this rank's address L is (in this process) at
//   L + (windowsIn[p] - windowsIn[rank])      (the context, below)
// which is how a kernel on the NPU reaches it too.  TLOAD, TSTORE and
// pto::comm::TNOTIFY/TWAIT/TTEST (pto/comm/pto_comm_inst.hpp) recognise
// such an address and go through pyptocc_comm_peer_read/write and
// pyptocc_comm_signal_*.
constexpr uint64_t PYPTOCC_COMM_SEG = uint64_t{1} << 30;
constexpr int32_t PYPTOCC_COMM_MAX_RANKS = 64;
// The communication context: pypto's CommContext, as 132 int64 words
// (1056 bytes).  Bytes 16..19 rankId (u32), 20..23 rankNum (u32), i.e.
// word 2 = rank | (uint64)nranks << 32; words 4..67 windowsIn[64],
// windowsIn[p] = the address of segment p in this process for p < nranks,
// 0 after; words 68..131 windowsOut[64], the same values; the rest 0.
constexpr int PYPTOCC_COMM_CONTEXT_WORDS = 132;
constexpr int PYPTOCC_COMM_CONTEXT_WINDOWS_IN = 4;
constexpr int PYPTOCC_COMM_CONTEXT_WINDOWS_OUT = 68;

extern "C" {

// The area's bounds [lo, hi) and this rank's segment's start, 0 while no
// area exists (set once, by the first window or pyptocc_comm_context).
extern uintptr_t pyptocc_comm_area_lo, pyptocc_comm_area_hi, pyptocc_comm_own_lo;

// Starts the multi-rank layer (MPI_Init) if it is not running; safe to call
// again.  argc/argv may be null.  Fatal error (status 1) if the process was
// started as one of several ranks and the runtime has no MPI.
void pyptocc_comm_init(int *argc, char ***argv);
// Ends it (frees the windows, MPI_Finalize); safe to call when not started.
void pyptocc_comm_finalize(void);
// Whether this runtime was built with MPI.
int pyptocc_comm_has_mpi(void);

// This process's rank and the number of ranks (1 without MPI).
int32_t pyptocc_comm_rank(void);
int32_t pyptocc_comm_nranks(void);

// Collective: every rank allocates a zeroed window of `bytes` bytes (the same
// on every rank; a mismatch is a fatal error).  `name` (kept, not copied)
// names it in messages.  Returns the window's id (>= 0).
int32_t pyptocc_comm_window(uint64_t bytes, const char *name);
// This rank's memory of window `win`.
void *pyptocc_comm_window_base(int32_t win);
uint64_t pyptocc_comm_window_bytes(int32_t win);

// Copies `bytes` bytes at `offset` of `peer`'s window into dst.
void pyptocc_comm_get(int32_t win, int32_t peer, uint64_t offset, void *dst, uint64_t bytes);
// Copies `bytes` bytes from src to `offset` of `peer`'s window; with add
// nonzero each element (of type dtype) is added to what is there, atomically.
void pyptocc_comm_put(int32_t win, int32_t peer, uint64_t offset, const void *src, uint64_t bytes, DataType dtype,
                      int add);

// pld.NotifyOp and pld.WaitCmp (pyptocc_comm_notify: 0 is Set, 1 Add, unlike
// PyptoccSignalOp above; the comparisons are numbered alike everywhere).
enum PyptoccNotifyOp { PYPTOCC_NOTIFY_SET = 0, PYPTOCC_NOTIFY_ADD = 1 };
enum PyptoccWaitCmp {
    PYPTOCC_WAIT_EQ = 0,
    PYPTOCC_WAIT_NE = 1,
    PYPTOCC_WAIT_GT = 2,
    PYPTOCC_WAIT_GE = 3,
    PYPTOCC_WAIT_LT = 4,
    PYPTOCC_WAIT_LE = 5
};

// Sets (or adds `value` to) INT32 cell `cell` of `peer`'s window `win`.
void pyptocc_comm_notify(int32_t win, int32_t peer, uint64_t cell, int32_t value, int32_t op);
// Waits until INT32 cell `cell` of this rank's window `win` compares to
// `expected` (cmp: PyptoccWaitCmp), or the timeout passes (fatal error).
void pyptocc_comm_wait(int32_t win, uint64_t cell, int32_t expected, int32_t cmp);

// This rank's communication context (layout above), after
// pyptocc_comm_init; reserves the area if no window has yet.  The area's
// addresses do not change until pyptocc_comm_finalize.
const int64_t *pyptocc_comm_context(void);
// The context of the communication domain of the ranks whose bits of
// `members` are set (pypto's CommGroup of a device subset): its rankId is
// this rank's place among them, its rankNum how many they are, windowsIn[i]
// the segment of the i-th of them; NULL when this rank is not one of them
// or some are not ranks of the program.  The same pointer for the same
// domain until pyptocc_comm_finalize.
const int64_t *pyptocc_comm_domain_context(uint64_t members);

// 1 when addr lies in a peer's segment (not this rank's): *peer is that
// rank, *local the same place in this rank's own segment,
// addr - (peer - rank) * PYPTOCC_COMM_SEG.  0 otherwise (this rank's own
// segment, memory outside the area, no area).
int pyptocc_comm_peer_of(const void *addr, int32_t *peer, const void **local);

// Copies `bytes` bytes of `peer`'s copy of the window memory at `local`
// (an address in this rank's own segment; the range lies wholly in one
// window, else a fatal error naming it) into dst (MPI_Get, flushed).
void pyptocc_comm_peer_read(int32_t peer, const void *local, void *dst, uint64_t bytes);
// Copies src there on `peer` (MPI_Put, flushed); with add nonzero adds each
// element of type dtype atomically (MPI_Accumulate with MPI_SUM: FLOAT32,
// INT32, INT16 and INT8; another dtype is a fatal error).
void pyptocc_comm_peer_write(int32_t peer, const void *local, const void *src, uint64_t bytes, DataType dtype,
                             int add);

// pto-isa's numbering of pto::comm::NotifyOp (NOT that of PyptoccNotifyOp,
// below: there 0 is Set).
enum PyptoccSignalOp { PYPTOCC_SIGNAL_ADD = 0, PYPTOCC_SIGNAL_SET = 1 };
// Adds `value` to (op PYPTOCC_SIGNAL_ADD) or sets (PYPTOCC_SIGNAL_SET) the
// INT32 cell at addr: in a peer's segment, that peer's cell; in this rank's
// own, this rank's; as pyptocc_comm_notify does (this rank's stores made
// visible first, then an atomic update, completed).  A cell outside the
// area is plain memory of this process, updated in place.
void pyptocc_comm_signal_notify(const void *addr, int32_t value, int32_t op);
// Waits until the INT32 cell at addr, which is this rank's (own segment, or
// plain memory), compares to `expected` (cmp: PyptoccWaitCmp, the numbering
// of pto::comm::WaitCmp), as pyptocc_comm_wait does: the same timeout and
// message.  A peer's address is a fatal error (a wait is on local memory);
// so is a cell outside the area whose comparison does not hold at once
// (nothing else could change it), and, with one rank, any cell whose
// comparison does not hold at once.
void pyptocc_comm_signal_wait(const void *addr, int32_t expected, int32_t cmp);
// Whether that cell compares to `expected` now (read atomically).
int pyptocc_comm_signal_test(const void *addr, int32_t expected, int32_t cmp);

// Every rank reaches this point before any leaves it (MPI_Barrier).
void pyptocc_comm_barrier(void);

// Elementwise reduction of `count` elements of `dtype` at buf over all
// ranks, in place, the result on every rank (MPI_Allreduce).  op: 0 sum,
// 1 max, 2 min, 3 product.  Supported dtypes: FLOAT32, INT32, INT64.
enum PyptoccReduceOp { PYPTOCC_REDUCE_SUM = 0, PYPTOCC_REDUCE_MAX = 1, PYPTOCC_REDUCE_MIN = 2, PYPTOCC_REDUCE_PROD = 3 };
void pyptocc_comm_allreduce(void *buf, uint64_t count, DataType dtype, int32_t op);

// Rank 0 receives every rank r's `bytes` bytes at buf + r * bytes into its
// own buf at the same place (MPI_Gather); the others' buf is unchanged.
void pyptocc_comm_gather(void *buf, uint64_t bytes);
// Every rank's buf becomes root's `bytes` bytes at buf (MPI_Bcast).
void pyptocc_comm_bcast(void *buf, uint64_t bytes, int32_t root);
// recv + p * bytes receives rank p's `bytes` bytes at send, on every rank
// (MPI_Allgather; send and recv do not overlap).
void pyptocc_comm_allgather(const void *send, void *recv, uint64_t bytes);
// recv + p * bytes receives rank p's bytes at its send + r * bytes, on
// rank r (MPI_Alltoall; send and recv do not overlap).
void pyptocc_comm_alltoall(const void *send, void *recv, uint64_t bytes);
// The largest of every rank's `value` (MPI_Allreduce with MPI_MAX): do all
// ranks agree that nothing failed.
int32_t pyptocc_comm_max(int32_t value);

// Stops every rank after a fatal error on this one (MPI_Abort with `status`;
// without MPI, exit).
[[noreturn]] void pyptocc_comm_abort(int status);
}

// Whether addr may lie in a peer's segment (then pyptocc_comm_peer_of
// says which): with no area, one comparison.
// This rank, as the window area says (its segment's place in the area;
// no call into the layer, so that single-rank programs need no MPI).
inline int32_t pyptocc_comm_area_rank() {
    return static_cast<int32_t>((pyptocc_comm_own_lo - pyptocc_comm_area_lo) / PYPTOCC_COMM_SEG);
}

// Whether addr is window memory, this rank's or a peer's: every rank's
// to write (signals, remote stores), whatever a task passes it as.
inline bool pyptocc_comm_in_area(const void *addr) {
    uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    return a - pyptocc_comm_area_lo < pyptocc_comm_area_hi - pyptocc_comm_area_lo;
}

inline bool pyptocc_comm_maybe_peer(const void *addr) {
    uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    return a - pyptocc_comm_area_lo < pyptocc_comm_area_hi - pyptocc_comm_area_lo &&
           a - pyptocc_comm_own_lo >= PYPTOCC_COMM_SEG;
}

#endif
