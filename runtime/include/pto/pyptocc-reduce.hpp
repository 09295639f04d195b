// pto/pyptocc-reduce.hpp: row and column reductions and broadcasts
// (included by pto/pto-inst.hpp).
#ifndef PYPTOCC_REDUCE_HPP
#define PYPTOCC_REDUCE_HPP

#include "pto/pyptocc-intrin.hpp"

namespace pto {

// ------------------------------------------------------------ reductions

namespace detail {
template <class T> struct Sum {
    calc_t<T> acc{};
    void add(T v) {
        if constexpr (is_float_v<T>)
            acc += up(v);
        else
            acc = wrap<T>(u64(acc) + u64(v));
    }
    T get() const { return down<T>(acc); }
};
// The product of n elements at(0..n-1), in order: in float for float
// types, wrapping for integers.
template <class T, class F> T product(unsigned n, F at) {
    if constexpr (is_float_v<T>) {
        calc_t<T> p = 1;
        for (unsigned i = 0; i < n; i++)
            p *= up(at(i));
        return down<T>(p);
    } else {
        uint64_t p = 1;
        for (unsigned i = 0; i < n; i++)
            p *= u64(at(i));
        return wrap<T>(p);
    }
}
// kind: 0 sum, 1 maximum, 2 minimum, 3 product.
template <class TD, class TS> void row_reduce(TD &d, const TS &s, const char *op, int kind) {
    using T = typename TD::DType;
    check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows == TD::Rows, "pto-isa CPU constraint: row reduction needs Src::Rows == Dst::Rows");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, S.vr, S.vc == 0 ? 0u : 1u, [&](unsigned r, unsigned) {
        if (kind == 0) {
            Sum<T> sum;
            for (unsigned c = 0; c < S.vc; c++)
                sum.add(S(r, c));
            return sum.get();
        }
        if (kind == 3)
            return product<T>(S.vc, [&](unsigned c) { return S(r, c); });
        T m = S(r, 0);
        for (unsigned c = 1; c < S.vc; c++)
            m = kind == 1 ? op_max(m, S(r, c)) : op_min(m, S(r, c));
        return m;
    });
}
template <class TD, class TS> void col_reduce(TD &d, const TS &s, const char *op, int kind) {
    using T = typename TD::DType;
    check_same_dtype<TD, TS, TS>();
    rule_one_row<TD>();
    static_assert(TS::Cols == TD::Cols, "pto-isa CPU constraint: column reduction needs Src::Cols == Dst::Cols");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, S.vr == 0 ? 0u : 1u, S.vc, [&](unsigned, unsigned c) {
        if (kind == 0) {
            Sum<T> sum;
            for (unsigned r = 0; r < S.vr; r++)
                sum.add(S(r, c));
            return sum.get();
        }
        if (kind == 3)
            return product<T>(S.vr, [&](unsigned r) { return S(r, c); });
        T m = S(0, c);
        for (unsigned r = 1; r < S.vr; r++)
            m = kind == 1 ? op_max(m, S(r, c)) : op_min(m, S(r, c));
        return m;
    });
}
// d(r, 0) = the column index of s's first maximum (max) or minimum in row
// r, over s's valid region (pto-isa's CPU TROWARGMAX: a strict comparison,
// so the earliest of equal elements wins; NaN never wins).
// tmp has s's element type (pto-isa's NPU TROWARGMAX uses it) and is not read.
template <class TD, class TS, class TT> void row_arg(TD &d, const TS &s, const TT &tmp, const char *op, bool max) {
    using I = typename TD::DType;
    using T = typename TS::DType;
    static_assert(std::is_same_v<typename TT::DType, T>,
                  "pyptocc runtime: the scratch of TROWARGMAX and TROWARGMIN has the source's element type");
    touch(tmp, op);
    static_assert(std::is_same_v<I, int32_t> || std::is_same_v<I, uint32_t>,
                  "pyptocc runtime: TROWARGMAX and TROWARGMIN write an index tile of int32_t or uint32_t");
    static_assert(std::is_integral_v<T> || is_float_v<T>,
                  "pyptocc runtime: TROWARGMAX and TROWARGMIN read integral, half, bfloat16_t or float elements");
    static_assert(TD::Loc == TileType::Vec && TS::Loc == TileType::Vec,
                  "pyptocc runtime: TROWARGMAX and TROWARGMIN take Vec tiles");
    static_assert(TS::Rows == TD::Rows, "pto-isa CPU constraint: row reduction needs Src::Rows == Dst::Rows");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    if (S.vr == 0 || S.vc == 0)
        pyptocc::fatal("%s: the source's valid shape %ux%u is empty", op, S.vr, S.vc);
    produce(D, S.vr, 1u, [&](unsigned r, unsigned) {
        unsigned best = 0;
        for (unsigned c = 1; c < S.vc; c++) {
            auto v = up(S(r, c)), b = up(S(r, best));
            if (max ? v > b : v < b)
                best = c;
        }
        return static_cast<I>(best);
    });
}
// d(0, c) = the row index of s's first maximum (max) or minimum in column
// c, over s's valid region (pto-isa 3186c381 cpu/TReduceIdx.hpp: a strict
// comparison, so the earliest of equal elements wins).  The rules are
// those of pto-isa's NPU TCOLARGMAX (npu/a2a3/TColReduceIdx.hpp): Vec
// tiles, a source of half, uint16_t, float or uint32_t in no fractal
// layout, a scratch of its element type (which the NPU writes and this
// does not read), and a row-major destination of int32_t or uint32_t
// indices, one valid row of the source's valid columns.
template <class TD, class TS, class TT> void col_arg(TD &d, const TS &s, const TT &tmp, const char *op, bool max) {
    using I = typename TD::DType;
    using T = typename TS::DType;
    static_assert(is_one_of_v<T, half, uint16_t, float, uint32_t>,
                  "pyptocc runtime: TCOLARGMAX and TCOLARGMIN read half, uint16_t, float or uint32_t elements");
    static_assert(std::is_same_v<typename TT::DType, T>,
                  "pyptocc runtime: the scratch of TCOLARGMAX and TCOLARGMIN has the source's element type");
    static_assert(std::is_same_v<I, int32_t> || std::is_same_v<I, uint32_t>,
                  "pyptocc runtime: TCOLARGMAX and TCOLARGMIN write an index tile of int32_t or uint32_t");
    static_assert(TD::Loc == TileType::Vec && TS::Loc == TileType::Vec && TT::Loc == TileType::Vec,
                  "pyptocc runtime: TCOLARGMAX and TCOLARGMIN take Vec tiles");
    static_assert(TS::SLayoutValue == SLayout::NoneBox && row_major_v<TD> && TD::SLayoutValue == SLayout::NoneBox,
                  "pyptocc runtime: TCOLARGMAX and TCOLARGMIN take a non-fractal source and a row-major destination");
    touch(tmp, op);
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    if (S.vr == 0 || S.vc == 0)
        pyptocc::fatal("%s: the source's valid shape %ux%u is empty", op, S.vr, S.vc);
    if (D.vr != 1 || D.vc != S.vc)
        pyptocc::fatal("%s: the destination's valid shape %ux%u is not one row of the source's %u columns", op, D.vr,
                       D.vc, S.vc);
    produce(D, 1u, S.vc, [&](unsigned, unsigned c) {
        unsigned best = 0;
        for (unsigned r = 1; r < S.vr; r++) {
            auto v = up(S(r, c)), b = up(S(best, c));
            if (max ? v > b : v < b)
                best = r;
        }
        return static_cast<I>(best);
    });
}
}  // namespace detail

