// rsqrt_scratch.py: p and h in [0.25, 4); 1/sqrt three ways.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("p", 0.25, 4.0);
    t.range("h", 0.25, 4.0);
}

void e2e::reference(Case &t) {
    const Array &p = t.in("p"), &h = t.in("h");
    for (size_t i = 0; i < p.size(); i++) {
        t.out("o_plain")[i] = 1.0 / std::sqrt(p[i]);
        t.out("o_tmp")[i] = 1.0 / std::sqrt(p[i]);
        t.out("o_half")[i] = 1.0 / std::sqrt(h[i]);
    }
}
