// fillpad_inplace.py: ymax = x in rows 0..47, +inf below; yzero = 2 x in
// columns 0..39 of rows 0..15, 0 elsewhere; ymin = x's rows 16..25, -inf
// below.
#include "harness.h"

#include <limits>

void e2e::setup(Case &t) {
    t.tolerance("ymax", 0, 0, "a copy");
    t.tolerance("yzero", 0, 0, "a product by two");
    t.tolerance("ymin", 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const double inf = std::numeric_limits<double>::infinity();
    const Array &x = t.in("x");
    Array &ymax = t.out("ymax"), &yzero = t.out("yzero"), &ymin = t.out("ymin");
    for (uint64_t i = 0; i < 64; i++)
        for (uint64_t j = 0; j < 64; j++)
            ymax(i, j) = i < 48 ? x(i, j) : inf;
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            yzero(i, j) = j < 40 ? 2 * x(i, j) : 0;
            ymin(i, j) = i < 10 ? x(16 + i, j) : -inf;
        }
}
