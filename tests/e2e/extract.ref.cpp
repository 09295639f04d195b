// extract.py: windows of x, and a matmul of windows of a and b.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &a = t.in("a"), &b = t.in("b");
    Array &y = t.out("y"), &w = t.out("w"), &c = t.out("c");
    for (uint64_t r = 0; r < y.rows(); r++)
        for (uint64_t k = 0; k < y.cols(); k++)
            y(r, k) = x(8 + r, 16 + k);
    for (uint64_t r = 0; r < w.rows(); r++)
        for (uint64_t k = 0; k < w.cols(); k++)
            w(r, k) = x(r, k) * static_cast<double>(r / 16 + 1);
    for (uint64_t r = 0; r < c.rows(); r++)
        for (uint64_t k = 0; k < c.cols(); k++) {
            double s = 0;
            for (uint64_t j = 0; j < a.cols(); j++)
                s += a(16 + r, j) * b(j, 16 + k);
            c(r, k) = s;
        }
}
