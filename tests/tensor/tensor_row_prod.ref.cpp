// tensor_row_prod.py: p(i) = prod_j x(i, j); z(i, j) = x(i, j) * p(i).
#include "harness.h"

void e2e::setup(Case &t) {
    // x in [0.99, 1.01): a product of 16384 of them stays in FP32's range
    t.range("x", 0.99, 1.01);
    t.tolerance("p", 1e-5, 1e-4, "an FP32 product of 16384 elements, in an order of its own");
    t.tolerance("z", 1e-5, 1e-4, "the product, times one element");
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &p = t.out("p"), &z = t.out("z");
    for (uint64_t i = 0; i < x.rows(); i++) {
        double prod = 1.0;
        for (uint64_t j = 0; j < x.cols(); j++)
            prod *= static_cast<float>(x(i, j));
        p(i, 0) = prod;
        for (uint64_t j = 0; j < x.cols(); j++)
            z(i, j) = static_cast<float>(x(i, j)) * static_cast<float>(prod);
    }
}
