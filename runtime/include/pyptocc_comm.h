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
// reach (pld.alloc_window_buffer): an MPI RMA window (MPI_Win_allocate),
// held in passive-target mode (MPI_Win_lock_all) from its allocation to its
// release.  Offsets are bytes from the start of the window.  Completion:
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

extern "C" {

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

// pld.NotifyOp and pld.WaitCmp.
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
// The largest of every rank's `value` (MPI_Allreduce with MPI_MAX): do all
// ranks agree that nothing failed.
int32_t pyptocc_comm_max(int32_t value);

// Stops every rank after a fatal error on this one (MPI_Abort with `status`;
// without MPI, exit).
[[noreturn]] void pyptocc_comm_abort(int status);
}

#endif
