// comm_area.h: the window area shared by the two builds of the multi-rank
// layer (comm_mpi.cpp, comm_single.cpp; not installed).  comm_area.cpp
// reserves one address range of nranks segments, carves windows out of this
// rank's own segment, builds the communication context and routes accesses
// to peer addresses to the layer that was started, through the Backend it
// registered.  comm_area.cpp itself needs no MPI, so that a program of one
// rank, whose kernels test addresses against the area, links no MPI.
#ifndef PYPTOCC_COMM_AREA_H
#define PYPTOCC_COMM_AREA_H

#include <cstdint>

#include "pyptocc_comm.h"

namespace pyptocc::area {

// What the started layer does with a window (by its id) at a byte offset.
// get, put and notify are the layer's pyptocc_comm_get/put/notify (notify
// with PyptoccNotifyOp); wait polls this rank's INT32 cell at `offset`
// until the comparison holds (the label names the operation in a timeout);
// load reads this rank's INT32 cell atomically.
struct Backend {
    void (*get)(int32_t win, int32_t peer, uint64_t offset, void *dst, uint64_t bytes);
    void (*put)(int32_t win, int32_t peer, uint64_t offset, const void *src, uint64_t bytes, DataType dtype, int add);
    void (*notify)(int32_t win, int32_t peer, uint64_t cell, int32_t value, int32_t op);
    void (*wait)(int32_t win, uint64_t offset, int32_t expected, int32_t cmp, const char *label);
    int32_t (*load)(int32_t win, uint64_t offset);
    void (*abort)(int status);  // does not return
};

// Reserves the area for `nranks` ranks (at most PYPTOCC_COMM_MAX_RANKS, else
// a fatal error) if it is not reserved, and records the backend.
void init(int32_t rank, int32_t nranks, const Backend *backend);
// Makes the next `bytes` of this rank's segment (page aligned) readable,
// writable and zero, for window `id`; a fatal error past the segment's end.
void *carve(uint64_t bytes, const char *name, int32_t id);
// Unmaps the area (pyptocc_comm_finalize).
void release();
// This rank's communication context (init first).
const int64_t *context();
// That of the domain of the ranks of `members` (init first), or NULL
// (pyptocc_comm_domain_context).
const int64_t *domain_context(uint64_t members);
// Whether v compares to expected as cmp (PyptoccWaitCmp) says, and the
// comparison's text for messages (">=").
bool compare(int32_t v, int32_t expected, int32_t cmp);
const char *cmp_text(int32_t cmp);

}  // namespace pyptocc::area

#endif
