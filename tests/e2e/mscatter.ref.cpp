// mscatter.py (i = idx + 8): out[i] = 2 src, then out[i + 1] = src; as
// elements: out[idx[i, j] + 8] = 2 src[i, j], then out[idx[i, j] + 9] =
// src[i, j], each in row-major order (a later write wins); the rest of out
// keeps its values.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", -8, 503);   // + 8 (+ 1): inside the 512
    t.tolerance("out", 0, 0, "copies and products by two");
}

void e2e::reference(Case &t) {
    const Array &src = t.in("src"), &idx = t.in("idx"), &out0 = t.in("out");
    Array &out = t.out("out");
    for (uint64_t k = 0; k < 512; k++)
        out[k] = out0[k];
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 32; j++)
            out[static_cast<size_t>(idx(i, j) + 8)] = 2 * src(i, j);
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 32; j++)
            out[static_cast<size_t>(idx(i, j) + 8) + 1] = src(i, j);
}
