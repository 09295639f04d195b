// orch_assemble.py.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z");
    const size_t block = 16 * 64;
    for (size_t b = 0; b < 4; b++)
        for (size_t k = 0; k < block; k++) {
            y[(3 - b) * block + k] = 2.0 * x[b * block + k];
            z[b * block + k] = x[(3 - b) * block + k] + 1.0;
        }
}
