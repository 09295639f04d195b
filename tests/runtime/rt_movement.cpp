// rt_movement.cpp: moving data and where it lives: GM loads and stores of
// windows, TFILLPAD, TSCATTER, MGATHER and MSCATTER, TMOV between locations, TTRANS, the storage semantics of
// the simulated on-chip buffers (shared addresses, valid regions, capacities,
// per-thread buffers), and the kernel environment (sync flags, block index,
// scalar helpers, enum values, TASSIGN).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>

#include "pto/pto-inst.hpp"
#include "rt_intrin.h"
#include "rt_test.h"

using namespace pto;
using rt_test::Rng;

namespace {

using rt_intrin::bind;
using rt_intrin::fill;

// ------------------------------------------------------------ load / store

void test_load_store() {
    Rng g(1);
    // An 8x16 window at (2, 3) of a 16x24 matrix.
    std::vector<float> gm(16 * 24), out(16 * 24, -1.0f);
    fill(gm.data(), gm.size(), g, -2, 2);
    Tile<TileType::Vec, float, 8, 16> t;
    float *pt = bind(t, 0x100);
    GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<192, 192, 192, 24, 1>, pto::Layout::ND> src(
        gm.data() + 2 * 24 + 3);
    TLOAD(t, src);
    std::vector<float> want(8 * 16);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            want[r * 16 + c] = gm[(2 + r) * 24 + 3 + c];
    CHECK_ARRAY("TLOAD ND window", pt, want.data(), want.size(), 0);
    GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<192, 192, 192, 24, 1>> dst(out.data() + 5 * 24 + 1);
    TSTORE(dst, t);
    int bad = 0;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 24; c++) {
            bool inside = r >= 5 && r < 13 && c >= 1 && c < 17;
            float w = inside ? gm[(2 + r - 5) * 24 + 3 + c - 1] : -1.0f;
            bad += out[r * 24 + c] != w;
        }
    CHECKF(bad == 0, "TSTORE ND window: %d elements wrong", bad);

    // A 16x1 column vector (DN): element r at ptr[r].
    std::vector<float> col(16);
    fill(col.data(), col.size(), g, -2, 2);
    Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> cv;
    float *pc = bind(cv, 0x1000);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 1>, pto::Stride<16, 16, 16, 1, 16>, pto::Layout::DN> gcol(col.data());
    TLOAD(cv, gcol);
    CHECK_ARRAY("TLOAD DN column", pc, col.data(), 16, 0);

    // An f32 accumulator to f32 memory (pto-isa stores only into memory
    // of the tile's element type).
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    float *pa = bind(acc, 0x0);
    fill(pa, 256, g, -70000, 70000);
    std::vector<float> fo(256);
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>> gf(fo.data());
    TSTORE(gf, acc);
    CHECK_ARRAY("TSTORE acc f32", fo.data(), pa, 256, 0);

    // One-byte elements, both ways.
    std::vector<int8_t> i8m(32), i8o(32);
    for (int i = 0; i < 32; i++)
        i8m[i] = static_cast<int8_t>(i * 9 - 128);
    Tile<TileType::Vec, int8_t, 1, 32> i8;
    int8_t *p8 = bind(i8, 0x2000);
    GlobalTensor<int8_t, pto::Shape<1, 1, 1, 1, 32>, pto::Stride<32, 32, 32, 32, 1>> g8(i8m.data()), o8(i8o.data());
    TLOAD(i8, g8);
    CHECK_ARRAY("TLOAD int8", p8, i8m.data(), 32, 0);
    TSTORE(o8, i8);
    CHECK_ARRAY("TSTORE int8", i8o.data(), i8m.data(), 32, 0);

    // Run-time shapes and strides (GlobalTensor(ptr, shape, stride)).
    using DynShape = pto::Shape<1, 1, 1, DYNAMIC, DYNAMIC>;
    using DynStride = pto::Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, 1>;
    GlobalTensor<float, DynShape, DynStride> gd(gm.data() + 24, DynShape(8, 16), DynStride(192, 192, 192, 24));
    TLOAD(t, gd);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            want[r * 16 + c] = gm[(1 + r) * 24 + c];
    CHECK_ARRAY("TLOAD dynamic GlobalTensor", pt, want.data(), want.size(), 0);
}

// ------------------------------------------------------ fillpad, mov, trans

