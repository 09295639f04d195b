// pto/pto-inst.hpp: pyptocc's CPU implementation of the pto-isa tile API
// (cpp.md 8.2), written from that description only.
//
// Storage: every tile is a dense row-major array of Rows x Cols elements at
// its bound byte offset in a simulated on-chip buffer (one per location per
// thread, zero at thread start, the A5 capacities of passes.md 6).  Layouts
// and fractal sizes are ignored.  An intrinsic works on the valid region of
// its destination (Rows x Cols unless the tile was built with DYNAMIC valid
// extents); the exceptions are named below.  Every intrinsic reads all its
// sources before it writes its destination, so in-place use works.
//
// Fatal runtime errors (a message on stderr; inside pyptocc_run the run
// fails, elsewhere the process exits with status 1): TASSIGN beyond the
// buffer or misaligned for the element type, use of an unbound tile,
// integer division by zero, a GlobalTensor access outside the tensors of
// the running task, a GlobalTensor smaller than the tile.  Mismatched tile
// shapes that would read or write outside a tile are compile-time errors.
//
// With -DPYPTOCC_STRICT_PTO_ISA the constraints that pto-isa's CPU simulator
// enforces (cpp.md 4.3) are compile-time errors too: identical tile types
// for TADD/TSUB/TMUL/TDIV/TMAX/TMIN and mirrored static shapes for TTRANS.
#ifndef PYPTOCC_PTO_INST_HPP
#define PYPTOCC_PTO_INST_HPP

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "pto/pyptocc-float16.hpp"
#include "pto/pyptocc-profile.hpp"

// ---------------------------------------------------------------- macros

#ifndef __global__
#define __global__
#endif
#ifndef AICORE
#define AICORE
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif

// ------------------------------------------------- runtime library hooks

namespace pyptocc {
// Prints "pyptocc runtime error: <message>" on stderr, then fails the
// current pyptocc_run (or exits with status 1 outside one).
[[noreturn]] void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
// The calling thread's simulated buffer of location `loc` (pto::TileType
// value) and its capacity in bytes; allocated zeroed on first use.
unsigned char *sim_buffer(int loc, uint64_t *capacity);
// Checks that global memory [lo, hi) lies inside one tensor of the running
// task (writable when `write`); does nothing outside a task.
void check_gm(const void *lo, const void *hi, bool write, const char *op);
// The block index of the running launch (0 outside a launch).
int64_t current_block_idx();
}  // namespace pyptocc

// ------------------------------------------------- pipes, events, sync

enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX, PIPE_ALL };
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

// The CPU executes a kernel's statements in program order: no effect but
// on the cycle model.
inline void set_flag(pipe_t src, pipe_t dst, event_t id) { PYPTOCC_PROFILE(SET_FLAG, src, dst, id); }
inline void wait_flag(pipe_t src, pipe_t dst, event_t id) { PYPTOCC_PROFILE(WAIT_FLAG, src, dst, id); }
inline void pipe_barrier(pipe_t pipe) { PYPTOCC_PROFILE(PIPE_BARRIER, pipe); }
inline void set_mask_norm() { PYPTOCC_PROFILE(SET_MASK_NORM); }
template <class A, class B>
    requires(std::is_integral_v<A> && std::is_integral_v<B>)
inline void set_vector_mask(A, B) { PYPTOCC_PROFILE(SET_VECTOR_MASK); }
inline int64_t get_block_idx() { return pyptocc::current_block_idx(); }

namespace pto {

// ------------------------------------------------------------ enums

enum class TileType { Vec = 0, Mat = 1, Left = 2, Right = 3, Acc = 4, Bias = 5 };
enum class BLayout { RowMajor, ColMajor };
enum class SLayout { NoneBox, RowMajor, ColMajor };
enum class PadValue { Null, Zero, Max, Min };
enum class CompactMode { Null };
enum class Layout { ND, DN, NZ };
enum class RoundMode {
    CAST_NONE = 0,
    CAST_RINT = 1,
    CAST_ROUND = 2,
    CAST_FLOOR = 3,
    CAST_CEIL = 4,
    CAST_TRUNC = 5,
    CAST_ODD = 6
};
enum class CmpMode { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

inline constexpr int DYNAMIC = -1;

// ------------------------------------------------------- element types

namespace detail {

template <class T>
inline constexpr bool is_float_v =
    std::is_floating_point_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
template <class T> inline constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T> inline constexpr bool is_element_v = is_float_v<T> || std::is_integral_v<T>;

// The type float elements compute in: float for half, bfloat16 and float.
template <class T>
using calc_t = std::conditional_t<std::is_same_v<T, double> || std::is_same_v<T, long double>, T,
                                  std::conditional_t<is_float_v<T>, float, T>>;
template <class T> inline calc_t<T> up(T v) { return static_cast<calc_t<T>>(v); }
template <class T> inline T down(calc_t<T> v) { return static_cast<T>(v); }

template <class T> constexpr const char *type_name() {
    if constexpr (std::is_same_v<T, float>)
        return "float";
    else if constexpr (std::is_same_v<T, double>)
        return "double";
    else if constexpr (std::is_same_v<T, half>)
        return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>)
        return "bfloat16_t";
    else if constexpr (std::is_same_v<T, bool>)
        return "bool";
    else if constexpr (std::is_same_v<T, int8_t>)
        return "int8_t";
    else if constexpr (std::is_same_v<T, uint8_t>)
        return "uint8_t";
    else if constexpr (std::is_same_v<T, int16_t>)
        return "int16_t";
    else if constexpr (std::is_same_v<T, uint16_t>)
        return "uint16_t";
    else if constexpr (std::is_same_v<T, int32_t>)
        return "int32_t";
    else if constexpr (std::is_same_v<T, uint32_t>)
        return "uint32_t";
    else if constexpr (std::is_same_v<T, int64_t>)
        return "int64_t";
    else if constexpr (std::is_same_v<T, uint64_t>)
        return "uint64_t";
    else
        return "?";
}

constexpr const char *loc_name(TileType t) {
    switch (t) {
    case TileType::Vec:
        return "Vec";
    case TileType::Mat:
        return "Mat";
    case TileType::Left:
        return "Left";
    case TileType::Right:
        return "Right";
    case TileType::Acc:
        return "Acc";
    case TileType::Bias:
        return "Bias";
    }
    return "?";
}

template <class T> constexpr pyptocc::fp::Format format_of() {
    if constexpr (std::is_same_v<T, half>)
        return pyptocc::fp::kHalf;
    else if constexpr (std::is_same_v<T, bfloat16_t>)
        return pyptocc::fp::kBf16;
    else if constexpr (std::is_same_v<T, float>)
        return pyptocc::fp::kFloat;
    else
        return pyptocc::fp::kDouble;
}

template <class T> inline long double to_long_double(T v) {
    if constexpr (std::is_arithmetic_v<T>)
        return static_cast<long double>(v);
    else
        return static_cast<long double>(static_cast<float>(v));
}

// A value already representable in T, converted exactly.
template <class T> inline T from_exact(long double r) {
    if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>)
        return static_cast<T>(static_cast<float>(r));
    else
        return static_cast<T>(r);
}

// An integral value (long double) converted to integer type T: modular
// inside the int64_t/uint64_t range (no saturation), saturated outside it,
// 0 for NaN.
template <class T> inline T int_from_integral(long double n) {
    if constexpr (std::is_same_v<T, bool>) {
        return n != 0;
    } else {
        if (std::isnan(n))
            return 0;
        if (n >= 18446744073709551616.0L)
            return std::numeric_limits<T>::max();
        if (n < -9223372036854775808.0L)
            return std::numeric_limits<T>::lowest();
        if (n < 0)
            return static_cast<T>(static_cast<int64_t>(n));
        return static_cast<T>(static_cast<uint64_t>(n));
    }
}

// Conversion with a cast mode (TCVT).  Integer to integer: modular.  To an
// integer: rounded with the mode (None = Rint), then int_from_integral.  To
// a float type: rounded once to the target format with the mode (None =
// Rint).  Same type: unchanged.
template <class To, class From> inline To convert(From v, RoundMode mode) {
    if constexpr (std::is_same_v<To, From>) {
        return v;
    } else if constexpr (std::is_integral_v<To> && std::is_integral_v<From>) {
        return static_cast<To>(v);
    } else {
        pyptocc::fp::Mode m = static_cast<pyptocc::fp::Mode>(static_cast<int>(mode));
        long double x = to_long_double(v);
        if constexpr (std::is_integral_v<To>) {
            if (std::isnan(x))
                return To(0);
            if (std::isinf(x))
                return int_from_integral<To>(x);
            bool negative = x < 0;
            long double n = pyptocc::fp::round_magnitude(negative ? -x : x, m, negative);
            return int_from_integral<To>(negative ? -n : n);
        } else {
            return from_exact<To>(pyptocc::fp::round_to_format(x, format_of<To>(), m));
        }
    }
}

// The default conversion (TSTORE, TMOV, matmul operands): CAST_NONE, that
// is round to nearest even, with fast paths for the common exact or
// single-rounding cases.
template <class To, class From> inline To convert(From v) {
    if constexpr (std::is_same_v<To, From>)
        return v;
    else if constexpr (std::is_same_v<From, float> && (std::is_same_v<To, half> || std::is_same_v<To, bfloat16_t>))
        return static_cast<To>(v);
    else if constexpr ((std::is_same_v<From, half> || std::is_same_v<From, bfloat16_t>) &&
                       (std::is_same_v<To, float> || std::is_same_v<To, double>))
        return static_cast<To>(static_cast<float>(v));
    else if constexpr (std::is_same_v<From, double> && std::is_same_v<To, float>)
        return static_cast<float>(v);
    else
        return convert<To, From>(v, RoundMode::CAST_NONE);
}

// Integer arithmetic wraps (two's complement); done in uint64_t so that no
// operation overflows a signed type.
template <class T> inline T wrap(uint64_t v) { return static_cast<T>(v); }
template <class T> inline uint64_t u64(T v) { return static_cast<uint64_t>(v); }

}  // namespace detail

