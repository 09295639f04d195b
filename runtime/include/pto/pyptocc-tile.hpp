// pto/pyptocc-tile.hpp: the ground floor of pyptocc's pto-isa tile API
// (included by pto/pto-inst.hpp): the kernel macros, the runtime library
// hooks, pipes and events, the enums, element types and conversions,
// Shape/Stride/GlobalTensor, Tile with its shape rules, and TASSIGN.
#ifndef PYPTOCC_TILE_HPP
#define PYPTOCC_TILE_HPP

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
// The AIV lane of the running kernel and the lanes it runs on (1, or 2 for
// a PYPTOCC_KERNEL_LANES kernel): get_subblockid(), and pto-isa's
// simulator's execution context (tests/conformance/isa_hooks.cpp).
int64_t current_aiv_lane();
int64_t current_aiv_lanes();
// SYNCALL: the calling block waits until `participants` blocks of its
// launch (0: all of them) have arrived (runtime/launch.cpp).
void syncall_wait(int64_t participants);
}  // namespace pyptocc

// ------------------------------------------------- pipes, events, sync

enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX, PIPE_ALL };
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

// The CPU executes a kernel's statements in program order: no effect but
// on the cycle model.
inline void set_flag(pipe_t src, pipe_t dst, event_t id) { PYPTOCC_PROFILE(SET_FLAG, src, dst, id); }
inline void wait_flag(pipe_t src, pipe_t dst, event_t id) { PYPTOCC_PROFILE(WAIT_FLAG, src, dst, id); }
inline void pipe_barrier(pipe_t pipe) { PYPTOCC_PROFILE(PIPE_BARRIER, pipe); }
// Global memory's ordering and the data cache (the names of pto-isa's
// cpu_stub.hpp, which PTOAS's C++ calls): the CPU's memory is coherent and
// a kernel's statements run in program order, so both are no-ops here.
using mem_dsb_t = int;
inline constexpr mem_dsb_t DSB_DDR = 0;
inline constexpr mem_dsb_t DSB_ALL = 1;
inline constexpr mem_dsb_t DSB_UB = 2;
struct cache_line_t {
    static constexpr int SINGLE_CACHE_LINE = 0;
    static constexpr int ENTIRE_DATA_CACHE = 1;
};
inline void dsb(mem_dsb_t) {}
inline void dcci(const volatile void *, int) {}
inline void set_mask_norm() { PYPTOCC_PROFILE(SET_MASK_NORM); }
template <class A, class B>
    requires(std::is_integral_v<A> && std::is_integral_v<B>)
inline void set_vector_mask(A, B) { PYPTOCC_PROFILE(SET_VECTOR_MASK); }
inline int64_t get_block_idx() { return pyptocc::current_block_idx(); }
// The blocks of the running kernel's launch: a pl.spmd(n) launch is a loop
// over the block index that passes n where the kernel reads the count
// (LowerPlacement), so a kernel launched alone is one block.
inline int64_t get_block_num() { return 1; }
// The AIV lane of the running kernel.  A kernel runs on lane 0, as
// pto-isa's simulator has it by default (cpu_stub.hpp get_subblockid:
// execution_context.subblock_id = 0): a pl.split_aiv region of vector work
// is a loop over the lane index (LowerPlacement).  A vector kernel that
// takes the cube's tiles as halves (TPUSH/TPOP with TILE_UP_DOWN or
// TILE_LEFT_RIGHT) runs on both lanes, a thread each (the program table's
// PYPTOCC_KERNEL_LANES), which set this.
inline int64_t get_subblockid() { return pyptocc::current_aiv_lane(); }

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
// The algorithm template argument of TDIV, TLOG and TRECIP (pto-isa's
// common/type.hpp names): the CPU computes in double either way.
enum class DivAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class LogAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
enum class RecipAlgorithm : uint8_t { DEFAULT, HIGH_PRECISION };
// How TSTORE writes global memory: overwrite, or add (split-K partial sums).
enum class AtomicType : uint8_t { AtomicNone = 0, AtomicAdd = 1 };
// The columns TGATHER's mask form keeps (pto-isa's values): every second
// from 0 or 1, every fourth from 0-3, or all.
// MGATHER's and MSCATTER's modes (pto-isa's values, common/type.hpp).
enum class Coalesce : uint8_t { Row = 0, Elem = 1 };
enum class GatherOOB : uint8_t { Undefined = 0, Clamp = 1, Wrap = 2, Zero = 3 };
enum class MaskPattern : uint8_t { P0101 = 1, P1010 = 2, P0001 = 3, P0010 = 4, P0100 = 5, P1000 = 6, P1111 = 7 };

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

