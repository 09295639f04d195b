// spmd_inlined_loop.py: each row of x scaled by the first element of post's row.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &post = t.in("post");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < x.rows(); i++)
        for (uint64_t j = 0; j < x.cols(); j++)
            y(i, j) = static_cast<float>(x(i, j)) * static_cast<float>(post(i, 0));
}
