// tensor_set_validshape.py: y = exp(x) in rows 0..11, columns 0..39, -inf
// elsewhere; z = the maximum of each row's first 8 elements.
#include "harness.h"

#include <cmath>
#include <limits>

void e2e::setup(Case &t) {
    t.tolerance("y", 1e-6, 1e-6, "one exponential per element");
    t.tolerance("z", 0, 0, "a maximum");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++) {
        double best = -std::numeric_limits<double>::infinity();
        for (uint64_t j = 0; j < y.cols(); j++) {
            y(i, j) = i < 12 && j < 40 ? std::exp(static_cast<double>(x(i, j)))
                                       : -std::numeric_limits<double>::infinity();
            if (j < 8)
                best = std::max(best, static_cast<double>(x(i, j)));
        }
        z(i, 0) = best;
    }
}
