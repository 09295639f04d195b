// split_aiv_left_right.py: s = x + bias (per column); maxes = s's column
// maxima plus the lane of the column's half (columns 0-31 lane 0, 32-63
// lane 1); out = s - its column maximum.
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &bias = t.in("bias");
    Array &out = t.out("out"), &maxes = t.out("maxes");
    const uint64_t half = x.cols() / 2;
    for (uint64_t c = 0; c < x.cols(); c++) {
        double m = x(0, c) + bias(0, c);
        for (uint64_t r = 1; r < x.rows(); r++)
            m = std::max(m, x(r, c) + bias(0, c));
        maxes(0, c) = m + (c < half ? 0.0 : 1.0);
        for (uint64_t r = 0; r < x.rows(); r++)
            out(r, c) = x(r, c) + bias(0, c) - m;
    }
}
