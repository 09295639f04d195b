// loop_escape.py: n = 3, so y is the last iteration's (k = 2) u * 2, where
// u = x[48 + r, c] + 7 (t from j = 48, s = 1 * 4 + 48 / 16); z = u + 48.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 3); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            double u = x(48 + r, c) + 7;
            y(r, c) = u * 2;
            z(r, c) = u + 48;
        }
}
