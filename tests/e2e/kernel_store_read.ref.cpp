// kernel_store_read.py: out = 2x with out[0, 0] = 2 x[3, 5] + 1, diag =
// the diagonal of 2x; y = x + 1 with y[2, 7] = 10 x[0, 1]; w[1, 2] = 5 and
// z = w + 1 (after that write).
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("store_read.x"), &x2 = t.in("tile_write.x");
    Array &out = t.out("store_read.out"), &diag = t.out("store_read.diag"), &y = t.out("tile_write.y");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 16; c++)
            out(r, c) = 2.0 * x(r, c);
    for (uint64_t j = 0; j < 16; j++)
        diag(0, j) = out(j, j);
    out(0, 0) = out(3, 5) + 1.0;
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 16; c++)
            y(r, c) = x2(r, c) + 1.0;
    y(2, 7) = 10.0 * x2(0, 1);
    const Array &w0 = t.in("write_load.w");
    Array &w = t.out("write_load.w"), &z = t.out("write_load.z");
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 16; c++)
            w(r, c) = w0(r, c);
    w(1, 2) = 5.0;
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 16; c++)
            z(r, c) = w(r, c) + 1.0;
}
