// dynamic_batch3d.py with B = 3: y[b, i, j] = exp(x[b, i, j]) - sum_k x[b, i, k].
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {3, 16, 64});
    t.shape("y", {3, 16, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t r = 0; r < 3 * 16; r++) {
        double s = 0;
        for (size_t c = 0; c < 64; c++)
            s += x[r * 64 + c];
        for (size_t c = 0; c < 64; c++)
            y[r * 64 + c] = std::exp(x[r * 64 + c]) - s;
    }
}
