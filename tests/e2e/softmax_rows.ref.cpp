// softmax_rows.py: scale = 3 spreads the logits to [-3, 3).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("scale", 3.0);
    // Probabilities of about 1/64: the default absolute 1e-5 would allow a
    // relative error near 1e-3, so the absolute part is tightened.
    t.tolerance("y", 1e-7, 1e-5, "probabilities of about 1/64");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    double scale = t.scalar_value("scale");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY, s = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            m = std::fmax(m, x(r, c) * scale);
        for (uint64_t c = 0; c < x.cols(); c++)
            s += std::exp(x(r, c) * scale - m);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = std::exp(x(r, c) * scale - m) / s;
    }
}
