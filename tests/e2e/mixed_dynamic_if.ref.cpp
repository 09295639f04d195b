// mixed_dynamic_if.py with T = 32: o[i, j] = sum over k < 32 of
// a[i, k] * b[k, j], doubled in rows 16-31.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("a", {32, 32});
    t.shape("o", {32, 64});
    t.tolerance("o", 1e-5, 1e-5, "32 products summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &o = t.out("o");
    for (uint64_t i = 0; i < o.rows(); i++)
        for (uint64_t j = 0; j < o.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a(i, k)) * b(k, j);
            o(i, j) = i < 16 ? s : 2 * s;
        }
}
