// jit_chunks.py: y = 3 x / (1 + the sum of the row's squares).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double s = 1.0;
        for (uint64_t c = 0; c < x.cols(); c++)
            s += x(r, c) * x(r, c);
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * 3.0 / s;
    }
}
