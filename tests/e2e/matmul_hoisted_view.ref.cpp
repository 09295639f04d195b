// matmul_hoisted_view.py: o[i, j] = sum over k < 64 of a[i, k] * b[j, k].
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("a", {32, 64});
    t.tolerance("o", 1e-5, 1e-5, "64 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &o = t.out("o");
    for (uint64_t i = 0; i < o.rows(); i++)
        for (uint64_t j = 0; j < o.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < 64; k++)
                s += static_cast<double>(a(i, k)) * b(j, k);
            o(i, j) = s;
        }
}
