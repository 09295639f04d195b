// scalar_ops.py: s = 0.375 and k = -3 (a negative integer scalar to an FP32 tile).
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("s", 0.375);
    t.scalar("k", -3);
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    double s = t.scalar_value("s"), k = t.scalar_value("k");
    for (size_t i = 0; i < a.size(); i++) {
        t.out("o_adds")[i] = a[i] + s;
        t.out("o_subs")[i] = a[i] - 0.75;
        t.out("o_muls")[i] = a[i] * k;
        t.out("o_divs")[i] = a[i] / s;
        t.out("o_maxs")[i] = std::fmax(a[i], 0.25);
        t.out("o_mins")[i] = std::fmin(a[i], s * 0.5);
        t.out("o_lrelu")[i] = a[i] > 0 ? a[i] : a[i] * 0.125;
        t.out("o_addsc")[i] = a[i] + s + b[i];
        t.out("o_subsc")[i] = a[i] - 2.0 + b[i];
        t.out("o_rems")[i] = std::fmod(std::fabs(a[i]), s);
        t.out("o_expands")[i] = s + 1.0;
    }
}
