// bench/perfsim_entry.cpp: one kernel of `pyptocc --emit=cpp --output-dir`
// under pto-isa's pipeline simulator Perf-Sim (include/pto/costmodel,
// compiled with -D__COSTMODEL; bench/cycles.sh builds it), behind the entry
// point the program table of pyptocc's runtime calls, so that the runtime
// runs the program and Perf-Sim times every kernel run.
//
// Built with
//   -DPERFSIM_KERNEL='"DIR/kernels/aiv/NAME.cpp"'  the kernel file
//   -DPERFSIM_ENTRY=kernel_entry_NAME              the table's entry name
//   -DPERFSIM_NAME='"NAME"'
// Each run does what pto-isa's LAUNCH_KERNEL does for one block, on one
// core only (LAUNCH_KERNEL runs a vector kernel on both AIV sub-blocks; the
// runtime's cycle model times one core), then writes Perf-Sim's pipeline
// summary (CSV) and swimlane (Chrome trace JSON) as
// $PYPTOCC_PERFSIM_DIR/NNN.csv and NNN.json, NNN counting the runs of the
// process from 000.
// The kernel's own entry, renamed after the table's (extern "C": one name
// per kernel of the program).
#define PERFSIM_CAT2(a, b) a##b
#define PERFSIM_CAT(a, b) PERFSIM_CAT2(a, b)
#define PERFSIM_KERNEL_ENTRY PERFSIM_CAT(perfsim_, PERFSIM_ENTRY)
#define kernel_entry PERFSIM_KERNEL_ENTRY
#include PERFSIM_KERNEL
#undef kernel_entry

#include <pto/costmodel/perf_sim/launch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

// The number of the next run, shared by the kernels of the program: every
// kernel object defines it weakly and the linker keeps one definition.
extern "C" __attribute__((weak)) int pyptocc_perfsim_next_run() {
    static int runs;
    return runs++;
}

extern "C" void PERFSIM_ENTRY(__gm__ int64_t* args) {
    namespace ps = ::pto::perf_sim;
    const char* dir = std::getenv("PYPTOCC_PERFSIM_DIR");
    char stem[32];
    ps::PtoRecorder::Clear();
    ps::SyncRecorder::Clear();
    ps::CvSyncRecorder::Clear();
    ps::TileDepTracker::Clear();
    ps::SetLaunchConfig(1, nullptr, nullptr);
    ps::current_subblock_id = 0;
    ps::PtoRecorder::SetActiveCore(0);
    ps::SyncRecorder::SetActiveCore(0);
    {
        ::pto::cpu_sim::ScopedExecutionContext context(0, 0, ps::VEC_CORES_PER_AIC);
        PERFSIM_KERNEL_ENTRY(args);
        ps::TileDepTracker::FinishCore();
    }
    auto report = ps::PerfSimReporter().Run(PERFSIM_NAME);
    std::snprintf(stem, sizeof stem, "/%03d", pyptocc_perfsim_next_run());
    std::string base = std::string(dir ? dir : ".") + stem;
    ps::PerfSimReporter::WritePipelineSummaryCSV(base + ".csv", report);
    ps::PerfSimReporter::WriteSwimlaneJson(base + ".json", report);
}
