//===- BlockPtrTest.cpp - Block pointers and carried aggregates ----------===//
//
// tl.make_block_ptr / tl.advance with loads and stores through them
// (and tl.make_tensor_descriptor's loads and stores)
// (boundary_check, padding_option), block pointers and tuples carried by
// `for` and `while` loops and merged by `if`s. Kernels are Python source
// compiled through tilec::Compiler and run by the interpreter on fresh random
// inputs (TILEC_TEST_SEED reruns one) with poisoned outputs (0xAB bytes);
// every element is checked against a host reference: exactly where the
// kernel only moves data, in fp64 with a bound where it computes.
//
//===----------------------------------------------------------------------===//

#include "TypedBuffers.h"

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

const char *kSource = R"(import triton
import triton.language as tl

@triton.jit
def copy2d(in_ptr, out_ptr, M, N, sm, sn, om, on, BM: tl.constexpr,
           BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(in_ptr, shape=(M, N), strides=(sm, sn),
                            offsets=(pid_m * BM, pid_n * BN),
                            block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(out_ptr, (M, N), (om, on), (pid_m * BM, pid_n * BN),
                            (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, x * 2 + 1, boundary_check=(0, 1))

@triton.jit
def padded(in_ptr, out_ptr, M, N, shift, PAD: tl.constexpr, BM: tl.constexpr,
           BN: tl.constexpr):
    # Blocks that start before the tensor (negative offsets) and run past it;
    # the whole block is written densely, padding included.
    pid = tl.program_id(0)
    src = tl.make_block_ptr(in_ptr, (M, N), (N, 1), (pid * BM - shift, -shift),
                            (BM, BN), (1, 0))
    if PAD == 0:
        x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    else:
        x = tl.load(src, boundary_check=(0, 1), padding_option="nan")
    dst = tl.make_block_ptr(out_ptr, (BM * tl.num_programs(0), BN), (BN, 1),
                            (pid * BM, 0), (BM, BN), (1, 0))
    tl.store(dst, x)

@triton.jit
def row_checked(in_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Only dimension 0 checked; the columns are in bounds by construction.
    pid = tl.program_id(0)
    src = tl.make_block_ptr(in_ptr, (M, N), (N, 1), (pid * BM, 0), (BM, BN),
                            (1, 0))
    x = tl.load(src, boundary_check=(0,), padding_option="zero")
    dst = tl.make_block_ptr(out_ptr, (M, N), (N, 1), (pid * BM, 0), (BM, BN),
                            (1, 0))
    tl.store(dst, x + 1, boundary_check=[0])

@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_bp = tl.make_block_ptr(a_ptr, (M, K), (sam, sak), (pid_m * BM, 0),
                             (BM, BK), (1, 0))
    b_bp = tl.make_block_ptr(b_ptr, (K, N), (sbk, sbn), (0, pid_n * BN),
                             (BK, BN), (0, 1))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b, input_precision="ieee")
        a_bp = tl.advance(a_bp, (0, BK))
        b_bp = tl.advance(b_bp, (BK, 0))
    c_bp = tl.make_block_ptr(c_ptr, (M, N), (scm, scn), (pid_m * BM, pid_n * BN),
                             (BM, BN), (1, 0))
    tl.store(c_bp, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))

@triton.jit
def row_sums(x_ptr, out_ptr, N, stride, B: tl.constexpr):
    # A 1-D block pointer advanced through a row by a runtime step, a tuple
    # (sum, count) carried by the loop.
    row = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr + row * stride, (N,), (1,), (0,), (B,), (0,))
    acc = (tl.zeros((B,), dtype=tl.float32), 0)
    step = B
    for k in range(0, N, B):
        x = tl.load(p, boundary_check=(0,), padding_option="zero")
        acc = (acc[0] + x, acc[1] + 1)
        p = tl.advance(p, (step,))
    tl.store(out_ptr + 2 * row, tl.sum(acc[0], axis=0))
    tl.store(out_ptr + 2 * row + 1, acc[1].to(tl.float32))

@triton.jit
def while_skip(x_ptr, out_ptr, N, B: tl.constexpr):
    # A while loop carrying a block pointer; an `if` on a runtime value
    # advancing it in one branch only: every other block is summed.
    p = tl.make_block_ptr(x_ptr, (N,), (1,), (0,), (B,), (0,))
    i = 0
    total = tl.zeros((B,), dtype=tl.float32)
    while i * B < N:
        if i % 2 == 0:
            total += tl.load(p, boundary_check=(0,), padding_option="zero")
            p = tl.advance(p, (2 * B,))
        i += 1
    tl.store(out_ptr, tl.sum(total, axis=0))

@triton.jit
def col_major(in_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # A column-major tensor read through a block pointer with order (0, 1),
    # written back row-major.
    pid = tl.program_id(0)
    src = tl.make_block_ptr(in_ptr, (M, N), (1, M), (0, pid * BN), (BM, BN),
                            (0, 1))
    x = tl.load(src, boundary_check=(0, 1))
    dst = tl.make_block_ptr(out_ptr, (M, N), (N, 1), (0, pid * BN), (BM, BN),
                            (1, 0))
    tl.store(dst, x, boundary_check=(0, 1))

@triton.jit
def desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # Device-side tensor descriptors (Triton 3.4+): B given as N x K, used
    # transposed; out-of-bounds reads are zero, writes clipped.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN])
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([off_m, k * BK])
        b = tl.load_tensor_descriptor(b_desc, [off_n, k * BK])
        acc = tl.dot(a, b.T, acc, input_precision="ieee")
    c_desc.store([off_m, off_n], acc.to(c_desc.dtype))

@triton.jit
def desc_nan(in_ptr, out_ptr, N, B: tl.constexpr):
    d = tl.make_tensor_descriptor(in_ptr, [N], [1], [B], padding_option="nan")
    o = tl.make_tensor_descriptor(out_ptr, [B * 2], [1], [B])
    tl.store_tensor_descriptor(o, [tl.program_id(0) * B], d.load([tl.program_id(0) * B]))

@triton.jit
def fill(out_ptr, M, N, value, BM: tl.constexpr, BN: tl.constexpr):
    dst = tl.make_block_ptr(out_ptr, (M, N), (N, 1),
                            (tl.program_id(0) * BM, 0), (BM, BN), (1, 0))
    tl.store(dst, value, boundary_check=(0, 1))
)";

TileKernels &kernels() {
  static TileKernels cache("block_ptr.py", kSource);
  return cache;
}

unsigned cdiv(int64_t a, int64_t b) { return unsigned((a + b - 1) / b); }

void randomize(ByteArray &b, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  for (size_t i = 0; i < b.size(); ++i)
    b.set(i, dist(rng));
}

TEST(BlockPtr, Copy2DBothDimensionsChecked) {
  FRESH_RNG(rng);
  for (int round = 0; round < 6; ++round) {
    int64_t M = 1 + rng() % 70, N = 1 + rng() % 90;
    int64_t sm = N + rng() % 5, om = N + rng() % 7; // padded rows
    ByteArray in(ElemTy::F32, M * sm), out(ElemTy::F32, M * om);
    randomize(in, rng);
    // One program more than needed along each axis: its block is all out.
    std::array<unsigned, 3> grid = {cdiv(M, 16) + 1, cdiv(N, 32) + 1, 1};
    ASSERT_EQ(runKernel(kernels(), "copy2d",
                        "*fp32, *fp32, i32, i32, i32, i32, i32, i32, 16, 32",
                        grid,
                        {&in, &out, I(M), I(N), I(sm), I(1), I(om), I(1)}),
              "");
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < om; ++j) {
        size_t o = size_t(i * om + j);
        if (j < N)
          ASSERT_EQ(out.get(o), float(in.get(size_t(i * sm + j)) * 2 + 1))
              << "(" << i << ", " << j << ") M=" << M << " N=" << N;
        else
          ASSERT_TRUE(out.poisoned(o))
              << "padding (" << i << ", " << j << ") written";
      }
  }
}

