// rt_launch.cpp: the blocks of a launch that meet at SYNCALL barriers
// (runtime/launch.cpp): every block arrives before any goes on; a barrier
// some blocks never reach, one that waits for more blocks than the launch
// has, and an error in a block while others wait are run-time errors that
// end the run cleanly (no block left running).
#include <cstdint>
#include <string>
#include <vector>

#include "pto_orchestration_api.h"
#include "pyptocc_runtime.h"
#include "rt_test.h"

using namespace pto;

namespace {

// Block b writes stage[b] = b + 1, waits at the barrier (if it reaches it:
// reach is 0 for the block that does not), then reads the next block's
// cell: out[b] = stage[(b + 1) % n].  used: the soft barrier's count (-1:
// the hard barrier).
void exchange(int32_t *stage, int32_t *out, int64_t b, int64_t n, int64_t reach, int64_t used) {
    stage[b] = static_cast<int32_t>(b + 1);
    if (reach && used < 0) {
        SYNCALL<SyncCoreType::AIVOnly>();
    } else if (reach) {
        GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<16, 16, 16, 16, 1>> ws(stage + 16);
        SYNCALL<SyncAllMode::Soft, SyncCoreType::AIVOnly>(ws, static_cast<int32_t>(used));
    }
    out[b] = stage[(b + 1) % n];
}

void exchange_entry(int64_t *args) {
    auto *st = reinterpret_cast<Tensor *>(args[0]);
    auto *ot = reinterpret_cast<Tensor *>(args[1]);
    exchange(reinterpret_cast<int32_t *>(st->buffer.addr) + st->start_offset,
             reinterpret_cast<int32_t *>(ot->buffer.addr) + ot->start_offset, args[2], args[3], args[4], args[5]);
}

// What the orchestration does: one launch of kBlocks blocks; block
// g_skip (if >= 0) does not reach the barrier; g_used is the soft count.
constexpr int64_t kBlocks = 4;
int64_t g_skip = -1, g_used = -1;
bool g_launch = true;

PTO2OrchestrationConfig config(uint64_t *, int) { return PTO2OrchestrationConfig{.expected_arg_count = 2}; }

void entry(PTO2Runtime *rt, uint64_t *args, int) {
    uint64_t sshape[1] = {32}, oshape[1] = {kBlocks};
    Tensor stage = make_tensor_external(reinterpret_cast<void *>(args[0]), sshape, 1, DataType::INT32);
    Tensor out = make_tensor_external(reinterpret_cast<void *>(args[1]), oshape, 1, DataType::INT32);
    if (g_launch)
        pyptocc::launch_begin(rt, kBlocks);
    for (int64_t b = 0; b < kBlocks; b++) {
        PTOParam p[] = {make_inout_param(stage),          make_output_param(out),
                        make_scalar_param(static_cast<uint64_t>(b)), make_scalar_param(static_cast<uint64_t>(kBlocks)),
                        make_scalar_param(b != g_skip ? 1u : 0u),    make_scalar_param(static_cast<uint64_t>(g_used))};
        pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, p, 6);
    }
    if (g_launch)
        pyptocc::launch_end(rt);
}

const PyptoccKernel kKernels[] = {{0, "exchange", exchange_entry}};
const PyptoccArg kArgs[] = {
    {"stage", DataType::INT32, 1, {32}, PYPTOCC_ARG_INOUT},
    {"out", DataType::INT32, 1, {kBlocks}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kProgram = {"launch", kKernels, 1, kArgs, 2, config, entry, -1};

int run(std::vector<int32_t> &out) {
    std::vector<int32_t> stage(32, 0);
    out.assign(kBlocks, -1);
    void *data[] = {stage.data(), out.data()};
    return pyptocc_run(&kProgram, data);
}

void test_barrier() {
    std::vector<int32_t> out;
    g_skip = -1, g_used = -1, g_launch = true;
    CHECK(run(out) == 0);
    for (int64_t b = 0; b < kBlocks; b++)
        CHECKF(out[b] == (b + 1) % kBlocks + 1, "block %lld read %d", static_cast<long long>(b), out[b]);
    // The soft barrier of every block (used 0) and of all four by count.
    for (int64_t used : {0, 4}) {
        g_used = used;
        CHECK(run(out) == 0);
        for (int64_t b = 0; b < kBlocks; b++)
            CHECK(out[b] == (b + 1) % kBlocks + 1);
    }
    // Without the launch, each task is a launch of one block, which passes
    // its barrier at once: block 0 reads a cell block 1 has not written.
    g_used = -1, g_launch = false;
    CHECK(run(out) == 0);
    CHECK(out[0] == 0);
    g_launch = true;
}

void test_errors() {
    std::string err;
    std::vector<int32_t> out;
    g_skip = 2, g_used = -1;
    int st = rt_test::in_child([&]() { return run(out); }, err);
    CHECKF(st == 1 && err.find("3 of the launch's 4 blocks wait at a barrier") != std::string::npos, "%d %s", st,
           err.c_str());
    g_skip = -1, g_used = 5;
    st = rt_test::in_child([&]() { return run(out); }, err);
    CHECKF(st == 1 && err.find("waits for 5 blocks, but the launch has 4") != std::string::npos, "%d %s", st,
           err.c_str());
    g_used = -1;
}

}  // namespace

int main() {
    test_barrier();
    test_errors();
    return rt_test::finish("rt_launch");
}
