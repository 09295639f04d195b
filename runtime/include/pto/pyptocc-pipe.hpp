// pto/pyptocc-pipe.hpp: the cross-core pipe between a cluster's cube (AIC)
// and vector (AIV) kernels, as pto-isa's API names it (pto/common/fifo.hpp,
// pto/common/pto_instr.hpp: TPipe, TPUSH, TPOP, TFREE; the protocol of
// pypto docs/en/reference/pto-isa/01-tpush_tpop.md):
//
//   TPipe<ID, Direction::DIR_BOTH, SLOT_SIZE, SLOT_NUM, LOCAL_SLOT_NUM, NO_SPLIT> p(gm, c2v_buf, v2c_buf);
//   TPUSH<decltype(p), decltype(t), TileSplitAxis::TILE_NO_SPLIT>(p, t);   // wait for a free slot, copy t in
//   TPOP<decltype(p), decltype(t), TileSplitAxis::TILE_NO_SPLIT>(p, t);    // wait for a filled one, copy it out
//   TFREE<decltype(p), TileSplitAxis::TILE_NO_SPLIT>(p);                   // give the popped slot back
//
// Each direction of pipe ID is one ring of SLOT_NUM slots (runtime/pipe.cpp)
// that the AIC's kernel and the AIV's share, whichever TPipe object each
// makes.  A push from the cube (an Acc or Mat tile) goes cube to vector, one
// from a vector kernel (a Vec tile) the other way; a pop into Vec takes from
// the cube, into Mat from the vector kernel.  A slot is taken from its push
// to its TFREE; a push waits while every slot is taken, a pop while none is
// filled.  The kernels of a pipe run on threads of their own, one at a time
// (runtime/README.md, "Cross-core pipe"); a wait no kernel can end is an
// error that names the pipe, not a hang.
//
// Split transfers (TILE_UP_DOWN, TILE_LEFT_RIGHT) go between the cube and
// the two AIV lanes of a vector kernel the program table runs on both
// (PYPTOCC_KERNEL_LANES, get_subblockid() 0 and 1): the cube pushes a whole
// tile and lane l pops its half of the rows (columns), lane 0 the first;
// the other way, each lane pushes its half and the cube pops the whole
// once both are in.  A split slot is free again when both lanes (or the
// cube) freed it.
//
// Stricter than pto-isa, on purpose: a pop takes the tile a push sent (or
// its half), of that shape and element type (no fixpipe conversion); the
// odd splits (TILE_UP_DOWN_ODD, TILE_LEFT_RIGHT_ODD) and a whole-tile
// transfer on lane 1 (which pto-isa skips) are refused; the global-memory
// and consumer-buffer operands are not used (the rings are the runtime's).
#ifndef PYPTOCC_PIPE_HPP
#define PYPTOCC_PIPE_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pto/pyptocc-intrin.hpp"
#include "pto/pyptocc-tile.hpp"

namespace pto {

enum TileSplitAxis : uint8_t {
    TILE_NO_SPLIT = 0,
    TILE_UP_DOWN = 1,
    TILE_LEFT_RIGHT = 2,
    TILE_UP_DOWN_ODD = 3,
    TILE_LEFT_RIGHT_ODD = 4,
};

enum Direction : uint8_t { UNDEFINED = 0, DIR_C2V = 1, DIR_V2C = 2, DIR_BOTH = 3 };

}  // namespace pto

namespace pyptocc::pipe {

// One tile in a slot: its shape and element size, checked at the pop.
struct TileShape {
    uint32_t rows, cols, elem;
};

// Runtime/pipe.cpp: the ring of direction dir (pto::DIR_C2V or DIR_V2C) of
// pipe id, with its slots (checked against the peer's); push copies bytes
// in, pop copies them out into dst, free gives back the oldest popped slot.
// split is the TileSplitAxis; the lane the calling thread's
// get_subblockid() (the cube's side: 0).
void push(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, const void *src, TileShape shape, int split);
void pop(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, void *dst, TileShape shape, int split);
void free_slot(uint32_t id, int dir, uint32_t slot_size, uint32_t slot_num, int split);

}  // namespace pyptocc::pipe

