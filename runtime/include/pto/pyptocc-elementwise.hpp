// pto/pyptocc-elementwise.hpp: the elementwise intrinsics (included by
// pto/pto-inst.hpp): tile-tile, tile-scalar, unary, TCVT, compare and
// select, TEXPANDS.
#ifndef PYPTOCC_ELEMENTWISE_HPP
#define PYPTOCC_ELEMENTWISE_HPP

#include "pto/pyptocc-intrin.hpp"

namespace pto {

// ------------------------------------------------- elementwise, tile-tile

// RULE: the operand rule of pto/pyptocc-checks.hpp beyond binary()'s own.
#define PYPTOCC_BINARY(NAME, RULE, EXPR)                                                                               \
    template <TileT TD, TileT TA, TileT TB> void NAME(TD &d, const TA &a, const TB &b) {                               \
        PYPTOCC_PROFILE(NAME, d, a, b);                                                                                \
        using T = typename TD::DType;                                                                                  \
        RULE;                                                                                                          \
        detail::binary(d, a, b, #NAME, [](T x, T y) { return EXPR; });                                                 \
    }
PYPTOCC_BINARY(TADD, (detail::rule_identical_types<TD, TA, TB>()), detail::op_add(x, y))
PYPTOCC_BINARY(TSUB, (detail::rule_identical_types<TD, TA, TB>()), detail::op_sub(x, y))
PYPTOCC_BINARY(TMUL, (detail::rule_identical_types<TD, TA, TB>()), detail::op_mul(x, y))
PYPTOCC_BINARY(TMAX, (detail::rule_identical_types<TD, TA, TB>()), detail::op_max(x, y))
PYPTOCC_BINARY(TMIN, (void)0, detail::op_min(x, y))
#undef PYPTOCC_BINARY

template <DivAlgorithm Algorithm = DivAlgorithm::DEFAULT, TileT TD, TileT TA, TileT TB>
void TDIV(TD &d, const TA &a, const TB &b) {
    PYPTOCC_PROFILE(TDIV, d, a, b);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB>();
    detail::binary(d, a, b, "TDIV", [](T x, T y) { return detail::op_div(x, y, "TDIV"); });
}

#define PYPTOCC_BINARY_INT(NAME, EXPR)                                                                                 \
    template <TileT TD, TileT TA, TileT TB> void NAME(TD &d, const TA &a, const TB &b) {                               \
        PYPTOCC_PROFILE(NAME, d, a, b);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::require_int<T>();                                                                                      \
        detail::binary(d, a, b, #NAME, [](T x, T y) { return EXPR; });                                                 \
    }
PYPTOCC_BINARY_INT(TAND, detail::op_and(x, y))
PYPTOCC_BINARY_INT(TOR, detail::op_or(x, y))
PYPTOCC_BINARY_INT(TSHL, detail::op_shl(x, y))
PYPTOCC_BINARY_INT(TSHR, detail::op_shr(x, y))
#undef PYPTOCC_BINARY_INT

// Remainder with the sign of the divisor (op_floor_rem); tmp is not read.
template <TileT TD, TileT TA, TileT TB, TileT TT> void TREM(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TREM, d, a, b, tmp);
    using T = typename TD::DType;
    detail::rule_same_dtype<TD, TT>();
    detail::touch(tmp, "TREM");
    detail::binary(d, a, b, "TREM", [](T x, T y) { return detail::op_floor_rem(x, y, "TREM", true); });
}
// TTRI<TileData, upper>(d, diagonal): over d's valid region, 1 where
// column <= row + diagonal (upper: column >= row + diagonal), 0
// elsewhere; 16- and 32-bit integers, half and float (pto-isa
// npu/a2a3/TTri.hpp; A5 also the 8-bit integers and bfloat16_t).
template <TileT TD, int Upper> void TTRI(TD &d, int diagonal) {
    PYPTOCC_PROFILE(TTRI, d);
    using T = typename TD::DType;
    static_assert(Upper == 0 || Upper == 1, "pyptocc runtime: TTRI's isUpperOrLower is 0 or 1");
    static_assert(detail::is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float>,
                  "pyptocc runtime: TTRI takes 8-, 16- or 32-bit integer, half, bfloat16_t or float tiles");
    detail::rule_vec<TD>();
    detail::rule_row_major<TD>();
    auto D = detail::view(d, "TTRI", "destination");
    detail::produce(D, D.vr, D.vc, [diagonal](unsigned r, unsigned c) {
        int64_t edge = static_cast<int64_t>(r) + diagonal, col = static_cast<int64_t>(c);
        return (Upper ? col >= edge : col <= edge) ? T(1) : T(0);
    });
}

// The partial ops: over the destination's valid region, f(a, b) where both
// sources are valid, the valid one's element where only one is, 0 where
// neither is.  One source's valid region is the destination's (pto-isa
// npu/a2a3/TPartAdd.hpp asserts it); element types: int16_t, int32_t,
// half and float on A2/A3, the 8-bit integers too on A5.
namespace detail {
template <class TD, class TA, class TB, class F> void part(TD &d, const TA &a, const TB &b, const char *op, F f) {
    using T = typename TD::DType;
    check_same_dtype<TD, TA, TB>();
    rule_vec<TD, TA, TB>();
    static_assert(is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, float>,
                  "pyptocc runtime: the partial ops take 8-, 16- or 32-bit integer, half or float tiles");
    rule_row_major<TD, TA, TB>();
    static_assert(covers_v<TA, TD> && covers_v<TB, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = view(a, op, "source a");
    auto B = view(b, op, "source b");
    auto D = view(d, op, "destination");
    if (!(A.vr == D.vr && A.vc == D.vc) && !(B.vr == D.vr && B.vc == D.vc))
        pyptocc::fatal("%s: neither source's valid region (%ux%u, %ux%u) is the destination's %ux%u", op, A.vr, A.vc,
                       B.vr, B.vc, D.vr, D.vc);
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        bool ina = r < A.vr && c < A.vc, inb = r < B.vr && c < B.vc;
        return ina && inb ? f(A(r, c), B(r, c)) : ina ? A(r, c) : inb ? B(r, c) : T(0);
    });
}
}  // namespace detail
#define PYPTOCC_PART(NAME, EXPR)                                                                                       \
    template <TileT TD, TileT TA, TileT TB> void NAME(TD &d, const TA &a, const TB &b) {                               \
        PYPTOCC_PROFILE(NAME, d, a, b);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::part(d, a, b, #NAME, [](T x, T y) { return EXPR; });                                                   \
    }
PYPTOCC_PART(TPARTADD, detail::op_add(x, y))
PYPTOCC_PART(TPARTMUL, detail::op_mul(x, y))
PYPTOCC_PART(TPARTMAX, detail::op_max(x, y))
PYPTOCC_PART(TPARTMIN, detail::op_min(x, y))
#undef PYPTOCC_PART

// The remainder with the sign of the dividend (C fmod; integers: %, a
// remainder by zero is an error), of half or float tiles (A2/A3: float
// only, pto-isa npu/a2a3/TFmod.hpp) or 16- and 32-bit integers (A5,
// npu/a5/TFMod.hpp).  The NPU overwrites the destination before its last
// read of the sources, so the compiler never lets them share storage.
template <TileT TD, TileT TA, TileT TB> void TFMOD(TD &d, const TA &a, const TB &b) {
    PYPTOCC_PROFILE(TFMOD, d, a, b);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB>();
    detail::rule_fmod_dtype<T>();
    detail::rule_row_major<TD, TA, TB>();
    detail::binary(d, a, b, "TFMOD", [](T x, T y) { return detail::op_rem(x, y, "TFMOD"); });
}
template <TileT TD, TileT TA, TileT TB, TileT TT> void TXOR(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TXOR, d, a, b, tmp);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::rule_same_dtype<TD, TT>();
    detail::touch(tmp, "TXOR");
    detail::binary(d, a, b, "TXOR", [](T x, T y) { return detail::op_xor(x, y); });
}
// d = a > 0 ? a : a * b; tmp is not read.
template <TileT TD, TileT TA, TileT TB, TileT TT> void TPRELU(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TPRELU, d, a, b, tmp);
    using T = typename TD::DType;
    detail::touch(tmp, "TPRELU");
    detail::binary(d, a, b, "TPRELU", [](T x, T y) { return detail::up(x) > 0 ? x : detail::op_mul(x, y); });
}