void test_fillpad() {
    // A source with a 5x11 valid region of 8x16; the destination is padded.
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> s(5, 11);
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Zero> dz;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Max> dmax;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Min> dmin;
    float *ps = bind(s, 0x0), *pz = bind(dz, 0x1000), *pmax = bind(dmax, 0x2000), *pmin = bind(dmin, 0x3000);
    CHECK(s.GetValidRow() == 5 && s.GetValidCol() == 11);
    Rng g(77);
    fill(ps, 128, g, -3, 3);
    std::fill(pz, pz + 128, 9.0f);
    TFILLPAD(dz, s);
    TFILLPAD(dmax, s);
    TFILLPAD(dmin, s);
    std::vector<float> wz(128), wmax(128), wmin(128);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++) {
            bool in = r < 5 && c < 11;
            int i = r * 16 + c;
            wz[i] = in ? ps[i] : 0.0f;
            wmax[i] = in ? ps[i] : std::numeric_limits<float>::infinity();
            wmin[i] = in ? ps[i] : -std::numeric_limits<float>::infinity();
        }
    CHECK_ARRAY("TFILLPAD zero", pz, wz.data(), 128, 0);
    CHECK_ARRAY("TFILLPAD max", pmax, wmax.data(), 128, 0);
    CHECK_ARRAY("TFILLPAD min", pmin, wmin.data(), 128, 0);
    // integers; in place
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> si(3, 5);
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, 4, 16, SLayout::NoneBox, 512, PadValue::Max> di;
    int16_t *psi = bind(si, 0x4000), *pdi = bind(di, 0x4000);
    for (int i = 0; i < 64; i++)
        psi[i] = static_cast<int16_t>(i - 7);
    std::vector<int16_t> wi(64);
    for (int i = 0; i < 64; i++)
        wi[i] = (i / 16 < 3 && i % 16 < 5) ? static_cast<int16_t>(i - 7) : std::numeric_limits<int16_t>::max();
    TFILLPAD(di, si);
    CHECK_ARRAY("TFILLPAD int16 max, in place", pdi, wi.data(), 64, 0);
    // TFILLPAD_INPLACE writes only the padding: the valid region is the
    // source's bytes as they were (the NPU copies nothing).
    for (int i = 0; i < 64; i++)
        psi[i] = static_cast<int16_t>(i - 7);
    TFILLPAD_INPLACE(di, si);
    CHECK_ARRAY("TFILLPAD_INPLACE int16 max", pdi, wi.data(), 64, 0);
}

// TSCATTER zeroes its destination first (the NPU's InitUBBuffer), then
// writes each source element at its flat offset, a later one winning.
void test_scatter() {
    Tile<TileType::Vec, float, 4, 8> d;
    Tile<TileType::Vec, float, 2, 8> s;
    Tile<TileType::Vec, int32_t, 2, 8> i;
    float *pd = bind(d, 0x0), *ps = bind(s, 0x100);
    int32_t *pi = bind(i, 0x200);
    std::fill(pd, pd + 32, 7.0f);
    for (int k = 0; k < 16; k++) {
        ps[k] = static_cast<float>(k + 1);
        pi[k] = (k * 5) % 32;
    }
    pi[15] = pi[0];   // the last element wins offset 0
    TSCATTER(d, s, i);
    std::vector<float> want(32, 0.0f);
    for (int k = 0; k < 16; k++)
        want[static_cast<size_t>(pi[k])] = ps[k];
    CHECK_ARRAY("TSCATTER", pd, want.data(), 32, 0);
    CHECK(pd[0] == 16.0f);
}

// MGATHER from a window of a wider matrix (row stride 24): rows by index,
// clamped past the table; elements by flat offset from data(), wrapped.
void test_mgather() {
    std::vector<float> gm(8 * 24);
    for (size_t k = 0; k < gm.size(); k++)
        gm[k] = static_cast<float>(k);
    GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<192, 192, 192, 24, 1>, pto::Layout::ND> g(gm.data());
    Tile<TileType::Vec, float, 3, 16> d;
    Tile<TileType::Vec, int32_t, 1, 8, BLayout::RowMajor, 1, 3> rows;
    float *pd = bind(d, 0x0);
    int32_t *pr = bind(rows, 0x200);
    pr[0] = 2;
    pr[1] = 9;   // past the 8 rows: clamped to row 7
    pr[2] = 0;
    MGATHER<Coalesce::Row, GatherOOB::Clamp>(d, g, rows);
    std::vector<float> want(48);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 16; c++)
            want[static_cast<size_t>(r * 16 + c)] = gm[static_cast<size_t>((r == 0 ? 2 : r == 1 ? 7 : 0) * 24 + c)];
    CHECK_ARRAY("MGATHER row clamp", pd, want.data(), 48, 0);
    Tile<TileType::Vec, float, 1, 8> e;
    Tile<TileType::Vec, int32_t, 1, 8> flat;
    float *pe = bind(e, 0x400);
    int32_t *pf = bind(flat, 0x500);
    for (int k = 0; k < 8; k++)
        pf[k] = 3 + k * 40;   // the table has 8 * 16 = 128 elements
    MGATHER<Coalesce::Elem, GatherOOB::Wrap>(e, g, flat);
    for (int k = 0; k < 8; k++)
        CHECK(pe[k] == gm[static_cast<size_t>((3 + k * 40) % 128)]);
    // MSCATTER writes elements back at flat offsets of data()
    Tile<TileType::Vec, int32_t, 1, 8> back;
    int32_t *pb = bind(back, 0x600);
    for (int k = 0; k < 8; k++)
        pb[k] = 100 + k;
    MSCATTER<Coalesce::Elem>(g, e, back);
    for (int k = 0; k < 8; k++)
        CHECK(gm[static_cast<size_t>(100 + k)] == pe[k]);
}

