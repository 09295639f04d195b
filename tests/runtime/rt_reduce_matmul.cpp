// rt_reduce_matmul.cpp: the intrinsics that combine or spread elements
// across a tile: row and column reductions, the expands that broadcast a row,
// a column or a scalar back over a tile, and TMATMUL/TGEMV with their
// accumulating forms.  References are straightforward loops (and a
// double-precision sum or product for the float accumulations).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "rt_intrin.h"
#include "rt_test.h"

using namespace pto;
using rt_test::Rng;

namespace {

using rt_intrin::bind;
using rt_intrin::fill;
using rt_intrin::tname;

// ------------------------------------------------------------ reductions

// Column sums and maxima only for float types (pto-isa has no others); row
// sums for int16_t and int32_t too (pto-isa 3186c381's TROWSUM), wrapping.
template <class T> void reduce_for() {
    constexpr int R = 16, C = 32;
    const bool fl = rt_test::is_floaty<T>;
    Tile<TileType::Vec, T, R, C> s, tmp;
    Tile<TileType::Vec, T, R, 1, BLayout::ColMajor> rv;
    Tile<TileType::Vec, T, 1, C> cv;
    T *ps = bind(s, 0x0), *prv = bind(rv, 0x8000), *pcv = bind(cv, 0x9000);
    TASSIGN(tmp, 0xa000);
    Rng g(11 + sizeof(T));
    fill(ps, R * C, g, fl ? -5 : -1000, fl ? 5 : 1000);
    std::vector<T> wr(R), wc(C);
    auto sum_ref = [](float acc, T v) {
        if constexpr (rt_test::is_floaty<T>)
            return acc + static_cast<float>(v);
        else
            return acc;  // unused
    };
    (void)sum_ref;
    // row sums (left to right, in float for float types)
    for (int r = 0; r < R; r++) {
        if constexpr (rt_test::is_floaty<T>) {
            float acc = 0;
            for (int c = 0; c < C; c++)
                acc += static_cast<float>(ps[r * C + c]);
            wr[r] = static_cast<T>(acc);
        } else {
            int64_t acc = 0;
            for (int c = 0; c < C; c++)
                acc += ps[r * C + c];
            wr[r] = static_cast<T>(acc);
        }
    }
    TROWSUM(rv, s, tmp);
    CHECK_ARRAY(tname<T>("TROWSUM").c_str(), prv, wr.data(), R, 0);
    for (int r = 0; r < R; r++)
        wr[r] = *std::max_element(ps + r * C, ps + r * C + C,
                                  [](T p, T q) { return rt_test::as_double(p) < rt_test::as_double(q); });
    TROWMAX(rv, s, tmp);
    CHECK_ARRAY(tname<T>("TROWMAX").c_str(), prv, wr.data(), R, 0);
    for (int r = 0; r < R; r++)
        wr[r] = *std::min_element(ps + r * C, ps + r * C + C,
                                  [](T p, T q) { return rt_test::as_double(p) < rt_test::as_double(q); });
    TROWMIN(rv, s, tmp);
    CHECK_ARRAY(tname<T>("TROWMIN").c_str(), prv, wr.data(), R, 0);
    // column sums (top to bottom)
    for (int c = 0; c < C; c++) {
        if constexpr (rt_test::is_floaty<T>) {
            float acc = 0;
            for (int r = 0; r < R; r++)
                acc += static_cast<float>(ps[r * C + c]);
            wc[c] = static_cast<T>(acc);
        } else {
            int64_t acc = 0;
            for (int r = 0; r < R; r++)
                acc += ps[r * C + c];
            wc[c] = static_cast<T>(acc);
        }
    }
    if constexpr (rt_test::is_floaty<T>) {
        TCOLSUM(cv, s);
        CHECK_ARRAY(tname<T>("TCOLSUM").c_str(), pcv, wc.data(), C, 0);
    }
    for (int c = 0; c < C; c++) {
        T mx = ps[c], mn = ps[c];
        for (int r = 1; r < R; r++) {
            if (rt_test::as_double(ps[r * C + c]) > rt_test::as_double(mx))
                mx = ps[r * C + c];
            if (rt_test::as_double(ps[r * C + c]) < rt_test::as_double(mn))
                mn = ps[r * C + c];
        }
        wc[c] = mx;
    }
    if constexpr (rt_test::is_floaty<T>) {
        TCOLMAX(cv, s);
        CHECK_ARRAY(tname<T>("TCOLMAX").c_str(), pcv, wc.data(), C, 0);
    }
    for (int c = 0; c < C; c++) {
        T mn = ps[c];
        for (int r = 1; r < R; r++)
            if (rt_test::as_double(ps[r * C + c]) < rt_test::as_double(mn))
                mn = ps[r * C + c];
        wc[c] = mn;
    }
    TCOLMIN(cv, s);
    CHECK_ARRAY(tname<T>("TCOLMIN").c_str(), pcv, wc.data(), C, 0);
}

void test_reductions() {
    reduce_for<float>();
    reduce_for<half>();
    reduce_for<int32_t>();
    reduce_for<int16_t>();
    // Against a double-precision sum: float accumulation stays within 1e-6.
    Tile<TileType::Vec, float, 8, 256> s, tmp;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> rv;
    float *ps = bind(s, 0x0), *prv = bind(rv, 0x10000);
    TASSIGN(tmp, 0x11000);
    Rng g(4242);
    fill(ps, 8 * 256, g, 0, 1);
    TROWSUM(rv, s, tmp);
    for (int r = 0; r < 8; r++) {
        double acc = 0;
        for (int c = 0; c < 256; c++)
            acc += ps[r * 256 + c];
        CHECKF(std::fabs(prv[r] - acc) <= 1e-6 * acc, "TROWSUM row %d: %.9g vs %.9g", r, prv[r], acc);
    }
}

// -------------------------------------------------------------- expands

// The arithmetic broadcasts for half and float, and but for division for
// int16_t and int32_t (pto-isa 3186c381's TROWEXPAND*/TCOLEXPAND* take the
// 16- and 32-bit integers; e612db81 took half and float only).
template <class T> void expand_for() {
    constexpr int R = 16, C = 16, N = R * C;
    const bool fl = rt_test::is_floaty<T>;
    Tile<TileType::Vec, T, R, C> a, d;
    Tile<TileType::Vec, T, R, 1, BLayout::ColMajor> rv;
    Tile<TileType::Vec, T, 1, C> cv;
    T *pa = bind(a, 0x0), *pd = bind(d, 0x2000), *prv = bind(rv, 0x4000), *pcv = bind(cv, 0x5000);
    Rng g(23 + sizeof(T));
    fill(pa, N, g, fl ? -5 : -100, fl ? 5 : 100);
    fill(prv, R, g, fl ? -5 : -100, fl ? 5 : 100, true);
    fill(pcv, C, g, fl ? -5 : -100, fl ? 5 : 100, true);
    std::vector<T> want(N);
    auto op = [](T p, T q, char o) -> T {
        if constexpr (rt_test::is_floaty<T>) {
            float u = static_cast<float>(p), v = static_cast<float>(q);
            return static_cast<T>(o == '+' ? u + v : o == '-' ? u - v : o == '*' ? u * v : u / v);
        } else {
            return static_cast<T>(o == '+' ? p + q : o == '-' ? p - q : o == '*' ? p * q : p / q);
        }
    };
    TROWEXPAND(d, rv);
    for (int i = 0; i < N; i++)
        want[i] = prv[i / C];
    CHECK_ARRAY(tname<T>("TROWEXPAND").c_str(), pd, want.data(), N, 0);
    TCOLEXPAND(d, cv);
    for (int i = 0; i < N; i++)
        want[i] = pcv[i % C];
    CHECK_ARRAY(tname<T>("TCOLEXPAND").c_str(), pd, want.data(), N, 0);
    const char ops[4] = {'+', '-', '*', '/'};
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int16_t>) {
    for (char o : ops) {
        if (!fl && o == '/')
            continue;
        switch (o) {
        case '+':
            TROWEXPANDADD(d, a, rv);
            break;
        case '-':
            TROWEXPANDSUB(d, a, rv);
            break;
        case '*':
            TROWEXPANDMUL(d, a, rv);
            break;
        default:
            if constexpr (rt_test::is_floaty<T>)
                TROWEXPANDDIV(d, a, rv);
            break;
        }
        for (int i = 0; i < N; i++)
            want[i] = op(pa[i], prv[i / C], o);
        CHECK_ARRAY((tname<T>("TROWEXPAND") + o).c_str(), pd, want.data(), N, 0);
        switch (o) {
        case '+':
            TCOLEXPANDADD(d, a, cv);
            break;
        case '-':
            TCOLEXPANDSUB(d, a, cv);
            break;
        case '*':
            TCOLEXPANDMUL(d, a, cv);
            break;
        default:
            if constexpr (rt_test::is_floaty<T>)
                TCOLEXPANDDIV(d, a, cv);
            break;
        }
        for (int i = 0; i < N; i++)
            want[i] = op(pa[i], pcv[i % C], o);
        CHECK_ARRAY((tname<T>("TCOLEXPAND") + o).c_str(), pd, want.data(), N, 0);
    }
    // in place (softmax style)
    for (int i = 0; i < N; i++)
        want[i] = op(pa[i], prv[i / C], '-');
    TROWEXPANDSUB(a, a, rv);
    CHECK_ARRAY(tname<T>("TROWEXPANDSUB in place").c_str(), pa, want.data(), N, 0);
    }
    // A [M, N] source of TROWEXPAND reads column 0.
    TROWEXPAND(d, a);
    for (int i = 0; i < N; i++)
        want[i] = pa[(i / C) * C];
    CHECK_ARRAY(tname<T>("TROWEXPAND of a full tile").c_str(), pd, want.data(), N, 0);
}

