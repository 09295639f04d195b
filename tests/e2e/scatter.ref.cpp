// scatter.py: out = zeros with out_flat[idx[i, j] + 8] = 3 src[i, j], hout
// = zeros with hout_flat[hidx[i, j] + 8] = hsrc[i, j], in row-major order (a
// later element wins an offset); the flat offset is row * 32 + column;
// mout[i, 4k + 3] = hsrc[i, k], zeros elsewhere.
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", -8, 8 * 32 - 8);   // + 8: any element
    t.range("hidx", -8, 16 * 32 - 8);
    t.tolerance("out", 0, 0, "products by three of FP32 values, rounded once");
    t.tolerance("hout", 0, 0, "copies");
    t.tolerance("mout", 0, 0, "copies");
}

void e2e::reference(Case &t) {
    const Array &src = t.in("src"), &idx = t.in("idx"), &hsrc = t.in("hsrc"), &hidx = t.in("hidx");
    Array &out = t.out("out"), &hout = t.out("hout");
    for (size_t k = 0; k < out.size(); k++)
        out[k] = 0;
    for (size_t k = 0; k < hout.size(); k++)
        hout[k] = 0;
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j < 16; j++)
            out[static_cast<size_t>(idx(i, j) + 8)] = static_cast<float>(3 * src(i, j));
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 16; j++)
            hout[static_cast<size_t>(hidx(i, j) + 8)] = hsrc(i, j);
    Array &mout = t.out("mout");
    for (uint64_t i = 0; i < 16; i++)
        for (uint64_t j = 0; j < 64; j++)
            mout(i, j) = j % 4 == 3 ? hsrc(i, j / 4) : 0.0;
}
