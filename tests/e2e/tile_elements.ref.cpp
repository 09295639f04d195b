// tile_elements.py: t = x with t[0, 0] = x[1, 2] + x[3, 4] and column 6
// twice column 5; out = 2 t with out[15, 63] = x[1, 2] and out[14, 0]
// = t[0, 0].
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &out = t.out("out");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++) {
            float v = static_cast<float>(x(i, j));
            if (i == 0 && j == 0)
                v = static_cast<float>(x(1, 2)) + static_cast<float>(x(3, 4));
            if (j == 6)
                v = static_cast<float>(x(i, 5)) * 2.0f;
            out(i, j) = v + v;
        }
    out(15, 63) = x(1, 2);
    out(14, 0) = static_cast<float>(x(1, 2)) + static_cast<float>(x(3, 4));
}
