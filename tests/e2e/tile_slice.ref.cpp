// tile_slice.py: y's row block i is twice x's row block 3 - i;
// z = 2 x[8:24, 16:48]; w holds x's rows 16..20 and zeros below.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    for (uint64_t i = 0; i < 32; i++)
        for (uint64_t j = 0; j < 64; j++)
            y(i, j) = x((3 - i / 8) * 8 + i % 8, j) * 2.0;
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 32; j++)
            z(i, j) = x(i + 8, j + 16) + x(i + 8, j + 16);
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 64; j++)
            w(i, j) = i < 5 ? x(i + 16, j) : 0.0;
}
