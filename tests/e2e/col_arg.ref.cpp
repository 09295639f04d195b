// col_arg.py: imax/imin hold the row of each column's first maximum and
// minimum of x; jmin that of y * y (computed in FP16: the reference rounds
// each square to half precision, as the kernel does).
#include <cmath>

#include "harness.h"

static double to_half(double v) {
    // round to the nearest FP16 value (normal range; |v| < 65504 here)
    if (v == 0)
        return 0;
    int e;
    std::frexp(v, &e);
    double q = std::ldexp(1.0, e - 11);
    return std::nearbyint(v / q) * q;
}

void e2e::setup(Case &t) {
    // a few values, so that columns hold equal extrema and the first must win
    t.values("y", [](size_t i) { return static_cast<double>(static_cast<int>((i * 7919) % 9) - 4); });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y");
    Array &imax = t.out("imax"), &imin = t.out("imin"), &jmin = t.out("jmin");
    for (uint64_t c = 0; c < 128; c++) {
        uint64_t a = 0, b = 0;
        for (uint64_t r = 1; r < 32; r++) {
            if (x(r, c) > x(a, c))
                a = r;
            if (x(r, c) < x(b, c))
                b = r;
        }
        imax(0, c) = static_cast<double>(a);
        imin(0, c) = static_cast<double>(b);
    }
    for (uint64_t c = 0; c < 64; c++) {
        uint64_t b = 0;
        for (uint64_t r = 1; r < 16; r++)
            if (to_half(y(r, c) * y(r, c)) < to_half(y(b, c) * y(b, c)))
                b = r;
        jmin(0, c) = static_cast<double>(b);
    }
}