// ------------------------------------------------------- global tensors

namespace detail {
template <int64_t... V> inline constexpr int count_dynamic = ((V == DYNAMIC ? 1 : 0) + ... + 0);

template <int64_t V0, int64_t V1, int64_t V2, int64_t V3, int64_t V4> struct Extents {
    static constexpr int kDynamic = count_dynamic<V0, V1, V2, V3, V4>;
    int64_t v[5] = {V0, V1, V2, V3, V4};

    Extents() = default;
    // One value per DYNAMIC entry, in order.
    template <class... I>
        requires(sizeof...(I) > 0 && sizeof...(I) == kDynamic && (std::is_integral_v<I> && ...))
    explicit Extents(I... dyn) {
        const int64_t given[] = {static_cast<int64_t>(dyn)...};
        int k = 0;
        for (int64_t &x : v)
            if (x == DYNAMIC)
                x = given[k++];
    }
    int64_t operator[](int i) const { return v[i]; }
};
}  // namespace detail

template <int64_t N1, int64_t N2, int64_t N3, int64_t N4, int64_t N5>
struct Shape : detail::Extents<N1, N2, N3, N4, N5> {
    using detail::Extents<N1, N2, N3, N4, N5>::Extents;
};
template <int64_t S1, int64_t S2, int64_t S3, int64_t S4, int64_t S5>
struct Stride : detail::Extents<S1, S2, S3, S4, S5> {
    using detail::Extents<S1, S2, S3, S4, S5>::Extents;
};

// A 5-D view of global memory: element (i0, ..., i4) is ptr[sum i_k * S_k].
// L is informational on the CPU.
template <typename T, typename ShapeT, typename StrideT, Layout L = Layout::ND> class GlobalTensor {
  public:
    using DType = T;
    using ShapeType = ShapeT;
    using StrideType = StrideT;
    static constexpr Layout layout = L;

    GlobalTensor(T *ptr) : ptr_(ptr), shape_(), stride_() { check(); }  // NOLINT: implicit
    GlobalTensor(T *ptr, ShapeT shape, StrideT stride) : ptr_(ptr), shape_(shape), stride_(stride) { check(); }

    T *data() const { return ptr_; }
    int64_t GetShape(int i) const { return shape_[i]; }
    int64_t GetStride(int i) const { return stride_[i]; }
    T &operator()(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4) const {
        return ptr_[i0 * stride_[0] + i1 * stride_[1] + i2 * stride_[2] + i3 * stride_[3] + i4 * stride_[4]];
    }

  private:
    void check() const {
        for (int i = 0; i < 5; i++)
            if (shape_[i] < 0 || stride_[i] == DYNAMIC)
                pyptocc::fatal("GlobalTensor<%s>: dimension %d has a DYNAMIC shape or stride without a value",
                               detail::type_name<T>(), i);
    }
    T *ptr_;
    ShapeT shape_;
    StrideT stride_;
};

// ----------------------------------------------------------------- tiles

template <TileType Loc_, typename T, int Rows_, int Cols_, BLayout BL_ = BLayout::RowMajor,
          int RowValid_ = Rows_, int ColValid_ = Cols_, SLayout SL_ = SLayout::NoneBox, int Fractal_ = 512,
          PadValue Pad_ = PadValue::Null, CompactMode CM_ = CompactMode::Null>
class Tile {
    static_assert(detail::is_element_v<T>, "pyptocc runtime: unsupported Tile element type");
    static_assert(Rows_ > 0 && Cols_ > 0, "pyptocc runtime: Tile Rows and Cols must be positive");
    static_assert(RowValid_ == DYNAMIC || (RowValid_ >= 0 && RowValid_ <= Rows_),
                  "pyptocc runtime: Tile valid rows must be DYNAMIC or in [0, Rows]");
    static_assert(ColValid_ == DYNAMIC || (ColValid_ >= 0 && ColValid_ <= Cols_),
                  "pyptocc runtime: Tile valid cols must be DYNAMIC or in [0, Cols]");

  public:
    using DType = T;
    static constexpr TileType Loc = Loc_;
    static constexpr int Rows = Rows_;
    static constexpr int Cols = Cols_;
    static constexpr int ValidRow = RowValid_;
    static constexpr int ValidCol = ColValid_;
    static constexpr BLayout BLayoutValue = BL_;
    static constexpr SLayout SLayoutValue = SL_;
    static constexpr int Fractal = Fractal_;
    static constexpr PadValue PadVal = Pad_;
    static constexpr CompactMode Compact = CM_;
    static constexpr std::size_t Numel = static_cast<std::size_t>(Rows_) * static_cast<std::size_t>(Cols_);
    static constexpr std::size_t Bytes = Numel * sizeof(T);

