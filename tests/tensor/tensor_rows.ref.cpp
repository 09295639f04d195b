// tensor_rows.py: y = x * sigmoid(1.5 x + bias), bias broadcast over rows.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -3, 3);
    t.range("bias", -1, 1);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &bias = t.in("bias");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) / (std::exp(-(x(r, c) * 1.5 + bias(0, c))) + 1.0);
}
