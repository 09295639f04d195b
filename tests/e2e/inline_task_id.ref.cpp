// inline_task_id.py: y = 2x, then z = y + 1.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            y(r, c) = 2.0 * x(r, c);
            z(r, c) = y(r, c) + 1.0;
        }
}