void test_expand() {
    expand_for<float>();
    expand_for<half>();
    expand_for<bfloat16_t>();
    expand_for<int32_t>();
    expand_for<int16_t>();
}

// ---------------------------------------------------------------- matmul

template <class A, class T> void matmul_for(double lo, double hi) {
    constexpr int M = 16, K = 32, N = 16;
    Tile<TileType::Left, T, M, K, BLayout::RowMajor, M, K, SLayout::RowMajor> l;
    Tile<TileType::Right, T, K, N, BLayout::RowMajor, K, N, SLayout::ColMajor> r;
    Tile<TileType::Acc, A, M, N, BLayout::ColMajor, M, N, SLayout::RowMajor, 1024> acc, acc2;
    T *pl = bind(l, 0x0), *pr = bind(r, 0x0);
    A *pacc = bind(acc, 0x0), *pacc2 = bind(acc2, 0x4000);
    Rng g(sizeof(A) * 13 + sizeof(T));
    fill(pl, M * K, g, lo, hi);
    fill(pr, K * N, g, lo, hi);
    // Each operand keeps (r, c) where its boxes put it (Left ZZ, Right ZN,
    // Acc NZ of one 16 x 16 box: row by row).
    auto lv = [&](int i, int k) { return pl[rt_test::stored_at<decltype(l)>(i, k)]; };
    auto rv = [&](int k, int j) { return pr[rt_test::stored_at<decltype(r)>(k, j)]; };
    std::vector<A> want(M * N);
    auto reference = [&](const A *init) {
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                A s = init ? init[i * N + j] : A(0);
                for (int k = 0; k < K; k++) {
                    if constexpr (std::is_same_v<A, float>)
                        s += static_cast<float>(lv(i, k)) * static_cast<float>(rv(k, j));
                    else
                        s = static_cast<A>(static_cast<uint32_t>(s) + static_cast<uint32_t>(
                                                                            static_cast<int32_t>(lv(i, k)) *
                                                                            static_cast<int32_t>(rv(k, j))));
                }
                want[i * N + j] = s;
            }
    };
    reference(nullptr);
    TMATMUL(acc, l, r);
    std::string name = std::string("TMATMUL ") + detail::type_name<A>() + " += " + detail::type_name<T>();
    CHECK_ARRAY(name.c_str(), pacc, want.data(), want.size(), 0);
    // out = in + l * r, with out == in and with a separate out.
    std::vector<A> init(pacc, pacc + M * N);
    reference(init.data());
    TMATMUL_ACC(acc2, acc, l, r);
    CHECK_ARRAY((name + " ACC").c_str(), pacc2, want.data(), want.size(), 0);
    TMATMUL_ACC(acc, acc, l, r);
    CHECK_ARRAY((name + " ACC in place").c_str(), pacc, want.data(), want.size(), 0);
    // Against a double-precision product (float accumulators).
    if constexpr (std::is_same_v<A, float>) {
        TMATMUL(acc, l, r);
        int bad = 0;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double s = 0, mag = 0;
                for (int k = 0; k < K; k++) {
                    double p = static_cast<double>(static_cast<float>(lv(i, k))) *
                               static_cast<double>(static_cast<float>(rv(k, j)));
                    s += p;
                    mag += std::fabs(p);
                }
                bad += std::fabs(pacc[i * N + j] - s) > 1e-6 * mag;
            }
        CHECKF(bad == 0, "%s: %d elements off the double-precision product", name.c_str(), bad);
    }
}

