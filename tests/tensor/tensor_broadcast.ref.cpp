// tensor_broadcast.py: the broadcasts in plain loops, then the products.
#include <algorithm>
#include <vector>
#include "harness.h"
void e2e::setup(Case &t) { t.tolerance("y", 1e-4, 1e-5, "FP32 sums of 128 products, in another order"); }
void e2e::reference(Case &t) {
    const Array &x = t.in("x"), &v = t.in("v"), &r = t.in("r"), &c = t.in("c"), &w = t.in("w");
    Array &y = t.out("y");
    std::vector<double> g(64 * 128);
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 128; j++) {
            double a = x(i, j) + v[j], b = r(i, 0) - a, d = std::max(b, r(i, 0));
            double e = c(0, j) / (d + 10.0), f = r(i, 0) + c(0, j);
            g[i * 128 + j] = (e + f) * 0.5;
        }
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            double h = 0, z = 0;
            for (int k = 0; k < 128; k++) { h += g[i * 128 + k] * w(k, j); z += x(i, k) * w(k, j); }
            y(i, j) = h + z;
        }
}