// d(r, 0) = reduce over c of s(r, c), for the valid region of s (sums
// accumulate left to right in float for float types, wrapping for
// integers); tmp is not read.
template <TileT TD, TileT TS, TileT TT> void TROWSUM(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWSUM, d, s, tmp);
    detail::rule_row_sum_dtype<typename TS::DType>();
    detail::touch(tmp, "TROWSUM");
    detail::row_reduce(d, s, "TROWSUM", 0);
}
template <TileT TD, TileT TS, TileT TT> void TROWMAX(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWMAX, d, s, tmp);
    detail::touch(tmp, "TROWMAX");
    detail::row_reduce(d, s, "TROWMAX", 1);
}
template <TileT TD, TileT TS, TileT TT> void TROWMIN(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWMIN, d, s, tmp);
    detail::touch(tmp, "TROWMIN");
    detail::row_reduce(d, s, "TROWMIN", 2);
}
// Products of int16_t, int32_t, half or float (pto-isa npu/a2a3/
// TRowProd.hpp: "T must be float, half, int32, or int16").
template <TileT TD, TileT TS, TileT TT> void TROWPROD(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWPROD, d, s, tmp);
    detail::rule_prod_dtype<typename TS::DType>();
    detail::touch(tmp, "TROWPROD");
    detail::row_reduce(d, s, "TROWPROD", 3);
}
// d(r, 0) = the index of the first maximum (minimum) of row r of s.
template <TileT TD, TileT TS, TileT TT> void TROWARGMAX(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWARGMAX, d, s, tmp);
    detail::row_arg(d, s, tmp, "TROWARGMAX", true);
}
template <TileT TD, TileT TS, TileT TT> void TROWARGMIN(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWARGMIN, d, s, tmp);
    detail::row_arg(d, s, tmp, "TROWARGMIN", false);
}
template <TileT TD, TileT TS, TileT TT> void TCOLARGMAX(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TCOLARGMAX, d, s, tmp);
    detail::col_arg(d, s, tmp, "TCOLARGMAX", true);
}
template <TileT TD, TileT TS, TileT TT> void TCOLARGMIN(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TCOLARGMIN, d, s, tmp);
    detail::col_arg(d, s, tmp, "TCOLARGMIN", false);
}
// d(0, c) = reduce over r of s(r, c) (top to bottom).
// The destination has one row; sums and maxima are of float types.
template <TileT TD, TileT TS> void TCOLSUM(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLSUM, d, s);
    detail::rule_float16_or_float<typename TS::DType>();
    detail::col_reduce(d, s, "TCOLSUM", 0);
}
// The binary-tree form (isBinary): the NPU sums row pairs through tmp, a
// row-major Vec tile whose row holds at least the source's valid columns
// (pto-isa npu/a2a3/TColSum.hpp asserts it); the CPU sums in order, as
// pto-isa's simulator does (its cpu/TColSum.hpp reads no tmp).
template <TileT TD, TileT TS, TileT TT> void TCOLSUM(TD &d, const TS &s, TT &tmp, bool isBinary) {
    PYPTOCC_PROFILE(TCOLSUM, d, s);
    detail::rule_float16_or_float<typename TS::DType>();
    detail::rule_vec<TT>();
    detail::rule_row_major<TT>();
    detail::touch(tmp, "TCOLSUM");
    if (isBinary && static_cast<uint64_t>(s.GetValidCol()) * sizeof(typename TS::DType) >
                        static_cast<uint64_t>(TT::Cols) * sizeof(typename TT::DType))
        pyptocc::fatal("TCOLSUM: the source's %u valid columns do not fit a row of the %d-column scratch tile",
                       s.GetValidCol(), TT::Cols);
    detail::col_reduce(d, s, "TCOLSUM", 0);
}
template <TileT TD, TileT TS> void TCOLMAX(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLMAX, d, s);
    detail::rule_float16_or_float<typename TS::DType>();
    detail::col_reduce(d, s, "TCOLMAX", 1);
}
template <TileT TD, TileT TS> void TCOLMIN(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLMIN, d, s);
    detail::col_reduce(d, s, "TCOLMIN", 2);
}
template <TileT TD, TileT TS> void TCOLPROD(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLPROD, d, s);
    detail::rule_prod_dtype<typename TS::DType>();
    detail::col_reduce(d, s, "TCOLPROD", 3);
}

