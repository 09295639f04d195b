// tensor_window_3d.py: y[t, 32h + j] = x[t, h, 16 + j] + 1; z[t, h, j] = 2 x[t, h, 16 + j].
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t h = 0; h < 4; h++)
            for (uint64_t j = 0; j < 32; j++) {
                double v = x[(i * 4 + h) * 64 + 16 + j];
                y(i, 32 * h + j) = v + 1.0;
                z[(i * 4 + h) * 32 + j] = 2.0 * v;
            }
}