    // Unbound; static valid extents (Rows x Cols where DYNAMIC).
    Tile()
        : valid_rows_(RowValid_ == DYNAMIC ? Rows_ : RowValid_),
          valid_cols_(ColValid_ == DYNAMIC ? Cols_ : ColValid_) {}
    // Unbound, with run-time valid extents for DYNAMIC RowValid/ColValid (a
    // static extent must be given its own value).
    Tile(unsigned validRows, unsigned validCols) : valid_rows_(validRows), valid_cols_(validCols) {
        if (validRows > static_cast<unsigned>(Rows_) || validCols > static_cast<unsigned>(Cols_) ||
            (RowValid_ != DYNAMIC && validRows != static_cast<unsigned>(RowValid_)) ||
            (ColValid_ != DYNAMIC && validCols != static_cast<unsigned>(ColValid_)))
            pyptocc::fatal("Tile<%s, %s, %d, %d>: valid extents %ux%u do not fit the tile", detail::loc_name(Loc_),
                           detail::type_name<T>(), Rows_, Cols_, validRows, validCols);
    }

    // The tile's elements, row-major (fatal if unbound).
    DType *data() const {
        if (!ptr_)
            pyptocc::fatal("Tile<%s, %s, %d, %d>::data(): the tile is not bound (no TASSIGN)",
                           detail::loc_name(Loc_), detail::type_name<T>(), Rows_, Cols_);
        return ptr_;
    }
    unsigned GetValidRow() const { return valid_rows_; }
    unsigned GetValidCol() const { return valid_cols_; }
    bool IsBound() const { return ptr_ != nullptr; }

    // Runtime internals (TASSIGN).
    DType *pyptocc_raw() const { return ptr_; }
    void pyptocc_bind(DType *p) { ptr_ = p; }

  private:
    DType *ptr_ = nullptr;
    unsigned valid_rows_;
    unsigned valid_cols_;
};

namespace detail {
template <class X> struct is_tile : std::false_type {};
template <TileType L, typename T, int R, int C, BLayout B, int RV, int CV, SLayout S, int F, PadValue P, CompactMode M>
struct is_tile<Tile<L, T, R, C, B, RV, CV, S, F, P, M>> : std::true_type {};
template <class X> struct is_global : std::false_type {};
template <typename T, typename S, typename St, Layout L> struct is_global<GlobalTensor<T, S, St, L>> : std::true_type {};
}  // namespace detail

template <class X>
concept TileT = detail::is_tile<std::remove_cvref_t<X>>::value;
template <class X>
concept GlobalTensorT = detail::is_global<std::remove_cvref_t<X>>::value;

// Binds `tile` to byte offset `addr` of the simulated buffer of its location.
template <TileT TT, class A>
    requires std::is_integral_v<A>
void TASSIGN(TT &tile, A addr) {
    PYPTOCC_PROFILE(TASSIGN);
    using T = typename TT::DType;
    uint64_t capacity = 0;
    unsigned char *base = pyptocc::sim_buffer(static_cast<int>(TT::Loc), &capacity);
    if constexpr (std::is_signed_v<A>) {
        if (addr < 0)
            pyptocc::fatal("TASSIGN: Tile<%s, %s, %d, %d> at negative address %lld", detail::loc_name(TT::Loc),
                           detail::type_name<T>(), TT::Rows, TT::Cols, static_cast<long long>(addr));
    }
    uint64_t a = static_cast<uint64_t>(addr);
    if (a > capacity || TT::Bytes > capacity - a)
        pyptocc::fatal("TASSIGN: Tile<%s, %s, %d, %d> at address 0x%llx needs %zu bytes, beyond the %llu-byte %s "
                       "buffer",
                       detail::loc_name(TT::Loc), detail::type_name<T>(), TT::Rows, TT::Cols,
                       static_cast<unsigned long long>(a), TT::Bytes, static_cast<unsigned long long>(capacity),
                       detail::loc_name(TT::Loc));
    if (a % alignof(T) != 0)
        pyptocc::fatal("TASSIGN: Tile<%s, %s, %d, %d> at address 0x%llx is not aligned to %zu bytes",
                       detail::loc_name(TT::Loc), detail::type_name<T>(), TT::Rows, TT::Cols,
                       static_cast<unsigned long long>(a), alignof(T));
    tile.pyptocc_bind(reinterpret_cast<T *>(base + a));
}

// ------------------------------------------------------ intrinsic helpers

namespace detail {

// A checked view of a bound tile.
template <class TT> struct View {
    using T = typename TT::DType;
    T *p;
    unsigned vr, vc;
    T &operator()(unsigned r, unsigned c) const { return p[static_cast<std::size_t>(r) * TT::Cols + c]; }
};

template <class TT> View<TT> view(const TT &t, const char *op, const char *role) {
    if (!t.IsBound())
        pyptocc::fatal("%s: %s tile (Tile<%s, %s, %d, %d>) is used before TASSIGN bound it", op, role,
                       loc_name(TT::Loc), type_name<typename TT::DType>(), TT::Rows, TT::Cols);
    return View<TT>{t.pyptocc_raw(), t.GetValidRow(), t.GetValidCol()};
}

template <class T> std::vector<T> &scratch(std::size_t n) {
    thread_local std::vector<T> v;
    if (v.size() < n)
        v.resize(n);
    return v;
}

// d(r, c) = f(r, c) for r < rows, c < cols (within d's static shape); all
// values are computed before the first is stored.
template <class TD, class F> void produce(const View<TD> &d, unsigned rows, unsigned cols, F &&f) {
    using T = typename TD::DType;
    std::vector<T> &tmp = scratch<T>(static_cast<std::size_t>(rows) * cols);
    for (unsigned r = 0; r < rows; r++)
        for (unsigned c = 0; c < cols; c++)
            tmp[static_cast<std::size_t>(r) * cols + c] = f(r, c);
    for (unsigned r = 0; r < rows; r++)
        for (unsigned c = 0; c < cols; c++)
            d(r, c) = tmp[static_cast<std::size_t>(r) * cols + c];
}

// `S` covers `D`'s static shape (every element read stays inside S).
template <class S, class D> inline constexpr bool covers_v = S::Rows >= D::Rows && S::Cols >= D::Cols;

template <class T> inline T zero() { return T(0); }
template <class T> inline T pad_value(PadValue p) {
    if constexpr (is_float_v<T>) {
        if (p == PadValue::Max)
            return static_cast<T>(std::numeric_limits<float>::infinity());
        if (p == PadValue::Min)
            return static_cast<T>(-std::numeric_limits<float>::infinity());
    } else {
        if (p == PadValue::Max)
            return std::numeric_limits<T>::max();
        if (p == PadValue::Min)
            return std::numeric_limits<T>::lowest();
    }
    return T(0);
}

// ---- the scalar operations, one per intrinsic family

template <class T> inline T op_add(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) + up(b));
    else
        return wrap<T>(u64(a) + u64(b));
}
template <class T> inline T op_sub(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) - up(b));
    else
        return wrap<T>(u64(a) - u64(b));
}
template <class T> inline T op_mul(T a, T b) {
    if constexpr (is_float_v<T>)
        return down<T>(up(a) * up(b));
    else
        return wrap<T>(u64(a) * u64(b));
}
template <class T> inline T op_neg(T a) {
    if constexpr (is_float_v<T>)
        return down<T>(-up(a));
    else
        return wrap<T>(0 - u64(a));
}
template <class T> inline T op_div(T a, T b, const char *op) {
    if constexpr (is_float_v<T>) {
        (void)op;
        return down<T>(up(a) / up(b));
    } else {
        if (b == 0)
            pyptocc::fatal("%s: integer division by zero", op);
        if constexpr (std::is_signed_v<T>)
            if (b == -1)
                return op_neg(a);
        return static_cast<T>(a / b);
    }
}
template <class T> inline T op_rem(T a, T b, const char *op) {
    if constexpr (is_float_v<T>) {
        (void)op;
        return down<T>(std::fmod(up(a), up(b)));
    } else {
        if (b == 0)
            pyptocc::fatal("%s: integer remainder by zero", op);
        if constexpr (std::is_signed_v<T>)
            if (b == -1)
                return T(0);
        return static_cast<T>(a % b);
    }
}
template <class T> inline T op_max(T a, T b) { return up(b) > up(a) ? b : a; }
template <class T> inline T op_min(T a, T b) { return up(b) < up(a) ? b : a; }

