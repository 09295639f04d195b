// block_num.py: y = 4x (four blocks), z = x + 2 (two blocks).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            y(r, c) = 4.0 * x(r, c);
            z(r, c) = x(r, c) + 2.0;
        }
}
