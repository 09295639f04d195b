// col_reduce.py: column statistics of x (the default range [-1, 1)).
#include <cmath>

#include "harness.h"

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &mean = t.out("mean"), &y = t.out("y"), &cmin = t.out("cmin");
    for (uint64_t c = 0; c < x.cols(); c++) {
        double s = 0, mn = INFINITY, big = 0;
        for (uint64_t r = 0; r < x.rows(); r++) {
            s += x(r, c);
            mn = std::fmin(mn, x(r, c));
        }
        double mu = s / static_cast<double>(x.rows());
        for (uint64_t r = 0; r < x.rows(); r++)
            big = std::fmax(big, std::fabs(x(r, c) - mu));
        mean(0, c) = mu;
        cmin(0, c) = mn;
        for (uint64_t r = 0; r < x.rows(); r++)
            y(r, c) = (x(r, c) - mu) / (big + 1.0);
    }
}
