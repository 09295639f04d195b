// carry_shadow_nested.py: each of the iterations i = 0, 1, 2 triples the
// outer tile (t + 2 t); i = 3 breaks: y = 27 x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * 27.0;
}