TEST(BlockPtr, NegativeOffsetsArePadded) {
  FRESH_RNG(rng);
  const int BM = 8, BN = 16;
  for (int pad = 0; pad < 2; ++pad) {
    int64_t M = 1 + rng() % 30, N = 1 + rng() % 20, shift = rng() % 6;
    ByteArray in(ElemTy::F32, M * N);
    randomize(in, rng);
    unsigned grid = cdiv(M + shift, BM) + 1;
    ByteArray out(ElemTy::F32, size_t(grid) * BM * BN);
    ASSERT_EQ(runKernel(kernels(), "padded",
                        "*fp32, *fp32, i32, i32, i32, " + std::to_string(pad) +
                            ", 8, 16",
                        {grid, 1, 1}, {&in, &out, I(M), I(N), I(shift)}),
              "");
    for (unsigned p = 0; p < grid; ++p)
      for (int r = 0; r < BM; ++r)
        for (int c = 0; c < BN; ++c) {
          int64_t i = int64_t(p) * BM + r - shift, j = c - shift;
          double got = out.get(size_t((p * BM + r) * BN + c));
          bool inside = i >= 0 && i < M && j >= 0 && j < N;
          if (inside)
            ASSERT_EQ(got, in.get(size_t(i * N + j))) << i << ", " << j;
          else if (pad == 0)
            ASSERT_TRUE(got == 0 && !std::signbit(got)) << i << ", " << j;
          else
            ASSERT_TRUE(std::isnan(got)) << i << ", " << j;
        }
  }
}

