// acc_valid_carried_rows.py: y[i, j] = sum over k < 512 of x[i, k] * w[j, k],
// for the M rows of x and the first 4 rows of w; y[i, 4:] stays zero.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {16, 512});
    t.shape("y", {16, 16});
    t.tolerance("y", 1e-4, 1e-4, "512 products summed in FP32, in two halves");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < 4; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 512; k++)
                s += static_cast<double>(x(i, k)) * w(j, k);
            y(i, j) = s;
        }
}
