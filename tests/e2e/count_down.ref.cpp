// count_down.py with hi = 3, lo = -1: y sums blocks 3, 2, 1, 0 in that
// order, halving what came before; z sums blocks 3, 1, quartering; the
// third loop, range(-1, 3, -1), runs zero times; w is y's sum with st = -1
// given at run time, taking three quarters of what came before.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("hi", 3);
    t.scalar("lo", -1);
    t.scalar("st", -1);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            double acc = 0.0, acc2 = 0.0, acc4 = 0.0;
            for (int64_t i = 3; i > -1; i--)
                acc = acc * 0.5 + x(i * 16 + r, c);
            for (int64_t j = 3; j > -1; j -= 2)
                acc2 = acc2 * 0.25 + x(j * 16 + r, c);
            for (int64_t m = 3; m > -1; m--)
                acc4 = acc4 * 0.75 + x(m * 16 + r, c);
            y(r, c) = acc;
            w(r, c) = acc4;
            z(r, c) = acc2;
        }
}
