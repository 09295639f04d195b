// softmax_scale_f16.py: scale = 0.125 (1/sqrt(64)), x in [-16, 16) so that
// the scaled logits span [-2, 2).  Probabilities of about 1/64 in FP16:
// the absolute part of the FP16 tolerance is tightened to a tenth of that.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("scale", 0.125);
    t.range("x", -16.0, 16.0);
    t.tolerance("y", 1e-4, 1e-3, "FP16 probabilities of about 1/64");
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
