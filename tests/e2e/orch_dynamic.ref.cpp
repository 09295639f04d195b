// orch_dynamic.py with N = 80 (five blocks).
#include "harness.h"

void e2e::setup(Case &t) {
    t.shape("x", {80, 64});
    t.shape("y", {80, 64});
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t i = 0; i < x.size(); i++)
        y[i] = (x[i] > 0 ? x[i] : 0.0) * 2.0 + x[i];
}
