// part_ops.py: b is valid in columns 0-7 only, the second k in rows 0-7
// only: ya = a + b there, a elsewhere; yx = max(a, b) there, a elsewhere;
// yn = min(k, -k) in rows 0-7, k elsewhere; ym = k * k in rows 0-7, k
// elsewhere; z = a + b (tensors, all valid).
#include "harness.h"

#include <algorithm>

void e2e::setup(Case &t) { t.range("k", -100, 100); }

void e2e::reference(Case &t) {
    const Array &a = t.in("a"), &b = t.in("b"), &k = t.in("k");
    Array &ya = t.out("ya"), &yx = t.out("yx"), &yn = t.out("yn"), &ym = t.out("ym"), &z = t.out("z");
    for (uint64_t i = 0; i < ya.rows(); i++)
        for (uint64_t j = 0; j < ya.cols(); j++) {
            bool col = j < 8, row = i < 8;
            ya(i, j) = col ? static_cast<float>(a(i, j) + b(i, j)) : a(i, j);
            yx(i, j) = col ? std::max(a(i, j), b(i, j)) : a(i, j);
            yn(i, j) = row ? std::min(k(i, j), -k(i, j)) : k(i, j);
            ym(i, j) = row ? k(i, j) * k(i, j) : k(i, j);
            z(i, j) = static_cast<float>(a(i, j) + b(i, j));
        }
}
