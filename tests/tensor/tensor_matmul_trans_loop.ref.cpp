// tensor_matmul_trans_loop.py: y = x @ w^T; z = xt^T @ w^T (FP16 products,
// exact in FP32, summed in FP32 over K = 256).
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-3, 1e-4, "FP32 sums of 256 exact products, in another order");
    t.tolerance("z", 1e-3, 1e-4, "FP32 sums of 256 exact products, in another order");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &xt = t.in("xt"), &w = t.in("w");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            double s = 0.0, u = 0.0;
            for (uint64_t k = 0; k < x.cols(); k++) {
                s += static_cast<double>(x(i, k)) * static_cast<double>(w(j, k));
                u += static_cast<double>(xt(k, i)) * static_cast<double>(w(j, k));
            }
            y(i, j) = s;
            z(i, j) = u;
        }
}
