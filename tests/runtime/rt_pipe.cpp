// rt_pipe.cpp: the cross-core pipe (pto/pyptocc-pipe.hpp, runtime/pipe.cpp)
// with hand-written cube and vector kernels in the shape the emitter writes
// them, run through pyptocc_run: tiles cross in order through a ring of two
// slots, the producer waiting while both are taken; a deadlock (a pop of
// nothing, a popped slot never freed) fails the run and names the pipe;
// peers must agree on the ring; a pop takes the shape that was pushed.
// Split transfers: a vector kernel on both AIV lanes (PYPTOCC_KERNEL_LANES)
// pops its lane's half of the rows (columns) of each cube push, and the
// cube pops whole what the two lanes pushed as halves; a whole-tile
// transfer on lane 1, a pop of another half or by another split fail.
#include <cstdint>
#include <string>

#include "pyptocc_runtime.h"
#include "rt_test.h"

using namespace pto;

namespace {

using AccTile = Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024>;
using VecTile = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512>;
using HalfTile = Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::NoneBox, 512>;
using Pipe2 = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>;
using Pipe4 = TPipe<0, Direction::DIR_C2V, 1024, 4, 4, true>;

float got[4];
int pushed = 0;

// The cube pushes `n` tiles, tile k holding k + element index.
template <class P, int n> void cube_pushes(__gm__ int64_t *) {
    P pipe(nullptr, 0, 0);
    AccTile acc;
    TASSIGN(acc, 0x0);
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < 256; i++)
            acc.data()[i] = static_cast<float>(k + i);
        TPUSH<P, AccTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, acc);
        pushed = k + 1;
    }
}

// The vector pops `n` tiles (freeing each when `free`), keeping element 1.
template <class P, int n, bool free> void vector_pops(__gm__ int64_t *) {
    P pipe(nullptr, 0x1000, 0);
    VecTile t;
    TASSIGN(t, 0x0);
    for (int k = 0; k < n; k++) {
        TPOP<P, VecTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, t);
        got[k] = t.data()[1];
        if (free)
            TFREE<P, TileSplitAxis::TILE_NO_SPLIT>(pipe);
    }
}

void vector_pops_half(__gm__ int64_t *) {
    Pipe2 pipe(nullptr, 0x1000, 0);
    HalfTile t;
    TASSIGN(t, 0x0);
    TPOP<Pipe2, HalfTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, t);
}

void vector_frees_nothing(__gm__ int64_t *) {
    Pipe2 pipe(nullptr, 0x1000, 0);
    TFREE<Pipe2, TileSplitAxis::TILE_NO_SPLIT>(pipe);
}

// Split transfers.
using HalfRows = Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512>;
using HalfCols = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 8, SLayout::NoneBox, 512>;
using MatTile = Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512>;
using PipeS = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, false>;
using PipeV = TPipe<0, Direction::DIR_V2C, 1024, 2, 2, false>;
float lane_got[2][2];
float gathered[3];

template <TileSplitAxis S> void cube_pushes_split(__gm__ int64_t *) {
    PipeS pipe(nullptr, 0, 0);
    AccTile acc;
    TASSIGN(acc, 0x0);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 256; i++)
            acc.data()[i] = static_cast<float>(100 * k + i);
        TPUSH<PipeS, AccTile, S>(pipe, acc);
    }
}

// Each lane pops its half of two pushes, keeping element 0 of each.
template <class T, TileSplitAxis S> void lanes_pop(__gm__ int64_t *) {
    PipeS pipe(nullptr, 0x1000, 0);
    T t;
    TASSIGN(t, 0x0);
    for (int k = 0; k < 2; k++) {
        TPOP<PipeS, T, S>(pipe, t);
        lane_got[get_subblockid()][k] = t.data()[0];
        TFREE<PipeS, S>(pipe);
    }
}

// Each lane pushes its half of the columns: 1000 * lane + element index.
void lanes_push(__gm__ int64_t *) {
    PipeV pipe(nullptr, 0, 0x1000);
    HalfCols t;
    TASSIGN(t, 0x0);
    for (int i = 0; i < 128; i++)
        t.data()[i] = static_cast<float>(1000 * get_subblockid() + i);
    TPUSH<PipeV, HalfCols, TileSplitAxis::TILE_LEFT_RIGHT>(pipe, t);
}

