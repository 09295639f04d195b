// pto/pyptocc-transfer.hpp: data movement (included by pto/pto-inst.hpp):
// TLOAD and TSTORE between global memory and tiles, TFILLPAD, TMOV, TEXTRACT, TINSERT,
// TCONCAT and TTRANS between tiles.  A GlobalTensor at a peer rank's window
// address (pyptocc_comm.h, "The window area") is loaded and stored through
// the multi-rank layer.
#ifndef PYPTOCC_TRANSFER_HPP
#define PYPTOCC_TRANSFER_HPP

#include <cstdio>

#include "pto/pyptocc-intrin.hpp"
#include "pyptocc_comm.h"

namespace pto {

// --------------------------------------------------------- load / store

namespace detail {
// A GlobalTensor as the rows and columns of a tile (pto-isa's ND TLOAD and
// TSTORE): dimensions 0 to 3 multiply to the tile's valid rows, row r being
// (i0, i1, i2, i3) with i3 the fastest; dimension 4 is its valid columns.
// The constructor checks the shape and that every element addressed lies
// in memory the program owns: at data(), or at check_at, the same place in
// this rank's window memory of a peer's address (check_op then names the
// access, "TLOAD from rank 1").
template <GlobalTensorT GT> struct GlobalRows {
    int64_t shape[5], stride[5];
    int64_t lo = 0, hi = 1;  // the elements addressed are offsets [lo, hi) from data()
    bool rows_2d;   // dimensions 0 to 2 of extent 1: row r is index r of dimension 3
    GlobalRows(const GT &g, unsigned vr, unsigned vc, const char *op, const char *role, bool write,
               const void *check_at = nullptr, const char *check_op = nullptr) {
        int64_t rows = 1;
        for (int i = 0; i < 5; i++) {
            shape[i] = g.GetShape(i);
            stride[i] = g.GetStride(i);
        }
        for (int i = 0; i < 4; i++)
            rows *= shape[i];
        rows_2d = shape[0] == 1 && shape[1] == 1 && shape[2] == 1;
        if (rows != static_cast<int64_t>(vr) || shape[4] != static_cast<int64_t>(vc))
            pyptocc::fatal("%s: the GlobalTensor shape [%lld, %lld, %lld, %lld, %lld] is not the %s tile's valid shape "
                           "%ux%u (dimensions 0 to 3 are its rows)",
                           op, static_cast<long long>(shape[0]), static_cast<long long>(shape[1]),
                           static_cast<long long>(shape[2]), static_cast<long long>(shape[3]),
                           static_cast<long long>(shape[4]), role, vr, vc);
        for (int i = 0; i < 5; i++) {
            int64_t e = (shape[i] - 1) * stride[i];
            lo += std::min<int64_t>(e, 0);
            hi += std::max<int64_t>(e, 0);
        }
        using G = typename GT::DType;
        uintptr_t base = reinterpret_cast<uintptr_t>(check_at ? check_at : g.data());
        pyptocc::check_gm(reinterpret_cast<const void *>(base + static_cast<uintptr_t>(lo * static_cast<int64_t>(sizeof(G)))),
                          reinterpret_cast<const void *>(base + static_cast<uintptr_t>(hi * static_cast<int64_t>(sizeof(G)))),
                          write, check_op ? check_op : op);
    }
    // The element offset of tile element (r, c).
    int64_t at(unsigned r, unsigned c) const {
        int64_t off = static_cast<int64_t>(c) * stride[4], q = r;
        if (rows_2d)   // (no divisions on the common path)
            return off + q * stride[3];
        for (int i = 3; i >= 0; i--) {
            off += (q % shape[i]) * stride[i];
            q /= shape[i];
        }
        return off;
    }
};

// "TLOAD from rank 1": an access to a peer, as messages name it.
struct PeerLabel {
    char text[48];
    PeerLabel(const char *what, int32_t peer) { std::snprintf(text, sizeof text, "%s rank %d", what, peer); }
};

// The DataType of element type G (UNKNOWN for one without).
template <class G> constexpr DataType data_type_of() {
    if constexpr (std::is_same_v<G, float>)
        return DataType::FLOAT32;
    else if constexpr (std::is_same_v<G, half>)
        return DataType::FLOAT16;
    else if constexpr (std::is_same_v<G, bfloat16_t>)
        return DataType::BFLOAT16;
    else if constexpr (std::is_same_v<G, bool>)
        return DataType::BOOL;
    else if constexpr (std::is_integral_v<G> && std::is_signed_v<G>)
        return sizeof(G) == 1 ? DataType::INT8 : sizeof(G) == 2 ? DataType::INT16 : sizeof(G) == 4 ? DataType::INT32 : DataType::INT64;
    else if constexpr (std::is_integral_v<G>)
        return sizeof(G) == 1 ? DataType::UINT8 : sizeof(G) == 2 ? DataType::UINT16 : sizeof(G) == 4 ? DataType::UINT32 : DataType::UINT64;
    else
        return DataType::UNKNOWN;
}

// TLOAD from a peer's window: the span of elements addressed, checked at
// this rank's equivalent address, read whole (pyptocc_comm_peer_read) into
// a staging buffer, and loaded from there.
template <class T, GlobalTensorT GT, class View> void load_peer(const GT &g, View &D) {
    using G = typename GT::DType;
    int32_t peer = 0;
    const void *local = nullptr;
    pyptocc_comm_peer_of(g.data(), &peer, &local);
    PeerLabel op("TLOAD from", peer);
    GlobalRows<GT> R(g, D.vr, D.vc, "TLOAD", "destination", false, local, op.text);
    std::vector<unsigned char> stage(static_cast<std::size_t>(R.hi - R.lo) * sizeof(G));
    const uintptr_t first = reinterpret_cast<uintptr_t>(local) + static_cast<uintptr_t>(R.lo * static_cast<int64_t>(sizeof(G)));
    pyptocc_comm_peer_read(peer, reinterpret_cast<const void *>(first), stage.data(), stage.size());
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        T v;
        std::memcpy(static_cast<void *>(&v), stage.data() + static_cast<std::size_t>(R.at(r, c) - R.lo) * sizeof(G),
                    sizeof(T));
        return v;
    });
}
}  // namespace detail