template <class T> inline T op_and(T a, T b) { return static_cast<T>(a & b); }
template <class T> inline T op_or(T a, T b) { return static_cast<T>(a | b); }
template <class T> inline T op_xor(T a, T b) { return static_cast<T>(a ^ b); }
// Shift counts outside [0, bits) give 0 (left shift and logical right
// shift) or the sign fill (arithmetic right shift of a signed type).
template <class T> inline T op_shl(T a, T b) {
    constexpr int bits = static_cast<int>(sizeof(T) * 8);
    if (b < 0 || static_cast<uint64_t>(b) >= bits)
        return T(0);
    return wrap<T>(u64(a) << static_cast<int>(b));
}
template <class T> inline T op_shr(T a, T b) {
    constexpr int bits = static_cast<int>(sizeof(T) * 8);
    if (b < 0 || static_cast<uint64_t>(b) >= bits) {
        if constexpr (std::is_signed_v<T>)
            return a < 0 ? T(-1) : T(0);
        else
            return T(0);
    }
    return static_cast<T>(a >> static_cast<int>(b));
}

template <class T> inline bool compare(T a, T b, CmpMode m) {
    auto x = up(a);
    auto y = up(b);
    switch (m) {
    case CmpMode::EQ:
        return x == y;
    case CmpMode::NE:
        return x != y;
    case CmpMode::LT:
        return x < y;
    case CmpMode::LE:
        return x <= y;
    case CmpMode::GT:
        return x > y;
    case CmpMode::GE:
        return x >= y;
    }
    return false;
}

template <class TD, class TA, class TB> constexpr void check_same_dtype() {
    static_assert(std::is_same_v<typename TD::DType, typename TA::DType> &&
                      std::is_same_v<typename TD::DType, typename TB::DType>,
                  "pyptocc runtime: the tiles of this intrinsic need the same element type");
}

// d = f(a(r, c), b(r, c)) over d.
template <class TD, class TA, class TB, class F>
void binary(TD &d, const TA &a, const TB &b, const char *op, F f) {
    check_same_dtype<TD, TA, TB>();
    static_assert(covers_v<TA, TD> && covers_v<TB, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
#ifdef PYPTOCC_STRICT_PTO_ISA
    static_assert(std::is_same_v<TD, TA> && std::is_same_v<TD, TB>,
                  "pto-isa CPU constraint: the destination and both sources must have the identical Tile type");
#endif
    auto A = view(a, op, "source a");
    auto B = view(b, op, "source b");
    auto D = view(d, op, "destination");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(A(r, c), B(r, c)); });
}

// d = f(s(r, c)) over d.
template <class TD, class TS, class F> void unary(TD &d, const TS &s, const char *op, F f) {
    check_same_dtype<TD, TS, TS>();
    static_assert(covers_v<TS, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(S(r, c)); });
}

// A tile that the intrinsic does not read (tmp) must still be bound.
template <class TT> void touch(const TT &t, const char *op) { (void)view(t, op, "scratch"); }

template <class T> constexpr void require_int() {
    static_assert(is_int_v<T>, "pyptocc runtime: this intrinsic needs integer tiles");
}
template <class T> constexpr void require_float() {
    static_assert(is_float_v<T>, "pyptocc runtime: this intrinsic needs floating-point tiles");
}

}  // namespace detail

// --------------------------------------------------------- load / store

// t(r, c) = g(0, 0, 0, r, c) over t (a bit copy; element sizes are equal).
template <TileT TT, GlobalTensorT GT> void TLOAD(TT &t, const GT &g) {
    PYPTOCC_PROFILE(TLOAD, t, g);
    using T = typename TT::DType;
    using G = typename GT::DType;
    static_assert(sizeof(T) == sizeof(G), "pyptocc runtime: TLOAD needs tile and GlobalTensor elements of one size");
    auto D = detail::view(t, "TLOAD", "destination");
    if (D.vr == 0 || D.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("TLOAD: the GlobalTensor has a null pointer");
    if (g.GetShape(3) < D.vr || g.GetShape(4) < D.vc || g.GetShape(0) < 1 || g.GetShape(1) < 1 || g.GetShape(2) < 1)
        pyptocc::fatal("TLOAD: the GlobalTensor shape [%lld, %lld] is smaller than the tile's %ux%u",
                       static_cast<long long>(g.GetShape(3)), static_cast<long long>(g.GetShape(4)), D.vr, D.vc);
    int64_t s3 = g.GetStride(3), s4 = g.GetStride(4);
    int64_t e3 = (static_cast<int64_t>(D.vr) - 1) * s3, e4 = (static_cast<int64_t>(D.vc) - 1) * s4;
    int64_t lo = std::min<int64_t>(e3, 0) + std::min<int64_t>(e4, 0);
    int64_t hi = std::max<int64_t>(e3, 0) + std::max<int64_t>(e4, 0) + 1;
    uintptr_t base = reinterpret_cast<uintptr_t>(g.data());
    pyptocc::check_gm(reinterpret_cast<const void *>(base + static_cast<uintptr_t>(lo * static_cast<int64_t>(sizeof(G)))),
                      reinterpret_cast<const void *>(base + static_cast<uintptr_t>(hi * static_cast<int64_t>(sizeof(G)))),
                      false, "TLOAD");
    const G *p = g.data();
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) {
        T v;
        std::memcpy(static_cast<void *>(&v), static_cast<const void *>(p + static_cast<int64_t>(r) * s3 + static_cast<int64_t>(c) * s4), sizeof(T));
        return v;
    });
}

