// tensor_twins.py: the same expressions in plain loops.
#include <algorithm>
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &r = t.in("r"), &c = t.in("c");
    const Array &z = t.in("z");
    Array &y1 = t.out("y1"), &y2 = t.out("y2"), &y3 = t.out("y3"), &y4 = t.out("y4");
    for (int i = 0; i < 32; i++) {
        double lo = x(i, 0);
        for (int j = 0; j < 64; j++) {
            double a = std::fabs(x(i, j)), u = std::log(a + 1.0), v = std::sqrt(a), w = 1.0 / std::sqrt(a + 1.0);
            double q = 1.0 / (a + 2.0), m = std::min(-x(i, j), u);
            y1(i, j) = (u + v) + (w + (q + m));
            double e = (x(i, j) + r(i, 0) - r(i, 0)) / (std::fabs(r(i, 0)) + 1.0) * r(i, 0);
            double f = e * c(0, j) / (std::fabs(c(0, j)) + 1.0) - c(0, j);
            y2(i, j) = f + c(0, j) + c(0, j);
            lo = std::min(lo, x(i, j));
        }
        y3(i, 0) = lo;
    }
    for (uint64_t i = 0; i < z.rows(); i++) {
        double lo = z(i, 0);
        for (uint64_t j = 0; j < z.cols(); j++)
            lo = std::min(lo, z(i, j));
        for (uint64_t j = 0; j < z.cols(); j++)
            y4(i, j) = z(i, j) - lo;
    }
}
