// pypto-lib examples/intermediate/rope.py: the rotary embedding of every
// row, the halves [lo, hi] becoming [lo cos - hi sin, hi cos + lo sin]
// with the matching halves of cos and sin.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &cs = t.in("cos"), &sn = t.in("sin");
    Array &y = t.out("y");
    const uint64_t h = x.cols() / 2;
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < h; c++) {
            const double lo = x(r, c), hi = x(r, c + h);
            y(r, c) = lo * cs(0, c) - hi * sn(0, c);
            y(r, c + h) = hi * cs(0, c + h) + lo * sn(0, c + h);
        }
}
