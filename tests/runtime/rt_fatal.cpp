// rt_fatal.cpp: the checked runtime errors, each in a child process.
// Outside pyptocc_run an error prints "pyptocc runtime error: ..." and exits
// with status 1; inside, pyptocc_run prints the message and returns 1 (the
// children here then exit with 42).  The harness itself must notice a child
// that does not fail.
#include <cstdint>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "pyptocc_runtime.h"
#include "rt_test.h"

using namespace pto;

namespace {

using Vec16 = Tile<TileType::Vec, float, 16, 16>;
using Gt16 = GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>>;

// Whether the child exits with `status` after printing `needle` in a
// runtime error message on stderr.
template <class F> bool dies(int status, const char *needle, F f, int &got, std::string &err) {
    got = rt_test::in_child(f, err);
    return got == status && err.find(needle) != std::string::npos &&
           err.find("pyptocc runtime error: ") != std::string::npos;
}
template <class F> void expect_death(const char *what, int status, const char *needle, F f) {
    std::string err;
    int got;
    bool ok = dies(status, needle, f, got, err);
    CHECKF(ok, "%s: status %d (want %d), stderr: %s", what, got, status, err.c_str());
}

// ------------------------------------------------------------- kernels

float *arg_ptr(int64_t *args, int k) {
    Tensor *t = reinterpret_cast<Tensor *>(args[k]);
    return reinterpret_cast<float *>(t->buffer.addr) + t->start_offset;
}

void k_unbound(int64_t *args) {
    Vec16 a, b, c;
    TASSIGN(a, 0x0);
    TASSIGN(c, 0x2000);
    Gt16 g(arg_ptr(args, 0));
    TLOAD(a, g);
    TADD(c, a, b);  // b never bound
}

void k_add16(int64_t *args) {  // out = a + b, 16x16 (args: a, b, out)
    Vec16 a, b, c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    Gt16 ga(arg_ptr(args, 0)), gb(arg_ptr(args, 1)), gc(arg_ptr(args, 2));
    TLOAD(a, ga);
    TLOAD(b, gb);
    TADD(c, a, b);
    TSTORE(gc, c);
}

void k_store_to_input(int64_t *args) {  // stores into its first (input) tensor
    Vec16 a;
    TASSIGN(a, 0x0);
    Gt16 ga(arg_ptr(args, 0));
    TLOAD(a, ga);
    TSTORE(ga, a);
}

const PyptoccKernel kKernels[] = {
    {0, "k_add16", k_add16},
    {1, "k_unbound", k_unbound},
    {2, "k_store_to_input", k_store_to_input},
};

// Direct programs: one kernel on (a [rows, 16], b [16, 16], out [16, 16]).
PyptoccProgram direct(int32_t func, const PyptoccArg *args, int32_t nargs) {
    return PyptoccProgram{"direct", kKernels, 3, args, nargs, nullptr, nullptr, func};
}
const PyptoccArg kArgs16[] = {
    {"a", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"out", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccArg kArgsSmallA[] = {
    {"a", DataType::FLOAT32, 2, {8, 16}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"out", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccArg kArgsDyn[] = {
    {"a", DataType::FLOAT32, 2, {0, 16}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"out", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
};

std::vector<float> A(16 * 32, 1.0f), B(16 * 32, 2.0f), O(16 * 32, 0.0f);
void *kData[] = {A.data(), B.data(), O.data()};

int run_expect_fail(const PyptoccProgram &p) { return pyptocc_run(&p, kData) == 1 ? 42 : 0; }

// ------------------------------------------------------- orchestrations

// An orchestration whose behaviour a global selects.
int g_orch_case = 0;

PTO2OrchestrationConfig orch_config(uint64_t *, int) { return PTO2OrchestrationConfig{.expected_arg_count = 3}; }

void orch_entry(PTO2Runtime *rt, uint64_t *args, int) {
    uint64_t wide[2] = {16, 32}, sq[2] = {16, 16}, big[2] = {64, 64};
    Tensor a = make_tensor_external(reinterpret_cast<void *>(args[0]), wide, 2, DataType::FLOAT32);
    Tensor b = make_tensor_external(reinterpret_cast<void *>(args[1]), sq, 2, DataType::FLOAT32);
    Tensor o = make_tensor_external(reinterpret_cast<void *>(args[2]), sq, 2, DataType::FLOAT32);
    switch (g_orch_case) {
    case 0: {  // a 16x16 view of the 16x32 tensor: not contiguous
        Tensor v = a.view({16, 16}, {0, 0});
        PTOParam p[] = {make_input_param(v), make_input_param(b), make_output_param(o)};
        pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, p, 3);
        break;
    }
    case 1: {  // out of range
        int64_t i = 1;
        Tensor v = b.view({16, 16}, {(i * 16), 0});
        (void)v;
        break;
    }
    case 2: {
        PTOParam p[] = {make_input_param(b), make_input_param(b), make_output_param(o)};
        pto2_rt_submit_task(rt, 7, PTO2_WORKER_VECTOR, p, 3);
        break;
    }
    case 3: {  // wraps more memory than the argument has
        Tensor t = make_tensor_external(reinterpret_cast<void *>(args[1]), big, 2, DataType::FLOAT32);
        (void)t;
        break;
    }
    case 4: {  // works, inside nested scopes
        PTO2_SCOPE(rt) {
            PTO2_SCOPE(rt) {
                Tensor tmp = make_tensor(sq, 2, DataType::FLOAT32);
                PTOParam p[] = {make_input_param(b), make_input_param(b), make_output_param(tmp)};
                pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, p, 3);
                PTOParam q[] = {make_input_param(tmp), make_input_param(b), make_output_param(o)};
                pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, q, 3);
            }
        }
        break;
    }
    }
}

const PyptoccArg kOrchArgs[] = {
    {"a", DataType::FLOAT32, 2, {16, 32}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"out", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kOrch = {"orch", kKernels, 3, kOrchArgs, 3, orch_config, orch_entry, -1};
const PyptoccProgram kOrchTwoArgs = {"orch2", kKernels, 3, kOrchArgs, 2, orch_config, orch_entry, -1};

int orch_expect_fail(int which) {
    g_orch_case = which;
    return pyptocc_run(&kOrch, kData) == 1 ? 42 : 0;
}

// ------------------------------------------------------------- the tests

void test_outside_run() {
    expect_death("TASSIGN beyond Vec", 1, "needs 1024 bytes, beyond the 262144-byte Vec buffer", [] {
        Vec16 t;
        TASSIGN(t, 256 * 1024 - 512);
        return 0;
    });
    expect_death("TASSIGN beyond Left", 1, "beyond the 65536-byte Left buffer", [] {
        Tile<TileType::Left, half, 128, 272> t;
        TASSIGN(t, 0x0);
        return 0;
    });
    expect_death("TASSIGN beyond Bias", 1, "beyond the 4096-byte Bias buffer", [] {
        Tile<TileType::Bias, float, 1, 64> t;
        TASSIGN(t, 4096u);
        return 0;
    });
    expect_death("TASSIGN huge address", 1, "beyond", [] {
        Vec16 t;
        TASSIGN(t, UINT64_MAX);
        return 0;
    });
    expect_death("TASSIGN negative", 1, "negative address -64", [] {
        Vec16 t;
        TASSIGN(t, -64);
        return 0;
    });
    expect_death("TASSIGN misaligned", 1, "is not aligned to 4 bytes", [] {
        Vec16 t;
        TASSIGN(t, 0x2);
        return 0;
    });
    // Narrow tiles padded to whole 32-byte rows ([16, 8] halves as
    // 16 x 16, [16, 4] floats as 16 x 8): pto-isa packs a compare mask
    // over each row's padding too, and reads a select's mask bits as one
    // stream across rows.
    using Narrow = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 4>;
    using NarrowMask = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 1>;
    expect_death("TCMPS of a padded tile", 1, "TCMPS: a mask of 1 valid columns for a source of 16 columns", [] {
        Tile<TileType::Vec, half, 16, 16, BLayout::RowMajor, 16, 8> a;
        NarrowMask m;
        TASSIGN(a, 0x0);
        TASSIGN(m, 0x1000);
        TCMPS(m, a, static_cast<half>(0.0f), CmpMode::GT);
        return 0;
    });
    expect_death("TSEL of a padded tile", 1, "TSEL: 4 valid columns a row are not whole bytes of the mask", [] {
        Narrow a, b, d, tmp;
        NarrowMask m;
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x800);
        TASSIGN(d, 0x1000);
        TASSIGN(tmp, 0x1800);
        TASSIGN(m, 0x2000);
        TSEL(d, m, a, b, tmp);
        return 0;
    });
    expect_death("unbound source", 1, "TADD: source b tile (Tile<Vec, float, 16, 16>) is used before TASSIGN", [] {
        Vec16 a, b, c;
        TASSIGN(a, 0x0);
        TASSIGN(c, 0x2000);
        TADD(c, a, b);
        return 0;
    });
    expect_death("unbound destination", 1, "TEXP: destination tile", [] {
        Vec16 a, c;
        TASSIGN(a, 0x0);
        TEXP(c, a);
        return 0;
    });
    expect_death("unbound scratch", 1, "TROWSUM: scratch tile", [] {
        Vec16 a, tmp;
        Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> r;
        TASSIGN(a, 0x0);
        TASSIGN(r, 0x1000);
        TROWSUM(r, a, tmp);
        return 0;
    });
    expect_death("unbound matmul operand", 1, "TMATMUL: right tile", [] {
        Tile<TileType::Left, half, 16, 16, BLayout::RowMajor, 16, 16, SLayout::RowMajor> l;
        Tile<TileType::Right, half, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor> r;
        Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> c;
        TASSIGN(l, 0x0);
        TASSIGN(c, 0x0);
        TMATMUL(c, l, r);
        return 0;
    });
    // pto-isa takes m and n from the operands' valid shapes: a padded
    // left operand of 4 valid rows into an accumulator valid in 16.
    expect_death("matmul m not the accumulator's", 1, "TMATMUL: the left operand's 4 valid rows", [] {
        Tile<TileType::Left, half, 16, 16, BLayout::RowMajor, 4, 16, SLayout::RowMajor> l;
        Tile<TileType::Right, half, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor> r;
        Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> c;
        TASSIGN(l, 0x0);
        TASSIGN(r, 0x0);
        TASSIGN(c, 0x0);
        TMATMUL(c, l, r);
        return 0;
    });
    // pto-isa's TMOV asserts equal valid shapes.
    expect_death("TMOV of other valid shapes", 1, "TMOV: the source's valid 4x16", [] {
        Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 4, 16> s;
        Vec16 d;
        TASSIGN(s, 0x0);
        TASSIGN(d, 0x400);
        TMOV(d, s);
        return 0;
    });
    expect_death("unbound TLOAD", 1, "TLOAD: destination tile", [] {
        std::vector<float> m(256);
        Vec16 t;
        Gt16 g(m.data());
        TLOAD(t, g);
        return 0;
    });
    expect_death("unbound data()", 1, "data(): the tile is not bound", [] {
        Vec16 t;
        float *p = t.data();
        return p ? 3 : 0;
    });
    expect_death("integer division by zero", 1, "TDIV: integer division by zero", [] {
        Tile<TileType::Vec, int32_t, 1, 8> a, b, c;
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x100);
        TASSIGN(c, 0x200);
        TEXPANDS(a, 5);
        TEXPANDS(b, 0);
        TDIV(c, a, b);
        return 0;
    });
    expect_death("integer remainder by zero", 1, "TREMS: integer remainder by zero", [] {
        Tile<TileType::Vec, int16_t, 1, 16> a, c, t;
        TASSIGN(a, 0x0);
        TASSIGN(c, 0x200);
        TASSIGN(t, 0x400);
        TREMS(c, a, 0, t);
        return 0;
    });
    // pto-isa's TREM asserts a divisor of 0 away for floats too
    expect_death("float remainder by zero", 1, "TREM: remainder by zero", [] {
        Tile<TileType::Vec, float, 1, 8> a, b, c, t;
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x100);
        TASSIGN(c, 0x200);
        TASSIGN(t, 0x300);
        TEXPANDS(a, 5);
        TEXPANDS(b, 0);
        TREM(c, a, b, t);
        return 0;
    });
    expect_death("TFILLPAD_INPLACE elsewhere", 1, "TFILLPAD_INPLACE: the destination is not the source's buffer", [] {
        using S = Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, 3, 8>;
        using D = Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, 4, 8, SLayout::NoneBox, 512, PadValue::Max>;
        S s;
        D d;
        TASSIGN(s, 0x0);
        TASSIGN(d, 0x200);
        TEXPANDS(s, 1.0f);
        TFILLPAD_INPLACE(d, s);
        return 0;
    });
    expect_death("MGATHER row past the table", 1, "MGATHER: index 16 at (0, 3) is past the table's 16 rows", [] {
        static float table[16 * 8];
        GlobalTensor<float, pto::Shape<1, 1, 1, 16, 8>, pto::Stride<128, 128, 128, 8, 1>> g(table);
        Tile<TileType::Vec, int32_t, 1, 8> idx;
        Tile<TileType::Vec, float, 8, 8> d;
        TASSIGN(idx, 0x0);
        TASSIGN(d, 0x100);
        TCI<decltype(idx), int32_t, 0>(idx, 13);   // 13, 14, 15, 16, ...: the fourth is past row 15
        MGATHER<Coalesce::Row>(d, g, idx);
        return 0;
    });
    expect_death("MSCATTER past the table", 1, "MSCATTER: index 4294967295 at (0, 0) is past the table's 64 elements",
                 [] {
                     static float table[64];
                     GlobalTensor<float, pto::Shape<1, 1, 1, 1, 64>, pto::Stride<64, 64, 64, 64, 1>> g(table);
                     Tile<TileType::Vec, int32_t, 1, 8> idx;
                     Tile<TileType::Vec, float, 1, 8> s;
                     TASSIGN(idx, 0x0);
                     TASSIGN(s, 0x100);
                     TCI<decltype(idx), int32_t, 0>(idx, -1);   // -1 is index 2^32 - 1, as the NPU reads it
                     TEXPANDS(s, 1.0f);
                     MSCATTER<Coalesce::Elem>(g, s, idx);
                     return 0;
                 });
    expect_death("TSCATTER past the destination", 1, "TSCATTER: index 64 at (0, 1) is outside the destination's 64 "
                 "elements", [] {
        Tile<TileType::Vec, float, 4, 16> d;
        Tile<TileType::Vec, float, 1, 8> s;
        Tile<TileType::Vec, int32_t, 1, 8> i;
        TASSIGN(d, 0x0);
        TASSIGN(s, 0x200);
        TASSIGN(i, 0x300);
        TEXPANDS(s, 1.0f);
        TCI<decltype(i), int32_t, 0>(i, 63);   // 63, 64, ...: the second is past the 4x16 destination
        TSCATTER(d, s, i);
        return 0;
    });
    expect_death("TGATHERB inside a block", 1, "TGATHERB: byte offset 36 at (0, 0) is not a 32-byte block", [] {
        Tile<TileType::Vec, float, 2, 16> s;
        Tile<TileType::Vec, uint32_t, 1, 8> o;
        Tile<TileType::Vec, float, 1, 64> d;
        TASSIGN(s, 0x0);
        TASSIGN(o, 0x100);
        TASSIGN(d, 0x200);
        TEXPANDS(s, 1.0f);
        TEXPANDS(o, 36u);
        TGATHERB(d, s, o);
        return 0;
    });
    expect_death("valid extents too large", 1, "valid extents 17x4 do not fit", [] {
        Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> t(17, 4);
        return t.GetValidRow() ? 0 : 3;
    });
    expect_death("elementwise valid shapes differ", 1, "TMIN: the source a has a 3x8 valid region, the destination 4x8",
                 [] {
                     using T = Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
                     T a(3, 8), b(4, 8), d(4, 8);
                     TASSIGN(a, 0x0);
                     TASSIGN(b, 0x100);
                     TASSIGN(d, 0x200);
                     TMIN(d, a, b);
                     return 0;
                 });
    expect_death("GlobalTensor DYNAMIC without values", 1, "DYNAMIC shape or stride without a value", [] {
        std::vector<float> m(256);
        GlobalTensor<float, pto::Shape<1, 1, 1, DYNAMIC, 16>, pto::Stride<256, 256, 256, 16, 1>> g(m.data());
        return g.data() ? 0 : 3;
    });
    expect_death("GlobalTensor not of the tile's shape", 1,
                 "TLOAD: the GlobalTensor shape [1, 1, 1, 8, 16] is not the destination tile's valid shape 16x16", [] {
                     std::vector<float> m(256);
                     Vec16 t;
                     TASSIGN(t, 0);
                     using S = pto::Shape<1, 1, 1, DYNAMIC, DYNAMIC>;
                     using St = pto::Stride<128, 128, 128, 16, 1>;
                     GlobalTensor<float, S, St> g(m.data(), S(8, 16), St());
                     TLOAD(t, g);
                     return 0;
                 });
    expect_death("3-D window into a column-major tile", 1, "TLOAD: a window of more than two dimensions", [] {
        // pto-isa's TLOAD reads [2, 4, 1] into a column-major [8, 1] tile as
        // 4 rows of 2 columns (cpu/TLoad.hpp), not as 8 rows
        std::vector<float> m(8);
        Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> t;
        TASSIGN(t, 0);
        GlobalTensor<float, pto::Shape<1, 1, 2, 4, 1>, pto::Stride<8, 8, 4, 1, 1>> g(m.data());
        TLOAD(t, g);
        return 0;
    });
    expect_death("Tensor::view out of range", 1, "Tensor::view: dimension 1: offset 8 + size 16", [] {
        std::vector<float> m(256);
        uint64_t shape[2] = {16, 16};
        Tensor t = make_tensor_external(m.data(), shape, 2, DataType::FLOAT32);
        Tensor v = t.view({8, 16}, {0, 8});
        return v.data ? 0 : 3;
    });
    expect_death("Tensor::view rank", 1, "1 shapes and 1 offsets for a tensor of rank 2", [] {
        std::vector<float> m(256);
        uint64_t shape[2] = {16, 16};
        Tensor t = make_tensor_external(m.data(), shape, 2, DataType::FLOAT32);
        Tensor v = t.view({8}, {0});
        return v.data ? 0 : 3;
    });
    expect_death("Tensor::reshape of a strided view", 1, "only a dense tensor keeps its order", [] {
        std::vector<float> m(256);
        uint64_t shape[2] = {16, 16};
        Tensor t = make_tensor_external(m.data(), shape, 2, DataType::FLOAT32);
        Tensor v = t.view({8, 8}, {0, 8}).reshape({64});
        return v.data ? 0 : 3;
    });
    expect_death("Tensor::reshape count", 1, "256 elements cannot take a shape of 128", [] {
        std::vector<float> m(256);
        uint64_t shape[2] = {16, 16};
        Tensor t = make_tensor_external(m.data(), shape, 2, DataType::FLOAT32);
        Tensor v = t.reshape({2, 64});
        return v.data ? 0 : 3;
    });
    expect_death("submit outside a run", 1, "not called from an orchestration", [] {
        pto2_rt_submit_task(nullptr, 0, PTO2_WORKER_VECTOR, nullptr, 0);
        return 0;
    });
}

void test_inside_run() {
    expect_death("unbound tile in a run", 42, "TADD: source b tile", [] { return run_expect_fail(direct(1, kArgs16, 3)); });
    expect_death("message names the kernel", 42, "(in kernel 'k_unbound')",
                 [] { return run_expect_fail(direct(1, kArgs16, 3)); });
    expect_death("load outside the tensor", 42, "TLOAD: global memory", [] {
        return run_expect_fail(direct(0, kArgsSmallA, 3));  // k_add16 loads 16 rows of an 8-row tensor
    });
    expect_death("load outside the tensor (wording)", 42, "is outside every tensor of the task",
                 [] { return run_expect_fail(direct(0, kArgsSmallA, 3)); });
    expect_death("store into an input", 42, "TSTORE: writes to the tensor of parameter 0, which the task passes as an input",
                 [] { return run_expect_fail(direct(2, kArgs16, 3)); });
    expect_death("run-time dimension without shapes", 42, "argument 'a' has a run-time dimension",
                 [] { return run_expect_fail(direct(0, kArgsDyn, 3)); });
    expect_death("no such direct kernel", 42, "neither an orchestration nor a kernel with func id 9",
                 [] { return run_expect_fail(direct(9, kArgs16, 3)); });
    expect_death("non-contiguous view", 42, "the input view [16, 16] with strides [32, 1] is not row-major contiguous",
                 [] { return orch_expect_fail(0); });
    expect_death("view out of range in orchestration", 42, "Tensor::view: dimension 0: offset 16 + size 16",
                 [] { return orch_expect_fail(1); });
    expect_death("unknown func id", 42, "no kernel with func id 7", [] { return orch_expect_fail(2); });
    expect_death("external tensor larger than its argument", 42, "does not fit argument 'b'",
                 [] { return orch_expect_fail(3); });
    expect_death("argument count", 42, "expects 3 arguments, the program table has 2",
                 [] { return pyptocc_run(&kOrchTwoArgs, kData) == 1 ? 42 : 0; });
    // A scalar slot that is a tensor slot's dimension (pl.dynamic in an
    // orchestration): it must name a tensor slot and an axis it has, and
    // that tensor's shape must be known.
    expect_death("dimension of no tensor", 42, "'n' is a dimension of no tensor argument", [] {
        static const PyptoccArg args[] = {
            {"a", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
            {"n", DataType::INT64, 0, {}, PYPTOCC_ARG_SCALAR, 1, 2},
        };
        PyptoccProgram p{"dims", kKernels, 3, args, 2, nullptr, orch_entry, -1};
        void *data[] = {A.data(), nullptr};
        return pyptocc_run(&p, data) == 1 ? 42 : 0;
    });
    expect_death("dimension of a run-time shape", 42, "'n' is a dimension of 'a', whose shape is only known", [] {
        static const PyptoccArg args[] = {
            {"a", DataType::FLOAT32, 2, {0, 16}, PYPTOCC_ARG_IN},
            {"n", DataType::INT64, 0, {}, PYPTOCC_ARG_SCALAR, 1, 0},
        };
        PyptoccProgram p{"dims", kKernels, 3, args, 2, nullptr, orch_entry, -1};
        void *data[] = {A.data(), nullptr};
        return pyptocc_run(&p, data) == 1 ? 42 : 0;
    });
    expect_death("shape disagrees with the table", 42, "dimension 0 is 8, the program wants 16", [] {
        const uint64_t shapes[3][5] = {{8, 16}, {16, 16}, {16, 16}};
        PyptoccProgram p = direct(0, kArgs16, 3);
        return pyptocc_run_with_shapes(&p, kData, shapes) == 1 ? 42 : 0;
    });
    // A run after a failed one works (the thread's state is restored), and
    // the failed one's message came first.
    std::string err;
    int st = rt_test::in_child(
        [] {
            if (run_expect_fail(direct(1, kArgs16, 3)) != 42)
                return 3;
            g_orch_case = 4;
            if (pyptocc_run(&kOrch, kData) != 0)
                return 4;
            for (float v : O)
                (void)v;
            return O[0] == 2.0f + 2.0f + 2.0f && O[255] == 6.0f ? 0 : 5;
        },
        err);
    CHECKF(st == 0 && err.find("source b tile") != std::string::npos, "recovery after a failed run: status %d, %s", st,
           err.c_str());
    // After a failure outside a run nothing is left half-done in this process.
    g_orch_case = 4;
    CHECK(pyptocc_run(&kOrch, kData) == 0);
    CHECK(O[17] == 6.0f);
}

void test_harness_detects_survivors() {
    // A child that does not fail must count as a failure of expect_death.
    int before = rt_test::failures;
    std::string err;
    int st = rt_test::in_child(
        [] {
            Vec16 t;
            TASSIGN(t, 0x0);
            return 0;
        },
        err);
    CHECK(st == 0 && err.empty());
    int got;
    CHECK(!dies(1, "anything", [] { return 0; }, got, err));  // deliberately wrong expectation
    CHECK(!dies(1, "no such text", []() -> int { pyptocc::fatal("some other message"); }, got, err));
    CHECK(dies(1, "some other message", []() -> int { pyptocc::fatal("some other message"); }, got, err));
    CHECK(rt_test::failures == before);
}

}  // namespace

int main() {
    test_outside_run();
    test_inside_run();
    test_harness_detects_survivors();
    return rt_test::finish("rt_fatal");
}
