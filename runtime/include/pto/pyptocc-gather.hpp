// pto/pyptocc-gather.hpp: TGATHER, by index and by mask pattern, and its
// inverse TSCATTER, by index and by mask pattern; TGATHERB of 32-byte
// blocks by byte offset (part of pto/pto-inst.hpp).
//
// By index: d(r, c) = s's element at flat offset i(r, c), the offset in
// s's static shape (row i / Cols, column i % Cols), as pto-isa's CPU
// simulator reads it (cpu/TGather.hpp).  The indices are 4 bytes wide
// (its CheckValid: "expect b32"), the destination has the source's element
// type; A2/A3 stages the indices in the scratch tile, which has their type
// and valid shape (npu/a2a3/TGather.hpp; PTOAS TGatherOp::verify).  An
// offset outside the source's valid elements is fatal: the simulator reads
// zero there, the NPU whatever the buffer holds.
//
// By mask pattern: each row of d is the columns of the row of s that the
// pattern keeps (every second from 0 or 1, every fourth from 0-3, or all),
// their bits as d's element type of the same width.  Vec, row-major tiles;
// d's valid columns are its static columns, and s's valid columns are d's
// times the pattern's step (PTOAS TGatherOp::verify, the mask form).
#ifndef PYPTOCC_GATHER_HPP
#define PYPTOCC_GATHER_HPP

#include <cstring>

#include "pto/pyptocc-intrin.hpp"

namespace pto {

namespace detail {
// A destination or index row that the instruction reads and writes whole.
inline void check_full_rows(const char *op, const char *role, unsigned valid_cols, int cols) {
    if (valid_cols != static_cast<unsigned>(cols))
        pyptocc::fatal("%s: the %s tile has %u valid columns of %d: this form needs whole rows", op, role, valid_cols,
                       cols);
}
}  // namespace detail

template <TileT TD, TileT TS, TileT TI, TileT TT> void TGATHER(TD &d, const TS &s, const TI &idx, TT &tmp) {
    PYPTOCC_PROFILE(TGATHER, d, s, idx, tmp);
    using I = typename TI::DType;
    detail::rule_vec<TD, TS, TI, TT>();
    detail::rule_same_dtype<TD, TS>();
    static_assert(sizeof(I) == 4 && detail::is_int_v<I>, "pyptocc runtime: TGATHER's indices are 4-byte integers");
    static_assert(std::is_same_v<typename TT::DType, I>,
                  "pyptocc runtime: TGATHER's scratch tile has the indices' element type");
    auto S = detail::view(s, "TGATHER", "source");
    auto X = detail::view(idx, "TGATHER", "index");
    auto T = detail::view(tmp, "TGATHER", "scratch");
    auto D = detail::view(d, "TGATHER", "destination");
    detail::check_full_rows("TGATHER", "destination", D.vc, TD::Cols);
    detail::check_full_rows("TGATHER", "index", X.vc, TI::Cols);
    if (X.vr < D.vr || X.vc < D.vc || T.vr != X.vr || T.vc != X.vc)
        pyptocc::fatal("TGATHER: the destination's valid %ux%u, the indices' %ux%u and the scratch's %ux%u do not "
                       "match",
                       D.vr, D.vc, X.vr, X.vc, T.vr, T.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        int64_t flat = static_cast<int64_t>(X(r, c));
        int64_t row = flat / TS::Cols, col = flat % TS::Cols;
        if (flat < 0 || row >= static_cast<int64_t>(S.vr) || col >= static_cast<int64_t>(S.vc))
            pyptocc::fatal("TGATHER: index %lld at (%u, %u) is outside the source's %ux%u valid elements (a tile of "
                           "%d columns: the index is row * %d + column)",
                           static_cast<long long>(flat), r, c, S.vr, S.vc, TS::Cols, TS::Cols);
        return S(static_cast<unsigned>(row), static_cast<unsigned>(col));
    });
    // The scratch holds what A2/A3 stages there: the offsets in bytes.
    for (unsigned r = 0; r < T.vr; r++)
        for (unsigned c = 0; c < T.vc; c++)
            T(r, c) = static_cast<I>(static_cast<uint64_t>(X(r, c)) * sizeof(typename TS::DType));
}