void cube_pops_whole(__gm__ int64_t *) {
    PipeV pipe(nullptr, 0, 0x1000);
    MatTile m;
    TASSIGN(m, 0x0);
    TPOP<PipeV, MatTile, TileSplitAxis::TILE_LEFT_RIGHT>(pipe, m);
    // m is NZ: its elements are where its boxes keep them
    gathered[0] = m.data()[rt_test::stored_at<MatTile>(0, 1)];   // lane 0's element 1
    gathered[1] = m.data()[rt_test::stored_at<MatTile>(0, 8)];   // lane 1's element 0
    gathered[2] = m.data()[rt_test::stored_at<MatTile>(1, 9)];   // lane 1's element 8 + 1
    TFREE<PipeV, TileSplitAxis::TILE_LEFT_RIGHT>(pipe);
}

int run(const PyptoccKernel *kernels, int n) {
    PyptoccProgram p = {"pipe", kernels, n, nullptr, 0, nullptr, nullptr, -1};
    return pyptocc_run(&p, nullptr);
}

void check_fails(const PyptoccKernel *kernels, int n, const char *want1, const char *want2) {
    std::string err;
    int rc = rt_test::in_child([&] { return run(kernels, n); }, err);
    CHECKF(rc == 1, "status %d, stderr:\n%s", rc, err.c_str());
    CHECKF(err.find(want1) != std::string::npos, "wanted '%s' in:\n%s", want1, err.c_str());
    if (want2)
        CHECKF(err.find(want2) != std::string::npos, "wanted '%s' in:\n%s", want2, err.c_str());
}

}  // namespace

