// tensor_scatter.py: y = x with y[b, idx[b, k]] = v[b, k] for the first 8
// rows; yh = h with yh[b, hidx[b, k]] = hv[b, k]; ys = s with ys[b,
// hidx[b, k]] = sv[b, k]; in k order (a later k wins a column); y2 = d2
// with y2[b, 2k + 1] = m[b, k]; y4 = d4 with y4[b, 4k + 2] = m[b, k].
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", 0, 16);
    t.range("hidx", 0, 32);
    t.tolerance("y", 0, 0, "copies");
    t.tolerance("yh", 0, 0, "copies");
    t.tolerance("ys", 0, 0, "copies");
    t.tolerance("y2", 0, 0, "copies");
    t.tolerance("y4", 0, 0, "copies");
}

namespace {
void scatter(e2e::Array &out, const e2e::Array &in, const e2e::Array &idx, const e2e::Array &src) {
    for (uint64_t i = 0; i < out.rows(); i++)
        for (uint64_t j = 0; j < out.cols(); j++)
            out(i, j) = in(i, j);
    for (uint64_t i = 0; i < src.rows(); i++)
        for (uint64_t k = 0; k < src.cols(); k++)
            out(i, static_cast<uint64_t>(idx(i, k))) = src(i, k);
}
}  // namespace

void e2e::reference(Case &t) {
    scatter(t.out("y"), t.in("x"), t.in("idx"), t.in("v"));
    scatter(t.out("yh"), t.in("h"), t.in("hidx"), t.in("hv"));
    scatter(t.out("ys"), t.in("s"), t.in("hidx"), t.in("sv"));
    const Array &m = t.in("m"), &d2 = t.in("d2"), &d4 = t.in("d4");
    Array &y2 = t.out("y2"), &y4 = t.out("y4");
    for (uint64_t i = 0; i < 16; i++) {
        for (uint64_t j = 0; j < 32; j++)
            y2(i, j) = j % 2 == 1 ? m(i, j / 2) : d2(i, j);
        for (uint64_t j = 0; j < 64; j++)
            y4(i, j) = j % 4 == 2 ? m(i, j / 4) : d4(i, j);
    }
}
