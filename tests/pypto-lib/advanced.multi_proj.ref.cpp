// pypto-lib examples/advanced/multi_proj.py: q_out, k_out, v_out = x wq,
// x wk, x wv (one inlined projection called three times), BF16 operands
// summed in FP32; built with HIDDEN = 512 (advanced.multi_proj.flags).
#include "harness.h"

void e2e::setup(Case &t) {
    for (const char *o : {"q_out", "k_out", "v_out"})
        t.tolerance(o, 1e-3, 1e-4, "FP32 sums of 512 BF16 products, in another order");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const char *ws[3] = {"wq", "wk", "wv"}, *outs[3] = {"q_out", "k_out", "v_out"};
    for (int p = 0; p < 3; p++) {
        const Array &w = t.in(ws[p]);
        Array &y = t.out(outs[p]);
        for (uint64_t i = 0; i < x.rows(); i++)
            for (uint64_t j = 0; j < w.cols(); j++) {
                double s = 0;
                for (uint64_t k = 0; k < x.cols(); k++)
                    s += static_cast<double>(x(i, k)) * static_cast<double>(w(k, j));
                y(i, j) = s;
            }
    }
}
