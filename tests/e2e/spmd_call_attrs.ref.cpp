// spmd_call_attrs.py: y = x * 2 + 1, computed by four blocks of 16 rows (core_num on the call).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            y(r, k) = x(r, k) * 2.0 + 1.0;
}
