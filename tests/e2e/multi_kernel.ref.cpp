// multi_kernel.py: each kernel on its own slots; scale.k = -2.5.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("scale.k", -2.5); }

void e2e::reference(Case &t) {
    const Array &a = t.in("add.a"), &b = t.in("add.b"), &sa = t.in("scale.a");
    Array &o1 = t.out("add.out"), &o2 = t.out("scale.out");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            o1(r, c) = a(r, c) + b(r, c);
            o2(r, c) = sa(r, c) * -2.5;
        }
}
