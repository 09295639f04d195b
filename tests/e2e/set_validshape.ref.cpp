// set_validshape.py: y = exp(a) in rows 0..11, columns 0..39, -inf
// elsewhere; m = the maximum of each row's first 24 elements.
#include "harness.h"

#include <cmath>
#include <limits>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential per element");
    t.tolerance("m", 0, 0, "a maximum");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    Array &y = t.out("y"), &m = t.out("m");
    for (uint64_t i = 0; i < y.rows(); i++) {
        double best = -std::numeric_limits<double>::infinity();
        for (uint64_t j = 0; j < y.cols(); j++) {
            y(i, j) = i < 12 && j < 40 ? std::exp(static_cast<double>(a(i, j)))
                                       : -std::numeric_limits<double>::infinity();
            if (j < 24)
                best = std::max(best, static_cast<double>(a(i, j)));
        }
        m(i, 0) = best;
    }
}
