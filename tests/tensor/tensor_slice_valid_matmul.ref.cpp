// tensor_slice_valid_matmul.py: y[0:5, 0:40] = x[16:21, :] @ w[:, 0:40];
// the other elements of y are never written (NaN).
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &w = t.in("w");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < 5; r++)
        for (uint64_t c = 0; c < 40; c++) {
            double s = 0;
            for (uint64_t k = 0; k < 128; k++)
                s += x(16 + r, k) * w(k, c);
            y(r, c) = s;
        }
}
