// assemble_into_computed.py: y = x + pad, pad rows 4..7 = c, rows 8..15 =
// 2 * x rows 0..7, other rows 0.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &c = t.in("c");
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t r = 0; r < 16; r++)
        for (size_t j = 0; j < 32; j++) {
            double p = r >= 4 && r < 8 ? c[(r - 4) * 32 + j] : r >= 8 ? 2 * x[(r - 8) * 32 + j] : 0;
            y[r * 32 + j] = x[r * 32 + j] + p;
        }
}
