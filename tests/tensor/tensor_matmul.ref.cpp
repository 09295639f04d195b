// tensor_matmul.py: y = x w^T, products of FP16 values summed in FP32.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -1, 1);
    t.range("w", -1, 1);
    t.tolerance("y", 1e-4, 1e-5, "FP32 sums of 768 products, in another order");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < x.rows(); i++)
        for (uint64_t j = 0; j < w.rows(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < x.cols(); k++)
                s += x(i, k) * w(j, k);
            y(i, j) = s;
        }
}
