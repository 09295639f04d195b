// transform.py.
#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &v = t.in("v");
    for (uint64_t r = 0; r < x.rows(); r++)
        for (uint64_t c = 0; c < x.cols(); c++) {
            t.out("o_tr")(c, r) = x(r, c);
            t.out("o_flat")(0, r * x.cols() + c) = 2.0 * x(r, c) + 1.0;
            t.out("o_move")(r, c) = 2.0 * x(r, c) - x(r, c);
            t.out("o_pad")(r, c) = -x(r, c);
        }
    Array &o = t.out("o_vec");
    for (size_t i = 0; i < 256; i++) {
        o[i] = 3.0 * v[256 + i];
        o[256 + i] = -v[i];
    }
}
