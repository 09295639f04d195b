// pto/pyptocc-sort.hpp: TSORT32 and TMRGSORT (the single-list form)
// (part of pto/pto-inst.hpp).
//
// A sorted element is a (value, index) pair of 8 bytes: a float value and
// its uint32_t index are two float elements, a half value, a zero and the
// index four half elements (pto-isa cpu/TSort32.hpp and npu/*/TSort32.hpp:
// the destination's row stride is 2 or 4 times the source's).
//
// TSORT32(d, s, idx): each run of 32 valid elements of a row of s (the
// last run of a row may be shorter) sorted with its indices by value,
// descending, equal values by index, ascending, into pairs at twice (4x
// for half) the column.  Vec, row-major, NoneBox tiles; s and d of one
// element type, half or float (PTOAS's verifier); idx uint32_t (pto-isa's
// static_assert) with s's static columns and valid shape (pto-isa's CPU
// simulator silently does nothing when they differ: fatal here), d's
// valid region holds the pairs.
//
// TMRGSORT(d, s, blockLen): one row of pairs, sorted in runs of blockLen
// elements; each four runs (4 * blockLen elements from the start) merged
// into one, descending by value, over d's valid columns, which must be a
// whole number of such groups (the instruction merges whole groups only)
// and no more than s's.  blockLen a positive multiple of 64 (PTOAS),
// counting both halves of each pair; equal values are taken from the
// earlier run first (cpu/TMrgSort.hpp picks the first largest).
//
// TMRGSORT<TD, TT, T0, T1[, T2[, T3]], exhausted>(d, executed, tmp, s0,
// s1[, s2[, s3]]): two to four sorted rows of pairs merged into d's valid
// columns, descending, equal values from the lower-numbered list first;
// with exhausted, the merge stops when any list runs out (d's rest is
// left as it was).  executed receives how many pairs each list gave.  tmp
// is the NPU's workspace: its valid columns hold all the lists' (PTOAS's
// verifier); the simulator does not use it.  d's valid columns may not be
// more than the lists hold.
#ifndef PYPTOCC_SORT_HPP
#define PYPTOCC_SORT_HPP

#include <algorithm>
#include <cstring>
#include <vector>

#include "pto/pyptocc-intrin.hpp"

namespace pto {

namespace detail {
template <class... TT> constexpr void rule_none_box() {
    static_assert(((TT::SLayoutValue == SLayout::NoneBox) && ...),
                  "pyptocc runtime: TSORT32 and TMRGSORT need tiles without boxes (SLayout::NoneBox)");
}
template <class T> constexpr unsigned pair_elems() { return 8 / sizeof(T); }
}  // namespace detail

template <TileT TD, TileT TS, TileT TI> void TSORT32(TD &d, const TS &s, const TI &idx) {
    PYPTOCC_PROFILE(TSORT32, d, s, idx);
    using T = typename TS::DType;
    constexpr unsigned k = detail::pair_elems<T>();
    detail::rule_vec<TD, TS, TI>();
    detail::rule_row_major<TD, TS, TI>();
    detail::rule_none_box<TD, TS, TI>();
    detail::rule_half_or_float<T>();
    detail::rule_same_dtype<TD, TS>();
    static_assert(std::is_same_v<typename TI::DType, uint32_t>, "pyptocc runtime: TSORT32's indices are uint32_t");
    static_assert(TS::Cols == TI::Cols, "pyptocc runtime: TSORT32's source and indices have one row stride (Cols)");
    auto S = detail::view(s, "TSORT32", "source");
    auto X = detail::view(idx, "TSORT32", "index");
    auto D = detail::view(d, "TSORT32", "destination");
    if (X.vr != S.vr || X.vc != S.vc)
        pyptocc::fatal("TSORT32: the indices' valid %ux%u differ from the source's %ux%u", X.vr, X.vc, S.vr, S.vc);
    if (D.vr < S.vr || D.vc < S.vc * k)
        pyptocc::fatal("TSORT32: a source of valid %ux%u sorts into %ux%u pairs' elements, more than the "
                       "destination's valid %ux%u",
                       S.vr, S.vc, S.vr, S.vc * k, D.vr, D.vc);
    struct Pair {
        T v;
        uint32_t i;
    };
    std::vector<Pair> all(static_cast<std::size_t>(S.vr) * S.vc);
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++)
            all[static_cast<std::size_t>(r) * S.vc + c] = Pair{S(r, c), X(r, c)};
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c0 = 0; c0 < S.vc; c0 += 32) {
            auto *first = &all[static_cast<std::size_t>(r) * S.vc + c0];
            std::stable_sort(first, first + std::min(32u, S.vc - c0), [](const Pair &a, const Pair &b) {
                float x = static_cast<float>(a.v), y = static_cast<float>(b.v);
                return x != y ? x > y : a.i < b.i;
            });
        }
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++) {
            const Pair &p = all[static_cast<std::size_t>(r) * S.vc + c];
            T word[k];
            std::memset(static_cast<void *>(word), 0, sizeof word);
            word[0] = p.v;
            std::memcpy(static_cast<void *>(&word[k - 4 / sizeof(T)]), &p.i, sizeof p.i);
            for (unsigned e = 0; e < k; e++)
                D(r, c * k + e) = word[e];
        }
}

