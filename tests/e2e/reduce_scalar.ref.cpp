// reduce_scalar.py: x in [-1, 1); row sums of 64 such values reach a few
// units, so mins(rs / 2, 3) clips some rows.
#include <cmath>

#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &mean = t.out("o_mean"), &mx = t.out("o_max"), &mn = t.out("o_min"), &half = t.out("o_half"),
          &col = t.out("o_col");
    for (uint64_t r = 0; r < x.rows(); r++) {
        double s = 0, hi = -INFINITY, lo = INFINITY;
        for (uint64_t c = 0; c < x.cols(); c++) {
            s += x(r, c);
            hi = std::fmax(hi, x(r, c));
            lo = std::fmin(lo, x(r, c));
        }
        mean(r, 0) = s / 64.0;
        mx(r, 0) = std::fmax(hi, 0.5);
        mn(r, 0) = lo - 1.0;
        half(r, 0) = std::fmin(s * 0.5, 3.0);
    }
    for (uint64_t c = 0; c < x.cols(); c++) {
        double s = 0;
        for (uint64_t r = 0; r < x.rows(); r++)
            s += x(r, c);
        col(0, c) = s * 2.0 + 1.0;
    }
}
