// rem_scratch.py: r = a mod b, s = a mod 3, with the sign of the divisor
// (Python's % on floats: the truncated remainder, plus the divisor where
// it is not 0 and its sign differs from the divisor's), as pto-isa's TREM
// and TREMS compute it.
#include "harness.h"

#include <cmath>

static float python_mod(float x, float y) {
    float r = std::fmod(x, y);
    return r != 0 && (r < 0) != (y < 0) ? r + y : r;
}

void e2e::setup(Case &t) {
    t.range("a", -20.0, 20.0);
    t.range("b", 1.0, 5.0);
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &r = t.out("r"), &s = t.out("s");
    for (uint64_t i = 0; i < a.rows(); i++)
        for (uint64_t j = 0; j < a.cols(); j++) {
            float x = static_cast<float>(a(i, j)), y = static_cast<float>(b(i, j));
            r(i, j) = python_mod(x, y);
            s(i, j) = python_mod(x, 3.0f);
        }
}
