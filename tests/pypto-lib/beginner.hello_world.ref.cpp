// pypto-lib examples/beginner/hello_world.py: y = x + a.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("a", 0.625); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    const double a = t.scalar_value("a");
    Array &y = t.out("y");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = x(r, c) + a;
}