TEST(BlockPtr, OneDimensionChecked) {
  FRESH_RNG(rng);
  int64_t M = 1 + rng() % 50, N = 32;
  ByteArray in(ElemTy::F32, M * N), out(ElemTy::F32, (M + 16) * N);
  randomize(in, rng);
  ASSERT_EQ(runKernel(kernels(), "row_checked",
                      "*fp32, *fp32, i32, i32, 16, 32", {cdiv(M, 16), 1, 1},
                      {&in, &out, I(M), I(N)}),
            "");
  for (int64_t i = 0; i < M + 16; ++i)
    for (int64_t j = 0; j < N; ++j) {
      size_t o = size_t(i * N + j);
      if (i < M)
        ASSERT_EQ(out.get(o), float(in.get(o) + 1)) << i << ", " << j;
      else
        ASSERT_TRUE(out.poisoned(o)) << "row " << i << " written";
    }
}

TEST(BlockPtr, MatmulAdvancedThroughK) {
  FRESH_RNG(rng);
  for (ElemTy t : {ElemTy::F32, ElemTy::F16}) {
    int64_t M = 1 + rng() % 80, N = 1 + rng() % 80, K = 1 + rng() % 100;
    // A row-major, B column-major (strides (1, K)), C row-major.
    ByteArray a(t, M * K), bm(t, K * N), c(ElemTy::F32, M * N);
    randomize(a, rng);
    randomize(bm, rng);
    std::string ty = info(t).sig;
    ASSERT_EQ(runKernel(kernels(), "matmul",
                        "*" + ty + ", *" + ty +
                            ", *fp32, i32, i32, i32, i32, i32, i32, i32, i32, "
                            "i32, 32, 32, 16",
                        {cdiv(M, 32), cdiv(N, 32), 1},
                        {&a, &bm, &c, I(M), I(N), I(K), I(K), I(1), I(1), I(K),
                         I(N), I(1)}),
              "")
        << ty;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        auto [ref, mag] = dotRef(a, i * K, 1, bm, j * K, 1, K);
        double got = c.get(size_t(i * N + j));
        ASSERT_NEAR(got, ref, 1e-6 * mag + 1e-30)
            << ty << " (" << i << ", " << j << ") M=" << M << " N=" << N
            << " K=" << K;
      }
  }
}

