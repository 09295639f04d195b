// op_call_attrs.py: out = exp(x) + 1.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            out(r, k) = std::exp(x(r, k)) + 1.0;
}
