// pto/pyptocc-matmul.hpp: the matrix multiplications (included by
// pto/pto-inst.hpp): TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, TGEMV, TGEMV_ACC.
#ifndef PYPTOCC_MATMUL_HPP
#define PYPTOCC_MATMUL_HPP

#include "pto/pyptocc-intrin.hpp"

namespace pto {

// ---------------------------------------------------------------- matmul

namespace detail {
// out(i, j) = init(i, j) + sum over k < l's valid cols of l(i, k) * r(k, j),
// in the accumulator type (float: products and sums rounded to float, k in
// increasing order; integers: wrapping).
template <class TO, class TL, class TR, class Init>
void matmul(TO &out, const TL &l, const TR &r, const char *op, Init init) {
    using A = typename TO::DType;
    rule_matmul<TO, TL, TR>();
    static_assert(std::is_same_v<typename TL::DType, typename TR::DType>,
                  "pyptocc runtime: the left and right matmul operands need one element type");
    static_assert(TL::Rows >= TO::Rows && TR::Cols >= TO::Cols && TR::Rows >= TL::Cols,
                  "pyptocc runtime: matmul operand shapes do not fit the accumulator");
    auto L = view(l, op, "left");
    auto R = view(r, op, "right");
    auto O = view(out, op, "accumulator");
    unsigned K = L.vc;
    if (R.vr < K)
        pyptocc::fatal("%s: the left operand has %u valid columns but the right one only %u valid rows", op, K, R.vr);
    // pto-isa (cpu/TMatmul.hpp) takes m from the left operand's valid
    // rows and n from the right one's valid columns, whatever the
    // accumulator's valid shape: they must be the accumulator's.
    if (L.vr != O.vr || R.vc != O.vc)
        pyptocc::fatal("%s: the left operand's %u valid rows and the right one's %u valid columns are not the "
                       "accumulator's valid %ux%u",
                       op, L.vr, R.vc, O.vr, O.vc);
    produce(O, O.vr, O.vc, [&](unsigned i, unsigned j) {
        A acc = init(i, j);
        for (unsigned k = 0; k < K; k++) {
            A x = convert<A>(L(i, k));
            A y = convert<A>(R(k, j));
            acc = op_add(acc, op_mul(x, y));
        }
        return acc;
    });
}
}  // namespace detail

template <TileT TO, TileT TL, TileT TR> void TMATMUL(TO &acc, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TMATMUL, acc, l, r);
    using A = typename TO::DType;
    detail::matmul(acc, l, r, "TMATMUL", [](unsigned, unsigned) { return A(0); });
}
template <TileT TO, TileT TI, TileT TL, TileT TR> void TMATMUL_ACC(TO &out, const TI &in, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TMATMUL_ACC, out, in, l, r);
    using A = typename TO::DType;
    detail::rule_identical_types<TO, TI>();
    static_assert(std::is_same_v<A, typename TI::DType> && detail::covers_v<TI, TO>,
                  "pyptocc runtime: TMATMUL_ACC: the input accumulator does not match the output");
    auto I = detail::view(in, "TMATMUL_ACC", "input accumulator");
    detail::matmul(out, l, r, "TMATMUL_ACC", [&](unsigned i, unsigned j) { return I(i, j); });
}
// acc = l x r + bias(0, j) added to every row j (pto-isa cpu/TMatmul.hpp
// TMATMUL_BIAS_IMPL: the bias added to the finished product).
template <TileT TO, TileT TL, TileT TR, TileT TB> void TMATMUL_BIAS(TO &acc, const TL &l, const TR &r, const TB &bias) {
    PYPTOCC_PROFILE(TMATMUL_BIAS, acc, l, r, bias);
    using A = typename TO::DType;
    detail::rule_bias<TO, TB>();
    auto B = detail::view(bias, "TMATMUL_BIAS", "bias");
    if (B.vc < detail::view(acc, "TMATMUL_BIAS", "accumulator").vc)
        pyptocc::fatal("TMATMUL_BIAS: the bias has %u valid columns, fewer than the accumulator's", B.vc);
    detail::matmul(acc, l, r, "TMATMUL_BIAS", [](unsigned, unsigned) { return A(0); });
    auto O = detail::view(acc, "TMATMUL_BIAS", "accumulator");
    detail::produce(O, O.vr, O.vc, [&](unsigned i, unsigned j) { return detail::op_add(O(i, j), B(0, j)); });
}
template <TileT TO, TileT TL, TileT TR> void TGEMV(TO &acc, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TGEMV, acc, l, r);
    using A = typename TO::DType;
    detail::matmul(acc, l, r, "TGEMV", [](unsigned, unsigned) { return A(0); });
}
template <TileT TO, TileT TI, TileT TL, TileT TR> void TGEMV_ACC(TO &out, const TI &in, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TGEMV_ACC, out, in, l, r);
    using A = typename TO::DType;
    detail::rule_identical_types<TO, TI>();
    static_assert(std::is_same_v<A, typename TI::DType> && detail::covers_v<TI, TO>,
                  "pyptocc runtime: TGEMV_ACC: the input accumulator does not match the output");
    auto I = detail::view(in, "TGEMV_ACC", "input accumulator");
    detail::matmul(out, l, r, "TGEMV_ACC", [&](unsigned i, unsigned j) { return I(i, j); });
}

}  // namespace pto

#endif
