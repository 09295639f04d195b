// rt_internal.h: state shared by the runtime library's sources (not
// installed).
#ifndef PYPTOCC_RT_INTERNAL_H
#define PYPTOCC_RT_INTERNAL_H

#include <cstdint>
#include <functional>
#include <vector>

#include "pyptocc_runtime.h"

namespace pyptocc::internal {

struct Launch;

// Thrown by pyptocc::fatal inside pyptocc_run (the message is already out).
struct Error {};

// A byte range of global memory that the running task may access.
struct GmRange {
    uintptr_t lo, hi;
    bool writable;
    int param;  // the task parameter it belongs to
};

// What is running on this thread.
struct TaskContext {
    const std::vector<GmRange> *ranges;
    int64_t task;        // task index in the run (-1: the directly run kernel)
    int32_t func_id;
    const char *kernel;  // kernel name
};

// What this thread is running.  One thread_local object reached through a
// function, not extern thread_local variables: with those, GCC 12 at -O2
// with -fsanitize=undefined reports a null load in the other translation
// units' accesses.
struct RunState {
    int run_depth = 0;                        // > 0 inside pyptocc_run
    PTO2Runtime *current_rt = nullptr;        // the running orchestration's runtime
    const TaskContext *current_task = nullptr;
    int64_t block_idx = 0;
    int64_t aiv_lane = 0, aiv_lanes = 1;   // get_subblockid(), and the lanes of its kernel
    Launch *launch = nullptr;   // the launch whose block this thread is (launch.cpp)
    int64_t launch_block = -1;
};
RunState &run_state();

// How pyptocc_run_main runs a multi-rank program (host_ranks.cpp sets it;
// left unset, such a program is an error, and no MPI is linked into
// programs of one rank).  run replaces pyptocc_run_with_shapes on the
// host function's slots; writes_outputs is false on ranks other than 0.
struct RankHooks {
    int (*run)(void *const *data, const uint64_t (*shapes)[5]) = nullptr;
    bool writes_outputs = true;
    int32_t rank = 0, nranks = 1;  // what --profile's report names
};
RankHooks &rank_hooks();

// pipe.cpp: starts a kernel of the cross-core pipe on a thread of its own;
// pipe_join waits for every such kernel to end (throwing Error when one
// failed, a deadlock included); pipe_end_run ends a run's (ok: as
// pipe_join; else stopping them quietly), and empties the rings.
void pipe_run_kernel(std::function<void()> body);
void pipe_join();
void pipe_end_run(bool ok);

// Product of dims with overflow check; false on overflow.
bool checked_numel(const uint64_t *dims, uint64_t ndims, uint64_t elem_size, uint64_t *numel, uint64_t *bytes);

// Slot k's dim_of and dim_axis are well formed: none (0), or a scalar slot
// that names an axis of another slot.
bool dim_link_ok(const PyptoccProgram *p, int32_t k);

}  // namespace pyptocc::internal

// The state of one pyptocc_run.
struct PTO2Runtime {
    struct Slot {
        uintptr_t lo, hi;  // host bytes of the argument (hi == lo: size unknown)
        const char *name;
    };
    const PyptoccProgram *program = nullptr;
    std::vector<void *> owned;  // make_tensor allocations, freed at the end of the run
    std::vector<Slot> slots;
    int scope_depth = 0;
    int64_t ntasks = 0;
    int64_t task_ids = 0;   // the task ids handed out (task_ids.cpp)
    pyptocc::internal::Launch *launch = nullptr;   // between launch_begin and launch_end

    PTO2Runtime() = default;
    PTO2Runtime(const PTO2Runtime &) = delete;
    PTO2Runtime &operator=(const PTO2Runtime &) = delete;
    ~PTO2Runtime();
};

#endif