// g(0, 0, 0, r, c) = convert(t(r, c)) over t (round to nearest even when the
// types differ, e.g. an f32 accumulator to f16/bf16 memory).
template <GlobalTensorT GT, TileT TT> void TSTORE(const GT &g, const TT &t) {
    PYPTOCC_PROFILE(TSTORE, g, t);
    using G = typename GT::DType;
    auto S = detail::view(t, "TSTORE", "source");
    if (S.vr == 0 || S.vc == 0)
        return;
    if (!g.data())
        pyptocc::fatal("TSTORE: the GlobalTensor has a null pointer");
    if (g.GetShape(3) < S.vr || g.GetShape(4) < S.vc || g.GetShape(0) < 1 || g.GetShape(1) < 1 || g.GetShape(2) < 1)
        pyptocc::fatal("TSTORE: the GlobalTensor shape [%lld, %lld] is smaller than the tile's %ux%u",
                       static_cast<long long>(g.GetShape(3)), static_cast<long long>(g.GetShape(4)), S.vr, S.vc);
    int64_t s3 = g.GetStride(3), s4 = g.GetStride(4);
    int64_t e3 = (static_cast<int64_t>(S.vr) - 1) * s3, e4 = (static_cast<int64_t>(S.vc) - 1) * s4;
    int64_t lo = std::min<int64_t>(e3, 0) + std::min<int64_t>(e4, 0);
    int64_t hi = std::max<int64_t>(e3, 0) + std::max<int64_t>(e4, 0) + 1;
    uintptr_t base = reinterpret_cast<uintptr_t>(g.data());
    pyptocc::check_gm(reinterpret_cast<const void *>(base + static_cast<uintptr_t>(lo * static_cast<int64_t>(sizeof(G)))),
                      reinterpret_cast<const void *>(base + static_cast<uintptr_t>(hi * static_cast<int64_t>(sizeof(G)))),
                      true, "TSTORE");
    G *p = g.data();
    for (unsigned r = 0; r < S.vr; r++)
        for (unsigned c = 0; c < S.vc; c++)
            p[static_cast<int64_t>(r) * s3 + static_cast<int64_t>(c) * s4] =
                detail::convert<G>(S(r, c));
}

// ------------------------------------------------- elementwise, tile-tile

#define PYPTOCC_BINARY(NAME, EXPR)                                                                                     \
    template <TileT TD, TileT TA, TileT TB> void NAME(TD &d, const TA &a, const TB &b) {                               \
        PYPTOCC_PROFILE(NAME, d, a, b);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::binary(d, a, b, #NAME, [](T x, T y) { return EXPR; });                                                 \
    }
PYPTOCC_BINARY(TADD, detail::op_add(x, y))
PYPTOCC_BINARY(TSUB, detail::op_sub(x, y))
PYPTOCC_BINARY(TMUL, detail::op_mul(x, y))
PYPTOCC_BINARY(TDIV, detail::op_div(x, y, "TDIV"))
PYPTOCC_BINARY(TMAX, detail::op_max(x, y))
PYPTOCC_BINARY(TMIN, detail::op_min(x, y))
#undef PYPTOCC_BINARY

#define PYPTOCC_BINARY_INT(NAME, EXPR)                                                                                 \
    template <TileT TD, TileT TA, TileT TB> void NAME(TD &d, const TA &a, const TB &b) {                               \
        PYPTOCC_PROFILE(NAME, d, a, b);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::require_int<T>();                                                                                      \
        detail::binary(d, a, b, #NAME, [](T x, T y) { return EXPR; });                                                 \
    }
PYPTOCC_BINARY_INT(TAND, detail::op_and(x, y))
PYPTOCC_BINARY_INT(TOR, detail::op_or(x, y))
PYPTOCC_BINARY_INT(TSHL, detail::op_shl(x, y))
PYPTOCC_BINARY_INT(TSHR, detail::op_shr(x, y))
#undef PYPTOCC_BINARY_INT

// Remainder with the sign of the dividend (C fmod / %); tmp is not read.
template <TileT TD, TileT TA, TileT TB, TileT TT> void TREM(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TREM, d, a, b, tmp);
    using T = typename TD::DType;
    detail::touch(tmp, "TREM");
    detail::binary(d, a, b, "TREM", [](T x, T y) { return detail::op_rem(x, y, "TREM"); });
}
template <TileT TD, TileT TA, TileT TB, TileT TT> void TXOR(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TXOR, d, a, b, tmp);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::touch(tmp, "TXOR");
    detail::binary(d, a, b, "TXOR", [](T x, T y) { return detail::op_xor(x, y); });
}
// d = a > 0 ? a : a * b; tmp is not read.
template <TileT TD, TileT TA, TileT TB, TileT TT> void TPRELU(TD &d, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TPRELU, d, a, b, tmp);
    using T = typename TD::DType;
    detail::touch(tmp, "TPRELU");
    detail::binary(d, a, b, "TPRELU", [](T x, T y) { return detail::up(x) > 0 ? x : detail::op_mul(x, y); });
}

// d = a + b + c, d = a - b + c (floats: in float, rounded once).
template <TileT TD, TileT TA, TileT TB, TileT TC> void TADDC(TD &d, const TA &a, const TB &b, const TC &c) {
    PYPTOCC_PROFILE(TADDC, d, a, b, c);
    using T = typename TD::DType;
    detail::check_same_dtype<TD, TA, TB>();
    detail::check_same_dtype<TD, TC, TC>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD> && detail::covers_v<TC, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = detail::view(a, "TADDC", "source a");
    auto B = detail::view(b, "TADDC", "source b");
    auto C = detail::view(c, "TADDC", "source c");
    auto D = detail::view(d, "TADDC", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned col) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(A(r, col)) + detail::up(B(r, col)) + detail::up(C(r, col)));
        else
            return detail::wrap<T>(detail::u64(A(r, col)) + detail::u64(B(r, col)) + detail::u64(C(r, col)));
    });
}
template <TileT TD, TileT TA, TileT TB, TileT TC> void TSUBC(TD &d, const TA &a, const TB &b, const TC &c) {
    PYPTOCC_PROFILE(TSUBC, d, a, b, c);
    using T = typename TD::DType;
    detail::check_same_dtype<TD, TA, TB>();
    detail::check_same_dtype<TD, TC, TC>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD> && detail::covers_v<TC, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    auto A = detail::view(a, "TSUBC", "source a");
    auto B = detail::view(b, "TSUBC", "source b");
    auto C = detail::view(c, "TSUBC", "source c");
    auto D = detail::view(d, "TSUBC", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned col) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(A(r, col)) - detail::up(B(r, col)) + detail::up(C(r, col)));
        else
            return detail::wrap<T>(detail::u64(A(r, col)) - detail::u64(B(r, col)) + detail::u64(C(r, col)));
    });
}
// d = a + x + b, d = a - x + b.
template <TileT TD, TileT TA, TileT TB>
void TADDSC(TD &d, const TA &a, typename TD::DType x, const TB &b) {
    PYPTOCC_PROFILE(TADDSC, d, a, b);
    using T = typename TD::DType;
    detail::binary(d, a, b, "TADDSC", [x](T p, T q) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(p) + detail::up(x) + detail::up(q));
        else
            return detail::wrap<T>(detail::u64(p) + detail::u64(x) + detail::u64(q));
    });
}
template <TileT TD, TileT TA, TileT TB>
void TSUBSC(TD &d, const TA &a, typename TD::DType x, const TB &b) {
    PYPTOCC_PROFILE(TSUBSC, d, a, b);
    using T = typename TD::DType;
    detail::binary(d, a, b, "TSUBSC", [x](T p, T q) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(detail::up(p) - detail::up(x) + detail::up(q));
        else
            return detail::wrap<T>(detail::u64(p) - detail::u64(x) + detail::u64(q));
    });
}

