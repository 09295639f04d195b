// syncall_exchange.py: stage(r, c) = 2 x(r, c); y holds, in block b's
// rows, twice block b + 1's rows of x (mod 4) plus its own.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &stage = t.out("stage"), &y = t.out("y");
    const uint64_t n = 4, r = 8;
    for (uint64_t i = 0; i < y.rows(); i++) {
        uint64_t b = i / r, nb = (b + 1) % n;
        for (uint64_t j = 0; j < y.cols(); j++) {
            stage(i, j) = static_cast<float>(2 * x(i, j));
            y(i, j) = static_cast<float>(static_cast<float>(2 * x(nb * r + i % r, j)) + static_cast<float>(x(i, j)));
        }
    }
}
