// examples/scalar_control.py: row 0 of out holds the sum of the odd numbers
// below n, row 1 the number of Collatz steps from n to 1; n = params[0] = 27
// (169 and 111).
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.values("params", [](size_t) { return 27.0; });
}

void e2e::reference(Case &t) {
    int64_t n = static_cast<int64_t>(t.in("params")[0]);
    int64_t sum = 0, steps = 0;
    for (int64_t i = 0; i < n; i++)
        if (i % 2 == 1)
            sum += i;
    for (int64_t x = n; x > 1; steps++)
        x = x % 2 == 0 ? x / 2 : 3 * x + 1;
    Array &out = t.out("out");
    for (uint64_t c = 0; c < 8; c++) {
        out(0, c) = static_cast<double>(sum);
        out(1, c) = static_cast<double>(steps);
    }
}
