// break_continue.py: i = 0, 2, 4 add x (5 breaks, odd i continue), then
// two doublings before j = 3 breaks: y = (x + 3 x) * 4.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * 4.0 * 4.0;
}