// d = a + b + c, d = a - b + c (floats: in float, rounded once).
template <TileT TD, TileT TA, TileT TB, TileT TC> void TADDC(TD &d, const TA &a, const TB &b, const TC &c) {
    PYPTOCC_PROFILE(TADDC, d, a, b, c);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB, TC>();
    detail::check_same_dtype<TD, TA, TB>();
    detail::check_same_dtype<TD, TC, TC>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD> && detail::covers_v<TC, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = detail::view(a, "TADDC", "source a");
    auto B = detail::view(b, "TADDC", "source b");
    auto C = detail::view(c, "TADDC", "source c");
    auto D = detail::view(d, "TADDC", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned col) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(A(r, col)) + detail::up(B(r, col)) + detail::up(C(r, col)));
        else
            return detail::wrap<T>(detail::u64(A(r, col)) + detail::u64(B(r, col)) + detail::u64(C(r, col)));
    });
}
template <TileT TD, TileT TA, TileT TB, TileT TC> void TSUBC(TD &d, const TA &a, const TB &b, const TC &c) {
    PYPTOCC_PROFILE(TSUBC, d, a, b, c);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB, TC>();
    detail::check_same_dtype<TD, TA, TB>();
    detail::check_same_dtype<TD, TC, TC>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD> && detail::covers_v<TC, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = detail::view(a, "TSUBC", "source a");
    auto B = detail::view(b, "TSUBC", "source b");
    auto C = detail::view(c, "TSUBC", "source c");
    auto D = detail::view(d, "TSUBC", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned col) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(A(r, col)) - detail::up(B(r, col)) + detail::up(C(r, col)));
        else
            return detail::wrap<T>(detail::u64(A(r, col)) - detail::u64(B(r, col)) + detail::u64(C(r, col)));
    });
}
// d = a + x + b, d = a - x + b.
template <TileT TD, TileT TA, TileT TB>
void TADDSC(TD &d, const TA &a, typename TD::DType x, const TB &b) {
    PYPTOCC_PROFILE(TADDSC, d, a, b);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB>();
    detail::binary(d, a, b, "TADDSC", [x](T p, T q) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(p) + detail::up(x) + detail::up(q));
        else
            return detail::wrap<T>(detail::u64(p) + detail::u64(x) + detail::u64(q));
    });
}
template <TileT TD, TileT TA, TileT TB>
void TSUBSC(TD &d, const TA &a, typename TD::DType x, const TB &b) {
    PYPTOCC_PROFILE(TSUBSC, d, a, b);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TA, TB>();
    detail::binary(d, a, b, "TSUBSC", [x](T p, T q) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(p) - detail::up(x) + detail::up(q));
        else
            return detail::wrap<T>(detail::u64(p) - detail::u64(x) + detail::u64(q));
    });
}