// ------------------------------------------------------------- broadcast

// d(r, c) = s(r, 0).
template <TileT TD, TileT TS> void TROWEXPAND(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TROWEXPAND, d, s);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows >= TD::Rows, "pyptocc runtime: TROWEXPAND: the source has fewer rows than the destination");
    auto S = detail::view(s, "TROWEXPAND", "source");
    auto D = detail::view(d, "TROWEXPAND", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned) { return S(r, 0); });
}
// d(r, c) = s(0, c).
template <TileT TD, TileT TS> void TCOLEXPAND(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLEXPAND, d, s);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Cols >= TD::Cols,
                  "pyptocc runtime: TCOLEXPAND: the source has fewer columns than the destination");
    auto S = detail::view(s, "TCOLEXPAND", "source");
    auto D = detail::view(d, "TCOLEXPAND", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned, unsigned c) { return S(0, c); });
}

namespace detail {
// exp(a - b): the difference in the element type, its exponential in
// double, rounded (pto-isa cpu/ElementOp.h OP_EXPDIF).
template <class T> inline T op_expdif(T a, T b) { return convert<T>(std::exp(static_cast<double>(up(op_sub(a, b))))); }

// d(r, c) = f(a(r, c), v(r, 0)) (rows) or f(a(r, c), v(0, c)) (cols).
template <bool Rows, bool Div, class TD, class TA, class TV, class F>
void expand_op(TD &d, const TA &a, const TV &v, const char *op, F f) {
    check_same_dtype<TD, TA, TV>();
    if constexpr (Div)
        rule_half_or_float<typename TD::DType>();
    else
        rule_expand_dtype<typename TD::DType>();
    if constexpr (Rows)
        rule_row_major<TD, TA>();
    else
        rule_row_major<TD, TA, TV>();
    rule_same_valid<TD, TA>();
    static_assert(covers_v<TA, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    if constexpr (Rows)
        static_assert(TV::Rows >= TD::Rows, "pyptocc runtime: the row vector has fewer rows than the destination");
    else
        static_assert(TV::Cols >= TD::Cols,
                      "pyptocc runtime: the column vector has fewer columns than the destination");
    auto A = view(a, op, "source");
    auto V = view(v, op, "vector");
    auto D = view(d, op, "destination");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(A(r, c), Rows ? V(r, 0) : V(0, c)); });
}
}  // namespace detail

