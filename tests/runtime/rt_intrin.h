// rt_intrin.h: the data helpers shared by the intrinsic self-tests
// (rt_elementwise, rt_reduce_matmul, rt_movement): binding a tile to a
// simulated address, deterministic random fill, and names for messages.
#ifndef PYPTOCC_RT_INTRIN_H
#define PYPTOCC_RT_INTRIN_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "pto/pto-inst.hpp"
#include "rt_test.h"

namespace rt_intrin {

using rt_test::Rng;

template <class TT> typename TT::DType *bind(TT &t, uint64_t addr) {
    TASSIGN(t, addr);
    return t.data();
}

template <class T> T rand_val(Rng &g, double lo, double hi) {
    if constexpr (rt_test::is_floaty<T>)
        return static_cast<T>(static_cast<float>(g.uniform(lo, hi)));
    else
        return static_cast<T>(g.range(static_cast<int64_t>(lo), static_cast<int64_t>(hi)));
}

template <class T> void fill(T *p, size_t n, Rng &g, double lo, double hi, bool nonzero = false) {
    for (size_t i = 0; i < n; i++) {
        T v;
        do
            v = rand_val<T>(g, lo, hi);
        while (nonzero && rt_test::as_double(v) == 0);
        p[i] = v;
    }
}

template <class T> std::string tname(const char *op) {
    return std::string(op) + "<" + pto::detail::type_name<T>() + ">";
}

}  // namespace rt_intrin

#endif
