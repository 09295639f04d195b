// pto_orchestration_api.h: the orchestration API of pyptocc's CPU runtime
// (cpp.md 8.4).  pto2_rt_submit_task runs each task synchronously, in
// program order.
#ifndef PYPTOCC_PTO_ORCHESTRATION_API_H
#define PYPTOCC_PTO_ORCHESTRATION_API_H

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "tensor.h"

// Wraps caller memory: row-major contiguous strides, start_offset 0.
Tensor make_tensor_external(void *addr, const uint64_t shapes[], uint64_t ndims, DataType dtype);
// Allocates zeroed row-major memory owned by the runtime; it stays valid
// until the orchestration entry has returned and its tasks have finished.
Tensor make_tensor(const uint64_t shapes[], uint64_t ndims, DataType dtype);

enum class PTOParamType : int32_t { INPUT = 0, OUTPUT = 1, INOUT = 2, SCALAR = 3 };

struct PTOParam {
    PTOParamType type;
    Tensor tensor;    // INPUT, OUTPUT, INOUT
    uint64_t scalar;  // SCALAR
};

PTOParam make_input_param(const Tensor &t);
PTOParam make_output_param(const Tensor &t);
PTOParam make_inout_param(const Tensor &t);
PTOParam make_scalar_param(uint64_t value);

enum PTO2WorkerType { PTO2_WORKER_CUBE = 0, PTO2_WORKER_VECTOR = 1 };

struct PTO2Runtime;  // opaque

// Runs kernel `func_id` with an argument array of the Tensor params' descriptor
// addresses (in order), then the scalar params' raw values (in order).  The
// worker type is informational.  Each Tensor param must be a row-major
// contiguous view; the kernel may read only its tensors and write only its
// OUTPUT and INOUT tensors (fatal runtime errors otherwise).
void pto2_rt_submit_task(PTO2Runtime *rt, int32_t func_id, PTO2WorkerType worker, PTOParam *params,
                         int32_t num_params);

struct PTO2OrchestrationConfig {
    int expected_arg_count;
};

namespace pyptocc {
// Every element of t (a row-major contiguous view) set to value, converted
// to its dtype: what the runtime's TensorCreateInfo::set_initial_value does
// for pl.create_tensor(..., init_value=v).  A value the dtype cannot hold
// exactly (a fraction for an integer dtype, non-zero for FLOAT16/BFLOAT16)
// is a fatal runtime error.
void set_initial_value(const Tensor &t, double value);
void scope_begin(PTO2Runtime *rt);
void scope_end(PTO2Runtime *rt);
// The tasks submitted between these two are the blocks of one launch of
// `blocks` blocks, which meet at SYNCALL barriers: each runs as a block of
// its own until it ends or waits at a barrier (runtime/launch.cpp).
void launch_begin(PTO2Runtime *rt, int64_t blocks);
void launch_end(PTO2Runtime *rt);
// The device's core counts (pl.system.available_aiv_count(),
// available_cluster_count()): the runtime stands for an A2/A3 (910B)
// device of 24 clusters, each one AIC and two AIV cores.
int32_t available_aiv_count(PTO2Runtime *rt);
int32_t available_cluster_count(PTO2Runtime *rt);

// Task ids (pl.Scalar[pl.TASK_ID]; runtime/task_ids.cpp).  Tasks run in
// program order, so every dependency a task declares is met when it is
// submitted: a task id only names a task.  Each submission gets a fresh id
// (task_new, counted per run from 0); the dependency-only join
// pl.system.task_dummy(deps=[...]) gets one when one of its deps is a task,
// and is task_invalid otherwise (it submits nothing then, as pypto's
// runtime does).
using TaskId = int64_t;
inline constexpr TaskId task_invalid = -1;
TaskId task_new(PTO2Runtime *rt);
inline bool task_valid(TaskId t) { return t != task_invalid; }
template <std::size_t N>
bool task_valid(const std::array<TaskId, N> &ids) {
    return std::any_of(ids.begin(), ids.end(), [](TaskId t) { return t != task_invalid; });
}
template <class... Deps>
TaskId task_dummy(PTO2Runtime *rt, const Deps &...deps) {
    return (task_valid(deps) || ...) ? task_new(rt) : task_invalid;
}

// Arrays of orchestration code (pl.array.create(N, dtype)): integers and
// BOOL start at 0, task ids at task_invalid.  An index outside [0, N) is a
// fatal error naming the array's extent.
[[noreturn]] void array_index_error(int64_t index, std::size_t extent);
template <class T, std::size_t N>
std::array<T, N> array_create(T init) {
    std::array<T, N> a;
    a.fill(init);
    return a;
}
template <class T, std::size_t N>
T array_get(const std::array<T, N> &a, int64_t i) {
    if (i < 0 || static_cast<uint64_t>(i) >= N)
        array_index_error(i, N);
    return a[static_cast<std::size_t>(i)];
}
template <class T, std::size_t N, class V>
void array_set(std::array<T, N> &a, int64_t i, V v) {
    if (i < 0 || static_cast<uint64_t>(i) >= N)
        array_index_error(i, N);
    a[static_cast<std::size_t>(i)] = static_cast<T>(v);
}

// Scope-begin on construction, scope-end on destruction.
class ScopeGuard {
  public:
    explicit ScopeGuard(PTO2Runtime *rt) : rt_(rt) { scope_begin(rt_); }
    ~ScopeGuard() { scope_end(rt_); }
    ScopeGuard(const ScopeGuard &) = delete;
    ScopeGuard &operator=(const ScopeGuard &) = delete;

  private:
    PTO2Runtime *rt_;
};
}  // namespace pyptocc

#define PYPTOCC_CAT2_(a, b) a##b
#define PYPTOCC_CAT_(a, b) PYPTOCC_CAT2_(a, b)
// PTO2_SCOPE(rt) { ... } runs the block once between scope-begin and scope-end.
#define PTO2_SCOPE(runtime_) \
    if (::pyptocc::ScopeGuard PYPTOCC_CAT_(pyptocc_scope_guard_, __LINE__){runtime_}; true)

#endif
