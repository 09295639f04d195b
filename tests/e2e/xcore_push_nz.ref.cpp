// xcore_push_nz.py: y = x @ w, x and w FP16, the product in FP32; x
// crosses to the cube in NZ boxes.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-4, 1e-4, "32 products of FP16 operands summed in FP32");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(x(i, k)) * w(k, j);
            y(i, j) = s;
        }
}