template <TileT TD, TileT TS> void TMRGSORT(TD &d, const TS &s, uint32_t blockLen) {
    PYPTOCC_PROFILE(TMRGSORT, d, s);
    using T = typename TS::DType;
    constexpr unsigned k = detail::pair_elems<T>();
    detail::rule_vec<TD, TS>();
    detail::rule_row_major<TD, TS>();
    detail::rule_none_box<TD, TS>();
    detail::rule_half_or_float<T>();
    detail::rule_same_dtype<TD, TS>();
    static_assert(TD::Rows == 1 && TS::Rows == 1, "pyptocc runtime: TMRGSORT merges one row (Rows == 1)");
    auto S = detail::view(s, "TMRGSORT", "source");
    auto D = detail::view(d, "TMRGSORT", "destination");
    if (blockLen == 0 || blockLen % 64 != 0)
        pyptocc::fatal("TMRGSORT: blockLen %u is not a positive multiple of 64", blockLen);
    const unsigned group = 4 * blockLen, run = blockLen / k;
    if (D.vc % group != 0 || D.vc > S.vc)
        pyptocc::fatal("TMRGSORT: the destination's %u valid columns are not whole groups of four runs of %u (%u "
                       "elements), or more than the source's %u",
                       D.vc, blockLen, group, S.vc);
    std::vector<T> out(D.vc);
    for (unsigned g = 0; g < D.vc; g += group) {
        unsigned at[4] = {0, 0, 0, 0};
        for (unsigned o = 0; o < 4 * run; o++) {
            int pick = -1;
            for (unsigned b = 0; b < 4; b++) {
                if (at[b] >= run)
                    continue;
                unsigned c = g + b * blockLen + at[b] * k;
                if (pick < 0 ||
                    static_cast<float>(S(0, c)) > static_cast<float>(S(0, g + pick * blockLen + at[pick] * k)))
                    pick = static_cast<int>(b);
            }
            unsigned from = g + pick * blockLen + at[pick] * k;
            for (unsigned e = 0; e < k; e++)
                out[g + o * k + e] = S(0, from + e);
            at[pick]++;
        }
    }
    for (unsigned c = 0; c < D.vc; c++)
        D(0, c) = out[c];
}

struct MrgSortExecutedNumList {
    uint16_t mrgSortList0;
    uint16_t mrgSortList1;
    uint16_t mrgSortList2;
    uint16_t mrgSortList3;
};

