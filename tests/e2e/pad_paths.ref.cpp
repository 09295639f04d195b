// pad_paths.py: u = x - 1; c = colsum(u); e = u * r by column;
// a = w with rows 0..7 from e's rows 4..11; d = c with d[0, 1] = c[0, 2].
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &r = t.in("r"), &w = t.in("w");
    Array &a = t.out("a_out"), &c = t.out("c_out"), &d = t.out("d_out");
    double u[16][4];
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 4; j++)
            u[i][j] = x(i, j) - 1.0;
    for (uint64_t j = 0; j < 4; j++) {
        double s = 0;
        for (uint64_t i = 0; i < 16; i++)
            s += u[i][j];
        c(0, j) = s;
        d(0, j) = s;
    }
    d(0, 1) = c(0, 2);
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 4; j++)
            a(i, j) = i < 8 ? u[i + 4][j] * r(0, j) : w(i, j);
}
