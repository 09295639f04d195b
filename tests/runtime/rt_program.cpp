// rt_program.cpp: hand-written programs in the shape pyptocc --emit=cpp
// writes (the kernels of cpp.md 5.1-5.3, the orchestration golden of cpp.md
// 6.1, and kernels with scalars, run-time dimensions and 16-bit floats),
// described by PyptoccProgram tables and run through pyptocc_run,
// pyptocc_run_with_shapes and the command line of pyptocc_run_main.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "npy.h"
#include "rt_test.h"

// ---- what a generated kernel file contains (cpp.md 3), one namespace each
// so that several fit in one test; in a generated translation unit the
// emitter keeps them apart.

#include <cstdint>
#include <pto/pto-inst.hpp>
#include "tensor.h"

using namespace pto;

namespace k_tile_add {
// cpp.md 5.1, verbatim but for the entry's name and linkage.
static AICORE void tile_add(__gm__ float* input_a_0, __gm__ float* input_b_0, __gm__ float* output_0) {
  set_mask_norm();
  set_vector_mask(-1, -1);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_a_0;
  TASSIGN(tile_a_0, 0x0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> input_a_0_gt0(input_a_0 + 0);
  TLOAD(tile_a_0, input_a_0_gt0);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_b_0;
  TASSIGN(tile_b_0, 0x4000);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> input_b_0_gt1(input_b_0 + 0);
  TLOAD(tile_b_0, input_b_0_gt1);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_c_0;
  TASSIGN(tile_c_0, 0x8000);
  TADD(tile_c_0, tile_a_0, tile_b_0);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> output_0_gt2(output_0 + 0);
  TSTORE(output_0_gt2, tile_c_0);
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* input_a_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ float* input_a_0 = reinterpret_cast<__gm__ float*>(input_a_0_tensor->buffer.addr) + input_a_0_tensor->start_offset;
  __gm__ Tensor* input_b_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* input_b_0 = reinterpret_cast<__gm__ float*>(input_b_0_tensor->buffer.addr) + input_b_0_tensor->start_offset;
  __gm__ Tensor* output_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[2]);
  __gm__ float* output_0 = reinterpret_cast<__gm__ float*>(output_0_tensor->buffer.addr) + output_0_tensor->start_offset;
  tile_add(input_a_0, input_b_0, output_0);
}
}  // namespace k_tile_add

namespace k_matmul {
// cpp.md 5.2.
static AICORE void matmul(__gm__ float* a_0, __gm__ float* b_0, __gm__ float* c_0) {
  Tile<TileType::Mat, float, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> tile_a_l1_0;
  TASSIGN(tile_a_l1_0, 0x0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> a_0_gt0(a_0 + 0);
  TLOAD(tile_a_l1_0, a_0_gt0);
  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  Tile<TileType::Mat, float, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> tile_b_l1_0;
  TASSIGN(tile_b_l1_0, 0x4000);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> b_0_gt1(b_0 + 0);
  TLOAD(tile_b_l1_0, b_0_gt1);
  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID1);
  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  Tile<TileType::Left, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> tile_a_l0a_0;
  TASSIGN(tile_a_l0a_0, 0x0);
  TMOV(tile_a_l0a_0, tile_a_l1_0);
  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID1);
  Tile<TileType::Right, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::ColMajor, 512, PadValue::Null, CompactMode::Null> tile_b_l0b_0;
  TASSIGN(tile_b_l0b_0, 0x0);
  TMOV(tile_b_l0b_0, tile_b_l1_0);
  set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  Tile<TileType::Acc, float, 64, 64, BLayout::ColMajor, 64, 64, SLayout::RowMajor, 1024, PadValue::Null, CompactMode::Null> tile_c_l0c_0;
  TASSIGN(tile_c_l0c_0, 0x0);
  TMATMUL(tile_c_l0c_0, tile_a_l0a_0, tile_b_l0b_0);
  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> c_0_gt2(c_0 + 0);
  TSTORE(c_0_gt2, tile_c_l0c_0);
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* a_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ float* a_0 = reinterpret_cast<__gm__ float*>(a_0_tensor->buffer.addr) + a_0_tensor->start_offset;
  __gm__ Tensor* b_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* b_0 = reinterpret_cast<__gm__ float*>(b_0_tensor->buffer.addr) + b_0_tensor->start_offset;
  __gm__ Tensor* c_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[2]);
  __gm__ float* c_0 = reinterpret_cast<__gm__ float*>(c_0_tensor->buffer.addr) + c_0_tensor->start_offset;
  matmul(a_0, b_0, c_0);
}
}  // namespace k_matmul

