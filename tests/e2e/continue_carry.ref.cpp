// continue_carry.py: doublings at i = 0, 2, 4 give s = 8x (the outer t
// stays x); the inner loop adds x where k != j: 2 + 2 + 2 + 3 times,
// u = 17x; y = u + t = 18 x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * 18.0;
}
