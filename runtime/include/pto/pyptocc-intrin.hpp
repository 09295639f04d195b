// pto/pyptocc-intrin.hpp: what the intrinsics share (included by
// pto/pto-inst.hpp): checked views of bound tiles, the all-reads-first
// store, and one scalar operation per intrinsic family.
#ifndef PYPTOCC_INTRIN_HPP
#define PYPTOCC_INTRIN_HPP

#include "pto/pyptocc-checks.hpp"

namespace pto {

// ------------------------------------------------------ intrinsic helpers

namespace detail {

// A checked view of a bound tile.  Its elements are stored where pto-isa's
// CPU simulator stores them (cpu/tile_offsets.hpp): without fractal boxes
// row by row (ND) or column by column (DN); with boxes, the boxes in the
// block layout's order (NZ, NN: columns of boxes, each the tile's Rows
// high; ZN, ZZ: rows of boxes) and the elements within a box in the inner
// layout's order.  A tile and its dual over the same bytes (NZ and ZN, ND
// and DN: pypto's tile.transpose_view) are then each other's transpose, and
// a tile bound at an address inside another sees the bytes it has there
// (a sub-view of an NZ tile at whole 32-byte rows: tile.gather_row).
template <class TT> struct View {
    using T = typename TT::DType;
    static constexpr bool boxed = TT::SLayoutValue != SLayout::NoneBox;
    static constexpr bool blocks_by_columns = TT::BLayoutValue == BLayout::ColMajor;
    static constexpr bool inner_by_columns = TT::SLayoutValue == SLayout::ColMajor;
    static constexpr std::size_t IR = static_cast<std::size_t>(box_rows<T, TT::SLayoutValue, TT::Fractal>);
    static constexpr std::size_t IC = static_cast<std::size_t>(box_cols<T, TT::SLayoutValue, TT::Fractal>);
    T *p;
    unsigned vr, vc;
    static std::size_t offset(unsigned r, unsigned c) {
        if constexpr (!boxed)
            return blocks_by_columns ? static_cast<std::size_t>(c) * TT::Rows + r
                                     : static_cast<std::size_t>(r) * TT::Cols + c;
        else {
            const std::size_t br = r / IR, ir = r % IR, bc = c / IC, ic = c % IC;
            const std::size_t inner = inner_by_columns ? ic * IR + ir : ir * IC + ic;
            return (blocks_by_columns ? bc * TT::Rows * IC + br * IR * IC : br * TT::Cols * IR + bc * IR * IC) + inner;
        }
    }
    T &operator()(unsigned r, unsigned c) const { return p[offset(r, c)]; }
};

template <class TT> View<TT> view(const TT &t, const char *op, const char *role) {
    if (!t.IsBound())
        pyptocc::fatal("%s: %s tile (Tile<%s, %s, %d, %d>) is used before TASSIGN bound it", op, role,
                       loc_name(TT::Loc), type_name<typename TT::DType>(), TT::Rows, TT::Cols);
    return View<TT>{t.pyptocc_raw(), t.GetValidRow(), t.GetValidCol()};
}

template <class T> std::vector<T> &scratch(std::size_t n) {
    thread_local std::vector<T> v;
    if (v.size() < n)
        v.resize(n);
    return v;
}

// d(r, c) = f(r, c) for r < rows, c < cols (within d's static shape); all
// values are computed before the first is stored.
template <class TD, class F> void produce(const View<TD> &d, unsigned rows, unsigned cols, F &&f) {
    using T = typename TD::DType;
    std::vector<T> &tmp = scratch<T>(static_cast<std::size_t>(rows) * cols);
    for (unsigned r = 0; r < rows; r++)
        for (unsigned c = 0; c < cols; c++)
            tmp[static_cast<std::size_t>(r) * cols + c] = f(r, c);
    for (unsigned r = 0; r < rows; r++)
        for (unsigned c = 0; c < cols; c++)
            d(r, c) = tmp[static_cast<std::size_t>(r) * cols + c];
}

// `S` covers `D`'s static shape (every element read stays inside S).
template <class S, class D> inline constexpr bool covers_v = S::Rows >= D::Rows && S::Cols >= D::Cols;

template <class T> inline T zero() { return T(0); }
template <class T> inline T pad_value(PadValue p) {
    if constexpr (is_float_v<T>) {
        if (p == PadValue::Max)
            return static_cast<T>(std::numeric_limits<float>::infinity());
        if (p == PadValue::Min)
            return static_cast<T>(-std::numeric_limits<float>::infinity());
    } else {
        if (p == PadValue::Max)
            return std::numeric_limits<T>::max();
        if (p == PadValue::Min)
            return std::numeric_limits<T>::lowest();
    }
    return T(0);
}

// ---- the scalar operations, one per intrinsic family

template <class T> inline T op_add(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) + up(b));
    else
        return wrap<T>(u64(a) + u64(b));
}
template <class T> inline T op_sub(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) - up(b));
    else
        return wrap<T>(u64(a) - u64(b));
}
template <class T> inline T op_mul(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) * up(b));
    else
        return wrap<T>(u64(a) * u64(b));
}
template <class T> inline T op_neg(T a) {
    if constexpr (is_float_v<T>)
        return down<T>(-up(a));
    else
        return wrap<T>(0 - u64(a));
}
template <class T> inline T op_div(T a, T b, const char *op) {
    if constexpr (is_float_v<T>) {
        (void)op;
        return down<T>(up(a) / up(b));
    } else {
        if (b == 0)
            pyptocc::fatal("%s: integer division by zero", op);
        if constexpr (std::is_signed_v<T>)
            if (b == -1)
                return op_neg(a);
        return static_cast<T>(a / b);
    }
}
template <class T> inline T op_rem(T a, T b, const char *op) {
    if constexpr (is_float_v<T>) {
        (void)op;
        return down<T>(std::fmod(up(a), up(b)));
    } else {
        if (b == 0)
            pyptocc::fatal("%s: integer remainder by zero", op);
        if constexpr (std::is_signed_v<T>)
            if (b == -1)
                return T(0);
        return static_cast<T>(a % b);
    }
}
// TREM and TREMS: the remainder with the sign of the divisor (a floor
// modulo), as pto-isa computes them (cpu/ElementOp.h OP_REM, OP_REMS): the
// truncated remainder, plus the divisor where the signs differ and it is
// not 0, added in the element type.  TREM's divisor of 0 is an error there
// (an assert) for floats too.
template <class T> inline T op_floor_rem(T a, T b, const char *op, bool zero_fatal) {
    if constexpr (is_float_v<T>)
        if (zero_fatal && up(b) == 0)
            pyptocc::fatal("%s: remainder by zero", op);
    T r = op_rem(a, b, op);
    if ((up(a) >= 0) != (up(b) >= 0) && up(r) != 0) {
        if constexpr (is_float_v<T>)
            r = down<T>(up(r) + up(b));
        else
            r = static_cast<T>(r + b);
    }
    return r;
}
template <class T> inline T op_max(T a, T b) { return up(b) > up(a) ? b : a; }
template <class T> inline T op_min(T a, T b) { return up(b) < up(a) ? b : a; }