namespace k_softmax {
// cpp.md 5.3.
static AICORE void tile_softmax(__gm__ float* a_0, __gm__ float* output_0) {
  set_mask_norm();
  set_vector_mask(-1, -1);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_a_0;
  TASSIGN(tile_a_0, 0x0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> a_0_gt0(a_0 + 0);
  TLOAD(tile_a_0, a_0_gt0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, 64, 1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> max_tmp_0;
  TASSIGN(max_tmp_0, 0x4000);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, 64, 1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> row_max_0;
  TASSIGN(row_max_0, 0x4100);
  TROWMAX(row_max_0, tile_a_0, max_tmp_0);
  pipe_barrier(PIPE_V);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> shifted_0;
  TASSIGN(shifted_0, 0x4200);
  TROWEXPANDSUB(shifted_0, tile_a_0, row_max_0);
  pipe_barrier(PIPE_V);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> exp_shifted_0;
  TASSIGN(exp_shifted_0, 0x0);
  TEXP(exp_shifted_0, shifted_0);
  Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, 64, 1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> sum_tmp_0;
  TASSIGN(sum_tmp_0, 0x4000);
  pipe_barrier(PIPE_V);
  Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, 64, 1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> row_sum_0;
  TASSIGN(row_sum_0, 0x4100);
  TROWSUM(row_sum_0, exp_shifted_0, sum_tmp_0);
  pipe_barrier(PIPE_V);
  Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> result_0;
  TASSIGN(result_0, 0x4200);
  TROWEXPANDDIV(result_0, exp_shifted_0, row_sum_0);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 64, 64>, pto::Stride<4096, 4096, 4096, 64, 1>, pto::Layout::ND> output_0_gt1(output_0 + 0);
  TSTORE(output_0_gt1, result_0);
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* a_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ float* a_0 = reinterpret_cast<__gm__ float*>(a_0_tensor->buffer.addr) + a_0_tensor->start_offset;
  __gm__ Tensor* output_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* output_0 = reinterpret_cast<__gm__ float*>(output_0_tensor->buffer.addr) + output_0_tensor->start_offset;
  tile_softmax(a_0, output_0);
}
}  // namespace k_softmax

namespace k_kernel_add {
// The InCore kernel of the orchestration golden (cpp.md 6.1): 16x16 add.
static AICORE void kernel_add(__gm__ float* a_0, __gm__ float* b_0, __gm__ float* output_0) {
  set_mask_norm();
  set_vector_mask(-1, -1);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_a_0;
  TASSIGN(tile_a_0, 0x0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> a_0_gt0(a_0 + 0);
  TLOAD(tile_a_0, a_0_gt0);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_b_0;
  TASSIGN(tile_b_0, 0x400);
  GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> b_0_gt1(b_0 + 0);
  TLOAD(tile_b_0, b_0_gt1);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tile_c_0;
  TASSIGN(tile_c_0, 0x800);
  TADD(tile_c_0, tile_a_0, tile_b_0);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> output_0_gt2(output_0 + 0);
  TSTORE(output_0_gt2, tile_c_0);
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* a_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ float* a_0 = reinterpret_cast<__gm__ float*>(a_0_tensor->buffer.addr) + a_0_tensor->start_offset;
  __gm__ Tensor* b_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* b_0 = reinterpret_cast<__gm__ float*>(b_0_tensor->buffer.addr) + b_0_tensor->start_offset;
  __gm__ Tensor* output_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[2]);
  __gm__ float* output_0 = reinterpret_cast<__gm__ float*>(output_0_tensor->buffer.addr) + output_0_tensor->start_offset;
  kernel_add(a_0, b_0, output_0);
}
}  // namespace k_kernel_add

namespace k_scale_rows {
// Scalars and a symbolic dimension n (cpp.md 3): out[n, 16] = x * scale + bias,
// 16 rows at a time.
static AICORE void scale_rows(__gm__ float* x_0, __gm__ float* out_0, float scale_0, int32_t bias_0, int64_t n) {
  set_mask_norm();
  set_vector_mask(-1, -1);
  for (int64_t i_0 = 0; i_0 < (n / 16); i_0 += 1) {
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> t_0;
    TASSIGN(t_0, 0x0);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> x_0_gt0(x_0 + (i_0 * 16) * 16);
    TLOAD(t_0, x_0_gt0);
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> s_0;
    TASSIGN(s_0, 0x400);
    TMULS(s_0, t_0, scale_0);
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> r_0;
    TASSIGN(r_0, 0x800);
    TADDS(r_0, s_0, static_cast<float>(bias_0));
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> out_0_gt1(out_0 + (i_0 * 16) * 16);
    TSTORE(out_0_gt1, r_0);
  }
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* x_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ float* x_0 = reinterpret_cast<__gm__ float*>(x_0_tensor->buffer.addr) + x_0_tensor->start_offset;
  __gm__ Tensor* out_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* out_0 = reinterpret_cast<__gm__ float*>(out_0_tensor->buffer.addr) + out_0_tensor->start_offset;
  union { uint64_t u64; float val; } scale_0_conv;
  scale_0_conv.u64 = args[2];
  float scale_0 = scale_0_conv.val;
  union { uint64_t u64; int32_t val; } bias_0_conv;
  bias_0_conv.u64 = args[3];
  int32_t bias_0 = bias_0_conv.val;
  int64_t n = static_cast<int64_t>(x_0_tensor->shapes[0]);
  scale_rows(x_0, out_0, scale_0, bias_0, n);
}
}  // namespace k_scale_rows

namespace k_casts {
// 16-bit floats: h [8, 16] f16 in; f [8, 16] f32 and b [8, 16] bf16 out.
static AICORE void casts(__gm__ half* h_0, __gm__ float* f_0, __gm__ bfloat16_t* b_0) {
  Tile<TileType::Vec, half, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> th_0;
  TASSIGN(th_0, 0x0);
  GlobalTensor<half, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<128, 128, 128, 16, 1>, pto::Layout::ND> h_0_gt0(h_0 + 0);
  TLOAD(th_0, h_0_gt0);
  Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tf_0;
  TASSIGN(tf_0, 0x100);
  TCVT(tf_0, th_0, RoundMode::CAST_NONE);
  TMULS(tf_0, tf_0, 3.0f);
  GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<128, 128, 128, 16, 1>, pto::Layout::ND> f_0_gt1(f_0 + 0);
  TSTORE(f_0_gt1, tf_0);
  Tile<TileType::Vec, bfloat16_t, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> tb_0;
  TASSIGN(tb_0, 0x400);
  TCVT(tb_0, tf_0, RoundMode::CAST_RINT);
  GlobalTensor<bfloat16_t, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<128, 128, 128, 16, 1>, pto::Layout::ND> b_0_gt2(b_0 + 0);
  TSTORE(b_0_gt2, tb_0);
  pipe_barrier(PIPE_ALL);
}

AICORE void kernel_entry(__gm__ int64_t* args) {
  __gm__ Tensor* h_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[0]);
  __gm__ half* h_0 = reinterpret_cast<__gm__ half*>(h_0_tensor->buffer.addr) + h_0_tensor->start_offset;
  __gm__ Tensor* f_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[1]);
  __gm__ float* f_0 = reinterpret_cast<__gm__ float*>(f_0_tensor->buffer.addr) + f_0_tensor->start_offset;
  __gm__ Tensor* b_0_tensor = reinterpret_cast<__gm__ Tensor*>(args[2]);
  __gm__ bfloat16_t* b_0 = reinterpret_cast<__gm__ bfloat16_t*>(b_0_tensor->buffer.addr) + b_0_tensor->start_offset;
  casts(h_0, f_0, b_0);
}
}  // namespace k_casts

