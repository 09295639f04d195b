// scalar_params.py: alpha = 0.875 (a2 = 0.75), n = 4 of 6 blocks, bias = -2.
#include "harness.h"

void e2e::setup(Case &t) {
    t.scalar("alpha", 0.875);
    t.scalar("n", 4);
    t.scalar("bias", -2);
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    double a2 = t.scalar_value("alpha") * 2.0 - 1.0;
    double n = t.scalar_value("n"), bias = t.scalar_value("bias");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++)
            y(r, c) = static_cast<double>(r / 16) < n ? x(r, c) * a2 : x(r, c) + bias;
}