int main() {
    // Three tiles through two slots: the cube's third push waits for the
    // vector's first TFREE; the cube runs first and waits in its push.
    const PyptoccKernel ok[] = {{0, "cube", cube_pushes<Pipe2, 3>, PYPTOCC_KERNEL_PIPE},
                                {1, "vector", vector_pops<Pipe2, 3, true>, PYPTOCC_KERNEL_PIPE}};
    CHECK(run(ok, 2) == 0);
    CHECK(pushed == 3);
    CHECK(got[0] == 1 && got[1] == 2 && got[2] == 3);
    // The other order: the vector waits in its pop first.
    const PyptoccKernel ok2[] = {{0, "vector", vector_pops<Pipe2, 3, true>, PYPTOCC_KERNEL_PIPE},
                                 {1, "cube", cube_pushes<Pipe2, 3>, PYPTOCC_KERNEL_PIPE}};
    got[2] = 0;
    CHECK(run(ok2, 2) == 0);
    CHECK(got[2] == 3);
    // A pop of a tile nobody pushes.
    const PyptoccKernel lonely[] = {{0, "vector", vector_pops<Pipe2, 1, true>, PYPTOCC_KERNEL_PIPE}};
    check_fails(lonely, 1, "TPOP on pipe 0 (cube to vector, 2 slots of 1024 bytes, 0 filled, 0 popped and not freed)",
                "deadlock");
    // Popped slots never freed: the cube's third push waits for ever, and
    // so does the vector's third pop.
    const PyptoccKernel leak[] = {{0, "cube", cube_pushes<Pipe2, 3>, PYPTOCC_KERNEL_PIPE},
                                  {1, "vector", vector_pops<Pipe2, 3, false>, PYPTOCC_KERNEL_PIPE}};
    check_fails(leak, 2, "TPUSH on pipe 0 (cube to vector, 2 slots of 1024 bytes, 0 filled, 2 popped and not freed)",
                "kernel 'cube'");
    // The two sides disagree on the ring (whichever comes second says so).
    const PyptoccKernel depth[] = {{0, "cube", cube_pushes<Pipe2, 1>, PYPTOCC_KERNEL_PIPE},
                                   {1, "vector", vector_pops<Pipe4, 1, true>, PYPTOCC_KERNEL_PIPE}};
    check_fails(depth, 2, "slots of 1024 bytes here, and ", "slots of 1024 bytes in its peer kernel");
    // A pop of another shape than the push's.
    const PyptoccKernel shape[] = {{0, "cube", cube_pushes<Pipe2, 1>, PYPTOCC_KERNEL_PIPE},
                                   {1, "vector", vector_pops_half, PYPTOCC_KERNEL_PIPE}};
    check_fails(shape, 2, "takes a 16x32 tile of 2-byte elements from a slot holding a 16x16 tile of 4-byte elements",
                nullptr);
    // A free of nothing popped.
    const PyptoccKernel nofree[] = {{0, "vector", vector_frees_nothing, PYPTOCC_KERNEL_PIPE}};
    check_fails(nofree, 1, "TFREE on pipe 0, which this kernel has popped nothing from", nullptr);
    // A pipe kernel the table does not mark runs on the run's thread: its
    // wait, with no pipe kernel running, is a deadlock too.
    const PyptoccKernel unmarked[] = {{0, "vector", vector_pops<Pipe2, 1, true>, 0}};
    check_fails(unmarked, 1, "TPOP on pipe 0 (cube to vector", "deadlock");
    // The cube's tiles split between the lanes: rows, then columns.
    const PyptoccKernel rows[] = {
        {0, "cube", cube_pushes_split<TileSplitAxis::TILE_UP_DOWN>, PYPTOCC_KERNEL_PIPE},
        {1, "vector", lanes_pop<HalfRows, TileSplitAxis::TILE_UP_DOWN>, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES}};
    CHECK(run(rows, 2) == 0);
    CHECK(lane_got[0][0] == 0 && lane_got[1][0] == 128 && lane_got[0][1] == 100 && lane_got[1][1] == 228);
    const PyptoccKernel cols[] = {
        {0, "cube", cube_pushes_split<TileSplitAxis::TILE_LEFT_RIGHT>, PYPTOCC_KERNEL_PIPE},
        {1, "vector", lanes_pop<HalfCols, TileSplitAxis::TILE_LEFT_RIGHT>, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES}};
    CHECK(run(cols, 2) == 0);
    CHECK(lane_got[0][0] == 0 && lane_got[1][0] == 8 && lane_got[0][1] == 100 && lane_got[1][1] == 108);
    // The lanes' halves joined for the cube.
    const PyptoccKernel gather[] = {{0, "vector", lanes_push, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES},
                                    {1, "cube", cube_pops_whole, PYPTOCC_KERNEL_PIPE}};
    CHECK(run(gather, 2) == 0);
    CHECK(gathered[0] == 1 && gathered[1] == 1000 && gathered[2] == 1009);
    // A whole-tile pop on both lanes: lane 1's fails.
    const PyptoccKernel whole[] = {{0, "cube", cube_pushes<Pipe2, 1>, PYPTOCC_KERNEL_PIPE},
                                   {1, "vector", vector_pops<Pipe2, 1, true>, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES}};
    check_fails(whole, 2, "TPOP on pipe 0 of a whole tile (TILE_NO_SPLIT) on AIV lane 1", nullptr);
    // Halves of the rows popped as halves of the columns.
    const PyptoccKernel other[] = {
        {0, "cube", cube_pushes_split<TileSplitAxis::TILE_UP_DOWN>, PYPTOCC_KERNEL_PIPE},
        {1, "vector", lanes_pop<HalfCols, TileSplitAxis::TILE_LEFT_RIGHT>, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES}};
    check_fails(other, 2, "takes a tile by TILE_LEFT_RIGHT that was pushed by TILE_UP_DOWN", nullptr);
    // A half of the wrong size.
    const PyptoccKernel size[] = {
        {0, "cube", cube_pushes_split<TileSplitAxis::TILE_UP_DOWN>, PYPTOCC_KERNEL_PIPE},
        {1, "vector", lanes_pop<VecTile, TileSplitAxis::TILE_UP_DOWN>, PYPTOCC_KERNEL_PIPE | PYPTOCC_KERNEL_LANES}};
    check_fails(size, 2, "takes a 16x16 tile of 4-byte elements from a slot holding a 8x16 tile", nullptr);
    return rt_test::finish("rt_pipe");
}
