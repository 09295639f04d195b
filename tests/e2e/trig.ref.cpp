// trig.py: s = sin x, c = cos x, w = sin x + cos x / 2, against the C
// library's double-precision sine and cosine of the FP32 inputs.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &t) {
    // Every 64th value a multiple of pi/2 (where sin or cos is 0 or +-1)
    // or halfway between them; the rest spread over [-60, 60).
    t.values("x", [](size_t i) {
        const double pi = 3.14159265358979323846;
        if (i % 64 == 0)
            return (static_cast<double>(i / 64) - 16) * pi / 2;
        if (i % 64 == 1)
            return (static_cast<double>(i / 64) - 16) * pi / 2 + pi / 4;
        return -60.0 + 120.0 * static_cast<double>((i * 2654435761u) % 2048) / 2048.0;
    });
    const char *why = "the argument reduced by multiples of pi in FP32 (|x| < 60: a few ulps of x, measured 1.9e-7), then a "
                      "degree-11 polynomial within 6e-8";
    t.tolerance("s", 5e-7, 0, why);
    t.tolerance("c", 5e-7, 0, why);
    t.tolerance("w", 8e-7, 0, why);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &s = t.out("s"), &c = t.out("c"), &w = t.out("w");
    for (uint64_t i = 0; i < x.rows(); i++)
        for (uint64_t j = 0; j < x.cols(); j++) {
            double v = x(i, j);
            s(i, j) = std::sin(v);
            c(i, j) = std::cos(v);
            w(i, j) = std::sin(v) + std::cos(v) * 0.5;
        }
}