// t(r, c) = g at row r, column c (GlobalRows) over t (a bit copy; element
// sizes are equal); from a peer's window address, through the multi-rank
// layer (detail::load_peer).
template <TileT TT, GlobalTensorT GT> void TLOAD(TT &t, const GT &g) {
    PYPTOCC_PROFILE(TLOAD, t, g);
    using T = typename TT::DType;
    using G = typename GT::DType;
    static_assert(sizeof(T) == sizeof(G), "pyptocc runtime: TLOAD needs tile and GlobalTensor elements of one size");
    detail::rule_global<TT, GT>();
    auto D = detail::view(t, "TLOAD", "destination");
    if (D.vr == 0 || D.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("TLOAD: the GlobalTensor has a null pointer");
    if (__builtin_expect(pyptocc_comm_maybe_peer(g.data()), 0)) {
        detail::load_peer<T>(g, D);
        return;
    }
    detail::GlobalRows<GT> R(g, D.vr, D.vc, "TLOAD", "destination", false);
    // pto-isa 3186c381 (cpu/TLoad.hpp CheckTileData) takes a window into a
    // column-major tile as its dimension 3 the rows and 0 to 2 and 4 the
    // columns: where dimensions 0 to 2 are 1 that is the rows this reads.
    if (TT::BLayoutValue == BLayout::ColMajor && !R.rows_2d)
        pyptocc::fatal("TLOAD: a window of more than two dimensions [%lld, %lld, %lld, %lld, %lld] into a "
                       "column-major tile (pto-isa takes dimension 3 as its rows, the others as its columns)",
                       static_cast<long long>(R.shape[0]), static_cast<long long>(R.shape[1]),
                       static_cast<long long>(R.shape[2]), static_cast<long long>(R.shape[3]),
                       static_cast<long long>(R.shape[4]));
    const G *p = g.data();
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        T v;
        std::memcpy(static_cast<void *>(&v), static_cast<const void *>(p + R.at(r, c)), sizeof(T));
        return v;
    });
}

