// fillpad_sum.py: y = x (first 40 columns, zero after) + z.
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-6, 1e-6, "one FP32 add"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &z = t.in("z");
    Array &y = t.out("y");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++)
            y(i, j) = static_cast<float>((j < 40 ? static_cast<float>(x(i, j)) : 0.0f) + static_cast<float>(z(i, j)));
}