namespace pto {

template <uint8_t FlagID, uint8_t DirType, uint32_t SlotSize, uint32_t SlotNum, uint32_t LocalSlotNum = 2,
          bool IsNoSplit = false, bool EN_UNIT_FLAG = false>
struct TPipe {
    static_assert(DirType == DIR_C2V || DirType == DIR_V2C || DirType == DIR_BOTH,
                  "pyptocc runtime: a TPipe's direction is DIR_C2V, DIR_V2C or DIR_BOTH");
    static_assert(SlotSize > 0 && SlotNum > 0, "pyptocc runtime: a TPipe has slots of a positive size");
    static_assert(LocalSlotNum > 0 && LocalSlotNum <= SlotNum,
                  "pyptocc runtime: a TPipe's local slots are at most its slots");
    static constexpr uint32_t kId = FlagID, kSlotSize = SlotSize, kSlotNum = SlotNum;
    static constexpr bool is_c2v = (DirType & DIR_C2V) != 0;
    static constexpr bool is_v2c = (DirType & DIR_V2C) != 0;

    explicit TPipe(__gm__ void *gmSlotBuffer, uint32_t c2vConsumerBuf, uint32_t v2cConsumerBuf) {
        (void)gmSlotBuffer;
        (void)c2vConsumerBuf;
        (void)v2cConsumerBuf;
    }