void test_matmul() {
    matmul_for<float, half>(-2, 2);
    matmul_for<float, bfloat16_t>(-2, 2);
    matmul_for<float, float>(-2, 2);
    matmul_for<int32_t, int8_t>(-128, 127);
    // GEMV: one row.
    Tile<TileType::Left, half, 1, 32, BLayout::RowMajor, 1, 32, SLayout::RowMajor> l;
    Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, 32, 16, SLayout::ColMajor> r;
    Tile<TileType::Acc, float, 1, 16, BLayout::ColMajor, 1, 16, SLayout::RowMajor, 1024> acc, out;
    half *pl = bind(l, 0x0), *pr = bind(r, 0x0);
    float *pacc = bind(acc, 0x0), *pout = bind(out, 0x1000);
    Rng g(808);
    // A one-row ZZ tile keeps its columns in the boxes' places (pto-isa's
    // CPU simulator: column 16 is element 256), past its 32 elements.
    fill(pl, 512, g, -1, 1);
    fill(pr, 512, g, -1, 1);
    auto lv = [&](int k) { return pl[rt_test::stored_at<decltype(l)>(0, k)]; };
    auto rv = [&](int k, int j) { return pr[rt_test::stored_at<decltype(r)>(k, j)]; };
    std::vector<float> want(16);
    for (int j = 0; j < 16; j++) {
        float s = 0;
        for (int k = 0; k < 32; k++)
            s += static_cast<float>(lv(k)) * static_cast<float>(rv(k, j));
        want[j] = s;
    }
    TGEMV(acc, l, r);
    CHECK_ARRAY("TGEMV", pacc, want.data(), 16, 0);
    for (int j = 0; j < 16; j++) {
        float s = pacc[j];
        for (int k = 0; k < 32; k++)
            s += static_cast<float>(lv(k)) * static_cast<float>(rv(k, j));
        want[j] = s;
    }
    TGEMV_ACC(out, acc, l, r);
    CHECK_ARRAY("TGEMV_ACC", pout, want.data(), 16, 0);
    TGEMV_ACC(acc, acc, l, r);
    CHECK_ARRAY("TGEMV_ACC in place", pacc, want.data(), 16, 0);
}

}  // namespace

int main() {
    test_reductions();
    test_expand();
    test_matmul();
    return rt_test::finish("rt_reduce_matmul");
}
