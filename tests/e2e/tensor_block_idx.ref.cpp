// tensor_block_idx.py: z = x + 2 (two blocks); w = x in the first 32
// columns, 2 x in the last 32 (lanes 0 and 1).
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &z = t.out("z"), &w = t.out("w");
    for (uint64_t i = 0; i < z.rows(); i++)
        for (uint64_t j = 0; j < z.cols(); j++) {
            z(i, j) = static_cast<float>(x(i, j) + 2);
            w(i, j) = static_cast<float>(x(i, j) * (j < 32 ? 1 : 2));
        }
}