template <TileT TD, TileT TS, MaskPattern P> void TGATHER(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TGATHER_MASK, d, s);
    using T = typename TD::DType;
    using U = typename TS::DType;
    constexpr unsigned step = P == MaskPattern::P1111 ? 1 : P <= MaskPattern::P1010 ? 2 : 4;
    constexpr unsigned first = P == MaskPattern::P1111   ? 0
                               : P <= MaskPattern::P1010 ? static_cast<unsigned>(P) - 1
                                                         : static_cast<unsigned>(P) - 3;
    detail::rule_vec<TD, TS>();
    detail::rule_row_major<TD, TS>();
    static_assert(sizeof(T) == sizeof(U) && (sizeof(T) == 2 || sizeof(T) == 4),
                  "pyptocc runtime: TGATHER's mask form keeps 2- or 4-byte elements of one width");
    auto S = detail::view(s, "TGATHER", "source");
    auto D = detail::view(d, "TGATHER", "destination");
    detail::check_full_rows("TGATHER", "destination", D.vc, TD::Cols);
    if (S.vr != D.vr || S.vc != D.vc * step)
        pyptocc::fatal("TGATHER: the mask pattern keeps one column in %u: a destination of %ux%u valid elements "
                       "takes a source of %ux%u, got %ux%u",
                       step, D.vr, D.vc, D.vr, D.vc * step, S.vr, S.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        U v = S(r, c * step + first);
        T out;
        std::memcpy(static_cast<void *>(&out), static_cast<const void *>(&v), sizeof out);
        return out;
    });
}

// TSCATTER(d, s, idx): d's buffer zeroed (the NPU's InitUBBuffer, A2/A3
// and A5; pto-isa's CPU simulator keeps d instead), then d's element at flat
// offset idx(r, c) of its buffer (row * Cols + column) is s(r, c), over the
// indices' valid shape in row-major order (a later one wins an offset).
// The index width follows the element's (4 bytes: 4; 2 or 1: 2), as
// pto-isa's static checks say; an offset outside d's buffer, which the NPU
// writes past it, is fatal.
template <TileT TD, TileT TS, TileT TI> void TSCATTER(TD &d, const TS &s, const TI &idx) {
    PYPTOCC_PROFILE(TSCATTER, d, s, idx);
    using T = typename TD::DType;
    using I = typename TI::DType;
    detail::rule_vec<TD, TS, TI>();
    detail::rule_same_dtype<TD, TS>();
    detail::rule_row_major<TD, TS>();
    static_assert(detail::is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TSCATTER moves 1-, 2- or 4-byte integers, half, bfloat16 or float");
    static_assert(detail::is_one_of_v<I, int16_t, uint16_t, int32_t, uint32_t> &&
                      sizeof(I) == (sizeof(T) == 4 ? 4 : 2),
                  "pyptocc runtime: TSCATTER's indices are 4 bytes for 4-byte elements, else 2 bytes");
    static_assert(TI::BLayoutValue == BLayout::RowMajor && TI::SLayoutValue == SLayout::NoneBox,
                  "pyptocc runtime: TSCATTER's index tile is row-major");
    auto S = detail::view(s, "TSCATTER", "source");
    auto X = detail::view(idx, "TSCATTER", "index");
    detail::view(d, "TSCATTER", "destination");
    if (S.vr < X.vr || S.vc < X.vc)
        pyptocc::fatal("TSCATTER: the indices' valid %ux%u are more than the source's %ux%u", X.vr, X.vc, S.vr, S.vc);
    constexpr int64_t n = static_cast<int64_t>(TD::Rows) * TD::Cols;
    T *p = d.data();
    for (int64_t k = 0; k < n; k++)
        p[k] = T(0);
    for (unsigned r = 0; r < X.vr; r++)
        for (unsigned c = 0; c < X.vc; c++) {
            int64_t at = static_cast<int64_t>(X(r, c));
            if (at < 0 || at >= n)
                pyptocc::fatal("TSCATTER: index %lld at (%u, %u) is outside the destination's %lld elements (a tile of "
                               "%d columns: the index is row * %d + column)",
                               static_cast<long long>(at), r, c, static_cast<long long>(n), TD::Cols, TD::Cols);
            p[at] = S(r, c);
        }
}

// TSCATTER<P>(d, s), the mask form: each row of s written into the columns
// of d's row that pattern P keeps (every second from 0 or 1, every fourth
// from 0-3), after d is zeroed as the index form does (npu/a2a3
// TScatterMaskImpl); P1111 is TMOV (nothing zeroed).  d's valid shape is
// s's rows and its columns times the step (pto-isa's asserts).
template <MaskPattern P = MaskPattern::P1111, TileT TD, TileT TS> void TSCATTER(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TSCATTER, d, s);
    using T = typename TD::DType;
    constexpr unsigned step = P == MaskPattern::P1111 ? 1 : P <= MaskPattern::P1010 ? 2 : 4;
    constexpr unsigned first = P == MaskPattern::P1111   ? 0
                               : P <= MaskPattern::P1010 ? static_cast<unsigned>(P) - 1
                                                         : static_cast<unsigned>(P) - 3;
    detail::rule_vec<TD, TS>();
    detail::rule_same_dtype<TD, TS>();
    detail::rule_row_major<TD, TS>();
    static_assert(detail::is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TSCATTER moves 1-, 2- or 4-byte integers, half, bfloat16 or float");
    auto S = detail::view(s, "TSCATTER", "source");
    auto D = detail::view(d, "TSCATTER", "destination");
    if (D.vr != S.vr || D.vc != S.vc * step)
        pyptocc::fatal("TSCATTER: the mask pattern writes one column in %u: a source of %ux%u valid elements takes a "
                       "destination of %ux%u, got %ux%u",
                       step, S.vr, S.vc, S.vr, S.vc * step, D.vr, D.vc);
    if constexpr (P != MaskPattern::P1111) {
        T *p = d.data();
        for (int64_t k = 0; k < static_cast<int64_t>(TD::Rows) * TD::Cols; k++)
            p[k] = T(0);
    }
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++)
            D(r, c * step + first) = S(r, c);
}

