// col_prod.py: column sums, maxima, minima and products of x, and the
// products of the rows of x[:, 8:16]; e = x plus its column sums.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &s = t.out("s"), &mx = t.out("mx"), &mn = t.out("mn"), &p = t.out("p"), &rp = t.out("rp"), &e = t.out("e");
    for (uint64_t c = 0; c < x.cols(); c++) {
        double sum = 0, hi = -INFINITY, lo = INFINITY, prod = 1;
        for (uint64_t r = 0; r < x.rows(); r++) {
            sum += x(r, c);
            hi = std::fmax(hi, x(r, c));
            lo = std::fmin(lo, x(r, c));
            prod *= x(r, c);
        }
        s(0, c) = sum;
        mx(0, c) = hi;
        mn(0, c) = lo;
        p(0, c) = prod;
        for (uint64_t r = 0; r < x.rows(); r++)
            e(r, c) = x(r, c) + sum;
    }
    for (uint64_t r = 0; r < x.rows(); r++) {
        double prod = 1;
        for (uint64_t c = 8; c < 16; c++)
            prod *= x(r, c);
        rp(r, 0) = prod;
    }
}