// ----------------------------------------------- elementwise, tile-scalar

// ROW_MAJOR: the intrinsic also needs row-major tiles; all need Vec tiles.
#define PYPTOCC_SCALAR(NAME, ROW_MAJOR, EXPR)                                                                          \
    template <TileT TD, TileT TS> void NAME(TD &d, const TS &s, typename TD::DType x) {                                \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::rule_vec<TD, TS>();                                                                                    \
        if constexpr (ROW_MAJOR)                                                                                       \
            detail::rule_row_major<TD, TS>();                                                                          \
        detail::unary(d, s, #NAME, [x](T v) { return EXPR; });                                                         \
    }
PYPTOCC_SCALAR(TADDS, true, detail::op_add(v, x))
PYPTOCC_SCALAR(TSUBS, false, detail::op_sub(v, x))
PYPTOCC_SCALAR(TMULS, true, detail::op_mul(v, x))
PYPTOCC_SCALAR(TDIVS, true, detail::op_div(v, x, "TDIVS"))
PYPTOCC_SCALAR(TMAXS, true, detail::op_max(v, x))
PYPTOCC_SCALAR(TMINS, false, detail::op_min(v, x))
PYPTOCC_SCALAR(TLRELU, true, detail::up(v) > 0 ? v : detail::op_mul(v, x))
#undef PYPTOCC_SCALAR

#define PYPTOCC_SCALAR_INT(NAME, EXPR)                                                                                 \
    template <TileT TD, TileT TS> void NAME(TD &d, const TS &s, typename TD::DType x) {                                \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::require_int<T>();                                                                                      \
        detail::rule_vec<TD, TS>();                                                                                    \
        detail::unary(d, s, #NAME, [x](T v) { return EXPR; });                                                         \
    }
PYPTOCC_SCALAR_INT(TANDS, detail::op_and(v, x))
PYPTOCC_SCALAR_INT(TORS, detail::op_or(v, x))
PYPTOCC_SCALAR_INT(TSHLS, detail::op_shl(v, x))
PYPTOCC_SCALAR_INT(TSHRS, detail::op_shr(v, x))
#undef PYPTOCC_SCALAR_INT

template <TileT TD, TileT TS> void TFMODS(TD &d, const TS &s, typename TD::DType x) {
    PYPTOCC_PROFILE(TFMODS, d, s);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS>();
    detail::rule_same_dtype<TD, TS>();
    detail::rule_fmod_dtype<T>();
    detail::rule_row_major<TD, TS>();
    detail::unary(d, s, "TFMODS", [x](T v) { return detail::op_rem(v, x, "TFMODS"); });
}
template <TileT TD, TileT TS, TileT TT> void TREMS(TD &d, const TS &s, typename TD::DType x, const TT &tmp) {
    PYPTOCC_PROFILE(TREMS, d, s, tmp);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS>();
    detail::rule_scratch_type<TD, TT>();
    detail::touch(tmp, "TREMS");
    detail::unary(d, s, "TREMS", [x](T v) { return detail::op_floor_rem(v, x, "TREMS", false); });
}
template <TileT TD, TileT TS, TileT TT> void TXORS(TD &d, const TS &s, typename TD::DType x, const TT &tmp) {
    PYPTOCC_PROFILE(TXORS, d, s, tmp);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::rule_scratch_type<TD, TT>();
    detail::touch(tmp, "TXORS");
    detail::unary(d, s, "TXORS", [x](T v) { return detail::op_xor(v, x); });
}

// d(r, c) = x over d.
template <TileT TD> void TEXPANDS(TD &d, typename TD::DType x) {
    PYPTOCC_PROFILE(TEXPANDS, d);
    auto D = detail::view(d, "TEXPANDS", "destination");
    detail::produce(D, D.vr, D.vc, [x](unsigned, unsigned) { return x; });
}

// d(0, c) = start + c (start - c when descending) over d's valid columns,
// as pto-isa's TCI writes them: a one-row tile of 16- or 32-bit integers,
// start of its element type (pto-isa npu/a5/Tci.hpp: int16_t, uint16_t,
// int32_t, uint32_t; npu/a2a3/TCI.hpp: b16 or b32; PTOAS TCIOp::verify:
// i16/i32, not one column).  The
// template arguments are given, as pto-isa's TCI wants them.
template <class TD, class T, int descending> void TCI(TD &d, T start) {
    PYPTOCC_PROFILE(TCI, d);
    static_assert(TD::Rows == 1, "pyptocc runtime: TCI fills a tile of one row (Rows == 1)");
    static_assert(std::is_same_v<typename TD::DType, T>, "pyptocc runtime: TCI's start has the tile's element type");
    static_assert(detail::is_one_of_v<T, int16_t, int32_t, uint16_t, uint32_t>,
                  "pyptocc runtime: TCI fills int16_t, int32_t, uint16_t or uint32_t tiles");
    static_assert(TD::Cols != 1, "pyptocc runtime: TCI fills a tile of more than one column");
    auto D = detail::view(d, "TCI", "destination");
    detail::produce(D, 1, D.vc, [start](unsigned, unsigned c) {
        int64_t v = descending ? static_cast<int64_t>(start) - c : static_cast<int64_t>(start) + c;
        return static_cast<T>(v);   // wraps as the hardware's integer adds do
    });
}

// ------------------------------------------------------------------ unary

// exp, log, sqrt, 1/sqrt and 1/x are computed in double and rounded.
#define PYPTOCC_UNARY_FLOAT(NAME, RULE, EXPR)                                                                          \
    PYPTOCC_UNARY_FLOAT_T(NAME, RULE, EXPR, template <TileT TD, TileT TS>)
// ...: the template head, with an algorithm parameter where pto-isa has one.
#define PYPTOCC_UNARY_FLOAT_T(NAME, RULE, EXPR, ...)                                                                   \
    __VA_ARGS__ void NAME(TD &d, const TS &s) {                                                                        \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::require_float<T>();                                                                                    \
        RULE;                                                                                                          \
        detail::unary(d, s, #NAME, [](T v) {                                                                           \
            double x = static_cast<double>(detail::up(v));                                                             \
            return detail::convert<T>(EXPR);                                                                           \
        });                                                                                                            \
    }
PYPTOCC_UNARY_FLOAT(TEXP, (void)0, std::exp(x))
PYPTOCC_UNARY_FLOAT_T(TLOG, (void)0, std::log(x),
                      template <LogAlgorithm Algorithm = LogAlgorithm::DEFAULT, TileT TD, TileT TS>)
PYPTOCC_UNARY_FLOAT(TSQRT, (detail::rule_float16_or_float<T>()), std::sqrt(x))
PYPTOCC_UNARY_FLOAT(TRSQRT, (detail::rule_half_or_float<T>()), 1.0 / std::sqrt(x))
PYPTOCC_UNARY_FLOAT_T(TRECIP, (detail::rule_vec<TD, TS>(), detail::rule_row_major<TD, TS>()), 1.0 / x,
                      template <RecipAlgorithm Algorithm = RecipAlgorithm::DEFAULT, TileT TD, TileT TS>)
#undef PYPTOCC_UNARY_FLOAT
#undef PYPTOCC_UNARY_FLOAT_T

// 1/sqrt with a scratch tile: the high-precision form (on A2/A3, pto-isa
// npu/a2a3/TUnaryOp.hpp TRsqrtHighPrecision fills a 32-byte block of the
// scratch with ones and divides by the square root).  Computed in double,
// the same as the plain form; the scratch is a Vec tile (PTOAS e32488c9
// TRsqrtOp::verify; its 32 bytes or more hold for every Vec tile).
template <TileT TD, TileT TS, TileT TT> void TRSQRT(TD &d, const TS &s, TT &tmp) {
    PYPTOCC_PROFILE(TRSQRT, d, s, tmp);
    using T = typename TD::DType;
    detail::require_float<T>();
    detail::rule_half_or_float<T>();
    detail::rule_vec<TT>();
    detail::touch(tmp, "TRSQRT");
    detail::unary(d, s, "TRSQRT", [](T v) {
        double x = static_cast<double>(detail::up(v));
        return detail::convert<T>(1.0 / std::sqrt(x));
    });
}

template <TileT TD, TileT TS> void TNEG(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TNEG, d, s);
    using T = typename TD::DType;
    detail::unary(d, s, "TNEG", [](T v) { return detail::op_neg(v); });
}
template <TileT TD, TileT TS> void TABS(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TABS, d, s);
    using T = typename TD::DType;
    detail::rule_identical_types<TD, TS>();
    detail::rule_abs_dtype<T>();
    detail::unary(d, s, "TABS", [](T v) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(std::fabs(detail::up(v)));
        else if constexpr (std::is_signed_v<T>)
            return v < 0 ? detail::op_neg(v) : v;
        else
            return v;
    });
}
template <TileT TD, TileT TS> void TRELU(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TRELU, d, s);
    using T = typename TD::DType;
    detail::unary(d, s, "TRELU", [](T v) { return detail::op_max(v, T(0)); });
}
template <TileT TD, TileT TS> void TNOT(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TNOT, d, s);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::unary(d, s, "TNOT", [](T v) { return static_cast<T>(~v); });
}

