// unary_f32.py: p in [0.25, 4) for log, sqrt, rsqrt and recip.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) { t.range("p", 0.25, 4.0); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &p = t.in("p");
    for (size_t i = 0; i < x.size(); i++) {
        t.out("o_exp")[i] = std::exp(x[i]);
        t.out("o_log")[i] = std::log(p[i]);
        t.out("o_sqrt")[i] = std::sqrt(p[i]);
        t.out("o_rsqrt")[i] = 1.0 / std::sqrt(p[i]);
        t.out("o_recip")[i] = 1.0 / p[i];
        t.out("o_abs")[i] = std::fabs(x[i]);
        t.out("o_neg")[i] = -x[i];
        t.out("o_relu")[i] = x[i] > 0 ? x[i] : 0.0;
    }
}
