// examples/softmax.py: y[i, :] = exp(x[i, :] - max_j x[i, j]) / sum_j exp(x[i, j] - max_j x[i, j]).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    // Probabilities of about 1/64: the default absolute 1e-5 would allow a
    // relative error near 1e-3, so the absolute part is tightened.
    t.tolerance("y", 1e-7, 1e-5, "probabilities of about 1/64");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < x.rows(); i++) {
        double m = x(i, 0);
        for (uint64_t j = 1; j < x.cols(); j++)
            m = std::fmax(m, x(i, j));
        double s = 0;
        for (uint64_t j = 0; j < x.cols(); j++)
            s += std::exp(x(i, j) - m);
        for (uint64_t j = 0; j < x.cols(); j++)
            y(i, j) = std::exp(x(i, j) - m) / s;
    }
}
