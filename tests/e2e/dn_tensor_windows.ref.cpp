// dn_tensor_windows.py: DN arrays are column-major, element (r, c) of an
// [R, C] array at r + c * R.  o_cols(r, c) = x(r, 4 + c);
// o_rows(r, c) = x(8 + r, c); y(i, j) = sum over k of a(i, k) * b(k, j).
#include "harness.h"

void e2e::setup(Case &t) { t.tolerance("y", 1e-4, 1e-4, "32 products summed in FP32"); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &a = t.in("a"), &b = t.in("b");
    for (uint64_t r = 0; r < 16; r++)
        for (uint64_t c = 0; c < 4; c++)
            t.out("o_cols")[r + c * 16] = x[r + (4 + c) * 16];
    for (uint64_t r = 0; r < 8; r++)
        for (uint64_t c = 0; c < 8; c++)
            t.out("o_rows")[r + c * 8] = x[(8 + r) + c * 16];
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 16; j++) {
            double s = 0;
            for (uint64_t k = 0; k < 32; k++)
                s += static_cast<double>(a[i * 32 + k]) * b[k + j * 32];
            t.out("y")[i * 16 + j] = s;
        }
}
