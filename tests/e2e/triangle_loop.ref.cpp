// triangle_loop.py: y[4 j + r, c] = sum over i = j..3 of x[4 i + r, c], in
// the order i = j, j + 1, ..., each sum rounded to FP32.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (uint64_t j = 0; j < 4; j++)
        for (uint64_t r = 0; r < 4; r++)
            for (uint64_t c = 0; c < 64; c++) {
                float s = 0;
                for (uint64_t i = j; i < 4; i++)
                    s += static_cast<float>(x(4 * i + r, c));
                y(4 * j + r, c) = s;
            }
}
