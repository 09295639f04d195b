// concat.py: oh = [a | b * b] (the product rounded to FP16 once), oi = [i | j].
#include "harness.h"

void e2e::setup(Case &t) {
    t.tolerance("oh", 0, 0, "a copy, and a product rounded once");
    t.tolerance("oi", 0, 0, "a copy");
}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &i = t.in("i"), &j = t.in("j");
    Array &oh = t.out("oh"), &oi = t.out("oi");
    for (uint64_t r = 0; r < oh.rows(); r++) {
        for (uint64_t c = 0; c < 32; c++)
            oh(r, c) = a(r, c);
        for (uint64_t c = 0; c < 16; c++)
            oh(r, 32 + c) = e2e::to_f16(static_cast<double>(b(r, c)) * static_cast<double>(b(r, c)));
        for (uint64_t c = 0; c < 8; c++)
            oi(r, c) = i(r, c);
        for (uint64_t c = 0; c < 24; c++)
            oi(r, 8 + c) = j(r, c);
    }
}
