// break_carry.py: the Fibonacci pair (x, x) -> (x, 2x) -> (2x, 3x) ->
// (3x, 5x) breaks at i = 3 with a = 3x; two doublings before k = 2
// breaks: y = 12 x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * 3.0 * 4.0;
}
