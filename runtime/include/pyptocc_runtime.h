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
    PYPTOCC_RANK_WHOLE = 5,    // host input slot `host` whole, the same on every rank
    PYPTOCC_RANK_VALUE = 6     // a scalar slot: value(r)
};
struct PyptoccRankArg {
    int32_t kind;  // PyptoccRankArgKind
    int32_t host;  // PYPTOCC_RANK_SLICE, PYPTOCC_RANK_WHOLE: the host slot; PYPTOCC_RANK_WINDOW: the window
    int64_t dims[5] = {0, 0, 0, 0, 0};            // PYPTOCC_RANK_WINDOW: the view's shape
    int64_t dims_per_rank[5] = {0, 0, 0, 0, 0};
    int64_t (*value)(int64_t rank) = nullptr;     // PYPTOCC_RANK_VALUE: the slot's value on rank r
};
// A window buffer the host allocates (pld.alloc_window_buffer), the same on
// every rank: bytes + bytes_per_rank * nranks bytes (pyptocc_comm.h).
struct PyptoccWindow {
    const char *name;
    int64_t bytes;
    int64_t bytes_per_rank;
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
