// orch_tuple_loop.py.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &a = t.out("a_acc"), &b = t.out("b_acc");
    for (size_t i = 0; i < x.size(); i++) {
        double va = x[i], vb = x[i] * 0.5;
        for (int k = 0; k < 3; k++) {
            va = va + x[i];
            vb = vb * 0.5 + va;
        }
        a[i] = va;
        b[i] = vb;
    }
}
