// split_aiv_up_down.py: s = (exp(x) + y) * (1 + the lane of the row's
// half: rows 0-15 lane 0, rows 16-31 lane 1); sums = s's row sums;
// out = s - its row sum.
#include "harness.h"

#include <cmath>

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &y = t.in("y");
    Array &out = t.out("out"), &sums = t.out("sums");
    const uint64_t half = x.rows() / 2;
    for (uint64_t r = 0; r < x.rows(); r++) {
        const double scale = r < half ? 1.0 : 2.0;
        double sum = 0;
        for (uint64_t c = 0; c < x.cols(); c++)
            sum += (std::exp(x(r, c)) + y(r, c)) * scale;
        sums(r, 0) = sum;
        for (uint64_t c = 0; c < x.cols(); c++)
            out(r, c) = (std::exp(x(r, c)) + y(r, c)) * scale - sum;
    }
}
