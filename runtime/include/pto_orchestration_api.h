// pto_orchestration_api.h: the orchestration API of pyptocc's CPU runtime
// (cpp.md 8.4).  pto2_rt_submit_task runs each task synchronously, in
// program order.
#ifndef PYPTOCC_PTO_ORCHESTRATION_API_H
#define PYPTOCC_PTO_ORCHESTRATION_API_H

#include <algorithm>
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
