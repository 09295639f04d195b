// loop_carry.py.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &acc = t.out("acc_out"), &y = t.out("y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 64; c++) {
            double a = 0;
            for (uint64_t b = 0; b < 8; b++)
                a = a * 0.5 + x(b * 16 + r, c);
            acc(r, c) = a;
        }
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            uint64_t block = r / 16, j = c < 32 ? 0 : 32;
            y(r, c) = block % 2 == 0 ? x(r, c) + static_cast<double>(j) : -x(r, c);
        }
}
