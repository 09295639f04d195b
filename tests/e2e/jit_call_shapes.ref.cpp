// jit_call_shapes.py: y = x + x (all 32 rows).
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {32, 64});
    t.shape("y", {32, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) + x(r, c);
}