void test_mov_trans() {
    Rng g(31);
    // Mat -> Left, Mat -> Right, Vec -> Vec: a copy.
    Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor> mat;
    Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor> left;
    Tile<TileType::Right, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::ColMajor> right;
    half *pm = bind(mat, 0x0), *pl = bind(left, 0x0), *pr = bind(right, 0x0);
    fill(pm, 512, g, -2, 2);
    TMOV(left, mat);
    TMOV(right, mat);
    // Each keeps element (r, c) where its layout's boxes put it: Mat NZ,
    // Left ZZ, Right ZN.
    std::vector<half> in_left(512), in_right(512);
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 32; c++) {
            in_left[rt_test::stored_at<decltype(left)>(r, c)] = pm[rt_test::stored_at<decltype(mat)>(r, c)];
            in_right[rt_test::stored_at<decltype(right)>(r, c)] = pm[rt_test::stored_at<decltype(mat)>(r, c)];
        }
    CHECK_ARRAY("TMOV Mat->Left", pl, in_left.data(), 512, 0);
    CHECK_ARRAY("TMOV Mat->Right", pr, in_right.data(), 512, 0);
    // Acc (f32) -> Mat (f16): converted, round to nearest even.
    Tile<TileType::Acc, float, 16, 16> acc;
    Tile<TileType::Mat, half, 16, 16> mh;
    float *pa = bind(acc, 0x0);
    half *pmh = bind(mh, 0x4000);
    fill(pa, 256, g, -100, 100);
    TMOV(mh, acc);
    std::vector<half> wh(256);
    for (int i = 0; i < 256; i++)
        wh[i] = static_cast<half>(pa[i]);
    CHECK_ARRAY("TMOV Acc f32 -> Mat f16", pmh, wh.data(), 256, 0);
    // Acc -> Vec, Vec -> Vec (any pair of locations).
    Tile<TileType::Vec, float, 16, 16> v1, v2;
    float *pv1 = bind(v1, 0x0), *pv2 = bind(v2, 0x1000);
    TMOV(v1, acc);
    TMOV(v2, v1);
    CHECK_ARRAY("TMOV Acc->Vec", pv1, pa, 256, 0);
    CHECK_ARRAY("TMOV Vec->Vec", pv2, pa, 256, 0);
    // TTRANS 8x16 -> 16x8.
    Tile<TileType::Vec, float, 8, 16> ts, tmp;
    Tile<TileType::Vec, float, 16, 8> td;
    float *pts = bind(ts, 0x2000), *ptd = bind(td, 0x3000);
    TASSIGN(tmp, 0x4000);
    fill(pts, 128, g, -5, 5);
    TTRANS(td, ts, tmp);
    std::vector<float> wt(128);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            wt[c * 8 + r] = pts[r * 16 + c];
    CHECK_ARRAY("TTRANS float", ptd, wt.data(), 128, 0);
    Tile<TileType::Vec, int16_t, 16, 32> is, itmp;
    Tile<TileType::Vec, int16_t, 32, 16> id;
    int16_t *pis = bind(is, 0x5000), *pid = bind(id, 0x5400);
    TASSIGN(itmp, 0x5800);
    for (int i = 0; i < 512; i++)
        pis[i] = static_cast<int16_t>(i * 3 - 20);
    TTRANS(id, is, itmp);
    int bad = 0;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 32; c++)
            bad += pid[c * 16 + r] != pis[r * 32 + c];
    CHECKF(bad == 0, "TTRANS int16: %d wrong", bad);
    // square, in place
    Tile<TileType::Vec, float, 8, 8> sq, sqtmp;
    float *psq = bind(sq, 0x6000);
    TASSIGN(sqtmp, 0x6400);
    fill(psq, 64, g, -5, 5);
    std::vector<float> wsq(64);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            wsq[c * 8 + r] = psq[r * 8 + c];
    TTRANS(sq, sq, sqtmp);
    CHECK_ARRAY("TTRANS in place", psq, wsq.data(), 64, 0);
}

