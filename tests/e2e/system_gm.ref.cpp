// system_gm.py: y = 2 x.
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("y", 0, 0, "a doubling, exact");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = 2 * x(i, j);
}