namespace k_uints {
// The dtypes after UNKNOWN: u [8, 16] UINT32 and w [8, 16] UINT16 in, m
// [8, 16] BOOL in, scalars k UINT32 and flag BOOL; ou = m ? u >> k : u
// (flag: u >> 1 instead), ow = w ^ 0x8000.  Plain loops: the tile
// intrinsics on these types are the e2e test uint_ops's.
AICORE void kernel_entry(__gm__ int64_t* args) {
  auto data = [&](int k) { auto *t = reinterpret_cast<__gm__ Tensor*>(args[k]); return t->buffer.addr; };
  const uint32_t *u = reinterpret_cast<const uint32_t*>(data(0));
  const uint16_t *w = reinterpret_cast<const uint16_t*>(data(1));
  const bool *m = reinterpret_cast<const bool*>(data(2));
  uint32_t *ou = reinterpret_cast<uint32_t*>(data(3));
  uint16_t *ow = reinterpret_cast<uint16_t*>(data(4));
  uint32_t k = static_cast<uint32_t>(args[5]);  // the scalars follow the tensors
  bool flag = static_cast<uint64_t>(args[6]) != 0;
  for (int i = 0; i < 128; i++) {
    ou[i] = m[i] ? u[i] >> (flag ? 1 : k) : u[i];
    ow[i] = static_cast<uint16_t>(w[i] ^ 0x8000);
  }
}
}  // namespace k_uints

// ---- the orchestration golden of cpp.md 6.1, verbatim.

// Orchestration Function: orch_basic
// Generated by PyPTO IR Compiler

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pto_orchestration_api.h"

#define ARG_PTR_A 0
#define ARG_PTR_B 1
#define ARG_PTR_D 2

// Helper to encode float as uint64_t for scalar params
static uint64_t float_to_u64(float f) {
    union {
        float f32;
        uint64_t u64;
    } conv;
    conv.u64 = 0;  // Clear upper bits
    conv.f32 = f;
    return conv.u64;
}

extern "C" {

__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(uint64_t* args, int arg_count) {
    (void)args;
    (void)arg_count;
    return PTO2OrchestrationConfig{
        .expected_arg_count = 3,
    };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(PTO2Runtime* rt, uint64_t* args, int arg_count) {
    (void)arg_count;

    // Extract device pointers
    void* arg_a_ptr = reinterpret_cast<void*>(args[ARG_PTR_A]);
    void* arg_b_ptr = reinterpret_cast<void*>(args[ARG_PTR_B]);
    void* arg_d_ptr = reinterpret_cast<void*>(args[ARG_PTR_D]);

    // External tensors
    uint64_t a_shapes[2] = {16, 16};
    Tensor ext_a = make_tensor_external(arg_a_ptr, a_shapes, 2, DataType::FLOAT32);
    uint64_t b_shapes[2] = {16, 16};
    Tensor ext_b = make_tensor_external(arg_b_ptr, b_shapes, 2, DataType::FLOAT32);
    uint64_t d_shapes[2] = {16, 16};
    Tensor ext_d = make_tensor_external(arg_d_ptr, d_shapes, 2, DataType::FLOAT32);

    uint64_t c_shapes[2] = {16, 16};
    Tensor c = make_tensor(c_shapes, 2, DataType::FLOAT32);

    // Task 0: kernel_add
    PTOParam params_t0[] = {
        make_input_param(ext_a),
        make_input_param(ext_b),
        make_output_param(c),
    };
    pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, params_t0, 3);

    // Task 1: kernel_add
    PTOParam params_t1[] = {
        make_input_param(c),
        make_input_param(ext_b),
        make_output_param(ext_d),
    };
    pto2_rt_submit_task(rt, 0, PTO2_WORKER_VECTOR, params_t1, 3);
}

}  // extern "C"

// ---- a second orchestration: views, loops, scopes, scalars, an if.

PTO2OrchestrationConfig orch_chunks_config(uint64_t* args, int arg_count) {
    (void)args;
    (void)arg_count;
    return PTO2OrchestrationConfig{
        .expected_arg_count = 2,
    };
}

