// tensor_window.py: y = 2 x[:, 32:96] + b; z = 2 x[8:16, 48:80].
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &b = t.in("b");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t r = 0; r < y.rows(); r++)
        for (uint64_t c = 0; c < y.cols(); c++)
            y(r, c) = 2 * x(r, 32 + c) + b(r, c);
    for (uint64_t r = 0; r < z.rows(); r++)
        for (uint64_t c = 0; c < z.cols(); c++)
            z(r, c) = 2 * x(8 + r, 48 + c);
}