TEST(BlockPtr, TupleAndBlockPointerCarriedByFor) {
  FRESH_RNG(rng);
  int64_t rows = 1 + rng() % 5, N = 1 + rng() % 300, stride = N + rng() % 9;
  ByteArray x(ElemTy::F32, rows * stride), out(ElemTy::F32, 2 * rows);
  randomize(x, rng);
  ASSERT_EQ(runKernel(kernels(), "row_sums", "*fp32, *fp32, i32, i32, 64",
                      {unsigned(rows), 1, 1}, {&x, &out, I(N), I(stride)}),
            "");
  for (int64_t r = 0; r < rows; ++r) {
    double ref = 0, mag = 0;
    for (int64_t j = 0; j < N; ++j) {
      ref += x.get(size_t(r * stride + j));
      mag += std::fabs(x.get(size_t(r * stride + j)));
    }
    EXPECT_NEAR(out.get(size_t(2 * r)), ref, 1e-6 * mag) << "row " << r;
    EXPECT_EQ(out.get(size_t(2 * r + 1)), double(cdiv(N, 64))) << "row " << r;
  }
}

TEST(BlockPtr, CarriedByWhileAndMergedByIf) {
  FRESH_RNG(rng);
  int64_t N = 1 + rng() % 700;
  ByteArray x(ElemTy::F32, N), out(ElemTy::F32, 1);
  randomize(x, rng);
  ASSERT_EQ(runKernel(kernels(), "while_skip", "*fp32, *fp32, i32, 32",
                      {1, 1, 1}, {&x, &out, I(N)}),
            "");
  // The even iterations i load at 2 blocks per load so far: block i, while
  // i * 32 < N.
  double ref = 0, mag = 0;
  for (int64_t j = 0; j < N; ++j)
    if ((j / 32) % 2 == 0) {
      ref += x.get(size_t(j));
      mag += std::fabs(x.get(size_t(j)));
    }
  EXPECT_NEAR(out.get(0), ref, 1e-6 * mag + 1e-30) << "N=" << N;
}

TEST(BlockPtr, ColumnMajorOrder) {
  FRESH_RNG(rng);
  int64_t M = 1 + rng() % 16, N = 1 + rng() % 70;
  ByteArray in(ElemTy::F32, M * N), out(ElemTy::F32, M * N);
  randomize(in, rng);
  ASSERT_EQ(runKernel(kernels(), "col_major", "*fp32, *fp32, i32, i32, 16, 32",
                      {cdiv(N, 32), 1, 1}, {&in, &out, I(M), I(N)}),
            "");
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      ASSERT_EQ(out.get(size_t(i * N + j)), in.get(size_t(j * M + i)))
          << i << ", " << j;
}

TEST(BlockPtr, TensorDescriptorMatmul) {
  FRESH_RNG(rng);
  for (ElemTy t : {ElemTy::F32, ElemTy::F16}) {
    int64_t M = 1 + rng() % 70, N = 1 + rng() % 70, K = 1 + rng() % 90;
    ByteArray a(t, M * K), b(t, N * K), c(t, M * N + 8);
    randomize(a, rng);
    randomize(b, rng);
    std::string ty = info(t).sig;
    ASSERT_EQ(runKernel(kernels(), "desc_matmul",
                        "*" + ty + ", *" + ty + ", *" + ty +
                            ", i32, i32, i32, 32, 32, 16",
                        {cdiv(M, 32), cdiv(N, 32), 1},
                        {&a, &b, &c, I(M), I(N), I(K)}),
              "")
        << ty;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        auto [ref, mag] = dotRef(a, i * K, 1, b, j * K, 1, K);
        ASSERT_NEAR(c.get(size_t(i * N + j)), ref,
                    (t == ElemTy::F16 ? 1e-3 * std::fabs(ref) : 0) +
                        1e-6 * mag + 1e-30)
            << ty << " C[" << i << ", " << j << "]";
      }
    for (size_t i = size_t(M * N); i < c.size(); ++i)
      ASSERT_TRUE(c.poisoned(i)) << ty << ": C written past its end at " << i;
  }
}

