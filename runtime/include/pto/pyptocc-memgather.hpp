// pto/pyptocc-memgather.hpp: MGATHER and MSCATTER, a Vec tile read from or
// written to global memory by an index tile (part of pto/pto-inst.hpp), in
// the ND forms pto-isa's A2/A3 headers have (npu/a2a3/MGather.hpp,
// MScatter.hpp: the checks of MGatherCheck and MScatterCheck).
//
// The table is a GlobalTensor; the index tile holds int32_t or uint32_t,
// each read as an unsigned 32-bit index as the NPU reads it.
//   MGATHER<Coalesce::Row, Oob>(d, table, idx): row r of d (its valid
//     columns) is row idx(0, r) of the table, its rows being dimensions 0
//     to 3 (stride 3 apart), the index tile one row of d's valid rows;
//   MGATHER<Coalesce::Elem, Oob>(d, table, idx): d(r, c) is the table's
//     element at flat offset idx(r, c) from data(), the index tile of d's
//     valid shape;
//   MSCATTER<Coalesce::Elem>(table, s, idx): the element at flat offset
//     idx(r, c) becomes s(r, c), in row-major order (a later write to an
//     offset wins, as the NPU's one-at-a-time loop).
// An index past the table (its rows, or its elements) is what GatherOOB
// says: clamped to the last, wrapped, or a zero read; Undefined, which the
// NPU reads or writes outside the table with, is fatal here.
#ifndef PYPTOCC_MEMGATHER_HPP
#define PYPTOCC_MEMGATHER_HPP

#include <cstring>

#include "pto/pyptocc-intrin.hpp"