// Each element converted with mode m (see detail::convert): no saturation.
template <TileT TD, TileT TS> void TCVT(TD &d, const TS &s, RoundMode m) {
    PYPTOCC_PROFILE(TCVT, d, s);
    using T = typename TD::DType;
    using S = typename TS::DType;
    detail::rule_same_valid<TD, TS>();
    static_assert(detail::covers_v<TS, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    auto SV = detail::view(s, "TCVT", "source");
    auto D = detail::view(d, "TCVT", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return detail::convert<T, S>(SV(r, c), m); });
}

// TCVT with the scratch tile a narrowing conversion stages through on
// A2/A3 (pto-isa 3186c381 pto/common/pto_instr.hpp TCVT(dst, src, tmp,
// mode); PTOAS 0.60 writes it explicitly, and so does pyptocc:
// targets/arch.h target_cvt_scratch).  The result is the same; tmp is not read.
template <TileT TD, TileT TS, TileT TT> void TCVT(TD &d, const TS &s, const TT &tmp, RoundMode m) {
    detail::rule_vec<TT>();
    detail::touch(tmp, "TCVT");
    TCVT(d, s, m);
}

// ------------------------------------------------------ compare and select

namespace detail {
// rule_mask's width at run time, where a valid extent is DYNAMIC.
inline void check_mask_width(const char *op, unsigned mask_cols, unsigned data_cols, const char *role) {
    if (mask_cols != (data_cols + 7) / 8)
        pyptocc::fatal("%s: the mask has %u valid columns for %u %s columns (ceil(C/8) are needed)", op, mask_cols,
                       data_cols, role);
}
template <class TD, class TS, class Pred> void compare_into(TD &d, const TS &s, const char *op, Pred pred) {
    rule_mask<TD, TS>();
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    check_mask_width(op, D.vc, S.vc, "source");
    // pto-isa 3186c381 cpu/TCmps.hpp packs each row's bits over all of the
    // source's Cols and deals the bytes out to the mask's valid columns:
    // rows land where they belong only when those are the Cols' bytes.
    if (S.vr > 1 && D.vc != (static_cast<unsigned>(TS::Cols) + 7) / 8)
        pyptocc::fatal("%s: a mask of %u valid columns for a source of %u columns (%u valid) over %u rows; pto-isa "
                       "packs the bits of each row's %u columns",
                       op, D.vc, static_cast<unsigned>(TS::Cols), S.vc, S.vr, static_cast<unsigned>(TS::Cols));
    produce(D, static_cast<unsigned>(TD::Rows), static_cast<unsigned>(TD::Cols), [&](unsigned r, unsigned w) {
        unsigned byte = 0;
        if (r < S.vr)
            for (unsigned k = 0; k < 8 && 8 * w + k < S.vc; k++)
                if (pred(r, 8 * w + k))
                    byte |= 1u << k;
        return static_cast<uint8_t>(byte);
    });
}
}  // namespace detail

