// pto/pyptocc-profile.hpp: the hook through which every intrinsic of
// pto/pto-inst.hpp reports itself to the runtime's cycle model (--profile;
// runtime/README.md, "Cycle model").
//
// Each intrinsic starts with one line, PYPTOCC_PROFILE(NAME, operands...),
// naming itself and passing its operands unchanged.  When profiling is off
// that line is a test of one global flag.  When it is on, the operands are
// described (tiles: location, element type, shape, valid region and
// address; global tensors: address, shape and strides; integers and enums:
// their value) and handed to pyptocc::prof::record in the runtime library,
// which decides the pipe, the cost and the memory touched: the intrinsics
// themselves know nothing of the model.
#ifndef PYPTOCC_PROFILE_HPP
#define PYPTOCC_PROFILE_HPP

#include <cstdint>
#include <type_traits>

#include "pto/pyptocc-float16.hpp"

namespace pyptocc::prof {

// Every instruction the model knows, in one list.
#define PYPTOCC_PROFILE_OPS(X)                                                                                         \
    X(SET_FLAG) X(WAIT_FLAG) X(PIPE_BARRIER) X(SET_MASK_NORM) X(SET_VECTOR_MASK) X(TASSIGN)                            \
    X(TLOAD) X(TSTORE) X(TMOV) X(TEXTRACT) X(TINSERT) X(TCONCAT) X(TFILLPAD) X(TFILLPAD_EXPAND) X(TFILLPAD_INPLACE) X(TTRANS)\
    X(TADD) X(TSUB) X(TMUL) X(TDIV) X(TMAX) X(TMIN) X(TAND) X(TOR) X(TSHL) X(TSHR)                                    \
    X(TREM) X(TFMOD) X(TFMODS) X(TXOR) X(TPRELU) X(TADDC) X(TSUBC) X(TADDSC) X(TSUBSC)                                \
    X(TPARTADD) X(TPARTMUL) X(TPARTMAX) X(TPARTMIN) X(TTRI) X(TRANDOM)                                                \
    X(TADDS) X(TSUBS) X(TMULS) X(TDIVS) X(TMAXS) X(TMINS) X(TLRELU) X(TANDS) X(TORS) X(TSHLS) X(TSHRS)                \
    X(TREMS) X(TXORS) X(TEXPANDS) X(TCI) X(TGETVAL) X(TSETVAL) X(LOAD_SCALAR) X(STORE_SCALAR)                                                      \
    X(TEXP) X(TLOG) X(TSQRT) X(TRSQRT) X(TRECIP) X(TNEG) X(TABS) X(TRELU) X(TNOT) X(TCVT)                             \
    X(TCMP) X(TCMPS) X(TSEL) X(TSELS) X(TGATHER) X(TGATHER_MASK) X(TSORT32) X(TMRGSORT)                                        \
    X(TSCATTER) X(TGATHERB) X(MGATHER) X(MSCATTER)                                                                     \
    X(TROWSUM) X(TROWMAX) X(TROWMIN) X(TROWPROD) X(TROWARGMAX) X(TROWARGMIN) X(TCOLARGMAX) X(TCOLARGMIN) X(TCOLSUM) X(TCOLMAX) X(TCOLMIN) X(TCOLPROD)                          \
    X(TROWEXPAND) X(TCOLEXPAND) X(TROWEXPANDADD) X(TROWEXPANDSUB) X(TROWEXPANDMUL) X(TROWEXPANDDIV)                    \
    X(TCOLEXPANDADD) X(TCOLEXPANDSUB) X(TCOLEXPANDMUL) X(TCOLEXPANDDIV) X(TROWEXPANDEXPDIF) X(TCOLEXPANDEXPDIF)        \
    X(TROWEXPANDMAX) X(TROWEXPANDMIN) X(TCOLEXPANDMAX) X(TCOLEXPANDMIN)                                                \
    X(TMATMUL) X(TMATMUL_ACC) X(TMATMUL_BIAS) X(TGEMV) X(TGEMV_ACC) X(TNOTIFY) X(TWAIT) X(TTEST) X(SYNCALL)                           \
    X(TPREFETCH_ASYNC) X(WAIT_ASYNC_EVENT) X(TPUSH) X(TPOP) X(TFREE)

enum class Op : uint16_t {
#define PYPTOCC_PROFILE_ENUM(name) name,
    PYPTOCC_PROFILE_OPS(PYPTOCC_PROFILE_ENUM)
#undef PYPTOCC_PROFILE_ENUM
        COUNT
};

// Element types, as the model distinguishes them.
enum class Elem : uint8_t { Other, F32, F16, BF16, F64, I8, U8, I16, U16, I32, U32, I64, U64, Bool };

// One operand of an intrinsic.
struct Operand {
    enum Kind : uint8_t { None, Tile, Global, Int };
    Kind kind = None;
    int8_t loc = -1;         // a tile's location (pto::TileType value)
    Elem elem = Elem::Other;
    uint8_t size = 0;        // bytes per element
    bool col_major = false;  // a tile with BLayout::ColMajor
    const void *addr = nullptr;
    uint32_t rows = 0, cols = 0;              // a tile's static shape; a global tensor's shape[3], shape[4]
    uint32_t valid_rows = 0, valid_cols = 0;  // a tile's valid region
    int64_t row_stride = 0, col_stride = 0;   // a global tensor's stride[3], stride[4] (elements)
    int64_t value = 0;                        // an integer or enum operand
};

// True while a profiled run records (set by --profile and --trace).
extern bool enabled;

// Records one intrinsic of the running kernel (runtime/profile.cpp).
void record(Op op, const Operand *operands, int count);

template <class T> constexpr Elem elem_of() {
    if constexpr (std::is_same_v<T, float>)
        return Elem::F32;
    else if constexpr (std::is_same_v<T, half>)
        return Elem::F16;
    else if constexpr (std::is_same_v<T, bfloat16_t>)
        return Elem::BF16;
    else if constexpr (std::is_same_v<T, double>)
        return Elem::F64;
    else if constexpr (std::is_same_v<T, bool>)
        return Elem::Bool;
    else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
        return sizeof(T) == 1 ? Elem::I8 : sizeof(T) == 2 ? Elem::I16 : sizeof(T) == 4 ? Elem::I32 : Elem::I64;
    else if constexpr (std::is_integral_v<T>)
        return sizeof(T) == 1 ? Elem::U8 : sizeof(T) == 2 ? Elem::U16 : sizeof(T) == 4 ? Elem::U32 : Elem::U64;
    else
        return Elem::Other;
}

template <class X> Operand describe(const X &x) {
    Operand o;
    if constexpr (requires { X::Loc; X::Rows; X::Cols; typename X::DType; x.pyptocc_raw(); }) {
        using T = typename X::DType;
        o.kind = Operand::Tile;
        o.loc = static_cast<int8_t>(X::Loc);
        o.elem = elem_of<T>();
        o.size = sizeof(T);
        o.addr = x.pyptocc_raw();
        o.rows = static_cast<uint32_t>(X::Rows);
        o.cols = static_cast<uint32_t>(X::Cols);
        o.valid_rows = x.GetValidRow();
        o.valid_cols = x.GetValidCol();
        if constexpr (requires { X::BLayoutValue; })
            o.col_major = static_cast<int>(X::BLayoutValue) == 1;
    } else if constexpr (requires { typename X::DType; x.data(); x.GetShape(0); x.GetStride(0); }) {
        using T = typename X::DType;
        o.kind = Operand::Global;
        o.elem = elem_of<T>();
        o.size = sizeof(T);
        o.addr = x.data();
        // (dimensions 0 to 3 are a transfer's rows; row_stride is the
        // innermost's, which the cost model reads for contiguity)
        o.rows = static_cast<uint32_t>(x.GetShape(0) * x.GetShape(1) * x.GetShape(2) * x.GetShape(3));
        o.cols = static_cast<uint32_t>(x.GetShape(4));
        o.row_stride = x.GetStride(3);
        o.col_stride = x.GetStride(4);
    } else if constexpr (std::is_integral_v<X> || std::is_enum_v<X>) {
        o.kind = Operand::Int;
        o.value = static_cast<int64_t>(x);
    }
    return o;
}

template <class... A> void note(Op op, const A &...a) {
    if constexpr (sizeof...(A) == 0) {
        record(op, nullptr, 0);
    } else {
        const Operand operands[] = {describe(a)...};
        record(op, operands, static_cast<int>(sizeof...(A)));
    }
}

}  // namespace pyptocc::prof

// The hook: first statement of every intrinsic.
#define PYPTOCC_PROFILE(OP, ...)                                                                                       \
    do {                                                                                                               \
        if (__builtin_expect(::pyptocc::prof::enabled, 0))                                                             \
            ::pyptocc::prof::note(::pyptocc::prof::Op::OP __VA_OPT__(, ) __VA_ARGS__);                                 \
    } while (0)

#endif
