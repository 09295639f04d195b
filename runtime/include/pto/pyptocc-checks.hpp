// pto/pyptocc-checks.hpp: the operand rules of the pto-isa tile API that
// pyptocc's runtime enforces at compile time (included through
// pto/pyptocc-intrin.hpp), so that a kernel that builds here builds against
// pto-isa too.  Each rule is one function an intrinsic calls first thing;
// the rules of a Tile on its own (shape, alignment, fractal boxes) are in
// pto/pyptocc-tile.hpp.  The rules were learnt from what pto-isa's CPU
// simulator (commit e612db81) accepts and rejects, and revised for pto-isa
// 3186c381 (tests/runtime/reject says where it now accepts more); a few
// are stricter where the NPU and PTOAS are (float-only exp/log/sqrt,
// one-byte masks).
//
// Which intrinsic follows which rule:
//   identical Tile type of destination and sources:
//       TADD TSUB TMUL TDIV TMAX TADDC TSUBC TADDSC TSUBSC TABS,
//       TSEL (destination and both sources), TMATMUL_ACC/TGEMV_ACC (in/out)
//   one element type:     every other elementwise intrinsic (TCMP: its
//                         two sources)
//   compare masks:        TCMP TCMPS write, TSEL reads a uint8_t mask of
//                         ceil(C/8) valid bytes a row; TCMP compares
//                         int32_t, half or float (pto-isa 3186c381
//                         cpu/TCmp.h for an 8-bit mask, npu/a2a3/TCmp.hpp)
//   equal valid shapes:   every elementwise intrinsic (checked at run time
//                         where an extent is DYNAMIC)
//   Vec tiles:            TADDS TSUBS TMULS TDIVS TMAXS TMINS TLRELU TANDS
//                         TORS TSHLS TSHRS TREMS TRECIP
//   row-major tiles:      TADDS TMULS TDIVS TMAXS TLRELU TRECIP; TROWEXPAND
//                         ADD/SUB/MUL/DIV (destination and tile source);
//                         TCOLEXPAND SUB/MUL/DIV (all three)
//   element types:        TSQRT (half, bfloat16_t, float), TRSQRT (half,
//                         float), TABS (int16_t, int32_t, half, bfloat16_t,
//                         float), TCOLSUM TCOLMAX (half, bfloat16_t, float),
//                         TROWSUM (those and int16_t, int32_t),
//                         TROWEXPAND*/TCOLEXPAND*
//                         arithmetic (half, float, 16- and 32-bit
//                         integers; division half and float), matmul (four
//                         operand triples)
//   scratch of the destination's type: TREMS TXORS
//   scratch of the destination's element type: TREM (PTOAS's trem
//                         verifier), TXOR (A2/A3's TXOR asserts it)
//   TLOAD/TSTORE:         one element type, an ND or DN GlobalTensor whose
//                         static shape is the tile's valid shape
//   TFILLPAD:             Vec tiles of one static shape (pto-isa's TFILLPAD
//                         takes two Vec tiles or one Mat type); TTRANS:
//                         mirrored valid shapes;
//   TEXTRACT, TINSERT:    the location pairs, element types and layouts of
//                         rule_extract, rule_insert
//   products:             TROWPROD TCOLPROD (int16_t, int32_t, half, float)
//   column reductions:    a one-row destination
//   matmul:               Left/Right/Acc fractal layouts, [M,K] x [K,N] -> [M,N]
#ifndef PYPTOCC_CHECKS_HPP
#define PYPTOCC_CHECKS_HPP

#include "pto/pyptocc-tile.hpp"