namespace pto {

namespace detail {
template <class T> inline constexpr bool memory_gather_dtype_v =
    is_one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float>;

// The rules MGatherCheck and MScatterCheck share: element and index types,
// Vec ND tiles, rows of whole 32-byte blocks, an ND table.
template <class TT, class TI, GlobalTensorT GT> constexpr void rule_memory_indexed() {
    using T = typename TT::DType;
    static_assert(memory_gather_dtype_v<T>,
                  "pyptocc runtime: MGATHER and MSCATTER move int8/uint8/int16/uint16/int32/uint32/half/bfloat16/float");
    static_assert(is_one_of_v<typename TI::DType, int32_t, uint32_t>,
                  "pyptocc runtime: MGATHER and MSCATTER take int32_t or uint32_t indices");
    static_assert(std::is_same_v<typename GT::DType, T>,
                  "pyptocc runtime: MGATHER and MSCATTER need the table's element type to be the tile's");
    static_assert(TT::Loc == TileType::Vec && TI::Loc == TileType::Vec,
                  "pyptocc runtime: MGATHER and MSCATTER take Vec tiles");
    static_assert(TT::BLayoutValue == BLayout::RowMajor && TT::SLayoutValue == SLayout::NoneBox &&
                      TI::BLayoutValue == BLayout::RowMajor && TI::SLayoutValue == SLayout::NoneBox,
                  "pyptocc runtime: MGATHER and MSCATTER take row-major (ND) tiles");
    static_assert(TT::Cols * sizeof(T) % 32 == 0,
                  "pyptocc runtime: MGATHER and MSCATTER need the data tile's rows to be whole 32-byte blocks");
    static_assert(GT::layout == Layout::ND, "pyptocc runtime: MGATHER and MSCATTER take an ND table");
}

// An index into a table of cap rows or elements, remapped as Oob says;
// false: read zeros instead (Zero).  Undefined past the table is fatal.
// (r, c): where the index is in the index tile; what: "rows" or "elements".
template <GatherOOB Oob> bool remap_index(uint32_t &i, uint64_t cap, const char *what, unsigned r, unsigned c) {
    if (i < cap)
        return true;
    if constexpr (Oob == GatherOOB::Clamp) {
        i = static_cast<uint32_t>(cap - 1);
        return true;
    } else if constexpr (Oob == GatherOOB::Wrap) {
        i = static_cast<uint32_t>(i % cap);
        return true;
    } else if constexpr (Oob == GatherOOB::Zero) {
        return false;
    } else {
        pyptocc::fatal("MGATHER: index %u at (%u, %u) is past the table's %llu %s (GatherOOB::Undefined)", i, r, c,
                       static_cast<unsigned long long>(cap), what);
    }
}

template <GlobalTensorT GT> uint64_t table_elements(const GT &g) {
    uint64_t n = 1;
    for (int i = 0; i < 5; i++)
        n *= static_cast<uint64_t>(g.GetShape(i));
    return n;
}
}  // namespace detail

template <Coalesce CM, GatherOOB Oob = GatherOOB::Undefined, TileT TD, GlobalTensorT GT, TileT TI>
void MGATHER(TD &d, const GT &g, const TI &idx) {
    PYPTOCC_PROFILE(MGATHER, d, g, idx);
    using T = typename TD::DType;
    detail::rule_memory_indexed<TD, TI, GT>();
    auto D = detail::view(d, "MGATHER", "destination");
    auto X = detail::view(idx, "MGATHER", "index");
    if (D.vr == 0 || D.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("MGATHER: the GlobalTensor has a null pointer");
    const T *p = g.data();
    if constexpr (CM == Coalesce::Row) {
        uint64_t rows = 1;
        for (int i = 0; i < 4; i++)
            rows *= static_cast<uint64_t>(g.GetShape(i));
        if (X.vr != 1 || X.vc != D.vr)
            pyptocc::fatal("MGATHER: Coalesce::Row takes a [1, %u] index tile for %u destination rows, got %ux%u valid",
                           D.vr, D.vr, X.vr, X.vc);
        if (D.vc > g.GetShape(4) || g.GetStride(4) != 1)
            pyptocc::fatal("MGATHER: a destination row of %u elements is not a contiguous row of the table (%lld "
                           "elements, stride %lld)",
                           D.vc, static_cast<long long>(g.GetShape(4)), static_cast<long long>(g.GetStride(4)));
        detail::GlobalRows<GT> R(g, static_cast<unsigned>(rows), static_cast<unsigned>(g.GetShape(4)), "MGATHER",
                                 "table", false);
        detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
            uint32_t i = static_cast<uint32_t>(X(0, r));
            if (!detail::remap_index<Oob>(i, rows, "rows", 0, r))
                return T(0);
            return p[R.at(i, c)];
        });
    } else {
        const uint64_t n = detail::table_elements(g);
        if (X.vr != D.vr || X.vc != D.vc)
            pyptocc::fatal("MGATHER: Coalesce::Elem takes an index tile of the destination's %ux%u valid shape, got "
                           "%ux%u",
                           D.vr, D.vc, X.vr, X.vc);
        pyptocc::check_gm(p, p + n, false, "MGATHER");
        detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
            uint32_t i = static_cast<uint32_t>(X(r, c));
            if (!detail::remap_index<Oob>(i, n, "elements", r, c))
                return T(0);
            return p[i];
        });
    }
}

template <Coalesce CM, GlobalTensorT GT, TileT TS, TileT TI> void MSCATTER(GT &g, const TS &s, const TI &idx) {
    PYPTOCC_PROFILE(MSCATTER, g, s, idx);
    using T = typename TS::DType;
    detail::rule_memory_indexed<TS, TI, GT>();
    static_assert(CM == Coalesce::Elem, "pyptocc runtime: MSCATTER has the Coalesce::Elem form only");
    auto S = detail::view(s, "MSCATTER", "source");
    auto X = detail::view(idx, "MSCATTER", "index");
    if (S.vr == 0 || S.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("MSCATTER: the GlobalTensor has a null pointer");
    T *p = g.data();
    const uint64_t n = detail::table_elements(g);
    if (X.vr != S.vr || X.vc != S.vc)
        pyptocc::fatal("MSCATTER: Coalesce::Elem takes an index tile of the source's %ux%u valid shape, got %ux%u",
                       S.vr, S.vc, X.vr, X.vc);
    pyptocc::check_gm(p, p + n, true, "MSCATTER");
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++) {
            uint32_t i = static_cast<uint32_t>(X(r, c));
            if (i >= n)
                pyptocc::fatal("MSCATTER: index %u at (%u, %u) is past the table's %llu elements", i, r, c,
                               static_cast<unsigned long long>(n));
            p[i] = S(r, c);
        }
}

}  // namespace pto

#endif