void orch_chunks_entry(PTO2Runtime* rt, uint64_t* args, int arg_count) {
    (void)arg_count;
    void* arg_x_ptr = reinterpret_cast<void*>(args[0]);
    void* arg_y_ptr = reinterpret_cast<void*>(args[1]);
    uint64_t x_shapes[2] = {64, 16};
    Tensor ext_x = make_tensor_external(arg_x_ptr, x_shapes, 2, DataType::FLOAT32);
    uint64_t y_shapes[2] = {64, 16};
    Tensor ext_y = make_tensor_external(arg_y_ptr, y_shapes, 2, DataType::FLOAT32);
    for (int64_t i = 0; i < 4; i += 1) {
        PTO2_SCOPE(rt) {
            Tensor chunk = ext_x.view({16, 16}, {(i * 16), 0});
            Tensor out = ext_y.view({16, 16}, {(i * 16), 0});
            float scale = static_cast<float>(std::max<int64_t>(i, 1));
            if (i == 0) {  // cpp.md 6.2 writes ((i == 0)), which clang -Wall warns about
                PTO2_SCOPE(rt) {
                    PTOParam params_t0[] = {
                        make_input_param(chunk),
                        make_output_param(out),
                        make_scalar_param(float_to_u64(1.000000f)),
                        make_scalar_param((uint64_t)100),
                    };
                    pto2_rt_submit_task(rt, 1, PTO2_WORKER_VECTOR, params_t0, 4);
                }
            } else {
                PTO2_SCOPE(rt) {
                    int32_t bias = static_cast<int32_t>(-i);
                    PTOParam params_t1[] = {
                        make_input_param(chunk),
                        make_output_param(out),
                        make_scalar_param(float_to_u64(scale)),
                        make_scalar_param(bias),
                    };
                    pto2_rt_submit_task(rt, 1, PTO2_WORKER_VECTOR, params_t1, 4);
                }
            }
        }
    }
}

// ---- the program tables (what the emitter writes next to the code).

#include "pyptocc_runtime.h"

