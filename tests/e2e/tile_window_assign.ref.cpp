// tile_window_assign.py: y = [x, 2 x]; z = w with rows 4..7 replaced by
// x's rows 0..3.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "copies and an exact doubling");
    t.tolerance("z", 0, 0, "copies");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            y(i, j) = x(i, j);
            y(i, 64 + j) = 2.0 * x(i, j);
            z(i, j) = i >= 4 && i < 8 ? x(i - 4, j) : w(i, j);
        }
}
