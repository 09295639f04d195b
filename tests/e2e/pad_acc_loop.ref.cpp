// pad_acc_loop.py: y[j] = sum over i < 8 of x[4 i + j] * 0.5.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t j = 0; j < 4; j++) {
        double s = 0;
        for (size_t i = 0; i < 8; i++)
            s += x[4 * i + j] * 0.5;
        y[j] = s;
    }
}