template <class T> inline T op_and(T a, T b) { return static_cast<T>(a & b); }
template <class T> inline T op_or(T a, T b) { return static_cast<T>(a | b); }
template <class T> inline T op_xor(T a, T b) { return static_cast<T>(a ^ b); }
// Shift counts outside [0, bits) give 0 (left shift and logical right
// shift) or the sign fill (arithmetic right shift of a signed type).
template <class T> inline T op_shl(T a, T b) {
    constexpr int bits = static_cast<int>(sizeof(T) * 8);
    if (b < 0 || static_cast<uint64_t>(b) >= bits)
        return T(0);
    return wrap<T>(u64(a) << static_cast<int>(b));
}
template <class T> inline T op_shr(T a, T b) {
    constexpr int bits = static_cast<int>(sizeof(T) * 8);
    if (b < 0 || static_cast<uint64_t>(b) >= bits) {
        if constexpr (std::is_signed_v<T>)
            return a < 0 ? T(-1) : T(0);
        else
            return T(0);
    }
    return static_cast<T>(a >> static_cast<int>(b));
}

template <class T> inline bool compare(T a, T b, CmpMode m) {
    auto x = up(a);
    auto y = up(b);
    switch (m) {
    case CmpMode::EQ:
        return x == y;
    case CmpMode::NE:
        return x != y;
    case CmpMode::LT:
        return x < y;
    case CmpMode::LE:
        return x <= y;
    case CmpMode::GT:
        return x > y;
    case CmpMode::GE:
        return x >= y;
    }
    return false;
}

template <class TD, class TA, class TB> constexpr void check_same_dtype() {
    static_assert(std::is_same_v<typename TD::DType, typename TA::DType> &&
                      std::is_same_v<typename TD::DType, typename TB::DType>,
                  "pyptocc runtime: the tiles of this intrinsic need the same element type");
}

// The run-time half of rule_same_valid (for DYNAMIC valid extents).
template <class TD, class TS> void same_valid(const View<TD> &d, const View<TS> &s, const char *op, const char *role) {
    if (d.vr != s.vr || d.vc != s.vc)
        pyptocc::fatal("%s: the %s has a %ux%u valid region, the destination %ux%u", op, role, s.vr, s.vc, d.vr, d.vc);
}

// d = f(a(r, c), b(r, c)) over d.
template <class TD, class TA, class TB, class F>
void binary(TD &d, const TA &a, const TB &b, const char *op, F f) {
    check_same_dtype<TD, TA, TB>();
    rule_same_valid<TD, TA, TB>();
    static_assert(covers_v<TA, TD> && covers_v<TB, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = view(a, op, "source a");
    auto B = view(b, op, "source b");
    auto D = view(d, op, "destination");
    same_valid(D, A, op, "source a");
    same_valid(D, B, op, "source b");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(A(r, c), B(r, c)); });
}

// d = f(s(r, c)) over d.
template <class TD, class TS, class F> void unary(TD &d, const TS &s, const char *op, F f) {
    check_same_dtype<TD, TS, TS>();
    rule_same_valid<TD, TS>();
    static_assert(covers_v<TS, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    same_valid(D, S, op, "source");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(S(r, c)); });
}

// A tile that the intrinsic does not read (tmp) must still be bound.
template <class TT> void touch(const TT &t, const char *op) { (void)view(t, op, "scratch"); }

template <class T> constexpr void require_int() {
    static_assert(is_int_v<T>, "pyptocc runtime: this intrinsic needs integer tiles");
}
template <class T> constexpr void require_float() {
    static_assert(is_float_v<T>, "pyptocc runtime: this intrinsic needs floating-point tiles");
}

}  // namespace detail

}  // namespace pto

#endif
