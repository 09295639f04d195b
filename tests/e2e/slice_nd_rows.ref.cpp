// slice_nd_rows.py: o1 = a[1] + 1, o2 = a[0, 4:12].
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a");
    for (size_t i = 0; i < 16 * 64; i++)
        t.out("o1")[i] = a[16 * 64 + i] + 1.0;
    for (size_t i = 0; i < 8 * 64; i++)
        t.out("o2")[i] = a[4 * 64 + i];
}
