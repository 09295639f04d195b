// pad_transpose.py: y = x^T of a [16, 2] FP32 tensor.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 2; c++)
            y(c, r) = x(r, c);
}
