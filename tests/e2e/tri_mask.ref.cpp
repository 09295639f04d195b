// tri_mask.py: m(i, j) = j <= i + d; y = x * m; u(i, j) = j >= i + 2
// over a 12 x 24 region.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("d", -3); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const int64_t d = static_cast<int64_t>(t.scalar_value("d"));
    Array &y = t.out("y"), &m = t.out("m"), &u = t.out("u");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++) {
            bool in = static_cast<int64_t>(j) <= static_cast<int64_t>(i) + d;
            m(i, j) = in ? 1 : 0;
            y(i, j) = in ? x(i, j) : 0.0;
        }
    for (uint64_t i = 0; i < u.rows(); i++)
        for (uint64_t j = 0; j < u.cols(); j++)
            u(i, j) = j >= i + 2 ? 1 : 0;
}
