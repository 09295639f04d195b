// row_expand_add_tmp.py: each kernel's out = x + v broadcast along the rows.
#include "harness.h"

void e2e::setup(Case &) {}

void e2e::reference(Case &t) {
    for (const char *k : {"f32", "i32"}) {
        std::string p(k);
        const Array &x = t.in((p + ".x").c_str()), &v = t.in((p + ".v").c_str());
        Array &out = t.out((p + ".out").c_str());
        for (uint64_t r = 0; r < x.rows(); r++)
            for (uint64_t c = 0; c < x.cols(); c++)
                out(r, c) = x(r, c) + v(r, 0);
    }
}
