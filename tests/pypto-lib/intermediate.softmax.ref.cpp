// pypto-lib examples/intermediate/softmax.py: softmax of every row.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-7, 1e-5, "probabilities of about 1/256"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY, s = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            m = std::fmax(m, x(r, c));
        for (uint64_t c = 0; c < x.cols(); c++)
            s += std::exp(x(r, c) - m);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = std::exp(x(r, c) - m) / s;
    }
}