namespace pto {
namespace detail {

template <class T, class... U> inline constexpr bool is_one_of_v = (std::is_same_v<T, U> || ...);

// Valid extents that are both static must be equal.
template <int A, int B> inline constexpr bool extent_compatible_v = A == DYNAMIC || B == DYNAMIC || A == B;
template <class A, class B>
inline constexpr bool valid_compatible_v =
    extent_compatible_v<A::ValidRow, B::ValidRow> && extent_compatible_v<A::ValidCol, B::ValidCol>;

template <class T> inline constexpr bool row_major_v = T::BLayoutValue == BLayout::RowMajor;

template <class TD, class... TS> constexpr void rule_identical_types() {
    static_assert((std::is_same_v<TD, TS> && ...),
                  "pyptocc runtime: this intrinsic takes its destination and its sources as one identical Tile type");
}
template <class TD, class... TS> constexpr void rule_same_dtype() {
    static_assert((std::is_same_v<typename TD::DType, typename TS::DType> && ...),
                  "pyptocc runtime: the tiles of this intrinsic need the same element type");
}
template <class TD, class... TS> constexpr void rule_same_valid() {
    static_assert((valid_compatible_v<TD, TS> && ...),
                  "pyptocc runtime: the destination and the sources of this intrinsic need equal valid shapes");
}
// A compare mask (TCMP, TCMPS, TSEL): uint8_t, one bit per element of a
// row, LSB first, in ceil(C/8) valid bytes, where pto-isa's CPU simulator
// packs (cpu/TCmp.h, cpu/TCmps.hpp) and unpacks (cpu/TSel.hpp) them: TSEL
// walks the bits on to the next mask row after ValidCol bytes, so a mask
// of another valid width would select by other elements' bits.
template <class TM, class TS> constexpr void rule_mask() {
    static_assert(std::is_same_v<typename TM::DType, uint8_t>, "pyptocc runtime: a compare mask tile is uint8_t");
    static_assert(TM::ValidCol == DYNAMIC || TS::ValidCol == DYNAMIC || TM::ValidCol == (TS::ValidCol + 7) / 8,
                  "pyptocc runtime: a compare mask holds ceil(C/8) valid bytes a row for C valid elements");
    static_assert(TM::Rows >= TS::Rows, "pyptocc runtime: the mask tile has fewer rows than the data");
}
// TCMP into an 8-bit mask compares int32_t, half or float (pto-isa
// 3186c381 cpu/TCmp.h and npu/a2a3/TCmp.hpp; A5's TCMP takes more).
template <class T> constexpr void rule_compare_dtype() {
    static_assert(is_one_of_v<T, int32_t, half, float>,
                  "pyptocc runtime: TCMP compares int32_t, half or float tiles into a uint8_t mask");
}
template <class... TT> constexpr void rule_vec() {
    static_assert(((TT::Loc == TileType::Vec) && ...), "pyptocc runtime: this intrinsic needs Vec tiles");
}
template <class... TT> constexpr void rule_row_major() {
    static_assert((row_major_v<TT> && ...), "pyptocc runtime: this intrinsic needs row-major tiles (BLayout::RowMajor)");
}
template <class T> constexpr void rule_half_or_float() {
    static_assert(is_one_of_v<T, half, float>, "pyptocc runtime: this intrinsic needs half or float tiles");
}
template <class T> constexpr void rule_float16_or_float() {
    static_assert(is_one_of_v<T, half, bfloat16_t, float>,
                  "pyptocc runtime: this intrinsic needs half, bfloat16_t or float tiles");
}
// The element types TROWSUM sums (into its own type, which the runtime's
// row reductions keep): half, bfloat16_t, float, int16_t and int32_t, as
// pto-isa 3186c381 takes them (cpu/TRowSum.hpp; e612db81 took the floats
// only).
template <class T> constexpr void rule_row_sum_dtype() {
    static_assert(is_one_of_v<T, half, bfloat16_t, float, int16_t, int32_t>,
                  "pyptocc runtime: TROWSUM sums half, bfloat16_t, float, int16_t or int32_t tiles");
}
// The element types of the row and column broadcasts with arithmetic
// (TROWEXPANDADD/SUB/MUL, TCOLEXPANDSUB/MUL): half, float and the 16- and
// 32-bit integers, as pto-isa 3186c381 takes them (cpu/TRowExpandOp.hpp,
// cpu/TColExpandOp.hpp; e612db81 took half and float); division keeps
// half and float (PTOAS's trowexpanddiv and tcolexpanddiv verifiers).
// TFMOD and TFMODS: half and float, 16- and 32-bit integers (pto-isa
// npu/a5/TFMod.hpp, TFModS.hpp; A2/A3 takes float only).
template <class T> constexpr void rule_fmod_dtype() {
    static_assert(is_one_of_v<T, half, float, int16_t, uint16_t, int32_t, uint32_t>,
                  "pyptocc runtime: TFMOD and TFMODS take half, float or 16- and 32-bit integer tiles");
}
template <class T> constexpr void rule_expand_dtype() {
    static_assert(is_one_of_v<T, half, float, int16_t, uint16_t, int32_t, uint32_t>,
                  "pyptocc runtime: this broadcast takes half, float, int16_t, uint16_t, int32_t or uint32_t tiles");
}
// The products TROWPROD and TCOLPROD take (PTOAS's trowprod verifier,
// i16/i32/f16/f32, and pto-isa npu/a2a3/TRowProd.hpp; A2/A3's tcolprod
// takes the same).
template <class T> constexpr void rule_prod_dtype() {
    static_assert(is_one_of_v<T, int16_t, int32_t, half, float>,
                  "pyptocc runtime: TROWPROD and TCOLPROD take int16_t, int32_t, half or float tiles");
}
template <class T> constexpr void rule_abs_dtype() {
    static_assert(is_one_of_v<T, int16_t, int32_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TABS needs int16_t, int32_t, half, bfloat16_t or float tiles");
}
template <class TD, class TT> constexpr void rule_scratch_type() {
    static_assert(std::is_same_v<TD, TT>,
                  "pyptocc runtime: the scratch tile of this intrinsic must have the destination's Tile type");
}
template <class TD> constexpr void rule_one_row() {
    static_assert(TD::Rows == 1, "pyptocc runtime: the destination of a column reduction has one row (Rows == 1)");
}
// TEXTRACT (the base form): the locations pto-isa's NPU headers copy a
// window between (npu/a2a3/TExtract.hpp: Mat to Left or Right, Vec to
// Vec, Acc to Mat; npu/a5 also Acc to Vec and Vec to Mat), one element
// type but from Acc, and int8_t, half, bfloat16_t or float (CheckTExtract);
// a window within Vec between row-major tiles (the ND path).
template <class TD, class TS> constexpr void rule_extract() {
    constexpr TileType s = TS::Loc, d = TD::Loc;
    static_assert((s == TileType::Mat && (d == TileType::Left || d == TileType::Right)) ||
                      (s == TileType::Vec && (d == TileType::Vec || d == TileType::Mat)) ||
                      (s == TileType::Acc && (d == TileType::Mat || d == TileType::Vec)),
                  "pyptocc runtime: TEXTRACT copies Mat to Left or Right, Vec to Vec or Mat, Acc to Mat or Vec");
    static_assert(s == TileType::Acc || std::is_same_v<typename TD::DType, typename TS::DType>,
                  "pyptocc runtime: TEXTRACT keeps the element type (but out of Acc)");
    static_assert(is_one_of_v<typename TD::DType, int8_t, uint8_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TEXTRACT copies int8_t, half, bfloat16_t or float tiles");
    static_assert(!(s == TileType::Vec && d == TileType::Vec) || (row_major_v<TD> && row_major_v<TS>),
                  "pyptocc runtime: TEXTRACT within Vec needs row-major tiles");
}
// TINSERT (the base form): the locations a tile is written into another's
// window at (PTOAS e32488c9 TInsertOp::verify: Vec into Vec, Acc into Mat;
// on A5 also Acc into Vec and Vec into Mat), one element type but from
// Acc, int8_t, half, bfloat16_t or float, row-major tiles within Vec.
template <class TD, class TS> constexpr void rule_insert() {
    constexpr TileType s = TS::Loc, d = TD::Loc;
    static_assert((s == TileType::Vec && (d == TileType::Vec || d == TileType::Mat)) ||
                      (s == TileType::Acc && (d == TileType::Mat || d == TileType::Vec)),
                  "pyptocc runtime: TINSERT writes Vec into Vec or Mat, Acc into Mat or Vec");
    static_assert(s == TileType::Acc || std::is_same_v<typename TD::DType, typename TS::DType>,
                  "pyptocc runtime: TINSERT keeps the element type (but out of Acc)");
    static_assert(is_one_of_v<typename TD::DType, int8_t, uint8_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TINSERT writes int8_t, half, bfloat16_t or float tiles");
    static_assert(!(s == TileType::Vec && d == TileType::Vec) || (row_major_v<TD> && row_major_v<TS>),
                  "pyptocc runtime: TINSERT within Vec needs row-major tiles");
}
template <class TD, class TS> constexpr void rule_fillpad_shape() {
    static_assert(TD::Rows == TS::Rows && TD::Cols == TS::Cols,
                  "pyptocc runtime: TFILLPAD needs source and destination tiles of one static shape");
}
template <class TD, class TS> constexpr void rule_fillpad_expand_shape() {
    static_assert(TD::Rows >= TS::Rows && TD::Cols >= TS::Cols,
                  "pyptocc runtime: TFILLPAD_EXPAND needs a destination no smaller than its source");
}
template <class TD, class TS> constexpr void rule_transposed_valid() {
    static_assert(extent_compatible_v<TS::ValidRow, TD::ValidCol> && extent_compatible_v<TS::ValidCol, TD::ValidRow>,
                  "pyptocc runtime: TTRANS needs the destination's valid shape to mirror the source's");
}

// ---- global tensors

// The static extents of a Shape<...> (DYNAMIC where given at run time).
template <class S> struct static_shape;
template <int64_t N1, int64_t N2, int64_t N3, int64_t N4, int64_t N5> struct static_shape<Shape<N1, N2, N3, N4, N5>> {
    static constexpr int64_t v[5] = {N1, N2, N3, N4, N5};
};
template <int64_t V, int E> inline constexpr bool dim_fits_v = V == DYNAMIC || E == DYNAMIC || V == E;

template <class TT, class GT> constexpr void rule_global() {
    using S = static_shape<typename GT::ShapeType>;
    static_assert(std::is_same_v<typename TT::DType, typename GT::DType>,
                  "pyptocc runtime: TLOAD and TSTORE need the tile and the GlobalTensor to have one element type");
    static_assert(GT::layout == Layout::ND || GT::layout == Layout::DN,
                  "pyptocc runtime: TLOAD and TSTORE take ND or DN GlobalTensors");
    // ND: dimensions 0 to 3 are the tile's rows (pto-isa's TLOAD asserts
    // their product is its valid rows); DN: dimension 3 alone.
    constexpr bool rows_dynamic = S::v[0] == DYNAMIC || S::v[1] == DYNAMIC || S::v[2] == DYNAMIC || S::v[3] == DYNAMIC;
    if constexpr (GT::layout == Layout::ND)
        static_assert((rows_dynamic || dim_fits_v<S::v[0] * S::v[1] * S::v[2] * S::v[3], TT::ValidRow>) &&
                          dim_fits_v<S::v[4], TT::ValidCol>,
                      "pyptocc runtime: an ND GlobalTensor of TLOAD or TSTORE has the shape <d0, d1, d2, d3, valid "
                      "cols> of its tile, d0 d1 d2 d3 its valid rows");
    else
        static_assert(dim_fits_v<S::v[0], 1> && dim_fits_v<S::v[1], 1> && dim_fits_v<S::v[2], 1> &&
                          dim_fits_v<S::v[3], TT::ValidRow> && dim_fits_v<S::v[4], TT::ValidCol>,
                      "pyptocc runtime: a DN GlobalTensor of TLOAD or TSTORE has the shape <1, 1, 1, valid rows, "
                      "valid cols> of its tile");
}

// ---- matrix multiplication

template <class TO, class TL, class TR> constexpr void rule_matmul() {
    using A = typename TL::DType;
    using B = typename TR::DType;
    using C = typename TO::DType;
    static_assert((is_one_of_v<A, int8_t> && std::is_same_v<B, A> && std::is_same_v<C, int32_t>) ||
                      (is_one_of_v<A, half, bfloat16_t, float> && std::is_same_v<B, A> && std::is_same_v<C, float>),
                  "pyptocc runtime: matmul operands (left, right, accumulator) are (int8_t, int8_t, int32_t), "
                  "(half, half, float), (bfloat16_t, bfloat16_t, float) or (float, float, float)");
    static_assert(TL::Rows == TO::Rows && TL::Cols == TR::Rows && TR::Cols == TO::Cols,
                  "pyptocc runtime: matmul tiles have the shapes left [M, K], right [K, N], accumulator [M, N]");
    static_assert(TL::Loc == TileType::Left && TL::SLayoutValue == SLayout::RowMajor && TR::Loc == TileType::Right &&
                      row_major_v<TR> && TR::SLayoutValue == SLayout::ColMajor && TO::Loc == TileType::Acc &&
                      !row_major_v<TO> && TO::SLayoutValue == SLayout::RowMajor,
                  "pyptocc runtime: matmul needs a Left tile (SLayout::RowMajor), a Right tile (BLayout::RowMajor, "
                  "SLayout::ColMajor) and an Acc tile (BLayout::ColMajor, SLayout::RowMajor)");
}

// A bias row (pto-isa cpu/TMatmul.hpp CheckBiasValid): a one-row
// row-major Bias tile of the accumulator's element type.
template <class TO, class TB> constexpr void rule_bias() {
    static_assert(std::is_same_v<typename TB::DType, typename TO::DType>,
                  "pyptocc runtime: the bias has the accumulator's element type");
    static_assert(TB::Loc == TileType::Bias && TB::Rows == 1 && row_major_v<TB>,
                  "pyptocc runtime: the bias is a one-row, row-major Bias tile");
}

// A move into Bias (pto-isa npu/a2a3 and a5 TMov.hpp TMovToBt): from Mat,
// one row of whole 64-byte units, int32_t or float kept, half or
// bfloat16_t widened to float.
template <class TD, class TS> constexpr void rule_move_to_bias() {
    using D = typename TD::DType;
    using S = typename TS::DType;
    static_assert(TD::Loc != TileType::Bias || TS::Loc == TileType::Mat,
                  "pyptocc runtime: TMOV into Bias reads a Mat tile");
    static_assert(TD::Loc != TileType::Bias || (TS::Rows == 1 && TD::Rows == 1 && TD::Cols * sizeof(D) % 64 == 0),
                  "pyptocc runtime: TMOV into Bias moves one row of whole 64-byte units");
    static_assert(TD::Loc != TileType::Bias || (std::is_same_v<S, D> && is_one_of_v<D, int32_t, float>) ||
                      (std::is_same_v<D, float> && is_one_of_v<S, half, bfloat16_t>),
                  "pyptocc runtime: TMOV into Bias keeps int32_t or float, or widens half or bfloat16_t to float");
}

}  // namespace detail
}  // namespace pto

#endif
