// half_bf16.py: in double from the stored 16-bit inputs; s = -0.3125,
// sb = 0.75.  The
// FP32 output f_sub is a BF16 difference cast to FP32, so it carries the
// BF16 rounding and gets the BF16 tolerance.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("s", -0.3125);
    t.scalar("sb", 0.75);
    t.tolerance("f_sub", 1e-2, 1e-2, "a BF16 result cast to FP32");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &c = t.in("c"), &d = t.in("d");
    double s = t.scalar_value("s"), sb = t.scalar_value("sb");
    for (size_t i = 0; i < a.size(); i++) {
        t.out("h_add")[i] = a[i] + b[i];
        t.out("h_expmul")[i] = std::exp(a[i] * b[i]);
        t.out("h_affine")[i] = a[i] * 0.5 + s;
        t.out("h_full")[i] = -1.5 * b[i];
        t.out("b_add")[i] = c[i] + d[i];
        t.out("b_mul")[i] = c[i] * d[i];
        t.out("b_max")[i] = std::fmax(c[i], d[i]);
        t.out("b_adds")[i] = c[i] + sb;
        t.out("f_sub")[i] = c[i] - d[i];
    }
    Array &m = t.out("h_rmax");
    for (uint64_t r = 0; r < a.rows(); r++) {
        double v = a(r, 0);
        for (uint64_t k = 1; k < a.cols(); k++)
            v = std::fmax(v, a(r, k));
        m(r, 0) = v;
    }
}
