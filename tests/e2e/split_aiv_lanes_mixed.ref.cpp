// split_aiv_lanes_mixed.py: out = a @ a, y += x + 1 (added once), z = 3x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &x = t.in("x"), &y0 = t.in("y");
    Array &out = t.out("out"), &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            double s = 0;
            for (uint64_t k = 0; k < a.cols(); k++)
                s += a(i, k) * a(k, j);
            out(i, j) = s;
            y(i, j) = y0(i, j) + x(i, j) + 1.0;
            z(i, j) = 3.0 * x(i, j);
        }
}