TEST(BlockPtr, TensorDescriptorNanPadding) {
  FRESH_RNG(rng);
  int64_t N = 1 + rng() % 60;
  ByteArray in(ElemTy::F32, N), out(ElemTy::F32, 128 + 4);
  randomize(in, rng);
  ASSERT_EQ(runKernel(kernels(), "desc_nan", "*fp32, *fp32, i32, 64", {3, 1, 1},
                      {&in, &out, I(N)}),
            "");
  // Programs 0 and 1 write [0, 128); program 2's block lies past the
  // output's shape (2 * 64) and is clipped.
  for (int64_t i = 0; i < 128; ++i) {
    if (i < N)
      ASSERT_EQ(out.get(size_t(i)), in.get(size_t(i))) << i;
    else
      ASSERT_TRUE(std::isnan(out.get(size_t(i)))) << i;
  }
  for (size_t i = 128; i < out.size(); ++i)
    ASSERT_TRUE(out.poisoned(i)) << i;
}

TEST(BlockPtr, StoreOfAScalar) {
  FRESH_RNG(rng);
  int64_t M = 1 + rng() % 40, N = 1 + rng() % 16;
  double value = std::uniform_real_distribution<double>(-5, 5)(rng);
  ByteArray out(ElemTy::F32, M * N + 64);
  ASSERT_EQ(runKernel(kernels(), "fill", "*fp32, i32, i32, fp32, 8, 16",
                      {cdiv(M, 8), 1, 1},
                      {&out, I(M), I(N), KernelArg::fp(value)}),
            "");
  for (int64_t i = 0; i < M * N; ++i)
    ASSERT_EQ(out.get(size_t(i)), float(value)) << i;
  for (size_t i = size_t(M * N); i < out.size(); ++i)
    ASSERT_TRUE(out.poisoned(i)) << i;
}

} // namespace

namespace {

/// examples/matmul_block_ptr.py computes what examples/matmul_relu.py does:
/// the same C, bit for bit, in the interpreter (one rounding of an exact
/// product sum either way), on the same random operands and edge shapes.
TEST(BlockPtr, ExampleMatchesPointerArithmeticMatmul) {
  FRESH_RNG(rng);
  static TileKernels blockPtr(TILEC_SOURCE_DIR "/examples/matmul_block_ptr.py");
  static TileKernels plain(TILEC_SOURCE_DIR "/examples/matmul_relu.py");
  for (ElemTy t : {ElemTy::F16, ElemTy::BF16, ElemTy::F32}) {
    int64_t M = 8 + rng() % 90, N = 8 + rng() % 90, K = 1 + rng() % 90;
    ByteArray a(t, M * K), b(t, K * N), c1(ElemTy::F32, M * N),
        c2(ElemTy::F32, M * N);
    randomize(a, rng);
    randomize(b, rng);
    std::string ty = info(t).sig;
    std::string sig = "*" + ty + ", *" + ty +
                      ", *fp32, i32, i32, i32, i32, i32, i32, i32, i32, i32, "
                      "32, 32, 16";
    std::vector<RunArg> ints = {I(M), I(N), I(K), I(K), I(1),
                                I(N), I(1), I(N), I(1)};
    std::vector<RunArg> args1 = {&a, &b, &c1}, args2 = {&a, &b, &c2};
    args1.insert(args1.end(), ints.begin(), ints.end());
    args2.insert(args2.end(), ints.begin(), ints.end());
    std::array<unsigned, 3> grid = {cdiv(M, 32), cdiv(N, 32), 1};
    ASSERT_EQ(runKernel(blockPtr, "matmul_block_ptr_kernel", sig, grid, args1),
              "");
    ASSERT_EQ(runKernel(plain, "matmul_relu_kernel", sig, grid, args2), "");
    size_t positive = 0;
    for (size_t i = 0; i < size_t(M * N); ++i) {
      ASSERT_TRUE(same(c1, i, c2, i))
          << ty << " C[" << i << "]: " << show(c1, i) << " vs " << show(c2, i);
      positive += c1.get(i) > 0;
    }
    EXPECT_GT(positive, 0u) << ty << ": relu left nothing to compare";
  }
}

} // namespace

