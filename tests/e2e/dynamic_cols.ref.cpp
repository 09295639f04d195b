// dynamic_cols.py with N = 192 (three blocks of 64 columns): y = 2 x + 1.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {16, 192});
    t.shape("y", {16, 192});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = static_cast<float>(static_cast<float>(x(r, c)) * 2.0f) + 1.0f;
}
