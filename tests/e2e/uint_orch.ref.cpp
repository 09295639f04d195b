// uint_orch.py: y = (x >> k) >> k, logical shifts of UINT32 values, with k
// = cfg[0, 1] (cfg[0, 0] is above 2^31 and unused).
#include <cstdint>

#include "harness.h"

void e2e::setup(Case &t) {
    t.range("x", 0, 4294967296.0);
    t.values("cfg", [](size_t i) { return i == 0 ? 4294967280.0 : 3.0; });
}

void e2e::reference(Case &t) {
    const Array &x = t.in("x");
    uint64_t k = static_cast<uint64_t>(t.in("cfg")[1]);
    for (size_t i = 0; i < x.size(); i++)
        t.out("y")[i] = static_cast<double>((static_cast<uint64_t>(x[i]) >> k) >> k);
}
