// reduce.py: row (axis 1) and column (axis 0) sums, maxima and minima.
#include <cmath>

#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    uint64_t R = x.rows(), C = x.cols();
    for (uint64_t r = 0; r < R; r++) {
        double s = 0, mx = -INFINITY, mn = INFINITY;
        for (uint64_t c = 0; c < C; c++) {
            s += x(r, c);
            mx = std::fmax(mx, x(r, c));
            mn = std::fmin(mn, x(r, c));
        }
        t.out("o_rsum")(r, 0) = t.out("o_sum1")(r, 0) = s;
        t.out("o_rmax")(r, 0) = t.out("o_max1")(r, 0) = mx;
        t.out("o_rmin")(r, 0) = t.out("o_min1")(r, 0) = mn;
    }
    for (uint64_t c = 0; c < C; c++) {
        double s = 0, mx = -INFINITY, mn = INFINITY;
        for (uint64_t r = 0; r < R; r++) {
            s += x(r, c);
            mx = std::fmax(mx, x(r, c));
            mn = std::fmin(mn, x(r, c));
        }
        t.out("o_sum0")(0, c) = s;
        t.out("o_max0")(0, c) = mx;
        t.out("o_min0")(0, c) = mn;
    }
}