// g at row r, column c = convert(t(r, c)) over t (round to nearest even when the
// types differ, e.g. an f32 accumulator to f16/bf16 memory); with
// AtomicType::AtomicAdd (a template argument, as pto-isa takes it), g's
// element plus t's, rounded once in g's type: the element types pto-isa's
// atomic store adds (float, half, bfloat16_t, int32_t, int16_t, int8_t).
// The runtime runs one task at a time, so the add needs no lock.  Into a
// peer's window address, through the multi-rank layer (detail::store_peer).
namespace detail {
// TSTORE into window memory, a peer's or this rank's: checked at this
// rank's equivalent address (its place only: windows are every rank's to
// write, and a task may pass one as an input, as pypto's are), then row by
// row (element by element when a row is not contiguous)
// pyptocc_comm_peer_write, which adds atomically for AtomicAdd, so that
// this rank's stores and its peers' remote ones into its window are
// atomic with each other.
template <AtomicType A, GlobalTensorT GT, class View> void store_peer(const GT &g, const View &S) {
    using G = typename GT::DType;
    int32_t peer = pyptocc_comm_area_rank();
    const void *local = g.data();
    pyptocc_comm_peer_of(g.data(), &peer, &local);
    PeerLabel op("TSTORE to", peer);
    GlobalRows<GT> R(g, S.vr, S.vc, "TSTORE", "source", false, local, op.text);
    const int add = A == AtomicType::AtomicAdd ? 1 : 0;
    const uintptr_t base = reinterpret_cast<uintptr_t>(local);
    std::vector<unsigned char> row(static_cast<std::size_t>(S.vc) * sizeof(G));
    for (unsigned r = 0; r < S.vr; r++) {
        for (unsigned c = 0; c < S.vc; c++) {
            G v = convert<G>(S(r, c));
            std::memcpy(row.data() + static_cast<std::size_t>(c) * sizeof(G), static_cast<const void *>(&v), sizeof(G));
        }
        if (R.stride[4] == 1) {
            const uintptr_t at = base + static_cast<uintptr_t>(R.at(r, 0) * static_cast<int64_t>(sizeof(G)));
            pyptocc_comm_peer_write(peer, reinterpret_cast<const void *>(at), row.data(), row.size(), data_type_of<G>(),
                                    add);
            continue;
        }
        for (unsigned c = 0; c < S.vc; c++) {
            const uintptr_t at = base + static_cast<uintptr_t>(R.at(r, c) * static_cast<int64_t>(sizeof(G)));
            pyptocc_comm_peer_write(peer, reinterpret_cast<const void *>(at), row.data() + static_cast<std::size_t>(c) * sizeof(G),
                                    sizeof(G), data_type_of<G>(), add);
        }
    }
}

template <AtomicType A, GlobalTensorT GT, TileT TT> void store(const GT &g, const TT &t) {
    using G = typename GT::DType;
    rule_global<TT, GT>();
    auto S = view(t, "TSTORE", "source");
    if (S.vr == 0 || S.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("TSTORE: the GlobalTensor has a null pointer");
    if (__builtin_expect(pyptocc_comm_in_area(g.data()), 0)) {
        store_peer<A>(g, S);
        return;
    }
    GlobalRows<GT> R(g, S.vr, S.vc, "TSTORE", "source", true);
    G *p = g.data();
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++) {
            G &out = p[R.at(r, c)];
            if constexpr (A == AtomicType::AtomicAdd) {
                if constexpr (is_float_v<G>)
                    out = down<G>(up(out) + up(S(r, c)));
                else
                    out = wrap<G>(u64(out) + u64(convert<G>(S(r, c))));
            } else {
                out = convert<G>(S(r, c));
            }
        }
}
}  // namespace detail

template <GlobalTensorT GT, TileT TT> void TSTORE(const GT &g, const TT &t) {
    PYPTOCC_PROFILE(TSTORE, g, t);
    detail::store<AtomicType::AtomicNone>(g, t);
}
template <TileT TT, GlobalTensorT GT, AtomicType A> void TSTORE(const GT &g, const TT &t) {
    PYPTOCC_PROFILE(TSTORE, g, t);
    if constexpr (A == AtomicType::AtomicAdd)
        static_assert(detail::is_one_of_v<typename GT::DType, float, half, bfloat16_t, int32_t, int16_t, int8_t>,
                      "pyptocc runtime: TSTORE adds float, half, bfloat16_t, int32_t, int16_t or int8_t");
    detail::store<A>(g, t);
}

// ------------------------------------------------------- data movement

