// column_of_tile.py: column 1 of x, and the larger of columns 1 and 5.
#include <algorithm>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    for (uint64_t r = 0; r < x.rows(); r++) {
        t.out("c1")(r, 0) = x(r, 1);
        t.out("mx")(r, 0) = std::max(x(r, 1), x(r, 5));
    }
}
