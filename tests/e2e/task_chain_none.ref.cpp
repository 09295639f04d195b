// task_chain_none.py: out = x + 4, one task after another.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            out(r, k) = x(r, k) + 4.0;
}