// ----------------------------------------------- elementwise, tile-scalar

#define PYPTOCC_SCALAR(NAME, EXPR)                                                                                     \
    template <TileT TD, TileT TS> void NAME(TD &d, const TS &s, typename TD::DType x) {                                \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::unary(d, s, #NAME, [x](T v) { return EXPR; });                                                         \
    }
PYPTOCC_SCALAR(TADDS, detail::op_add(v, x))
PYPTOCC_SCALAR(TSUBS, detail::op_sub(v, x))
PYPTOCC_SCALAR(TMULS, detail::op_mul(v, x))
PYPTOCC_SCALAR(TDIVS, detail::op_div(v, x, "TDIVS"))
PYPTOCC_SCALAR(TMAXS, detail::op_max(v, x))
PYPTOCC_SCALAR(TMINS, detail::op_min(v, x))
PYPTOCC_SCALAR(TLRELU, detail::up(v) > 0 ? v : detail::op_mul(v, x))
#undef PYPTOCC_SCALAR

#define PYPTOCC_SCALAR_INT(NAME, EXPR)                                                                                 \
    template <TileT TD, TileT TS> void NAME(TD &d, const TS &s, typename TD::DType x) {                                \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::require_int<T>();                                                                                      \
        detail::unary(d, s, #NAME, [x](T v) { return EXPR; });                                                         \
    }
PYPTOCC_SCALAR_INT(TANDS, detail::op_and(v, x))
PYPTOCC_SCALAR_INT(TORS, detail::op_or(v, x))
PYPTOCC_SCALAR_INT(TSHLS, detail::op_shl(v, x))
PYPTOCC_SCALAR_INT(TSHRS, detail::op_shr(v, x))
#undef PYPTOCC_SCALAR_INT

template <TileT TD, TileT TS, TileT TT> void TREMS(TD &d, const TS &s, typename TD::DType x, const TT &tmp) {
    PYPTOCC_PROFILE(TREMS, d, s, tmp);
    using T = typename TD::DType;
    detail::touch(tmp, "TREMS");
    detail::unary(d, s, "TREMS", [x](T v) { return detail::op_rem(v, x, "TREMS"); });
}
template <TileT TD, TileT TS, TileT TT> void TXORS(TD &d, const TS &s, typename TD::DType x, const TT &tmp) {
    PYPTOCC_PROFILE(TXORS, d, s, tmp);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::touch(tmp, "TXORS");
    detail::unary(d, s, "TXORS", [x](T v) { return detail::op_xor(v, x); });
}

// d(r, c) = x over d.
template <TileT TD> void TEXPANDS(TD &d, typename TD::DType x) {
    PYPTOCC_PROFILE(TEXPANDS, d);
    auto D = detail::view(d, "TEXPANDS", "destination");
    detail::produce(D, D.vr, D.vc, [x](unsigned, unsigned) { return x; });
}

// ------------------------------------------------------------------ unary

// exp, log, sqrt, 1/sqrt and 1/x are computed in double and rounded.
#define PYPTOCC_UNARY_FLOAT(NAME, EXPR)                                                                                \
    template <TileT TD, TileT TS> void NAME(TD &d, const TS &s) {                                                      \
        PYPTOCC_PROFILE(NAME, d, s);                                                                                   \
        using T = typename TD::DType;                                                                                  \
        detail::require_float<T>();                                                                                    \
        detail::unary(d, s, #NAME, [](T v) {                                                                           \
            double x = static_cast<double>(detail::up(v));                                                             \
            return detail::convert<T>(EXPR);                                                                           \
        });                                                                                                            \
    }
PYPTOCC_UNARY_FLOAT(TEXP, std::exp(x))
PYPTOCC_UNARY_FLOAT(TLOG, std::log(x))
PYPTOCC_UNARY_FLOAT(TSQRT, std::sqrt(x))
PYPTOCC_UNARY_FLOAT(TRSQRT, 1.0 / std::sqrt(x))
PYPTOCC_UNARY_FLOAT(TRECIP, 1.0 / x)
#undef PYPTOCC_UNARY_FLOAT

template <TileT TD, TileT TS> void TNEG(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TNEG, d, s);
    using T = typename TD::DType;
    detail::unary(d, s, "TNEG", [](T v) { return detail::op_neg(v); });
}
template <TileT TD, TileT TS> void TABS(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TABS, d, s);
    using T = typename TD::DType;
    detail::unary(d, s, "TABS", [](T v) -> T {
        if constexpr (detail::is_float_v<T>)
            return detail::down<T>(std::fabs(detail::up(v)));
        else if constexpr (std::is_signed_v<T>)
            return v < 0 ? detail::op_neg(v) : v;
        else
            return v;
    });
}
template <TileT TD, TileT TS> void TRELU(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TRELU, d, s);
    using T = typename TD::DType;
    detail::unary(d, s, "TRELU", [](T v) { return detail::op_max(v, T(0)); });
}
template <TileT TD, TileT TS> void TNOT(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TNOT, d, s);
    using T = typename TD::DType;
    detail::require_int<T>();
    detail::unary(d, s, "TNOT", [](T v) { return static_cast<T>(~v); });
}

// Each element converted with mode m (see detail::convert): no saturation.
template <TileT TD, TileT TS> void TCVT(TD &d, const TS &s, RoundMode m) {
    PYPTOCC_PROFILE(TCVT, d, s);
    using T = typename TD::DType;
    using S = typename TS::DType;
    static_assert(detail::covers_v<TS, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    auto SV = detail::view(s, "TCVT", "source");
    auto D = detail::view(d, "TCVT", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return detail::convert<T, S>(SV(r, c), m); });
}

// ------------------------------------------------------ compare and select

namespace detail {
template <class TD, class TS, class Pred> void compare_into(TD &d, const TS &s, const char *op, Pred pred) {
    using M = typename TD::DType;
    static_assert(sizeof(M) == 1 && is_int_v<M>, "pyptocc runtime: a compare mask tile is uint8_t or int8_t");
    static_assert(TD::Rows >= TS::Rows && static_cast<long>(TD::Cols) * 8 >= TS::Cols,
                  "pyptocc runtime: the mask tile is too small for one bit per source element");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, static_cast<unsigned>(TD::Rows), static_cast<unsigned>(TD::Cols), [&](unsigned r, unsigned w) {
        unsigned byte = 0;
        if (r < S.vr)
            for (unsigned k = 0; k < 8 && 8 * w + k < S.vc; k++)
                if (pred(r, 8 * w + k))
                    byte |= 1u << k;
        return static_cast<M>(byte);
    });
}
}  // namespace detail

