// task_ids.cpp: the task ids of orchestration code and the range check of
// its arrays (pto_orchestration_api.h, "Task ids").  A run numbers its
// task ids from 0, so two runs of one program give the same ids.
#include <cinttypes>

#include "pto/pyptocc-tile.hpp"
#include "pto_orchestration_api.h"
#include "rt_internal.h"

using namespace pyptocc::internal;

namespace pyptocc {

TaskId task_new(PTO2Runtime *rt) {
    if (!rt || rt != run_state().current_rt)
        fatal("task_new: not called from an orchestration that pyptocc_run is running");
    return rt->task_ids++;
}

void array_index_error(int64_t index, std::size_t extent) {
    fatal("array index %" PRId64 " is outside an array of %zu elements", index, extent);
}

}  // namespace pyptocc
