// chunk_rows_reread.py: with e(x) = exp(-exp(-exp(x))), z = e(y[0:128]) of
// y's values before, y[64:192] = e(x), y[0:64] kept.
#include "harness.h"

#include <cmath>

static double e(double x) { return std::exp(-std::exp(-std::exp(x))); }

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y0 = t.in("y");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t c = 0; c < 128; c++) {
        for (uint64_t r = 0; r < 128; r++)
            z(r, c) = e(y0(r, c));
        for (uint64_t r = 0; r < 64; r++)
            y(r, c) = y0(r, c);
        for (uint64_t r = 0; r < 128; r++)
            y(r + 64, c) = e(x(r, c));
    }
}