// d (uint8_t/int8_t) is zeroed; bit k of byte (r, w) = a(r, 8w+k) m b(r, 8w+k).
template <TileT TD, TileT TA, TileT TB> void TCMP(TD &d, const TA &a, const TB &b, CmpMode m) {
    PYPTOCC_PROFILE(TCMP, d, a, b, m);
    static_assert(std::is_same_v<typename TA::DType, typename TB::DType>,
                  "pyptocc runtime: TCMP compares tiles of one element type");
    static_assert(detail::covers_v<TB, TA>, "pyptocc runtime: TCMP: b is smaller than a");
    auto B = detail::view(b, "TCMP", "source b");
    auto A = detail::view(a, "TCMP", "source a");
    detail::compare_into(d, a, "TCMP", [&](unsigned r, unsigned c) { return detail::compare(A(r, c), B(r, c), m); });
}
template <TileT TD, TileT TS> void TCMPS(TD &d, const TS &s, typename TS::DType x, CmpMode m) {
    PYPTOCC_PROFILE(TCMPS, d, s, m);
    auto S = detail::view(s, "TCMPS", "source");
    detail::compare_into(d, s, "TCMPS", [&](unsigned r, unsigned c) { return detail::compare(S(r, c), x, m); });
}

// d(r, c) = bit(mask, r, c) ? a(r, c) : b(r, c); tmp is not read.
template <TileT TD, TileT TM, TileT TA, TileT TB, TileT TT>
void TSEL(TD &d, const TM &mask, const TA &a, const TB &b, const TT &tmp) {
    PYPTOCC_PROFILE(TSEL, d, mask, a, b, tmp);
    using T = typename TD::DType;
    using M = typename TM::DType;
    static_assert(sizeof(M) == 1 && detail::is_int_v<M>, "pyptocc runtime: TSEL's mask tile is uint8_t or int8_t");
    static_assert(TM::Rows >= TD::Rows && static_cast<long>(TM::Cols) * 8 >= TD::Cols,
                  "pyptocc runtime: TSEL's mask tile has too few bits for the destination");
    detail::check_same_dtype<TD, TA, TB>();
    static_assert(detail::covers_v<TA, TD> && detail::covers_v<TB, TD>,
                  "pyptocc runtime: a source tile is smaller than the destination tile");
    detail::touch(tmp, "TSEL");
    auto MV = detail::view(mask, "TSEL", "mask");
    auto A = detail::view(a, "TSEL", "source a");
    auto B = detail::view(b, "TSEL", "source b");
    auto D = detail::view(d, "TSEL", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) -> T {
        unsigned byte = static_cast<uint8_t>(MV(r, c / 8));
        return ((byte >> (c % 8)) & 1u) ? A(r, c) : B(r, c);
    });
}

// ------------------------------------------------------------ reductions

namespace detail {
template <class T> struct Sum {
    calc_t<T> acc{};
    void add(T v) {
        if constexpr (is_float_v<T>)
            acc += up(v);
        else
            acc = wrap<T>(u64(acc) + u64(v));
    }
    T get() const { return down<T>(acc); }
};
template <class TD, class TS> void row_reduce(TD &d, const TS &s, const char *op, int kind) {
    using T = typename TD::DType;
    check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows == TD::Rows, "pto-isa CPU constraint: row reduction needs Src::Rows == Dst::Rows");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, S.vr, S.vc == 0 ? 0u : 1u, [&](unsigned r, unsigned) {
        if (kind == 0) {
            Sum<T> sum;
            for (unsigned c = 0; c < S.vc; c++)
                sum.add(S(r, c));
            return sum.get();
        }
        T m = S(r, 0);
        for (unsigned c = 1; c < S.vc; c++)
            m = kind == 1 ? op_max(m, S(r, c)) : op_min(m, S(r, c));
        return m;
    });
}
template <class TD, class TS> void col_reduce(TD &d, const TS &s, const char *op, int kind) {
    using T = typename TD::DType;
    check_same_dtype<TD, TS, TS>();
    static_assert(TS::Cols == TD::Cols, "pto-isa CPU constraint: column reduction needs Src::Cols == Dst::Cols");
    auto S = view(s, op, "source");
    auto D = view(d, op, "destination");
    produce(D, S.vr == 0 ? 0u : 1u, S.vc, [&](unsigned, unsigned c) {
        if (kind == 0) {
            Sum<T> sum;
            for (unsigned r = 0; r < S.vr; r++)
                sum.add(S(r, c));
            return sum.get();
        }
        T m = S(0, c);
        for (unsigned r = 1; r < S.vr; r++)
            m = kind == 1 ? op_max(m, S(r, c)) : op_min(m, S(r, c));
        return m;
    });
}
}  // namespace detail

// d(r, 0) = reduce over c of s(r, c), for the valid region of s (sums
// accumulate left to right in float for float types, wrapping for
// integers); tmp is not read.
template <TileT TD, TileT TS, TileT TT> void TROWSUM(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWSUM, d, s, tmp);
    detail::touch(tmp, "TROWSUM");
    detail::row_reduce(d, s, "TROWSUM", 0);
}
template <TileT TD, TileT TS, TileT TT> void TROWMAX(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWMAX, d, s, tmp);
    detail::touch(tmp, "TROWMAX");
    detail::row_reduce(d, s, "TROWMAX", 1);
}
template <TileT TD, TileT TS, TileT TT> void TROWMIN(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TROWMIN, d, s, tmp);
    detail::touch(tmp, "TROWMIN");
    detail::row_reduce(d, s, "TROWMIN", 2);
}
// d(0, c) = reduce over r of s(r, c) (top to bottom).
template <TileT TD, TileT TS> void TCOLSUM(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLSUM, d, s);
    detail::col_reduce(d, s, "TCOLSUM", 0); }
template <TileT TD, TileT TS> void TCOLMAX(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLMAX, d, s);
    detail::col_reduce(d, s, "TCOLMAX", 1); }
template <TileT TD, TileT TS> void TCOLMIN(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLMIN, d, s);
    detail::col_reduce(d, s, "TCOLMIN", 2); }

// ------------------------------------------------------------- broadcast

// d(r, c) = s(r, 0).
template <TileT TD, TileT TS> void TROWEXPAND(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TROWEXPAND, d, s);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows >= TD::Rows, "pyptocc runtime: TROWEXPAND: the source has fewer rows than the destination");
    auto S = detail::view(s, "TROWEXPAND", "source");
    auto D = detail::view(d, "TROWEXPAND", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned) { return S(r, 0); });
}
// d(r, c) = s(0, c).
template <TileT TD, TileT TS> void TCOLEXPAND(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TCOLEXPAND, d, s);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Cols >= TD::Cols,
                  "pyptocc runtime: TCOLEXPAND: the source has fewer columns than the destination");
    auto S = detail::view(s, "TCOLEXPAND", "source");
    auto D = detail::view(d, "TCOLEXPAND", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned, unsigned c) { return S(0, c); });
}

namespace detail {
// d(r, c) = f(a(r, c), v(r, 0)) (rows) or f(a(r, c), v(0, c)) (cols).
template <bool Rows, class TD, class TA, class TV, class F>
void expand_op(TD &d, const TA &a, const TV &v, const char *op, F f) {
    check_same_dtype<TD, TA, TV>();
    static_assert(covers_v<TA, TD>, "pyptocc runtime: the source tile is smaller than the destination tile");
    if constexpr (Rows)
        static_assert(TV::Rows >= TD::Rows, "pyptocc runtime: the row vector has fewer rows than the destination");
    else
        static_assert(TV::Cols >= TD::Cols,
                      "pyptocc runtime: the column vector has fewer columns than the destination");
    auto A = view(a, op, "source");
    auto V = view(v, op, "vector");
    auto D = view(d, op, "destination");
    produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return f(A(r, c), Rows ? V(r, 0) : V(0, c)); });
}
}  // namespace detail

