// tensor_softmax.py: y = softmax(x * 0.5) along each row.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -4, 4);
    // Probabilities of about 1/512: a relative tolerance.
    t.tolerance("y", 1e-8, 1e-5, "probabilities of about 1/512");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY, s = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            m = std::fmax(m, x(r, c) * 0.5);
        for (uint64_t c = 0; c < x.cols(); c++)
            s += std::exp(x(r, c) * 0.5 - m);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = std::exp(x(r, c) * 0.5 - m) / s;
    }
}