namespace {

const PyptoccKernel kOrchBasicKernels[] = {{0, "kernel_add", k_kernel_add::kernel_entry}};
const PyptoccArg kOrchBasicArgs[] = {
    {"a", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"d", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kOrchBasic = {"orch_basic", kOrchBasicKernels, 1, kOrchBasicArgs, 3,
                                   aicpu_orchestration_config, aicpu_orchestration_entry, -1};

const PyptoccKernel kChunkKernels[] = {{0, "kernel_add", k_kernel_add::kernel_entry},
                                       {1, "scale_rows", k_scale_rows::kernel_entry}};
const PyptoccArg kChunkArgs[] = {
    {"x", DataType::FLOAT32, 2, {64, 16}, PYPTOCC_ARG_IN},
    {"y", DataType::FLOAT32, 2, {64, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kChunks = {"orch_chunks", kChunkKernels, 2, kChunkArgs, 2,
                                orch_chunks_config, orch_chunks_entry, -1};

const PyptoccKernel kTileAddKernels[] = {{0, "tile_add", k_tile_add::kernel_entry}};
const PyptoccArg kTileAddArgs[] = {
    {"input_a", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"input_b", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"output", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kTileAdd = {"tile_add", kTileAddKernels, 1, kTileAddArgs, 3, nullptr, nullptr, 0};

const PyptoccKernel kMatmulKernels[] = {{0, "matmul", k_matmul::kernel_entry}};
const PyptoccArg kMatmulArgs[] = {
    {"a", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"b", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"c", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kMatmul = {"matmul", kMatmulKernels, 1, kMatmulArgs, 3, nullptr, nullptr, 0};

const PyptoccKernel kSoftmaxKernels[] = {{0, "tile_softmax", k_softmax::kernel_entry}};
const PyptoccArg kSoftmaxArgs[] = {
    {"a", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"output", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kSoftmax = {"softmax", kSoftmaxKernels, 1, kSoftmaxArgs, 2, nullptr, nullptr, 0};

const PyptoccKernel kScaleKernels[] = {{5, "scale_rows", k_scale_rows::kernel_entry}};
const PyptoccArg kScaleArgs[] = {
    {"x", DataType::FLOAT32, 2, {0, 16}, PYPTOCC_ARG_IN},
    {"out", DataType::FLOAT32, 2, {0, 16}, PYPTOCC_ARG_OUT},
    {"scale", DataType::FLOAT32, 0, {}, PYPTOCC_ARG_SCALAR},
    {"bias", DataType::INT32, 0, {}, PYPTOCC_ARG_SCALAR},
};
const PyptoccProgram kScale = {"scale_rows", kScaleKernels, 1, kScaleArgs, 4, nullptr, nullptr, 5};

const PyptoccKernel kCastKernels[] = {{0, "casts", k_casts::kernel_entry}};
const PyptoccArg kCastArgs[] = {
    {"h", DataType::FLOAT16, 2, {8, 16}, PYPTOCC_ARG_IN},
    {"f", DataType::FLOAT32, 2, {8, 16}, PYPTOCC_ARG_OUT},
    {"b", DataType::BFLOAT16, 2, {8, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kCasts = {"casts", kCastKernels, 1, kCastArgs, 3, nullptr, nullptr, 0};

const PyptoccKernel kUintKernels[] = {{0, "uints", k_uints::kernel_entry}};
const PyptoccArg kUintArgs[] = {
    {"u", DataType::UINT32, 2, {8, 16}, PYPTOCC_ARG_IN},   {"w", DataType::UINT16, 2, {8, 16}, PYPTOCC_ARG_IN},
    {"m", DataType::BOOL, 2, {8, 16}, PYPTOCC_ARG_IN},     {"k", DataType::UINT32, 0, {}, PYPTOCC_ARG_SCALAR},
    {"flag", DataType::BOOL, 0, {}, PYPTOCC_ARG_SCALAR},      {"ou", DataType::UINT32, 2, {8, 16}, PYPTOCC_ARG_OUT},
    {"ow", DataType::UINT16, 2, {8, 16}, PYPTOCC_ARG_OUT},
};
const PyptoccProgram kUints = {"uints", kUintKernels, 1, kUintArgs, 7, nullptr, nullptr, 0};

// Several kernels and no orchestration: each runs on the slots named after it.
const PyptoccKernel kSeveralKernels[] = {{0, "tile_add", k_tile_add::kernel_entry},
                                         {1, "scale_rows", k_scale_rows::kernel_entry}};
const PyptoccArg kSeveralArgs[] = {
    {"tile_add.input_a", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"tile_add.input_b", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_IN},
    {"tile_add.output", DataType::FLOAT32, 2, {64, 64}, PYPTOCC_ARG_OUT},
    {"scale_rows.x", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
    {"scale_rows.out", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
    {"scale_rows.scale", DataType::FLOAT32, 0, {}, PYPTOCC_ARG_SCALAR},
    {"scale_rows.bias", DataType::INT32, 0, {}, PYPTOCC_ARG_SCALAR},
};
const PyptoccProgram kSeveral = {"several", kSeveralKernels, 2, kSeveralArgs, 7, nullptr, nullptr, -1};

std::vector<float> seq(size_t n, float scale, float offset) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = static_cast<float>(static_cast<int>(i % 97) - 48) * scale + offset;
    return v;
}

// ----------------------------------------------------------- pyptocc_run

void test_run_direct() {
    std::vector<float> a = seq(4096, 0.5f, 0), b = seq(4096, -0.25f, 1), out(4096, -1);
    void *data[] = {a.data(), b.data(), out.data()};
    CHECK(pyptocc_run(&kTileAdd, data) == 0);
    std::vector<float> want(4096);
    for (int i = 0; i < 4096; i++)
        want[i] = a[i] + b[i];
    CHECK_ARRAY("tile_add", out.data(), want.data(), 4096, 0);

    // matmul: exact for these small integers
    std::vector<float> c(4096, -1);
    void *mdata[] = {a.data(), b.data(), c.data()};
    CHECK(pyptocc_run(&kMatmul, mdata) == 0);
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            float s = 0;
            for (int k = 0; k < 64; k++)
                s += a[i * 64 + k] * b[k * 64 + j];
            want[i * 64 + j] = s;
        }
    CHECK_ARRAY("matmul", c.data(), want.data(), 4096, 0);

    // softmax against double precision
    std::vector<float> sa = seq(4096, 0.03f, -0.2f), so(4096);
    void *sdata[] = {sa.data(), so.data()};
    CHECK(pyptocc_run(&kSoftmax, sdata) == 0);
    double maxerr = 0;
    for (int r = 0; r < 64; r++) {
        double mx = -1e300, sum = 0;
        for (int col = 0; col < 64; col++)
            mx = std::max(mx, static_cast<double>(sa[r * 64 + col]));
        for (int col = 0; col < 64; col++)
            sum += std::exp(static_cast<double>(sa[r * 64 + col]) - mx);
        for (int col = 0; col < 64; col++) {
            double w = std::exp(static_cast<double>(sa[r * 64 + col]) - mx) / sum;
            maxerr = std::max(maxerr, std::fabs(so[r * 64 + col] - w) / w);
        }
    }
    CHECKF(maxerr < 1e-6, "softmax: max relative error %g", maxerr);

    // scalars and a run-time dimension (48 rows)
    std::vector<float> x = seq(48 * 16, 1.0f, 0), y(48 * 16, -1);
    uint64_t scale_bits = std::bit_cast<uint32_t>(0.5f), bias_bits = static_cast<uint64_t>(int64_t{-3});
    void *xdata[] = {x.data(), y.data(), &scale_bits, &bias_bits};
    const uint64_t shapes[4][5] = {{48, 16}, {48, 16}, {}, {}};
    CHECK(pyptocc_run_with_shapes(&kScale, xdata, shapes) == 0);
    for (int i = 0; i < 48 * 16; i++)
        want[i] = x[i] * 0.5f - 3.0f;
    CHECK_ARRAY("scale_rows", y.data(), want.data(), 48 * 16, 0);

    // several kernels, each on its own slots
    std::vector<float> o1(4096, -1), x2 = seq(256, 2.0f, 1), o2(256, -1);
    uint64_t scale2 = std::bit_cast<uint32_t>(-1.5f), bias2 = 4;
    void *vdata[] = {a.data(), b.data(), o1.data(), x2.data(), o2.data(), &scale2, &bias2};
    CHECK(pyptocc_run(&kSeveral, vdata) == 0);
    for (int i = 0; i < 4096; i++)
        want[i] = a[i] + b[i];
    CHECK_ARRAY("several: tile_add", o1.data(), want.data(), 4096, 0);
    for (int i = 0; i < 256; i++)
        want[i] = x2[i] * -1.5f + 4.0f;
    CHECK_ARRAY("several: scale_rows", o2.data(), want.data(), 256, 0);
    // a slot named after no kernel
    PyptoccArg stray[7];
    std::copy(std::begin(kSeveralArgs), std::end(kSeveralArgs), stray);
    stray[6].name = "scale.bias";
    const PyptoccProgram bad = {"several", kSeveralKernels, 2, stray, 7, nullptr, nullptr, -1};
    std::string err;
    int st = rt_test::in_child([&]() { return pyptocc_run(&bad, vdata); }, err);
    CHECKF(st == 1 && err.find("arguments that belong to none of its kernels") != std::string::npos, "%d %s", st,
           err.c_str());
}

void test_run_orchestration() {
    std::vector<float> a = seq(256, 1, 0), b = seq(256, 0.5f, 2), d(256, -1);
    void *data[] = {a.data(), b.data(), d.data()};
    CHECK(pyptocc_run(&kOrchBasic, data) == 0);
    std::vector<float> want(256);
    for (int i = 0; i < 256; i++)
        want[i] = (a[i] + b[i]) + b[i];
    CHECK_ARRAY("orch_basic", d.data(), want.data(), 256, 0);
    CHECK(pyptocc_run(&kOrchBasic, data) == 0);  // a second run: fresh intermediate, same result
    CHECK_ARRAY("orch_basic again", d.data(), want.data(), 256, 0);

    std::vector<float> x = seq(1024, 1, 0), y(1024, -7);
    void *cdata[] = {x.data(), y.data()};
    CHECK(pyptocc_run(&kChunks, cdata) == 0);
    for (int i = 0; i < 1024; i++) {
        int chunk = i / 256;
        want.resize(1024);
        want[i] = chunk == 0 ? x[i] * 1.0f + 100.0f : x[i] * static_cast<float>(chunk) - static_cast<float>(chunk);
    }
    CHECK_ARRAY("orch_chunks", y.data(), want.data(), 1024, 0);
}

// ------------------------------------------------------ pyptocc_run_main

std::string g_dir;

// Runs pyptocc_run_main in a child (stdout and stderr captured).
int run_main(const PyptoccProgram &p, std::vector<std::string> args, std::string &out) {
    args.insert(args.begin(), "prog");
    return rt_test::in_child(
        [&]() {
            dup2(2, 1);
            if (chdir(g_dir.c_str()) != 0)
                return 99;
            std::vector<char *> argv;
            for (std::string &s : args)
                argv.push_back(s.data());
            argv.push_back(nullptr);
            return pyptocc_run_main(&p, static_cast<int>(args.size()), argv.data());
        },
        out);
}

bool load(const std::string &path, pyptocc::npy::Array &a) {
    std::string err;
    bool ok = pyptocc::npy::read_file(path, a, err);
    if (!ok)
        std::fprintf(stderr, "  %s\n", err.c_str());
    return ok;
}

std::vector<float> floats(const pyptocc::npy::Array &a) {
    std::vector<float> v(a.data.size() / 4);
    std::memcpy(v.data(), a.data.data(), v.size() * 4);
    return v;
}

// The README's deterministic fill, written out independently.
std::vector<float> readme_fill_f32(int slot, size_t n, uint64_t seed) {
    std::vector<float> v(n);
    uint64_t s = seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(slot + 1);
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        v[i] = static_cast<float>(static_cast<double>(s >> 40) / 8388608.0 - 1.0);
    }
    return v;
}

void write_npy(const std::string &name, const char *descr, std::vector<uint64_t> shape, const void *p, size_t n) {
    std::string err;
    CHECKF(pyptocc::npy::write_file(g_dir + "/" + name, descr, shape, p, n, err), "%s", err.c_str());
}

void test_main() {
    char tmpl[] = "/tmp/rt_program_XXXXXX";
    CHECK(mkdtemp(tmpl) != nullptr);
    g_dir = tmpl;
    std::string out;
    pyptocc::npy::Array arr;

    // --help and --list
    CHECK(run_main(kOrchBasic, {"--help"}, out) == 0);
    CHECK(out.find("usage: prog [OPTION]... [NAME=VALUE]...") != std::string::npos &&
          out.find("'orch_basic'") != std::string::npos && out.find("--out-dir DIR") != std::string::npos);
    CHECK(out.find("d                out    FLOAT32   [16, 16]") != std::string::npos);
    CHECK(run_main(kScale, {"--list"}, out) == 0);
    CHECK(out.find("x in FLOAT32 [?, 16]\n") != std::string::npos && out.find("scale scalar FLOAT32 -\n") != std::string::npos);

    // No arguments: filled inputs, output in the working directory.
    CHECK(run_main(kOrchBasic, {}, out) == 0);
    CHECKF(out.empty(), "unexpected output: %s", out.c_str());
    CHECK(load(g_dir + "/d.npy", arr) && arr.descr == "<f4" && arr.shape == std::vector<uint64_t>({16, 16}));
    std::vector<float> fa = readme_fill_f32(0, 256, 0), fb = readme_fill_f32(1, 256, 0), want(256);
    for (int i = 0; i < 256; i++)
        want[i] = (fa[i] + fb[i]) + fb[i];
    std::vector<float> got = floats(arr);
    CHECK_ARRAY("main, filled inputs", got.data(), want.data(), 256, 0);
    CHECK(std::all_of(fa.begin(), fa.end(), [](float v) { return v >= -1 && v < 1; }));
    // --seed changes the fill; a given input replaces it; --out-dir is created.
    std::vector<float> a = seq(256, 0.25f, 0);
    write_npy("a_in.npy", "<f4", {16, 16}, a.data(), 1024);
    CHECK(run_main(kOrchBasic, {"a=a_in.npy", "--seed", "7", "--out-dir", "res/sub", "-v"}, out) == 0);
    CHECK(out.find("a <- a_in.npy") != std::string::npos && out.find("d -> res/sub/d.npy") != std::string::npos);
    CHECK(load(g_dir + "/res/sub/d.npy", arr));
    fb = readme_fill_f32(1, 256, 7);
    for (int i = 0; i < 256; i++)
        want[i] = (a[i] + fb[i]) + fb[i];
    got = floats(arr);
    CHECK_ARRAY("main, file input and seed", got.data(), want.data(), 256, 0);

    // Scalars and a run-time dimension.
    std::vector<float> x = seq(32 * 16, 1, 0);
    write_npy("x.npy", "<f4", {32, 16}, x.data(), x.size() * 4);
    CHECK(run_main(kScale, {"x=x.npy", "scale=0.25", "bias=-2", "--shape", "out=32,16", "--out-dir=o2"}, out) == 0);
    CHECK(load(g_dir + "/o2/out.npy", arr) && arr.shape == std::vector<uint64_t>({32, 16}));
    got = floats(arr);
    want.resize(512);
    for (int i = 0; i < 512; i++)
        want[i] = x[i] * 0.25f - 2.0f;
    CHECK_ARRAY("main, scalars", got.data(), want.data(), 512, 0);
    CHECK(run_main(kScale, {"--shape=x=16,16", "--shape=out=16,16", "--out-dir=o3", "bias=0x10"}, out) == 0);
    CHECK(load(g_dir + "/o3/out.npy", arr) && arr.shape == std::vector<uint64_t>({16, 16}));
    std::vector<float> fx = readme_fill_f32(0, 256, 0);
    got = floats(arr);
    for (int i = 0; i < 256; i++)
        want[i] = fx[i] * 1.0f + 16.0f;  // scale defaults to 1
    CHECK_ARRAY("main, default scalar", got.data(), want.data(), 256, 0);

    // 16-bit floats: '<f2' in, '<f4' and bfloat16 as '<u2' out.
    std::vector<half> h(128);
    for (int i = 0; i < 128; i++)
        h[i] = static_cast<half>(static_cast<float>(i) * 0.125f - 3.0f);
    write_npy("h.npy", "<f2", {8, 16}, h.data(), 256);
    CHECK(run_main(kCasts, {"h=h.npy", "--out-dir=o4"}, out) == 0);
    pyptocc::npy::Array af, ab;
    CHECK(load(g_dir + "/o4/f.npy", af) && af.descr == "<f4");
    CHECK(load(g_dir + "/o4/b.npy", ab) && ab.descr == "<u2" && ab.data.size() == 256);
    int bad = 0;
    for (int i = 0; i < 128; i++) {
        float f;
        uint16_t bb;
        std::memcpy(&f, af.data.data() + 4 * i, 4);
        std::memcpy(&bb, ab.data.data() + 2 * i, 2);
        float wf = static_cast<float>(h[i]) * 3.0f;
        bad += f != wf;
        bad += static_cast<float>(std::bit_cast<bfloat16_t>(bb)) != static_cast<float>(static_cast<bfloat16_t>(wf));
    }
    CHECKF(bad == 0, "casts: %d wrong", bad);
    CHECK(run_main(kCasts, {"--out-dir=o5"}, out) == 0);  // filled f16 input

    // Command-line and file errors: status 2 and a message.
    struct Bad {
        std::vector<std::string> args;
        const char *needle;
    };
    std::vector<float> a8(8 * 16);
    write_npy("a_8.npy", "<f4", {8, 16}, a8.data(), a8.size() * 4);
    FILE *f = std::fopen((g_dir + "/junk.npy").c_str(), "wb");
    std::fputs("junk", f);
    std::fclose(f);
    const Bad bads[] = {
        {{"zz=1"}, "unknown argument 'zz' (arguments: a, b, d)"},
        {{"a=missing.npy"}, "missing.npy: No such file"},
        {{"a=junk.npy"}, "junk.npy: not a .npy file"},
        {{"a=a_8.npy"}, "a_8.npy: shape [8, 16], but 'a' is [16, 16]"},
        {{"d=a_in.npy"}, "'d' is an output"},
        {{"a=a_in.npy", "a=a_in.npy"}, "given twice"},
        {{"--bogus"}, "unknown option '--bogus'"},
        {{"--seed", "x"}, "--seed needs a nonnegative integer"},
        {{"--out-dir"}, "--out-dir needs a directory"},
        {{"plain"}, "expected NAME=VALUE"},
    };
    for (const Bad &b : bads) {
        int st = run_main(kOrchBasic, b.args, out);
        CHECKF(st == 2 && out.find(b.needle) != std::string::npos, "'%s': status %d, output: %s", b.args[0].c_str(), st,
               out.c_str());
    }
    int st = run_main(kCasts, {"h=a_in.npy"}, out);
    CHECKF(st == 2 && out.find("dtype '<f4', but 'h' is FLOAT16 ('<f2')") != std::string::npos, "dtype: %d %s", st,
           out.c_str());
    st = run_main(kScale, {"scale=abc"}, out);
    CHECKF(st == 2 && out.find("scalar 'scale': 'abc' is not a valid FLOAT32 value") != std::string::npos, "%s",
           out.c_str());
    st = run_main(kScale, {"bias=3000000000"}, out);
    CHECKF(st == 2 && out.find("not a valid INT32 value") != std::string::npos, "%s", out.c_str());
    st = run_main(kScale, {}, out);
    CHECKF(st == 2 && out.find("the shape of 'x' is only known at run time") != std::string::npos, "%s", out.c_str());
    st = run_main(kScale, {"--shape", "x=16"}, out);
    CHECKF(st == 2 && out.find("expected 2 comma-separated dimensions") != std::string::npos, "%s", out.c_str());

    // A run-time error: status 1, no output written.
    struct stat sb;
    const PyptoccKernel bad_kernels[] = {{0, "kernel_add", k_kernel_add::kernel_entry}};
    const PyptoccArg small_args[] = {
        {"a", DataType::FLOAT32, 2, {8, 16}, PYPTOCC_ARG_IN},
        {"b", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_IN},
        {"d", DataType::FLOAT32, 2, {16, 16}, PYPTOCC_ARG_OUT},
    };
    const PyptoccProgram broken = {"broken", bad_kernels, 1, small_args, 3, nullptr, nullptr, 0};
    st = run_main(broken, {"--out-dir=o7"}, out);
    CHECKF(st == 1 && out.find("pyptocc runtime error: TLOAD: global memory") != std::string::npos &&
               out.find("the program failed; no output written") != std::string::npos,
           "runtime error: %d %s", st, out.c_str());
    CHECK(stat((g_dir + "/o7").c_str(), &sb) != 0);

    // The dtypes after UNKNOWN: '<u4', '<u2' and '|b1' files, the fill of
    // unsigned and BOOL slots, the scalars' ranges.
    std::vector<uint32_t> u(128);
    std::vector<uint16_t> w(128);
    std::vector<unsigned char> m(128);
    for (int i = 0; i < 128; i++) {
        u[i] = 0x80000000u + static_cast<uint32_t>(i) * 0x01234567u;
        w[i] = static_cast<uint16_t>(i * 517);
        m[i] = static_cast<unsigned char>(i % 3 != 0);
    }
    write_npy("u.npy", "<u4", {8, 16}, u.data(), 512);
    write_npy("w.npy", "<u2", {8, 16}, w.data(), 256);
    write_npy("m.npy", "|b1", {8, 16}, m.data(), 128);
    CHECK(run_main(kUints, {"--list"}, out) == 0);
    CHECK(out.find("u in UINT32 [8, 16]\n") != std::string::npos && out.find("m in BOOL [8, 16]\n") != std::string::npos &&
          out.find("flag scalar BOOL -\n") != std::string::npos);
    st = run_main(kUints, {"u=u.npy", "w=w.npy", "m=m.npy", "k=0x1f", "flag=0", "--out-dir=o8"}, out);
    CHECKF(st == 0, "uints: %d %s", st, out.c_str());
    pyptocc::npy::Array au, aw;
    CHECK(load(g_dir + "/o8/ou.npy", au) && au.descr == "<u4" && au.data.size() == 512);
    CHECK(load(g_dir + "/o8/ow.npy", aw) && aw.descr == "<u2" && aw.data.size() == 256);
    bad = 0;
    for (int i = 0; i < 128; i++) {
        uint32_t gu;
        uint16_t gw;
        std::memcpy(&gu, au.data.data() + 4 * i, 4);
        std::memcpy(&gw, aw.data.data() + 2 * i, 2);
        bad += gu != (m[i] ? u[i] >> 31 : u[i]);  // logical: 1, not -1
        bad += gw != static_cast<uint16_t>(w[i] ^ 0x8000);
    }
    CHECKF(bad == 0, "uints: %d wrong", bad);
    // Filled: unsigned in [0, 15], BOOL 0 or 1 (README); flag=1 shifts by 1.
    CHECK(run_main(kUints, {"flag=1", "k=4294967295", "--out-dir=o9"}, out) == 0);
    CHECK(load(g_dir + "/o9/ou.npy", au) && au.descr == "<u4");
    uint64_t fs = 0x9E3779B97F4A7C15ull, ms = 0x9E3779B97F4A7C15ull * 3;
    bad = 0;
    for (int i = 0; i < 128; i++) {
        fs = fs * 6364136223846793005ull + 1442695040888963407ull;
        ms = ms * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t fu = static_cast<uint32_t>(fs >> 60), gu;
        std::memcpy(&gu, au.data.data() + 4 * i, 4);
        bad += gu != ((ms >> 63) ? fu >> 1 : fu);
    }
    CHECKF(bad == 0, "uints, filled: %d wrong", bad);
    st = run_main(kUints, {"k=4294967296"}, out);
    CHECKF(st == 2 && out.find("'4294967296' is not a valid UINT32 value") != std::string::npos, "%s", out.c_str());
    st = run_main(kUints, {"flag=2"}, out);
    CHECKF(st == 2 && out.find("'2' is not a valid BOOL value") != std::string::npos, "%s", out.c_str());
    m[5] = 2;
    write_npy("m2.npy", "|b1", {8, 16}, m.data(), 128);
    st = run_main(kUints, {"m=m2.npy"}, out);
    CHECKF(st == 2 && out.find("m2.npy: a BOOL element is the byte 2, not 0 or 1") != std::string::npos, "%s",
           out.c_str());
    st = run_main(kUints, {"u=w.npy"}, out);
    CHECKF(st == 2 && out.find("dtype '<u2', but 'u' is UINT32 ('<u4')") != std::string::npos, "%s", out.c_str());

    // Cleanup.
    std::string cmd = "rm -rf '" + g_dir + "'";
    CHECK(std::system(cmd.c_str()) == 0);
}

}  // namespace

int main() {
    test_run_direct();
    test_run_orchestration();
    test_main();
    return rt_test::finish("rt_program");
}