// ----------------------------------------------------- storage semantics

void test_storage() {
    // Tiles of different shapes at one address see the same bytes, row-major.
    Tile<TileType::Vec, float, 4, 8> a;
    Tile<TileType::Vec, float, 2, 16> b;
    Tile<TileType::Vec, int32_t, 32, 1, BLayout::ColMajor> c;
    float *pa = bind(a, 0x800), *pb = bind(b, 0x800);
    int32_t *pc = bind(c, 0x800);
    CHECK(static_cast<void *>(pa) == static_cast<void *>(pb) && static_cast<void *>(pa) == static_cast<void *>(pc));
    TEXPANDS(a, 0.0f);
    pa[1 * 8 + 3] = 2.5f;                        // row 1, col 3 of 4x8 = element 11
    CHECK(pb[0 * 16 + 11] == 2.5f);              // row 0, col 11 of 2x16
    CHECK(pc[11] == std::bit_cast<int32_t>(2.5f));  // row 11 of 32x1
    // A valid region: only it is written.
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC> dv(2, 3);
    float *pdv = bind(dv, 0x800);
    TEXPANDS(a, -1.0f);
    TEXPANDS(dv, 7.0f);
    int bad = 0;
    for (int r = 0; r < 4; r++)
        for (int col = 0; col < 8; col++)
            bad += pdv[r * 8 + col] != ((r < 2 && col < 3) ? 7.0f : -1.0f);
    CHECKF(bad == 0, "TEXPANDS on a 2x3 valid region of 4x8: %d wrong", bad);
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, DYNAMIC, 8> dv2(3);
    CHECK(dv2.GetValidRow() == 3 && dv2.GetValidCol() == 8);
    // Every location has a buffer of at least the A5 capacity.
    Tile<TileType::Vec, uint8_t, 1, 1024> vec_last;
    Tile<TileType::Mat, uint8_t, 1, 1024> mat_last;
    Tile<TileType::Left, uint8_t, 1, 1024> left_last;
    Tile<TileType::Right, uint8_t, 1, 1024> right_last;
    Tile<TileType::Acc, uint8_t, 1, 1024> acc_last;
    Tile<TileType::Bias, uint8_t, 1, 1024> bias_last;
    TASSIGN(vec_last, 256 * 1024 - 1024);
    TASSIGN(mat_last, 512 * 1024 - 1024);
    TASSIGN(left_last, 64 * 1024 - 1024);
    TASSIGN(right_last, 64 * 1024 - 1024);
    TASSIGN(acc_last, 256 * 1024 - 1024);
    TASSIGN(bias_last, 4u * 1024 - 1024);
    uint8_t *pbias = bias_last.data();
    pbias[1023] = 1;
    CHECK(bias_last.IsBound() && pbias[1023] == 1);
    // Different locations are different buffers.
    Tile<TileType::Left, float, 1, 8> l0;
    Tile<TileType::Right, float, 1, 8> r0;
    CHECK(static_cast<void *>(bind(l0, 0)) != static_cast<void *>(bind(r0, 0)));
    // Per thread, zero at thread start.
    TEXPANDS(a, 5.0f);
    bool zero = false, separate = false;
    std::thread th([&] {
        Tile<TileType::Vec, float, 64, 64> big;
        float *p = bind(big, 0x0);
        zero = std::all_of(p, p + 4096, [](float v) { return v == 0.0f; });
        separate = static_cast<void *>(p) != static_cast<void *>(pa);
    });
    th.join();
    CHECK(zero);
    CHECK(separate);
    CHECK(pa[0] == 5.0f);
}

// ---------------------------------------------------------------- misc

AICORE void misc_kernel(__gm__ float *x) {
    set_mask_norm();
    set_vector_mask(-1, -1);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
    pipe_barrier(PIPE_V);
    pipe_barrier(PIPE_M);
    pipe_barrier(PIPE_ALL);
    int64_t i = get_block_idx();
    // The scalar helpers of cpp.md 4.4, through pto/pto-inst.hpp alone.
    float f = std::floor(x[0] / 2.0f) + static_cast<float>(std::pow(2.0f, 3.0f)) + std::abs(-1.5f);
    int64_t m = std::min<int64_t>(i, 4) + std::max<int64_t>(i, -4) + std::abs(static_cast<int64_t>(-3));
    x[1] = f + static_cast<float>(m);
}

