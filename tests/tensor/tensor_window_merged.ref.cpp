// tensor_window_merged.py: y = (n > 0 ? 2 x : -1)[:, 32:96]; z = (4 x)[:, 96:128].
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 1); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    double n = t.scalar_value("n");
    Array &y = t.out("y"), &z = t.out("z");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = n > 0 ? 2.0 * x(i, 32 + j) : -1.0;
    for (uint64_t i = 0; i < z.rows(); i++)
        for (uint64_t j = 0; j < z.cols(); j++) {
            float s = static_cast<float>(x(i, 96 + j));
            for (int k = 0; k < 3; k++)
                s += static_cast<float>(x(i, 96 + j));
            z(i, j) = s;
        }
}
