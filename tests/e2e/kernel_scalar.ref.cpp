// kernel_scalar.py with n = 11: y rows below 11 are x + 1, the rest x;
// z rows r = 8 b + i below 11 are 2 x + b, the rest 0.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 11); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            y(r, c) = r < 11 ? x(r, c) + 1.0 : x(r, c);
            z(r, c) = r < 11 ? 2.0 * x(r, c) + static_cast<double>(r / 8) : 0.0;
        }
}
