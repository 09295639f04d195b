// jit_inline_dims.py with N = 48 (three blocks of rows).
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {48, 64});
    t.shape("y", {48, 64});
    t.shape("w", {48, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &w = t.out("w");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            w(r, c) = x(r, c) + x(r, c);
            y(r, c) = w(r, c) + x(r, c);
        }
}