void test_misc() {
    float x[2] = {5.0f, 0.0f};
    misc_kernel(x);
    CHECK(x[1] == 2.0f + 8.0f + 1.5f + (0 + 0 + 3));
    CHECK(get_block_idx() == 0);
    const int pipes[] = {PIPE_S, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M, PIPE_FIX, PIPE_ALL};
    bool distinct = true;
    for (int i = 0; i < 8; i++)
        for (int j = i + 1; j < 8; j++)
            distinct = distinct && pipes[i] != pipes[j];
    CHECK(distinct);
    CHECK(EVENT_ID0 == 0 && EVENT_ID7 == 7);
    CHECK(static_cast<int>(RoundMode::CAST_ODD) == 6 && static_cast<int>(CmpMode::GE) == 5 && DYNAMIC == -1);
    using TT = Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, 64, 64, SLayout::NoneBox, 512, PadValue::Null,
                    CompactMode::Null>;
    CHECK((std::is_same_v<TT::DType, float>));
    TT t;
    CHECK(!t.IsBound());
    TASSIGN(t, 0x4000u);
    CHECK(t.IsBound());
    TASSIGN(t, static_cast<int64_t>(0x8000));
    TASSIGN(t, static_cast<uint8_t>(0));
    CHECK(t.IsBound());
}

}  // namespace

// A Mat NZ tile keeps its fractal boxes (pto-isa's CPU simulator,
// cpu/tile_offsets.hpp): half, so 16 x 16 boxes, a column of boxes the
// tile's rows high.  A Tile bound inside it at row * 32 bytes plus a
// column of boxes, the destination's rows high (tile.gather_row's
// sub-view), is that row of it: a TLOAD there lands in the rows it names.
void test_nz_storage() {
    using Nz = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor>;
    std::vector<half> gm(32 * 32), rows(3 * 16);
    for (int k = 0; k < 32 * 32; k++)
        gm[k] = static_cast<half>(static_cast<float>(k % 1000));
    for (int k = 0; k < 3 * 16; k++)
        rows[k] = static_cast<half>(static_cast<float>(-1 - k));
    Nz t;
    half *p = bind(t, 0x0);
    GlobalTensor<half, pto::Shape<1, 1, 1, 32, 32>, pto::Stride<1024, 1024, 1024, 32, 1>> whole(gm.data());
    TLOAD(t, whole);
    CHECK(p[0 * 16 + 1] == gm[0 * 32 + 1]);             // (0, 1): box 0
    CHECK(p[1 * 16 + 0] == gm[1 * 32 + 0]);             // (1, 0): the next row of 32 bytes
    CHECK(p[32 * 16 + 0] == gm[0 * 32 + 16]);           // (0, 16): the second column of boxes
    CHECK(p[32 * 16 + 17 * 16 + 3] == gm[17 * 32 + 19]);  // (17, 19)
    // Rows 5-7, columns 16-31: a sub-view at 5 * 32 bytes into the second
    // column of boxes (32 * 16 halves), 32 rows high, valid 3 x 16.
    Tile<TileType::Mat, half, 32, 16, BLayout::ColMajor, 3, 16, SLayout::RowMajor> sub;
    TASSIGN(sub, 5 * 32 + 32 * 16 * 2);
    GlobalTensor<half, pto::Shape<1, 1, 1, 3, 16>, pto::Stride<48, 48, 48, 16, 1>> g(rows.data());
    TLOAD(sub, g);
    Tile<TileType::Left, half, 32, 32, BLayout::RowMajor, 32, 32, SLayout::RowMajor> left;
    bind(left, 0x0);
    TMOV(left, t);
    int bad = 0;
    half *pl = left.data();
    for (unsigned r = 0; r < 32; r++)
        for (unsigned c = 0; c < 32; c++) {
            half want = r >= 5 && r < 8 && c >= 16 ? rows[(r - 5) * 16 + (c - 16)] : gm[r * 32 + c];
            bad += pl[rt_test::stored_at<decltype(left)>(r, c)] != want;
        }
    CHECKF(bad == 0, "a sub-view's TLOAD into an NZ tile: %d elements elsewhere", bad);
}

int main() {
    test_load_store();
    test_nz_storage();
    test_fillpad();
    test_scatter();
    test_mgather();
    test_mov_trans();
    test_storage();
    test_misc();
    return rt_test::finish("rt_movement");
}