namespace detail {
// The fractal box of a tile (its smallest unit of storage, pto-isa's inner
// rows x cols): 16 x 16 elements for the 1024-byte accumulator fractal,
// 16 x 2 for the 32-byte scaling one; for the 512-byte fractal a row-major
// box is 16 rows of 32 bytes, a column-major one 32 bytes of rows by 16
// columns; without boxes (SLayout::NoneBox) one element.
template <class T, SLayout S, int F>
inline constexpr int box_rows = F == 1024 || F == 32 ? 16
                                : S == SLayout::RowMajor ? 16
                                : S == SLayout::ColMajor ? static_cast<int>(32 / sizeof(T))
                                                         : 1;
template <class T, SLayout S, int F>
inline constexpr int box_cols = F == 1024 ? 16
                                : F == 32 ? 2
                                : S == SLayout::RowMajor ? static_cast<int>(32 / sizeof(T))
                                : S == SLayout::ColMajor ? 16
                                                         : 1;
}  // namespace detail

// The shape rules are pto-isa's: a tile is made of whole fractal boxes (a
// Vec tile or a one-row tile may end in a partial row of boxes), and an
// unboxed tile's rows (row-major) or columns (column-major) are whole
// multiples of 32 bytes.
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
    static_assert(Fractal_ == 512 || Fractal_ == 1024 || Fractal_ == 32,
                  "pyptocc runtime: a Tile's fractal size is 512, 1024 or 32 bytes");
    static_assert(Cols_ % detail::box_cols<T, SL_, Fractal_> == 0 &&
                      (Loc_ == TileType::Vec || Fractal_ == 32 || Rows_ == 1 ||
                       Rows_ % detail::box_rows<T, SL_, Fractal_> == 0),
                  "pyptocc runtime: a Tile's Rows and Cols must be whole multiples of its fractal box");
    static_assert(SL_ != SLayout::NoneBox || BL_ != BLayout::RowMajor || Cols_ * sizeof(T) % 32 == 0,
                  "pyptocc runtime: a row-major Tile without fractal boxes needs rows of a multiple of 32 bytes "
                  "(Cols * sizeof(T) % 32 == 0)");
    static_assert(SL_ != SLayout::NoneBox || BL_ != BLayout::ColMajor || Rows_ * sizeof(T) % 32 == 0,
                  "pyptocc runtime: a column-major Tile without fractal boxes needs columns of a multiple of 32 bytes "
                  "(Rows * sizeof(T) % 32 == 0)");

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
    // Unbound, with run-time valid extents: both when both are DYNAMIC, else
    // the one that is DYNAMIC (as pto-isa's constructors).
    Tile(unsigned validRows, unsigned validCols)
        requires(RowValid_ == DYNAMIC && ColValid_ == DYNAMIC)
        : valid_rows_(validRows), valid_cols_(validCols) {
        check_valid();
    }
    explicit Tile(unsigned valid)
        requires((RowValid_ == DYNAMIC) != (ColValid_ == DYNAMIC))
        : valid_rows_(RowValid_ == DYNAMIC ? valid : static_cast<unsigned>(RowValid_)),
          valid_cols_(ColValid_ == DYNAMIC ? valid : static_cast<unsigned>(ColValid_)) {
        check_valid();
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

    // One element at a flat offset into the buffer (rows Cols apart), by the
    // scalar unit: pto-isa's Tile::GetValue and SetValue, which take Vec
    // tiles only (pto/common/pto_tile.hpp).  An offset past the buffer is
    // fatal here; pto-isa does not check it.
    DType GetValue(uint32_t offset) const {
        static_assert(Loc_ == TileType::Vec, "pyptocc runtime: GetValue reads a Vec tile (Location of tile must be Vec)");
        check_offset("GetValue", offset);
        PYPTOCC_PROFILE(TGETVAL, offset, *this);
        return data()[offset];
    }
    void SetValue(uint32_t offset, DType val) {
        static_assert(Loc_ == TileType::Vec, "pyptocc runtime: SetValue writes a Vec tile (Location of tile must be Vec)");
        check_offset("SetValue", offset);
        PYPTOCC_PROFILE(TSETVAL, *this, offset);
        data()[offset] = val;
    }

    // Runtime internals (TASSIGN).
    DType *pyptocc_raw() const { return ptr_; }
    void pyptocc_bind(DType *p) { ptr_ = p; }

  private:
    void check_offset(const char *what, uint32_t offset) const {
        if (offset >= Numel)
            pyptocc::fatal("Tile<%s, %s, %d, %d>::%s: offset %u is past the tile's %zu elements", detail::loc_name(Loc_),
                           detail::type_name<T>(), Rows_, Cols_, what, offset, Numel);
    }
    void check_valid() const {
        if (valid_rows_ > static_cast<unsigned>(Rows_) || valid_cols_ > static_cast<unsigned>(Cols_))
            pyptocc::fatal("Tile<%s, %s, %d, %d>: valid extents %ux%u do not fit the tile", detail::loc_name(Loc_),
                           detail::type_name<T>(), Rows_, Cols_, valid_rows_, valid_cols_);
    }
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

// ------------------------------------------------------------ SYNCALL

// The barrier of the blocks of a launch (pto-isa common/pto_instr.hpp):
// SYNCALL<CoreType>() waits for every block of the launch (the hard, FFTS
// barrier); SYNCALL<Mode, CoreType>(workspace, usedCores) with Mode Soft
// for usedCores blocks (0: every block), with Mode Hard as SYNCALL().  The
// core type names the cores that take part, which in this runtime are the
// launch's blocks whatever their type.  The soft barrier's workspace is an
// INT32 GM tensor of at least 16 elements (one 64-byte cache line).
enum class SyncAllMode : uint8_t { Hard = 0, Soft = 1 };
enum class SyncCoreType : uint8_t { AIVOnly = 0, AICOnly = 1, Mix = 2 };

template <SyncCoreType CoreType = SyncCoreType::AIVOnly> void SYNCALL() {
    PYPTOCC_PROFILE(SYNCALL);
    pyptocc::syncall_wait(0);
}
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, GlobalTensorT G>
void SYNCALL(G &gmWorkspace, int32_t usedCores = 0) {
    PYPTOCC_PROFILE(SYNCALL);
    if constexpr (Mode == SyncAllMode::Hard) {
        pyptocc::syncall_wait(0);
    } else {
        static_assert(std::is_same_v<typename std::remove_cvref_t<G>::DType, int32_t>,
                      "pyptocc runtime: SYNCALL's soft workspace is an int32_t tensor");
        if (usedCores < 0)
            pyptocc::fatal("SYNCALL: usedCores is %d", static_cast<int>(usedCores));
        pyptocc::check_gm(gmWorkspace.data(), gmWorkspace.data() + 16, true, "SYNCALL");
        pyptocc::syncall_wait(usedCores);
    }
}

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

}  // namespace pto

#endif
