// float_max_literal.py: FLT_MAX as a constant; x in [-1, 1), m 0 or 1.
#include <cfloat>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", -1.0, 1.0);
    t.values("m", [](size_t i) { return i % 3 == 0 ? 0.0 : 1.0; });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &m = t.in("m");
    for (size_t i = 0; i < x.size(); i++) {
        t.out("big")[i] = FLT_MAX;
        t.out("scaled")[i] = x[i] * FLT_MAX;
        t.out("mask")[i] = (m[i] - 1.0) * FLT_MAX;
    }
}
