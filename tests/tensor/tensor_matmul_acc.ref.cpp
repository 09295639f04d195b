// tensor_matmul_acc.py: a b three times (the third plus h), products of
// FP16 values summed in FP32 over K blocks.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("a", -1, 1);
    t.range("b", -1, 1);
    t.range("h", -1, 1);
    t.tolerance("peeled", 1e-4, 1e-5, "FP32 sums of 256 products, in another order");
    t.tolerance("cond", 1e-4, 1e-5, "FP32 sums of 256 products, in another order");
    t.tolerance("tested", 1e-4, 1e-5, "FP32 sums of 256 products, in another order, plus h");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &h = t.in("h");
    Array &p = t.out("peeled"), &c = t.out("cond"), &s = t.out("tested");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < b.cols(); j++) {
            double sum = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                sum += a(i, k) * b(k, j);
            p(i, j) = sum;
            c(i, j) = sum;
            s(i, j) = sum + h(i, j);
        }
}
