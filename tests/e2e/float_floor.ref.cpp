// float_floor.py: a = -7.5, b = 2.0, big = 1e9, with Python's floor
// division and remainder written out by hand.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("a", -7.5);
    t.scalar("b", 2.0);
    t.scalar("big", 1e9);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    double q1 = -4.0, m1 = 0.5;   // -7.5 // 2.0, -7.5 % 2.0
    double q2 = -4.0, m2 = -0.5;  // 7.5 // -2.0, 7.5 % -2.0
    double q3 = 1e9;
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) * (q1 + m1) + (q2 + m2 + q3 / 1e9);
}