// d (uint8_t) is zeroed; bit k of byte (r, w) = a(r, 8w+k) m b(r, 8w+k).
template <TileT TD, TileT TA, TileT TB> void TCMP(TD &d, const TA &a, const TB &b, CmpMode m) {
    PYPTOCC_PROFILE(TCMP, d, a, b, m);
    detail::rule_same_dtype<TA, TB>();
    detail::rule_compare_dtype<typename TA::DType>();
    detail::rule_same_valid<TA, TB>();
    static_assert(detail::covers_v<TB, TA>, "pyptocc runtime: TCMP: b is smaller than a");
    auto B = detail::view(b, "TCMP", "source b");
    auto A = detail::view(a, "TCMP", "source a");
    detail::compare_into(d, a, "TCMP", [&](unsigned r, unsigned c) { return detail::compare(A(r, c), B(r, c), m); });
}
template <TileT TD, TileT TS> void TCMPS(TD &d, const TS &s, typename TS::DType x, CmpMode m) {
    PYPTOCC_PROFILE(TCMPS, d, s, m);
    auto S = detail::view(s, "TCMPS", "source");
    detail::compare_into(d, s, "TCMPS", [&](unsigned r, unsigned c) { return detail::compare(S(r, c), x, m); });
}

// d(r, c) = bit(mask, r, c) ? a(r, c) : b(r, c); tmp is not read.
template <TileT TD, TileT TM, TileT TA, TileT TB, TileT TT>
void TSEL(TD &d, const TM &mask, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TSEL, d, mask, a, b, tmp);
    using T = typename TD::DType;
    detail::rule_mask<TM, TD>();
    detail::rule_identical_types<TD, TA, TB>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    detail::touch(tmp, "TSEL");
    auto MV = detail::view(mask, "TSEL", "mask");
    auto A = detail::view(a, "TSEL", "source a");
    auto B = detail::view(b, "TSEL", "source b");
    auto D = detail::view(d, "TSEL", "destination");
    detail::check_mask_width("TSEL", MV.vc, D.vc, "destination");
    // pto-isa 3186c381 cpu/TSel.hpp reads the mask's bits as one stream
    // across the rows (a row's last byte continues into the next row),
    // while TCMP packs each row's bits into bytes of its own: the two agree
    // only where a row's valid columns fill whole mask bytes.
    if (D.vr > 1 && D.vc % 8 != 0)
        pyptocc::fatal("TSEL: %u valid columns a row are not whole bytes of the mask, whose bits pto-isa's TSEL "
                       "reads as one stream across the rows",
                       D.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) -> T {
        unsigned byte = static_cast<uint8_t>(MV(r, c / 8));
        return ((byte >> (c % 8)) & 1u) ? A(r, c) : B(r, c);
    });
}

