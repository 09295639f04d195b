// syncall_full.py: 48 blocks of 2 rows; stage = x + 1; block b's rows of
// y are block (b + 24) mod 48's rows of stage minus its own of x.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &stage = t.out("stage"), &y = t.out("y");
    const uint64_t n = 48, r = 2;
    for (uint64_t i = 0; i < y.rows(); i++) {
        uint64_t b = i / r, o = (b + n / 2) % n;
        for (uint64_t j = 0; j < y.cols(); j++) {
            stage(i, j) = static_cast<float>(x(i, j) + 1);
            y(i, j) = static_cast<float>(static_cast<float>(x(o * r + i % r, j) + 1) - static_cast<float>(x(i, j)));
        }
    }
}
