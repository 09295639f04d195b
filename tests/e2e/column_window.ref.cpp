// column_window.py: the row maxima of rows 8..23 and 24..31.
#include <algorithm>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    for (uint64_t r = 8; r < 32; r++) {
        double m = x(r, 0);
        for (uint64_t c = 1; c < x.cols(); c++)
            m = std::max(m, x(r, c));
        if (r < 24)
            t.out("lo")(r - 8, 0) = m;
        else
            t.out("hi")(r - 24, 0) = m;
    }
}
