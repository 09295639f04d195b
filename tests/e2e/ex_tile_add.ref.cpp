// examples/tile_add.py: c = a + b (128x128 FP32, two 64-row blocks).
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &c = t.out("c");
    for (size_t i = 0; i < c.size(); i++)
        c[i] = a[i] + b[i];
}
