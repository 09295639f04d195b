// isa_hooks.cpp: what pto-isa's CPU simulator asks its host for, answered by
// pyptocc's runtime (linked into the programs of tests/conformance.test).
// The simulator's get_block_idx() looks this hook up with dlsym, so the
// program is linked with -rdynamic.  A vector kernel that takes the
// pipe's halves runs on both AIV lanes (PYPTOCC_KERNEL_LANES), a thread
// each: its lane and the lane count are its subblock id and dimension.
#include <cstdint>

namespace pyptocc {
int64_t current_block_idx();
int64_t current_aiv_lane();
int64_t current_aiv_lanes();
}

extern "C" __attribute__((visibility("default"))) void pto_cpu_sim_get_execution_context(uint32_t *block_idx,
                                                                                          uint32_t *subblock_id,
                                                                                          uint32_t *subblock_dim) {
    *block_idx = static_cast<uint32_t>(pyptocc::current_block_idx());
    *subblock_id = static_cast<uint32_t>(pyptocc::current_aiv_lane());
    *subblock_dim = static_cast<uint32_t>(pyptocc::current_aiv_lanes());
}
