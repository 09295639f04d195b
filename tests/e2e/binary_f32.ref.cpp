// binary_f32.py: one output per tile-tile op; b is kept in [0.5, 2) so that
// div and rem are well conditioned.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("b", 0.5, 2.0); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &c = t.in("c");
    for (size_t i = 0; i < a.size(); i++) {
        t.out("o_add")[i] = a[i] + b[i];
        t.out("o_sub")[i] = a[i] - b[i];
        t.out("o_mul")[i] = a[i] * b[i];
        t.out("o_div")[i] = a[i] / b[i];
        t.out("o_max")[i] = a[i] > c[i] ? a[i] : c[i];
        t.out("o_min")[i] = a[i] < c[i] ? a[i] : c[i];
        t.out("o_addc")[i] = a[i] + b[i] + c[i];
        t.out("o_subc")[i] = a[i] - b[i] + c[i];
        t.out("o_rem")[i] = std::fmod(std::fabs(a[i]), b[i]);
        t.out("o_prelu")[i] = a[i] > 0 ? a[i] : a[i] * c[i];
    }
}