// d(r, c) = bit c % w of mask(r, c / w) ? s(r, c) : x, for w-bit mask
// elements (pto-isa 3186c381 cpu/TSelS.hpp).  The rules are pto-isa's NPU
// ones: one element type of d and s, 8- to 32-bit integers, half or float
// (npu/a5/TSels.hpp; A2/A3 takes the 16- and 32-bit ones), row-major d, s
// and mask (a5 asserts all three), equal valid shapes; a mask whose valid
// region covers d's bits; tmp, where the A2/A3 TSELS stores x (one element
// of d's type), is not read here.
template <TileT TD, TileT TM, TileT TS, TileT TT>
void TSELS(TD &d, const TM &mask, const TS &s, const TT &tmp, typename TS::DType x) {
    PYPTOCC_PROFILE(TSELS, d, mask, s, tmp);
    using T = typename TD::DType;
    using M = typename TM::DType;
    constexpr unsigned bits = sizeof(M) * 8;
    detail::rule_same_dtype<TD, TS>();
    static_assert(detail::is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, float>,
                  "pyptocc runtime: TSELS selects 8-, 16- or 32-bit integer, half or float tiles");
    static_assert(detail::is_one_of_v<M, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>,
                  "pyptocc runtime: a TSELS mask is a tile of 8-, 16- or 32-bit integers");
    detail::rule_row_major<TD, TS, TM>();
    detail::rule_same_valid<TD, TS>();
    static_assert(TT::Rows * TT::Cols * sizeof(typename TT::DType) >= sizeof(T),
                  "pyptocc runtime: the TSELS scratch holds one element of the destination's type");
    detail::touch(tmp, "TSELS");
    auto MV = detail::view(mask, "TSELS", "mask");
    auto S = detail::view(s, "TSELS", "source");
    auto D = detail::view(d, "TSELS", "destination");
    detail::same_valid(D, S, "TSELS", "source");
    if (MV.vr < D.vr || static_cast<uint64_t>(MV.vc) * bits < D.vc)
        pyptocc::fatal("TSELS: the mask's %ux%u valid %u-bit elements do not cover the destination's %ux%u", MV.vr,
                       MV.vc, bits, D.vr, D.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) -> T {
        auto word = static_cast<std::make_unsigned_t<M>>(MV(r, c / bits));
        return ((word >> (c % bits)) & 1u) ? S(r, c) : x;
    });
}
}  // namespace pto

#endif
