// lanes_tasks.py: y = 2 x (each AIV lane its half), z = x[0:16] + 1 (lane 0).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++) {
            y(r, k) = 2.0 * x(r, k);
            if (r < z.rows())
                z(r, k) = x(r, k) + 1.0;
        }
}
