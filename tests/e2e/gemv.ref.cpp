// gemv.py: o_acc = (x + y) w and o_bias = x w + bias, summed in double.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y"), &w = t.in("w"), &bias = t.in("bias");
    const uint64_t k = w.rows(), n = w.cols();
    for (uint64_t j = 0; j < n; j++) {
        double acc = 0, plain = 0;
        for (uint64_t i = 0; i < k; i++) {
            acc += (x(0, i) + y(0, i)) * w(i, j);
            plain += x(0, i) * w(i, j);
        }
        t.out("o_acc")(0, j) = acc;
        t.out("o_bias")(0, j) = plain + bias(0, j);
    }
}