#define PYPTOCC_EXPAND(NAME, ROWS, EXPR)                                                                               \
    template <TileT TD, TileT TA, TileT TV> void NAME(TD &d, const TA &a, const TV &v) {                               \
        PYPTOCC_PROFILE(NAME, d, a, v);                                                                                \
        using T = typename TD::DType;                                                                                  \
        detail::expand_op<ROWS>(d, a, v, #NAME, [](T x, T y) { return EXPR; });                                        \
    }
PYPTOCC_EXPAND(TROWEXPANDADD, true, detail::op_add(x, y))
PYPTOCC_EXPAND(TROWEXPANDSUB, true, detail::op_sub(x, y))
PYPTOCC_EXPAND(TROWEXPANDMUL, true, detail::op_mul(x, y))
PYPTOCC_EXPAND(TROWEXPANDDIV, true, detail::op_div(x, y, "TROWEXPANDDIV"))
PYPTOCC_EXPAND(TCOLEXPANDADD, false, detail::op_add(x, y))
PYPTOCC_EXPAND(TCOLEXPANDSUB, false, detail::op_sub(x, y))
PYPTOCC_EXPAND(TCOLEXPANDMUL, false, detail::op_mul(x, y))
PYPTOCC_EXPAND(TCOLEXPANDDIV, false, detail::op_div(x, y, "TCOLEXPANDDIV"))
#undef PYPTOCC_EXPAND

// ------------------------------------------------------- data movement

// Copies s into d; every element of d (its whole static shape) outside s's
// valid region gets d's pad value (Zero: 0; Max: +inf or the largest
// integer; Min: -inf or the lowest integer).
template <TileT TD, TileT TS> void TFILLPAD(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TFILLPAD, d, s);
    using T = typename TD::DType;
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TD::PadVal != PadValue::Null, "pyptocc runtime: TFILLPAD needs a destination with a pad value");
    auto S = detail::view(s, "TFILLPAD", "source");
    auto D = detail::view(d, "TFILLPAD", "destination");
    T pad = detail::pad_value<T>(TD::PadVal);
    detail::produce(D, static_cast<unsigned>(TD::Rows), static_cast<unsigned>(TD::Cols),
                    [&](unsigned r, unsigned c) { return r < S.vr && c < S.vc ? S(r, c) : pad; });
}

// d(r, c) = s(r, c) over d, between any locations (converted, round to
// nearest even, when the element types differ).
template <TileT TD, TileT TS> void TMOV(TD &d, const TS &s) {
    PYPTOCC_PROFILE(TMOV, d, s);
    using T = typename TD::DType;
    static_assert(detail::covers_v<TS, TD>, "pyptocc runtime: TMOV: the source tile is smaller than the destination");
    auto S = detail::view(s, "TMOV", "source");
    auto D = detail::view(d, "TMOV", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return detail::convert<T>(S(r, c)); });
}

// d(c, r) = s(r, c) over d; tmp is not read.
template <TileT TD, TileT TS, TileT TT> void TTRANS(TD &d, const TS &s, const TT &tmp) {
    PYPTOCC_PROFILE(TTRANS, d, s, tmp);
    detail::check_same_dtype<TD, TS, TS>();
    static_assert(TS::Rows >= TD::Cols && TS::Cols >= TD::Rows,
                  "pyptocc runtime: TTRANS: the source is smaller than the transposed destination");
#ifdef PYPTOCC_STRICT_PTO_ISA
    static_assert(TS::Rows == TD::Cols && TS::Cols == TD::Rows,
                  "pto-isa CPU constraint: TTRANS needs mirrored static shapes");
#endif
    detail::touch(tmp, "TTRANS");
    auto S = detail::view(s, "TTRANS", "source");
    auto D = detail::view(d, "TTRANS", "destination");
    detail::produce(D, D.vr, D.vc, [&](unsigned r, unsigned c) { return S(c, r); });
}

// ---------------------------------------------------------------- matmul

namespace detail {
// out(i, j) = init(i, j) + sum over k < l's valid cols of l(i, k) * r(k, j),
// in the accumulator type (float: products and sums rounded to float, k in
// increasing order; integers: wrapping).
template <class TO, class TL, class TR, class Init>
void matmul(TO &out, const TL &l, const TR &r, const char *op, Init init) {
    using A = typename TO::DType;
    static_assert(std::is_same_v<typename TL::DType, typename TR::DType>,
                  "pyptocc runtime: the left and right matmul operands need one element type");
    static_assert(TL::Rows >= TO::Rows && TR::Cols >= TO::Cols && TR::Rows >= TL::Cols,
                  "pyptocc runtime: matmul operand shapes do not fit the accumulator");
    auto L = view(l, op, "left");
    auto R = view(r, op, "right");
    auto O = view(out, op, "accumulator");
    unsigned K = L.vc;
    if (R.vr < K)
        pyptocc::fatal("%s: the left operand has %u valid columns but the right one only %u valid rows", op, K, R.vr);
    produce(O, O.vr, O.vc, [&](unsigned i, unsigned j) {
        A acc = init(i, j);
        for (unsigned k = 0; k < K; k++) {
            A x = convert<A>(L(i, k));
            A y = convert<A>(R(k, j));
            acc = op_add(acc, op_mul(x, y));
        }
        return acc;
    });
}
}  // namespace detail

template <TileT TO, TileT TL, TileT TR> void TMATMUL(TO &acc, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TMATMUL, acc, l, r);
    using A = typename TO::DType;
    detail::matmul(acc, l, r, "TMATMUL", [](unsigned, unsigned) { return A(0); });
}
template <TileT TO, TileT TI, TileT TL, TileT TR> void TMATMUL_ACC(TO &out, const TI &in, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TMATMUL_ACC, out, in, l, r);
    using A = typename TO::DType;
    static_assert(std::is_same_v<A, typename TI::DType> && detail::covers_v<TI, TO>,
                  "pyptocc runtime: TMATMUL_ACC: the input accumulator does not match the output");
    auto I = detail::view(in, "TMATMUL_ACC", "input accumulator");
    detail::matmul(out, l, r, "TMATMUL_ACC", [&](unsigned i, unsigned j) { return I(i, j); });
}
template <TileT TO, TileT TL, TileT TR> void TGEMV(TO &acc, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TGEMV, acc, l, r);
    using A = typename TO::DType;
    detail::matmul(acc, l, r, "TGEMV", [](unsigned, unsigned) { return A(0); });
}
template <TileT TO, TileT TI, TileT TL, TileT TR> void TGEMV_ACC(TO &out, const TI &in, const TL &l, const TR &r) {
    PYPTOCC_PROFILE(TGEMV_ACC, out, in, l, r);
    using A = typename TO::DType;
    static_assert(std::is_same_v<A, typename TI::DType> && detail::covers_v<TI, TO>,
                  "pyptocc runtime: TGEMV_ACC: the input accumulator does not match the output");
    auto I = detail::view(in, "TGEMV_ACC", "input accumulator");
    detail::matmul(out, l, r, "TGEMV_ACC", [&](unsigned i, unsigned j) { return I(i, j); });
}

}  // namespace pto

#endif