    // The direction this side last popped from: what its TFREE gives back.
    int popped_dir = 0;
};

namespace detail {
// A slot holds a tile's elements row by row whatever the tile's layout
// (pto-isa's CPU pipe moves them through TSTORE and TLOAD, element by
// element): a tile of fractal boxes crosses through a row-major copy.
template <class T> struct PipeImage {
    using E = typename T::DType;
    static constexpr bool boxed = T::SLayoutValue != SLayout::NoneBox;
    std::vector<E> rows;
    E *bytes_of(const T &tile) {
        if constexpr (!boxed)
            return tile.data();
        rows.assign(T::Numel, E{});
        return rows.data();
    }
    void take(const T &tile) {
        if constexpr (boxed) {
            View<T> v{tile.data(), T::Rows, T::Cols};
            for (unsigned r = 0; r < static_cast<unsigned>(T::Rows); r++)
                for (unsigned c = 0; c < static_cast<unsigned>(T::Cols); c++)
                    rows[static_cast<std::size_t>(r) * T::Cols + c] = v(r, c);
        }
    }
    void give(const T &tile) const {
        if constexpr (boxed) {
            View<T> v{tile.data(), T::Rows, T::Cols};
            for (unsigned r = 0; r < static_cast<unsigned>(T::Rows); r++)
                for (unsigned c = 0; c < static_cast<unsigned>(T::Cols); c++)
                    v(r, c) = rows[static_cast<std::size_t>(r) * T::Cols + c];
        }
    }
};

template <class T> constexpr pyptocc::pipe::TileShape pipe_shape() {
    return {static_cast<uint32_t>(T::Rows), static_cast<uint32_t>(T::Cols),
            static_cast<uint32_t>(sizeof(typename T::DType))};
}
// A cube tile held padded to whole fractal boxes (a static valid shape
// within its own, pyptocc's isa_tile_padded) is pushed as its valid part,
// row by row, as pto-isa's CPU pipe copies valid elements (cpu/TPush.hpp):
// the slot holds ValidRow x ValidCol, which the vector side's tile of that
// shape takes as it is.  A pop into Mat fills the tile's whole shape, as
// pto-isa's does (a padded Mat tile there is refused).
template <class T>
inline constexpr bool pipe_by_valid = (T::Loc == TileType::Acc || T::Loc == TileType::Mat) && T::ValidRow != DYNAMIC &&
                                      T::ValidCol != DYNAMIC && (T::ValidRow != T::Rows || T::ValidCol != T::Cols);
template <class T> constexpr pyptocc::pipe::TileShape pipe_valid_shape() {
    return {static_cast<uint32_t>(T::ValidRow), static_cast<uint32_t>(T::ValidCol),
            static_cast<uint32_t>(sizeof(typename T::DType))};
}
}  // namespace detail

template <typename Pipe, typename TileProd, TileSplitAxis Split, typename... WaitEvents>
void TPUSH(Pipe &pipe, TileProd &tile, WaitEvents &...) {
    PYPTOCC_PROFILE(TPUSH, tile);
    static_assert(Split == TILE_NO_SPLIT || Split == TILE_UP_DOWN || Split == TILE_LEFT_RIGHT,
                  "pyptocc runtime: a pipe's tiles cross whole or as even halves (no TILE_UP_DOWN_ODD, "
                  "TILE_LEFT_RIGHT_ODD)");
    constexpr int dir = TileProd::Loc == TileType::Vec ? DIR_V2C : DIR_C2V;
    static_assert(TileProd::Loc == TileType::Vec || TileProd::Loc == TileType::Acc || TileProd::Loc == TileType::Mat,
                  "pyptocc runtime: TPUSH sends a Vec tile (vector to cube) or an Acc or Mat tile (cube to vector)");
    static_assert((dir == DIR_C2V && Pipe::is_c2v) || (dir == DIR_V2C && Pipe::is_v2c),
                  "pyptocc runtime: TPUSH in a direction the TPipe does not have");
    static_assert(TileProd::Bytes <= Pipe::kSlotSize, "pyptocc runtime: TPUSH of a tile larger than the pipe's slot");
    (void)pipe;
    if constexpr (detail::pipe_by_valid<TileProd>) {
        auto V = detail::view(tile, "TPUSH", "source");
        std::vector<typename TileProd::DType> part(static_cast<std::size_t>(TileProd::ValidRow) * TileProd::ValidCol);
        for (unsigned r = 0; r < static_cast<unsigned>(TileProd::ValidRow); r++)
            for (unsigned c = 0; c < static_cast<unsigned>(TileProd::ValidCol); c++)
                part[static_cast<std::size_t>(r) * TileProd::ValidCol + c] = V(r, c);
        pyptocc::pipe::push(Pipe::kId, dir, Pipe::kSlotSize, Pipe::kSlotNum, part.data(),
                            detail::pipe_valid_shape<TileProd>(), Split);
    } else {
        detail::PipeImage<TileProd> image;
        void *from = image.bytes_of(tile);
        image.take(tile);
        pyptocc::pipe::push(Pipe::kId, dir, Pipe::kSlotSize, Pipe::kSlotNum, from, detail::pipe_shape<TileProd>(), Split);
    }
}

template <typename Pipe, typename TileCons, TileSplitAxis Split, typename... WaitEvents>
void TPOP(Pipe &pipe, TileCons &tile, WaitEvents &...) {
    PYPTOCC_PROFILE(TPOP, tile);
    static_assert(Split == TILE_NO_SPLIT || Split == TILE_UP_DOWN || Split == TILE_LEFT_RIGHT,
                  "pyptocc runtime: a pipe's tiles cross whole or as even halves (no TILE_UP_DOWN_ODD, "
                  "TILE_LEFT_RIGHT_ODD)");
    static_assert(TileCons::Loc == TileType::Vec || TileCons::Loc == TileType::Mat,
                  "pyptocc runtime: TPOP takes into a Vec tile (cube to vector) or a Mat tile (vector to cube)");
    constexpr int dir = TileCons::Loc == TileType::Vec ? DIR_C2V : DIR_V2C;
    static_assert((dir == DIR_C2V && Pipe::is_c2v) || (dir == DIR_V2C && Pipe::is_v2c),
                  "pyptocc runtime: TPOP in a direction the TPipe does not have");
    static_assert(TileCons::Bytes <= Pipe::kSlotSize, "pyptocc runtime: TPOP of a tile larger than the pipe's slot");
    detail::PipeImage<TileCons> image;
    void *into = image.bytes_of(tile);
    if constexpr (detail::PipeImage<TileCons>::boxed)
        image.take(tile);   // a half pop keeps the other half
    pyptocc::pipe::pop(Pipe::kId, dir, Pipe::kSlotSize, Pipe::kSlotNum, into, detail::pipe_shape<TileCons>(), Split);
    image.give(tile);
    pipe.popped_dir = dir;
}

template <typename Pipe, TileSplitAxis Split, typename... WaitEvents>
void TFREE(Pipe &pipe, WaitEvents &...) {
    PYPTOCC_PROFILE(TFREE);
    static_assert(Split == TILE_NO_SPLIT || Split == TILE_UP_DOWN || Split == TILE_LEFT_RIGHT,
                  "pyptocc runtime: a pipe's tiles cross whole or as even halves (no TILE_UP_DOWN_ODD, "
                  "TILE_LEFT_RIGHT_ODD)");
    if (!pipe.popped_dir)
        pyptocc::fatal("TFREE on pipe %u, which this kernel has popped nothing from", static_cast<unsigned>(Pipe::kId));
    pyptocc::pipe::free_slot(Pipe::kId, pipe.popped_dir, Pipe::kSlotSize, Pipe::kSlotNum, Split);
}

}  // namespace pto

#endif
