// pypto-lib examples/advanced/gemm_eltwise.py: resid = attn_out wo +
// hidden_states, BF16 operands, the product and the sum in FP32; built
// with HIDDEN = 512 (advanced.gemm_eltwise.flags): K reduced in four
// steps of 128 per tile of 64 output columns.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("resid", 1e-3, 1e-4, "FP32 sums of 512 BF16 products, in another order, plus a BF16 residual");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("attn_out"), &h = t.in("hidden_states"), &w = t.in("wo");
    Array &r = t.out("resid");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < w.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += static_cast<double>(a(i, k)) * static_cast<double>(w(k, j));
            r(i, j) = s + h(i, j);
        }
}
