// offsets.py with k = 2 (the window starts at row 35, column 40).
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("k", 2); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &col = t.in("col"), &v = t.in("v");
    uint64_t r0 = static_cast<uint64_t>(t.scalar_value("k")) * 16 + 3;
    Array &win = t.out("win"), &y = t.out("y"), &colx2 = t.out("colx2"), &vr = t.out("vr");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 32; c++) {
            double w = x(r0 + r, 40 + c);
            win(r, c) = -w;
            win(r, 32 + c) = 0.0;
            win(16 + r, c) = w + 1.0;
            win(16 + r, 32 + c) = w;
        }
    for (uint64_t r = 0; r < 64; r++) {
        for (uint64_t c = 0; c < 96; c++)
            y(r, c) = x(r, c) * col(r, 0);
        colx2(r, 0) = 2.0 * col(r, 0);
    }
    for (size_t i = 0; i < 64; i++) {
        vr[i] = v[64 + i];
        vr[64 + i] = v[i];
    }
}
