// valid_pad.py: row statistics of the first V = 40 columns of x, which is
// all negative (so that a pad of 0 would be the row maximum).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("x", -2.0, -1.0); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &rmax = t.out("rmax"), &rsum = t.out("rsum"), &padded = t.out("padded"), &ex = t.out("ex"), &grown = t.out("grown");
    const uint64_t V = ex.cols();
    for (uint64_t r = 0; r < x.rows(); r++) {
        double m = -INFINITY, s = 0;
        for (uint64_t c = 0; c < x.cols(); c++) {
            bool valid = c < V;
            if (valid) {
                m = std::fmax(m, x(r, c));
                s += x(r, c);
                ex(r, c) = std::exp(x(r, c));
            }
            padded(r, c) = valid ? x(r, c) : 0.0;
        }
        for (uint64_t c = 0; c < x.cols(); c++) {
            grown(r, c) = c < V ? x(r, c) : 0.0;
            grown(r + x.rows(), c) = 0.0;
        }
        rmax(r, 0) = m;
        rsum(r, 0) = s;
    }
}
