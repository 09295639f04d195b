// pto/pyptocc-scalar.hpp: one element of global memory read or written by
// the scalar unit, as a kernel's `ptr[offset]` through its __gm__ pointer
// (PTOAS 0.60 lowers pto.load_scalar / pto.store_scalar to exactly that).
//
// pyptocc's C++ spells the access PYPTOCC_LOAD_SCALAR(ptr, off) and
// PYPTOCC_STORE_SCALAR(ptr, off, value); against pto-isa, which has no
// such names, the generated file defines them as the plain access.  Here
// they are the same access, checked (the element lies in a tensor of the
// running task: pyptocc::check_gm) and reported to the cycle model on the
// S pipe (LOAD_SCALAR, STORE_SCALAR) with the element as the global memory
// touched, so that an access not ordered against the transfers of the same
// tensor is reported.
#ifndef PYPTOCC_SCALAR_HPP
#define PYPTOCC_SCALAR_HPP

#include <cstdint>

#include "pto/pyptocc-tile.hpp"

namespace pyptocc::detail {

// The element as the profile describes global memory: one element.
template <class T> prof::Operand gm_element(const T *p) {
    prof::Operand o;
    o.kind = prof::Operand::Global;
    o.elem = prof::elem_of<T>();
    o.size = sizeof(T);
    o.addr = p;
    o.rows = o.cols = 1;
    o.row_stride = o.col_stride = 1;
    return o;
}

template <class T> T load_scalar(const T *ptr, int64_t off) {
    const T *p = ptr + off;
    if (__builtin_expect(prof::enabled, 0)) {
        prof::Operand o = gm_element(p);
        prof::record(prof::Op::LOAD_SCALAR, &o, 1);
    }
    check_gm(p, p + 1, false, "a scalar load (pto.load_scalar)");
    return *p;
}

template <class T, class V> void store_scalar(T *ptr, int64_t off, V value) {
    T *p = ptr + off;
    if (__builtin_expect(prof::enabled, 0)) {
        prof::Operand o = gm_element(static_cast<const T *>(p));
        prof::record(prof::Op::STORE_SCALAR, &o, 1);
    }
    check_gm(p, p + 1, true, "a scalar store (pto.store_scalar)");
    *p = static_cast<T>(value);
}

}  // namespace pyptocc::detail

#define PYPTOCC_LOAD_SCALAR(ptr, off) (::pyptocc::detail::load_scalar((ptr), static_cast<int64_t>(off)))
#define PYPTOCC_STORE_SCALAR(ptr, off, value) (::pyptocc::detail::store_scalar((ptr), static_cast<int64_t>(off), (value)))

#endif