// Copies s into d; every element of d (its whole static shape) outside s's
// valid region gets d's pad value (Zero: 0; Max: +inf or the largest
// integer; Min: -inf or the lowest integer).
template <TileT TD, TileT TS> void TFILLPAD(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TFILLPAD, d, s);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS>();
    detail::check_same_dtype<TD, TS, TS>();
    detail::rule_fillpad_shape<TD, TS>();
    static_assert(TD::PadVal != PadValue::Null, "pyptocc runtime: TFILLPAD needs a destination with a pad value");
    auto S = detail::view(s, "TFILLPAD", "source");
    auto D = detail::view(d, "TFILLPAD", "destination");
    T pad = detail::pad_value<T>(TD::PadVal);
    detail::produce(D, static_cast<unsigned>(TD::Rows), static_cast<unsigned>(TD::Cols),
                    [&](unsigned r, unsigned c) { return r < S.vr && c < S.vc ? S(r, c) : pad; });
}

// TFILLPAD in place (pto-isa's TFILLPAD_INPLACE): d is s's own buffer under
// a type with a pad value; the elements outside s's valid region get it.
// The NPU form copies nothing (npu/a2a3/TFillPad.hpp TFillPad_Inplace
// writes only the padding), so a d elsewhere than s is an error here.
template <TileT TD, TileT TS> void TFILLPAD_INPLACE(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TFILLPAD_INPLACE, d, s);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS>();
    detail::check_same_dtype<TD, TS, TS>();
    detail::rule_fillpad_shape<TD, TS>();
    static_assert(TD::PadVal != PadValue::Null, "pyptocc runtime: TFILLPAD_INPLACE needs a destination with a pad value");
    auto S = detail::view(s, "TFILLPAD_INPLACE", "source");
    auto D = detail::view(d, "TFILLPAD_INPLACE", "destination");
    if (static_cast<const void *>(d.data()) != static_cast<const void *>(s.data()))
        pyptocc::fatal("TFILLPAD_INPLACE: the destination is not the source's buffer");
    T pad = detail::pad_value<T>(TD::PadVal);
    for (unsigned r = 0; r < static_cast<unsigned>(TD::Rows); r++)
        for (unsigned c = 0; c < static_cast<unsigned>(TD::Cols); c++)
            if (r >= S.vr || c >= S.vc)
                D(r, c) = pad;
}

// TFILLPAD into a destination of as many or more rows and columns (pto-isa's
// TFILLPAD_EXPAND): s's valid region at the top left of d, d's pad value
// everywhere else.
template <TileT TD, TileT TS> void TFILLPAD_EXPAND(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TFILLPAD_EXPAND, d, s);
    using T = typename TD::DType;
    detail::rule_vec<TD, TS>();
    detail::check_same_dtype<TD, TS, TS>();
    detail::rule_fillpad_expand_shape<TD, TS>();
    static_assert(TD::PadVal != PadValue::Null, "pyptocc runtime: TFILLPAD_EXPAND needs a destination with a pad value");
    auto S = detail::view(s, "TFILLPAD_EXPAND", "source");
    auto D = detail::view(d, "TFILLPAD_EXPAND", "destination");
    T pad = detail::pad_value<T>(TD::PadVal);
    detail::produce(D, static_cast<unsigned>(TD::Rows), static_cast<unsigned>(TD::Cols),
                    [&](unsigned r, unsigned c) { return r < S.vr && c < S.vc ? S(r, c) : pad; });
}

// d(r, c) = s(r, c) over d, of equal valid shapes, between any locations (converted, round to
// nearest even, when the element types differ).
template <TileT TD, TileT TS> void TMOV(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TMOV, d, s);
    using T = typename TD::DType;
    static_assert(detail::covers_v<TS, TD>, "pyptocc runtime: TMOV: the source tile is smaller than the destination");
    detail::rule_move_to_bias<TD, TS>();
    auto S = detail::view(s, "TMOV", "source");
    auto D = detail::view(d, "TMOV", "destination");
    // pto-isa (cpu/TMov.hpp) asserts the two valid shapes equal.
    if (S.vr != D.vr || S.vc != D.vc)
        pyptocc::fatal("TMOV: the source's valid %ux%u is not the destination's valid %ux%u", S.vr, S.vc, D.vr, D.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return detail::convert<T>(S(r, c)); });
}

// d(r, c) = s(index_row + r, index_col + c) over d: the window of s at
// (index_row, index_col), which must lie within s's valid region (pto-isa
// cpu/TExtract.hpp asserts it; its NPU headers take the corner as
// uint16_t).
template <TileT TD, TileT TS, class I, class J>
    requires(std::is_integral_v<I> && std::is_integral_v<J>)
