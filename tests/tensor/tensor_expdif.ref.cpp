// tensor_expdif.py: y(i, j) = exp(x(i, j) - max_k x(i, k));
// z(i, j) = exp(x(i, j) - c(j)), each difference rounded to FP32.
#include "harness.h"

#include <algorithm>
#include <cmath>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential of a rounded difference");
    t.tolerance("z", 1e-6, 1e-6, "one exponential of a rounded difference");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &c = t.in("c");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++) {
        float m = static_cast<float>(x(i, 0));
        for (uint64_t j = 1; j < y.cols(); j++)
            m = std::max(m, static_cast<float>(x(i, j)));
        for (uint64_t j = 0; j < y.cols(); j++) {
            y(i, j) = std::exp(static_cast<double>(static_cast<float>(x(i, j)) - m));
            z(i, j) = std::exp(static_cast<double>(static_cast<float>(x(i, j)) - static_cast<float>(c(0, j))));
        }
    }
}
