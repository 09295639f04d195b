// jit_inline_nested.py: twice_of doubles, so a = 2x, y = 2 (a + a) = 8x,
// z = a + x = 3x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (size_t i = 0; i < x.size(); i++) {
        y[i] = 8.0 * x[i];
        z[i] = 3.0 * x[i];
    }
}
