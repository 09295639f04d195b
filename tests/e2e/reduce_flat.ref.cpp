// reduce_flat.py: a row sum, column maxima and minima without keepdim.
#include <cmath>

#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    uint64_t R = x.rows(), C = x.cols();
    for (uint64_t r = 0; r < R; r++) {
        double s = 0;
        for (uint64_t c = 0; c < C; c++)
            s += x(r, c);
        t.out("o_sum1")[r] = s;
    }
    for (uint64_t c = 0; c < C; c++) {
        double mx = -INFINITY, mn = INFINITY;
        for (uint64_t r = 0; r < R; r++) {
            mx = std::fmax(mx, x(r, c));
            mn = std::fmin(mn, x(r, c));
        }
        t.out("o_max0")[c] = mx;
        t.out("o_min0")[c] = mn;
    }
}
