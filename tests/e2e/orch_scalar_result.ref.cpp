// orch_scalar_result.py.
#include "harness.h"

void e2e::setup(Case &t) { t.scalar("n", 7); }

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    Array &y = t.out("y");
    for (size_t i = 0; i < x.size(); i++)
        y[i] = x[i] + 1.0;
    int64_t n = static_cast<int64_t>(t.scalar_value("n"));
    t.out("total")[0] = 4 * n;
    t.out("result2")[0] = 2 * 4 * n - 1 + n * (n - 1) / 2;
    t.out("result3")[0] = n;
}
