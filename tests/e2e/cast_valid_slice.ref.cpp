// cast_valid_slice.py: y[r, c] = float(x[r, c]) * scale[r, 0] for the first
// 16 rows.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -1000, 1000);
    t.range("scale", -2, 2);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &scale = t.in("scale");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++)
            y(r, c) = static_cast<double>(static_cast<float>(x(r, c))) * scale(r, 0);
}
