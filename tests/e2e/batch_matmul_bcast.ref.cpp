// batch_matmul_bcast.py: out[i, j] = a[i, 0] b[0, j], summed in double.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b");
    Array &out = t.out("out");
    const uint64_t m = a.dims[2], k = a.dims[3], n = b.dims[3];
    for (uint64_t i = 0; i < 2; i++)
        for (uint64_t j = 0; j < 3; j++)
            for (uint64_t r = 0; r < m; r++)
                for (uint64_t c = 0; c < n; c++) {
                    double s = 0;
                    for (uint64_t x = 0; x < k; x++)
                        s += a[(i * m + r) * k + x] * b[(j * k + x) * n + c];
                    out[((i * 3 + j) * m + r) * n + c] = s;
                }
}