#define PYPTOCC_EXPAND(NAME, ROWS, DIV, EXPR)                                                                          \
    template <TileT TD, TileT TA, TileT TV> void NAME(TD &d, const TA &a, const TV &v) {                               \
        PYPTOCC_PROFILE(NAME, d, a, v);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::expand_op<ROWS, DIV>(d, a, v, #NAME, [](T x, T y) { return EXPR; });                                   \
    }
PYPTOCC_EXPAND(TROWEXPANDADD, true, false, detail::op_add(x, y))
// With a scratch tile (pto-isa's overload with tmp: on A2/A3 the rows'
// broadcast 32-byte blocks are staged there, npu/a2a3/TRowExpandBinOp.hpp):
// the same sums; the scratch is a Vec tile, which the instruction writes.
template <TileT TD, TileT TA, TileT TV, TileT TT> void TROWEXPANDADD(TD &d, const TA &a, const TV &v, TT &tmp) {
    PYPTOCC_PROFILE(TROWEXPANDADD, d, a, v, tmp);
    using T = typename TD::DType;
    detail::rule_vec<TT>();
    detail::touch(tmp, "TROWEXPANDADD");
    detail::expand_op<true, false>(d, a, v, "TROWEXPANDADD", [](T x, T y) { return detail::op_add(x, y); });
}
PYPTOCC_EXPAND(TROWEXPANDSUB, true, false, detail::op_sub(x, y))
PYPTOCC_EXPAND(TROWEXPANDMUL, true, false, detail::op_mul(x, y))
PYPTOCC_EXPAND(TROWEXPANDDIV, true, true, detail::op_div(x, y, "TROWEXPANDDIV"))
PYPTOCC_EXPAND(TCOLEXPANDADD, false, false, detail::op_add(x, y))
PYPTOCC_EXPAND(TCOLEXPANDSUB, false, false, detail::op_sub(x, y))
PYPTOCC_EXPAND(TCOLEXPANDMUL, false, false, detail::op_mul(x, y))
PYPTOCC_EXPAND(TCOLEXPANDDIV, false, true, detail::op_div(x, y, "TCOLEXPANDDIV"))
// FP16 and FP32 only, as the divisions.
PYPTOCC_EXPAND(TROWEXPANDEXPDIF, true, true, detail::op_expdif(x, y))
PYPTOCC_EXPAND(TCOLEXPANDEXPDIF, false, true, detail::op_expdif(x, y))
// The larger (smaller) of the element and the broadcast value, in the
// element type's order, as TMAX and TMIN.
PYPTOCC_EXPAND(TROWEXPANDMAX, true, false, detail::op_max(x, y))
PYPTOCC_EXPAND(TROWEXPANDMIN, true, false, detail::op_min(x, y))
PYPTOCC_EXPAND(TCOLEXPANDMAX, false, false, detail::op_max(x, y))
PYPTOCC_EXPAND(TCOLEXPANDMIN, false, false, detail::op_min(x, y))
#undef PYPTOCC_EXPAND

}  // namespace pto

#endif
