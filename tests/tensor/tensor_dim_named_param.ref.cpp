// tensor_dim_named_param.py: y = x + 1, for 48 rows.
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {48, 32});
    t.shape("y", {48, 32});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = x(i, j) + 1.0;
}