void TEXTRACT(TD &d, const TS &s, I index_row, J index_col) {
    PYPTOCC_PROFILE(TEXTRACT, d, s);
    using T = typename TD::DType;
    detail::rule_extract<TD, TS>();
    auto S = detail::view(s, "TEXTRACT", "source");
    auto D = detail::view(d, "TEXTRACT", "destination");
    if (index_row < 0 || index_col < 0 || static_cast<uint64_t>(index_row) + D.vr > S.vr ||
        static_cast<uint64_t>(index_col) + D.vc > S.vc)
        pyptocc::fatal("TEXTRACT: the %ux%u window at (%lld, %lld) runs past the source's valid %ux%u", D.vr, D.vc,
                       static_cast<long long>(index_row), static_cast<long long>(index_col), S.vr, S.vc);
    const unsigned r0 = static_cast<unsigned>(index_row), c0 = static_cast<unsigned>(index_col);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return detail::convert<T>(S(r0 + r, c0 + c)); });
}

// d(index_row + r, index_col + c) = s(r, c) over s's valid region: s
// written into d's window at (index_row, index_col), which must lie
// within d's valid region (pto-isa takes the corner as uint16_t); the rest
// of d is kept.
template <TileT TD, TileT TS, class I, class J>
    requires(std::is_integral_v<I> && std::is_integral_v<J>)
void TINSERT(TD &d, const TS &s, I index_row, J index_col) {
    PYPTOCC_PROFILE(TINSERT, d, s);
    using T = typename TD::DType;
    detail::rule_insert<TD, TS>();
    auto S = detail::view(s, "TINSERT", "source");
    auto D = detail::view(d, "TINSERT", "destination");
    if (index_row < 0 || index_col < 0 || static_cast<uint64_t>(index_row) + S.vr > D.vr ||
        static_cast<uint64_t>(index_col) + S.vc > D.vc)
        pyptocc::fatal("TINSERT: the %ux%u source at (%lld, %lld) runs past the destination's valid %ux%u", S.vr, S.vc,
                       static_cast<long long>(index_row), static_cast<long long>(index_col), D.vr, D.vc);
    const unsigned r0 = static_cast<unsigned>(index_row), c0 = static_cast<unsigned>(index_col);
    // Read all of s before writing d (the two may share storage).
    std::vector<T> v(static_cast<std::size_t>(S.vr) * S.vc);
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++)
            v[static_cast<std::size_t>(r) * S.vc + c] = detail::convert<T>(S(r, c));
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++)
            D(r0 + r, c0 + c) = v[static_cast<std::size_t>(r) * S.vc + c];
}

// d(r, c) = a(r, c) for c below a's valid columns, b(r, c - a's) after
// them: a and b side by side.  Vec tiles of one element type; the valid
// rows agree, and d's valid columns are a's and b's together (pto-isa
// cpu/TConcat.hpp asserts both; npu/a2a3/TConcat.hpp copies a's valid
// columns, then b's after them).
template <TileT TD, TileT TA, TileT TB> void TCONCAT(TD &d, const TA &a, const TB &b) {
    PYPTOCC_PROFILE(TCONCAT, d, a, b);
    detail::rule_vec<TD, TA, TB>();
    detail::check_same_dtype<TD, TA, TB>();
    auto A = detail::view(a, "TCONCAT", "first source");
    auto B = detail::view(b, "TCONCAT", "second source");
    auto D = detail::view(d, "TCONCAT", "destination");
    if (A.vr != D.vr || B.vr != D.vr || A.vc + B.vc != D.vc)
        pyptocc::fatal("TCONCAT: sources of valid %ux%u and %ux%u do not make the destination's valid %ux%u side by "
                       "side",
                       A.vr, A.vc, B.vr, B.vc, D.vr, D.vc);
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return c < A.vc ? A(r, c) : B(r, c - A.vc); });
}

// d(c, r) = s(r, c) over d; tmp is not read.
template <TileT TD, TileT TS, TileT TT> void TTRANS(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TTRANS, d, s, tmp);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows >= TD::Cols && TS::Cols >= TD::Rows,
                  "pyptocc runtime: TTRANS: the source is smaller than the transposed destination");
    detail::rule_transposed_valid<TD, TS>();
    detail::touch(tmp, "TTRANS");
    auto S = detail::view(s, "TTRANS", "source");
    auto D = detail::view(d, "TTRANS", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return S(c, r); });
}

}  // namespace pto

#endif
