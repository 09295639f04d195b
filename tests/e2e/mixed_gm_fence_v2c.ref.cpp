// mixed_gm_fence_v2c.py: scratch = 2 a (FP16), y = (2 a) @ b, the product
// in FP32.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "64 products of FP16 operands (2 a exact in FP16) summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &scratch = t.out("scratch"), &y = t.out("y");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t k = 0; k < a.cols(); k++)
            scratch(i, k) = 2 * a(i, k);
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += static_cast<double>(2 * a(i, k)) * b(k, j);
            y(i, j) = s;
        }
}