namespace {

/// examples/flash_attention.py against softmax(Q K^T * scale) V in fp64, with
/// and without the causal mask; Q, K, V random fp16 in [-1, 1), the output
/// poisoned first. The kernel rounds q * scale and p to fp16 before its dots
/// (as the tutorial does), so the bound is a few fp16 ulps of |O| <= 1.
TEST(BlockPtr, FlashAttentionExample) {
  FRESH_RNG(rng);
  static TileKernels kc(TILEC_SOURCE_DIR "/examples/flash_attention.py");
  const int Z = 1, H = 2, N = 256, D = 64, BM = 128; // BLOCK_N: 64
  for (int causal = 0; causal < 2; ++causal) {
    size_t n = size_t(Z) * H * N * D;
    ByteArray q(ElemTy::F16, n), k(ElemTy::F16, n), v(ElemTy::F16, n),
        o(ElemTy::F16, n);
    randomize(q, rng);
    randomize(k, rng);
    randomize(v, rng);
    double scale = 1.0 / std::sqrt(double(D));
    // Strides of [Z, H, N, D] (z, h, row, col), the same for all four.
    std::vector<RunArg> args = {&q, &k, &v, KernelArg::fp(scale), &o};
    for (int t = 0; t < 4; ++t)
      for (int64_t st : {int64_t(H) * N * D, int64_t(N) * D, int64_t(D)})
        args.push_back(I(st));
    args.insert(args.end(), {I(Z), I(H), I(N)});
    std::string sig = "*fp16, *fp16, *fp16, fp32, *fp16";
    for (int t = 0; t < 4; ++t)
      sig += ", i32, i32, i32, 1";
    sig += ", i32, i32, i32, 128, 64, 64, " + std::to_string(causal);
    ASSERT_EQ(runKernel(kc, "flash_attention_fwd_kernel", sig,
                        {unsigned(N / BM), unsigned(Z * H), 1}, args),
              "");
    double worst = 0;
    for (int h = 0; h < Z * H; ++h)
      for (int i = 0; i < N; ++i) {
        size_t base = size_t(h) * N * D;
        int last = causal ? i : N - 1;
        std::vector<double> s(last + 1);
        double mx = -INFINITY;
        for (int j = 0; j <= last; ++j) {
          double dot = 0;
          for (int d = 0; d < D; ++d)
            dot += q.get(base + size_t(i) * D + d) *
                   k.get(base + size_t(j) * D + d);
          s[j] = dot * scale;
          mx = std::max(mx, s[j]);
        }
        double sum = 0;
        for (double &x : s)
          sum += (x = std::exp(x - mx));
        for (int d = 0; d < D; ++d) {
          double ref = 0;
          for (int j = 0; j <= last; ++j)
            ref += s[j] * v.get(base + size_t(j) * D + d);
          ref /= sum;
          double got = o.get(base + size_t(i) * D + d);
          worst = std::max(worst, std::fabs(got - ref));
          ASSERT_NEAR(got, ref, 4e-3) << "causal=" << causal << " head " << h
                                      << " O[" << i << ", " << d << "]";
        }
      }
    EXPECT_GT(worst, 0.0) << "bit-exact fp16 attention is implausible";
  }
}

} // namespace
