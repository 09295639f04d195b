// pyptocc_runtime.h: the contract between a translation unit that
// `pyptocc --emit=cpp` writes and pyptocc's CPU runtime.
//
// The generated code itself uses only the API of cpp.md 8 (pto/pto-inst.hpp,
// tensor.h, pto_orchestration_api.h).  On top of that, a single generated
// translation unit describes the program it holds in one PyptoccProgram
// object named `pyptocc_program`, so that the runtime can run it: the
// kernel table (func id -> kernel entry), the orchestration entry points
// (or, without an Orchestration function, the kernels to run directly),
// and the external arguments with their shapes and dtypes.  Unless the
// translation unit is compiled with -DPYPTOCC_NO_MAIN it also defines
//     int main(int argc, char **argv) { return pyptocc_run_main(&pyptocc_program, argc, argv); }
// so that `c++ -std=c++20 prog.cpp $(pkg-config --cflags --libs pyptocc-runtime)` gives a program
// that reads .npy inputs (or fills them deterministically), runs, and
// writes .npy outputs.  Tests compile with -DPYPTOCC_NO_MAIN and call
// pyptocc_run() on their own buffers.
#ifndef PYPTOCC_RUNTIME_H
#define PYPTOCC_RUNTIME_H

#include <cstdint>

#include "pto_orchestration_api.h"
#include "tensor.h"

