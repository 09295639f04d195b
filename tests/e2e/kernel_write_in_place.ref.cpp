// kernel_write_in_place.py with n = 6: idx[t, k] = 10 t + k, s = the sum
// of x's rows.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 6); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &idx = t.out("idx"), &s = t.out("s");
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t k = 0; k < 6; k++)
            idx(r, k) = static_cast<double>(10 * r + k);
    for (uint64_t c = 0; c < 64; c++) {
        double sum = 0.0;
        for (uint64_t r = 0; r < 8; r++)
            sum += x(r, c);
        s(0, c) = sum;
    }
}
