// tile_nd.py: y's second half (dimension 0) holds a^2 minus its row sums,
// over the first half of a; y's first half is left as it was.  z's batch
// 2 - i is exp(b's batch i) + 1.  w's batch 0 holds 2 b[1] on rows 0..4,
// batch 1 3 b[1] on rows 0..4 and zeros on rows 5..7.
#include <cmath>

#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &y0 = t.in("y");
    Array &y = t.out("y"), &z = t.out("z"), &w = t.out("w");
    const size_t row = 64, half = 2 * 3 * 8 * 64;
    for (size_t i = 0; i < half; i++)
        y[i] = y0[i];
    for (size_t r = 0; r < 2 * 3 * 8; r++) {
        double s = 0;
        for (size_t c = 0; c < row; c++)
            s += a[r * row + c] * a[r * row + c];
        for (size_t c = 0; c < row; c++)
            y[half + r * row + c] = a[r * row + c] * a[r * row + c] - s;
    }
    for (size_t i = 0; i < 3; i++)
        for (size_t k = 0; k < 16 * 32; k++)
            z[(2 - i) * 512 + k] = std::exp(b[i * 512 + k]) + 1.0;
    for (size_t r = 0; r < 8; r++)
        for (size_t c = 0; c < 32; c++) {
            if (r < 5)
                w[r * 32 + c] = 2.0 * b[512 + r * 32 + c];
            w[256 + r * 32 + c] = r < 5 ? 3.0 * b[512 + r * 32 + c] : 0.0;
        }
}