// TGATHERB(d, s, off): block c of d's row r (32 bytes, 32 / sizeof(T)
// elements) is the 32 bytes of s's buffer at byte offset off(r, c), over
// d's valid shape (whole blocks).  The NPU's vgatherb reads 32-byte blocks
// of the buffer from its start (npu/a2a3/TGatherB.hpp): an offset that is
// not a multiple of 32 or a block past s's buffer is fatal here (the CPU
// simulator skips one past the buffer, the NPU reads whatever lies there).
template <TileT TD, TileT TS, TileT TO> void TGATHERB(TD &d, const TS &s, const TO &off) {
    PYPTOCC_PROFILE(TGATHERB, d, s, off);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS, TO>();
    detail::rule_row_major<TD, TS, TO>();
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                  "pyptocc runtime: TGATHERB moves 1-, 2- or 4-byte elements");
    static_assert(std::is_same_v<typename TO::DType, uint32_t>, "pyptocc runtime: TGATHERB's offsets are uint32_t");
    constexpr unsigned per = 32 / sizeof(T);
    constexpr uint64_t bytes = static_cast<uint64_t>(TS::Rows) * TS::Cols * sizeof(typename TS::DType);
    detail::view(s, "TGATHERB", "source");
    auto X = detail::view(off, "TGATHERB", "offset");
    auto D = detail::view(d, "TGATHERB", "destination");
    if (D.vc % per != 0)
        pyptocc::fatal("TGATHERB: the destination's %u valid columns are not whole 32-byte blocks of %u", D.vc, per);
    if (X.vr < D.vr || X.vc < D.vc / per)
        pyptocc::fatal("TGATHERB: %ux%u valid offsets for a destination of %ux%u blocks", X.vr, X.vc, D.vr, D.vc / per);
    const unsigned char *from = reinterpret_cast<const unsigned char *>(s.data());
    unsigned char *to = reinterpret_cast<unsigned char *>(d.data());
    for (unsigned r = 0; r < D.vr; r++)
        for (unsigned c = 0; c < D.vc / per; c++) {
            uint32_t at = X(r, c);
            if (at % 32 != 0 || static_cast<uint64_t>(at) + 32 > bytes)
                pyptocc::fatal("TGATHERB: byte offset %u at (%u, %u) is not a 32-byte block of the source's %llu bytes",
                               at, r, c, static_cast<unsigned long long>(bytes));
            std::memmove(to + (static_cast<std::size_t>(r) * TD::Cols + c * per) * sizeof(T), from + at, 32);
        }
}

}  // namespace pto

#endif
