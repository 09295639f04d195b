// mixed_gm_fence.py: scratch = a @ b, y = exp(a @ b) + 1, a and b FP16,
// the product in FP32.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("scratch", 1e-4, 1e-4, "64 products of FP16 operands summed in FP32");
    t.tolerance("y", 1e-4, 1e-4, "exp of 64 products of FP16 operands summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &scratch = t.out("scratch"), &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += static_cast<double>(a(i, k)) * b(k, j);
            scratch(i, j) = s;
            y(i, j) = std::exp(s) + 1.0;
        }
}
