// tensor_gather_few_rows.py: y[i, j] = 2 * half[i, idx[i, j]]; yw[i, j] =
// w[i, widx[i, j]]; ys = x with ys[i, sidx[i, k]] = v[i, k], in k order
// (a later k wins a column).
#include "harness.h"

void e2e::setup(Case &t) {
    t.range("idx", 0, 32);
    t.range("widx", 0, 48);
    t.range("sidx", 0, 16);
    t.tolerance("y", 0, 0, "a copy doubled");
    t.tolerance("yw", 0, 0, "a copy");
    t.tolerance("ys", 0, 0, "copies");
}

void e2e::reference(Case &t) {
    const Array &half = t.in("half"), &idx = t.in("idx"), &w = t.in("w"), &widx = t.in("widx");
    const Array &x = t.in("x"), &sidx = t.in("sidx"), &v = t.in("v");
    Array &y = t.out("y"), &yw = t.out("yw"), &ys = t.out("ys");
    for (uint64_t i = 0; i < y.rows(); i++)
        for (uint64_t j = 0; j < y.cols(); j++)
            y(i, j) = 2.0 * half(i, static_cast<uint64_t>(idx(i, j)));
    for (uint64_t i = 0; i < yw.rows(); i++)
        for (uint64_t j = 0; j < yw.cols(); j++)
            yw(i, j) = w(i, static_cast<uint64_t>(widx(i, j)));
    for (uint64_t i = 0; i < ys.rows(); i++) {
        for (uint64_t j = 0; j < ys.cols(); j++)
            ys(i, j) = x(i, j);
        for (uint64_t k = 0; k < sidx.cols(); k++)
            ys(i, static_cast<uint64_t>(sidx(i, k))) = v(i, k);
    }
}
