// return_in_scope.py: flag = 3, so out = x + 1.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("flag", 3); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t k = 0; k < x.cols(); k++)
            out(r, k) = x(r, k) + 1.0;
}