namespace detail {
template <bool exhausted, class TD, class TT, class... TS>
void merge_lists(TD &d, MrgSortExecutedNumList &executed, TT &tmp, const TS &...src) {
    using T = typename TD::DType;
    constexpr unsigned k = pair_elems<T>();
    constexpr unsigned n = sizeof...(TS);
    rule_vec<TD, TT, TS...>();
    rule_row_major<TD, TT, TS...>();
    rule_none_box<TD, TT, TS...>();
    rule_half_or_float<T>();
    rule_same_dtype<TD, TT, TS...>();
    static_assert(TD::Rows == 1 && TT::Rows == 1 && ((TS::Rows == 1) && ...),
                  "pyptocc runtime: TMRGSORT merges one row (Rows == 1)");
    const T *p[n] = {src.pyptocc_raw()...};
    unsigned len[n] = {(view(src, "TMRGSORT", "source").vc / k)...};
    auto D = view(d, "TMRGSORT", "destination");
    auto W = view(tmp, "TMRGSORT", "workspace");
    unsigned total = 0, at[4] = {0, 0, 0, 0}, out = 0;
    for (unsigned i = 0; i < n; i++)
        total += len[i];
    if (W.vc < total * k)
        pyptocc::fatal("TMRGSORT: the workspace's %u valid columns cannot hold the lists' %u", W.vc, total * k);
    if (D.vc % k != 0 || D.vc > total * k)
        pyptocc::fatal("TMRGSORT: the destination's %u valid columns are not whole pairs of the lists' %u", D.vc,
                       total * k);
    std::vector<T> merged(D.vc);
    while (out < D.vc / k) {
        int pick = -1;
        for (unsigned i = 0; i < n; i++)
            if (at[i] < len[i] && (pick < 0 || static_cast<float>(p[i][at[i] * k]) >
                                                   static_cast<float>(p[pick][at[pick] * k])))
                pick = static_cast<int>(i);
        if (pick < 0)
            break;
        for (unsigned e = 0; e < k; e++)
            merged[out * k + e] = p[pick][at[pick] * k + e];
        at[pick]++;
        out++;
        bool ran_out = false;
        for (unsigned i = 0; i < n; i++)
            ran_out = ran_out || at[i] == len[i];
        if (exhausted && ran_out)
            break;
    }
    for (unsigned c = 0; c < out * k; c++)
        D(0, c) = merged[c];
    executed = MrgSortExecutedNumList{static_cast<uint16_t>(at[0]), static_cast<uint16_t>(at[1]),
                                      static_cast<uint16_t>(at[2]), static_cast<uint16_t>(at[3])};
}
}  // namespace detail

template <TileT TD, TileT TT, TileT T0, TileT T1, bool exhausted>
void TMRGSORT(TD &d, MrgSortExecutedNumList &executed, TT &tmp, T0 &s0, T1 &s1) {
    PYPTOCC_PROFILE(TMRGSORT, d, s0, s1);
    detail::merge_lists<exhausted>(d, executed, tmp, s0, s1);
}
template <TileT TD, TileT TT, TileT T0, TileT T1, TileT T2, bool exhausted>
void TMRGSORT(TD &d, MrgSortExecutedNumList &executed, TT &tmp, T0 &s0, T1 &s1, T2 &s2) {
    PYPTOCC_PROFILE(TMRGSORT, d, s0, s1, s2);
    detail::merge_lists<exhausted>(d, executed, tmp, s0, s1, s2);
}
template <TileT TD, TileT TT, TileT T0, TileT T1, TileT T2, TileT T3, bool exhausted>
void TMRGSORT(TD &d, MrgSortExecutedNumList &executed, TT &tmp, T0 &s0, T1 &s1, T2 &s2, T3 &s3) {
    PYPTOCC_PROFILE(TMRGSORT, d, s0, s1, s2, s3);
    detail::merge_lists<exhausted>(d, executed, tmp, s0, s1, s2, s3);
}

}  // namespace pto

#endif