extern "C" {

// A kernel's entry: cpp.md 3's kernel_entry (args: Tensor descriptors, then
// scalars as raw 64-bit values).
typedef void (*PyptoccKernelEntry)(int64_t *args);

struct PyptoccKernel {
    int32_t func_id;        // the id orchestration code submits (cpp.md 6.2)
    const char *name;       // the kernel function's name
    PyptoccKernelEntry entry;
    uint32_t flags = 0;     // PYPTOCC_KERNEL_*
};

// It uses the cross-core pipe (pto/pyptocc-pipe.hpp): it runs on a thread
// of its own, beside its peer kernel (runtime/README.md, "Cross-core pipe").
// PYPTOCC_KERNEL_LANES: a vector kernel that takes or gives the pipe's
// tiles as halves (TILE_UP_DOWN, TILE_LEFT_RIGHT) runs on both AIV lanes,
// a thread each, get_subblockid() 0 and 1.
enum { PYPTOCC_KERNEL_PIPE = 1, PYPTOCC_KERNEL_LANES = 2 };

// A tensor slot's direction, or PYPTOCC_ARG_SCALAR for a scalar slot.
enum PyptoccArgDir { PYPTOCC_ARG_IN = 0, PYPTOCC_ARG_OUT = 1, PYPTOCC_ARG_INOUT = 2, PYPTOCC_ARG_SCALAR = 3 };

// One external argument, in slot order: with an Orchestration function its
// slots (cpp.md 6.2: tensor parameters, then returned tensors; then, as
// pyptocc adds, its scalar parameters); without one, the directly run
// kernel's parameters (tensors, then scalars, cpp.md 3), or with several
// kernels run directly, each kernel's in turn, named "<kernel>.<parameter>".
// A scalar has dir PYPTOCC_ARG_SCALAR and ndims 0 (a tensor of rank 0 has
// ndims 0 too, and a direction).  The orchestration gets a scalar slot's
// 64 bits in args[], a tensor slot's address.
struct PyptoccArg {
    const char *name;       // the IR name without its SSA suffix ("a", "output")
    DataType dtype;
    int32_t ndims;
    uint64_t shapes[5];     // 0 for a dimension that is only known at run time
    int32_t dir;            // PyptoccArgDir
    // A scalar slot that is a dimension of a tensor slot (an orchestration's
    // pl.dynamic dimension): dim_of is that slot's index + 1 (0: none) and
    // dim_axis the dimension.  The runtime sets its value from the tensor's
    // shape; the caller's data for it is not read (it may be null).
    int32_t dim_of = 0;
    int32_t dim_axis = 0;
    // A host argument of a multi-rank program: bit d set when dimension d
    // is the number of ranks (a pl.dynamic dimension that stands for
    // pld.world_size()); the runtime sets it.
    uint32_t world_axes = 0;
};

// Where rank r's value of a slot of a multi-rank program comes from
// (PyptoccProgram::rank_args).
enum PyptoccRankArgKind {
    PYPTOCC_RANK_SLICE = 0,  // row r of host tensor slot `host` (its first dimension is the ranks)
    PYPTOCC_RANK_INDEX = 1,  // the rank r itself (a scalar slot)
    PYPTOCC_RANK_DIM = 2,    // a dimension of another slot (dim_of): the runtime sets it
    PYPTOCC_RANK_WINDOW = 3, // rank r's memory of window `host` (PyptoccProgram::windows), viewed with
                             // the shape dims[d] + dims_per_rank[d] * nranks (pld.window)
    PYPTOCC_RANK_COMM_CTX = 4, // the address of rank r's communication context (pyptocc_comm_context),
                               // an INT64 scalar slot
    PYPTOCC_RANK_WHOLE = 5,    // host input slot `host` whole, the same on every rank (a scalar
                               // slot: the host's scalar slot of its dtype, as given)
    PYPTOCC_RANK_VALUE = 6     // a scalar slot: value(r, nranks, host data)
};
struct PyptoccRankArg {
    int32_t kind;  // PyptoccRankArgKind
    int32_t host;  // PYPTOCC_RANK_SLICE, PYPTOCC_RANK_WHOLE: the host slot; PYPTOCC_RANK_WINDOW: the window
    // PYPTOCC_RANK_WINDOW: the view's shape, dims[d] + dims_per_rank[d] * nranks.
    // PYPTOCC_RANK_SLICE: the host tensor indexed by its first nindex
    // dimensions, index d being dims[d] + dims_per_rank[d] * r (x[r]: nindex
    // 1, {0}, {1}; x[2, r]: nindex 2, {2, 0}, {0, 1}); the slot is the rest.
    int64_t dims[5] = {0, 0, 0, 0, 0};
    int64_t dims_per_rank[5] = {0, 0, 0, 0, 0};
    // PYPTOCC_RANK_VALUE: the slot's value on rank r of nranks, which may
    // read the host's integer scalar slots (host[i]: slot i's 64 bits).
    int64_t (*value)(int64_t rank, int64_t nranks, void *const *host) = nullptr;
    int32_t nindex = 0;                           // PYPTOCC_RANK_SLICE (0: x[r], as nindex 1, {0}, {1})
};
// A view of a window (pld.window): its window, element type and shape
// dims[d] + dims_per_rank[d] * nranks.
struct PyptoccWindowView {
    int32_t window;
    DataType dtype;
    int32_t ndims;
    int64_t dims[5];
    int64_t dims_per_rank[5];
};
// One launch of host orchestration: an Orchestration function run on
// every rank (for r in pl.range(world_size): f(..., device=r)), on some
// (for r in pl.range(1, 3)) or on one (f(..., device=1)), its slots from
// rank_args.
struct PyptoccLaunch {
    const char *name;
    const PyptoccArg *args;
    int32_t nargs;
    PTO2OrchestrationConfig (*config)(uint64_t *args, int arg_count);
    void (*orchestrate)(PTO2Runtime *rt, uint64_t *args, int arg_count);
    const PyptoccRankArg *rank_args;
    // -1: every rank; else ranks device + i * device_step, i < device_count
    int32_t device;
    int32_t device_step = 1, device_count = 1;
};
// A step of host orchestration: a launch, or one of the host collectives
// (pld.tensor.*) on window views, every rank taking part.
enum PyptoccStepKind {
    PYPTOCC_STEP_LAUNCH = 0,
    PYPTOCC_STEP_ALLREDUCE = 1,      // data reduced over the ranks (op), in place
    PYPTOCC_STEP_BARRIER = 2,
    PYPTOCC_STEP_BROADCAST = 3,      // root's data into every rank's
    PYPTOCC_STEP_ALLGATHER = 4,      // row p of data = rank p's stage [1, SIZE]
    PYPTOCC_STEP_REDUCE_SCATTER = 5, // row r of rank r's data = the reduction of every rank's row r
    PYPTOCC_STEP_ALL_TO_ALL = 6,     // row p of rank r's data = row r of rank p's stage
    PYPTOCC_STEP_ALL_TO_ALL_V = 7    // block p of rank r's data = block r of rank p's stage, and
                                     // recv[p] = min(rank p's counts[r], block rows)
};
struct PyptoccHostStep {
    int32_t kind;                    // PyptoccStepKind
    const PyptoccLaunch *launch;     // PYPTOCC_STEP_LAUNCH
    const char *what;                // a collective: its op's name, for messages
    PyptoccWindowView data, stage, signal;   // stage: allgather and the all-to-alls only
    int32_t op;                      // PyptoccReduceOp (pyptocc_comm.h)
    int32_t root;                    // broadcast
    int32_t lanes;                   // the signal cells per rank the collective needs (core_num)
    int32_t ring;                    // allreduce: mode="ring" (Sum of FP32, its size a multiple of the ranks)
    PyptoccWindowView counts, recv;  // all_to_all_v: the rows sent to each rank, received from each
};
// A window buffer the host allocates (pld.alloc_window_buffer), the same on
// every rank: bytes + bytes_per_rank * nranks bytes (pyptocc_comm.h).  Its
// communication domain: every rank (0), or the ranks whose bits are set,
// which its context numbers 0, 1, ... in rank order.
struct PyptoccWindow {
    const char *name;
    int64_t bytes;
    int64_t bytes_per_rank;
    uint64_t domain = 0;
};

struct PyptoccProgram {
    const char *name;                       // the program's name
    const PyptoccKernel *kernels;           // sorted by func_id
    int32_t nkernels;
    const PyptoccArg *args;
    int32_t nargs;
    // The orchestration entry points (cpp.md 6), or NULL when the program
    // has no Orchestration function.
    PTO2OrchestrationConfig (*config)(uint64_t *args, int arg_count);
    void (*orchestrate)(PTO2Runtime *rt, uint64_t *args, int arg_count);
    // Without orchestration: the func id run directly; -1 runs every kernel
    // of the table in order, each on the slots named after it.  With
    // orchestration: -1.
    int32_t direct_kernel;
    // A multi-rank program (host orchestration that dispatches the
    // orchestration to each rank, f(..., device=r)): its command-line
    // arguments are the host function's (host_args), each rank r runs the
    // orchestration on the slots that rank_args (one per slot of args)
    // derive from them, and rank 0 writes the host's gathered outputs.
    // world_size is the number of ranks it is built for (0: any).  Such a
    // program's main is pyptocc_run_ranks_main.  NULL for one rank.
    const PyptoccArg *host_args = nullptr;
    int32_t nhost_args = 0;
    const PyptoccRankArg *rank_args = nullptr;
    int32_t world_size = 0;
    // The window buffers of a multi-rank program, allocated on every rank
    // before the orchestration runs.
    const PyptoccWindow *windows = nullptr;
    int32_t nwindows = 0;
    // A multi-rank program's host orchestration as steps, run in order
    // on every rank with a barrier after each (NULL: one launch, of the
    // orchestration above with rank_args).
    const PyptoccHostStep *steps = nullptr;
    int32_t nsteps = 0;
};

// Runs the program once.  data[k] is the host memory of slot k: the tensor's
// elements (row-major, dtype of the slot), or for a scalar slot a pointer to
// its value as uint64_t (float scalars as their bit pattern in the low 32
// bits).  Returns 0, or nonzero after printing a message on stderr (a
// checked runtime error: unbound tile, buffer overflow, bad argument count).
int pyptocc_run(const PyptoccProgram *p, void *const *data);

// As pyptocc_run, for programs whose table leaves dimensions to run time
// (shapes 0): shapes[k] holds the dimensions of slot k (its first ndims
// entries are read; they must agree with the table where it has a value).
// pyptocc_run itself fails on such a program unless it has an
// orchestration, which makes its own descriptors.
int pyptocc_run_with_shapes(const PyptoccProgram *p, void *const *data, const uint64_t (*shapes)[5]);

// The host entry: parses the command line (see the runtime's README:
// inputs from NAME=FILE.npy, deterministic fill otherwise, outputs to .npy),
// runs the program and writes the outputs.  Returns the process status.
int pyptocc_run_main(const PyptoccProgram *p, int argc, char **argv);

// The host entry of a multi-rank program (pyptocc_comm.h; one process per
// rank, `mpirun -np N PROG ...`): every rank reads the host function's
// arguments as pyptocc_run_main does (the deterministic fill is the same on
// every rank), runs the orchestration on its own slice of them, and rank 0
// gathers every rank's slice of the outputs and writes them as the host
// function's tensors, DIR/NAME.npy.  A rank that fails stops every rank.
int pyptocc_run_ranks_main(const PyptoccProgram *p, int argc, char **argv);
}

#endif
