// host_collective.h: the host collectives of a multi-rank program's host
// orchestration (pld.tensor.allreduce, barrier, broadcast, allgather,
// reduce_scatter, all_to_all at pl.Level.HOST), run on every rank over
// its window views (host_collective.cpp), and the window views they and
// the launches share (host_ranks.cpp).
#ifndef PYPTOCC_HOST_COLLECTIVE_H
#define PYPTOCC_HOST_COLLECTIVE_H

#include <cstdint>
#include <vector>

#include "pyptocc_runtime.h"

namespace pyptocc::internal {

// c + per_rank * n, or -1 when that is negative or overflows.
int64_t per_ranks(int64_t c, int64_t per_rank, int64_t n);

// This rank's memory of view v (windows: the program's window ids) and
// its shape (v.ndims dimensions); false after a message naming `what`
// (a negative extent, a view larger than its window).
bool view_memory(const PyptoccProgram *p, const std::vector<int32_t> &windows, const PyptoccWindowView &v,
                 const char *what, void **data, uint64_t *shape);

// Runs collective step s on this rank (every rank calls it): 0, or 1
// after a message.
int host_collective(const PyptoccProgram *p, const std::vector<int32_t> &windows, const PyptoccHostStep &s);

}  // namespace pyptocc::internal

#endif
