//===- SeedKernelTest.cpp - The seed kernels against fp64 references ------===//
//
// Every seed kernel of examples/seed_kernels.py runs in the interpreter on
// random inputs in [-1, 1) over many shapes (non-power-of-two tails, strided
// rows) and dtypes. Outputs are poisoned with NaN before each run; every
// element is checked, and the padding between strided output rows must stay
// NaN. Buffers are sized exactly, so a masked-off lane that touched memory
// would be reported out of bounds.
//
// Tolerances (|got - ref| <= atol + rtol * |ref|), with u the unit roundoff
// of the dtype (2^-24 fp32, 2^-11 fp16, 2^-8 bf16):
//  * softmax, fp32: the reference is plain fp64; rtol = 1e-4.
//  * softmax, fp16/bf16: as in Triton, tl.max widens the row to fp32, so the
//    kernel computes in fp32 and rounds once at the store: fp64 reference,
//    rtol = 2u.
//  * softmax_kernel_mixed (compute fp32, store fp16): fp64 reference,
//    rtol = 2^-10.
//  * gelu: fp64 reference of the formula; atol = 8u, rtol = 4u (fp32: atol
//    1e-6, rtol 1e-5).
//  * row_sum (fp32 accumulator): atol = 4 N 2^-24, rtol = 1e-6.
//  * matmul_relu: atol = (2^-10 [tf32 inputs, fp32 only] + (K/32 + 2) 2^-24)
//    * sum_k |a_mk b_kn|.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

const int64_t kCols[] = {1, 7, 256, 1000, 1024, 4097};
const int64_t kRows[] = {1, 3, 64};
const ElemTy kTypes[] = {ElemTy::F32, ElemTy::F16, ElemTy::BF16};

/// Checks got against ref with atol + rtol*|ref|; reports the first misses.
struct Checker {
  int failures = 0;
  void check(double got, double ref, double atol, double rtol,
             const std::string &where) {
    bool ok = std::fabs(got - ref) <= atol + rtol * std::fabs(ref);
    if (!ok && failures++ < 5)
      ADD_FAILURE() << where << ": got " << got << ", expected " << ref;
  }
  void nan(double got, const std::string &where) {
    if (!std::isnan(got) && failures++ < 5)
      ADD_FAILURE() << where << ": padding was written (" << got << ")";
  }
};

/// Each row of y against the fp64 softmax of x's row (atol + rtol * |ref|);
/// the padding between strided output rows must still be NaN.
void checkSoftmaxRows(const NanArray &x, const NanArray &y, int64_t rows,
                      int64_t cols, int64_t inStride, int64_t outStride,
                      double atol, double rtol) {
  Checker c;
  for (int64_t row = 0; row < rows; ++row) {
    const size_t base = size_t(row * inStride);
    double mx = -INFINITY;
    for (int64_t j = 0; j < cols; ++j)
      mx = std::max(mx, x.get(base + j));
    std::vector<double> e(cols);
    double sum = 0;
    for (int64_t j = 0; j < cols; ++j) {
      e[j] = std::exp(x.get(base + j) - mx);
      sum += e[j];
    }
    for (int64_t j = 0; j < cols; ++j)
      c.check(y.get(size_t(row * outStride + j)), e[j] / sum, atol, rtol,
              "y[" + std::to_string(row) + "][" + std::to_string(j) + "]");
    if (row + 1 < rows)
      for (int64_t j = cols; j < outStride; ++j)
        c.nan(y.get(size_t(row * outStride + j)), "pad " + std::to_string(row));
  }
}

enum class Softmax { Plain, Triton, Mixed };

void runSoftmax(Softmax which, ElemTy dt, int64_t rows, int64_t cols,
                bool strided) {
  SCOPED_TRACE(std::string("dtype ") + sigName(dt) + " rows " +
               std::to_string(rows) + " cols " + std::to_string(cols) +
               (strided ? " strided" : ""));
  int64_t block = nextPow2(cols);
  int64_t inStride = cols + (strided ? 3 : 0);
  int64_t outStride = cols + (strided ? 5 : 0);
  ElemTy outType = which == Softmax::Mixed ? ElemTy::F16 : dt;
  std::string kernel = which == Softmax::Plain    ? "softmax_kernel"
                       : which == Softmax::Triton ? "triton_softmax_kernel"
                                                  : "softmax_kernel_mixed";
  std::string in = std::string("*") + sigName(dt) + ":16";
  std::string out = std::string("*") + sigName(outType) + ":16";
  std::string sig =
      (which == Softmax::Triton ? in + ", " + out : out + ", " + in) +
      ", i32, i32, i32, " + std::to_string(block);
  mlir::ModuleOp m = seeds().get(kernel, sig);
  ASSERT_TRUE(m);

  std::mt19937 rng(unsigned(rows * 131 + cols));
  NanArray x(dt, size_t((rows - 1) * inStride + cols));
  x.fillUniform(rng, -1.0, 1.0);
  NanArray y(outType, size_t((rows - 1) * outStride + cols));
  std::vector<HostBuffer> bufs;
  std::vector<KernelArg> args;
  if (which == Softmax::Triton) {
    bufs = {hostBuffer(x, "x_ptr"), hostBuffer(y, "y_ptr")};
    args = {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(inStride),
            KernelArg::integer(outStride), KernelArg::integer(cols)};
  } else {
    bufs = {hostBuffer(y, "output_ptr"), hostBuffer(x, "input_ptr")};
    args = {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(inStride),
            KernelArg::integer(outStride), KernelArg::integer(cols)};
  }
  ASSERT_EQ(run(m, {unsigned(rows), 1, 1}, args, bufs), "");

  double rtol = which == Softmax::Mixed ? std::ldexp(1.0, -10)
                : dt == ElemTy::F32     ? 1e-4
                                        : 2 * unitRoundoff(dt);
  checkSoftmaxRows(x, y, rows, cols, inStride, outStride, 1e-30, rtol);
}

TEST(SeedKernels, Softmax) {
  for (Softmax k : {Softmax::Plain, Softmax::Triton, Softmax::Mixed})
    for (ElemTy dt : kTypes)
      for (int64_t rows : kRows)
        for (int64_t cols : kCols)
          for (bool strided : {false, true})
            runSoftmax(k, dt, rows, cols, strided);
}

/// examples/softmax_long.py: rows walked in chunks of `block` (both
/// kernels), against the fp64 softmax. The persistent kernel runs on a grid
/// of `programs` (fewer or more programs than rows); strided rows, and a
/// NaN padding between them that must stay unread and unwritten.
void runSoftmaxLong(bool persistent, ElemTy dt, int64_t rows, int64_t cols,
                    unsigned programs, int64_t negInfPrefix = 0) {
  SCOPED_TRACE(std::string(persistent ? "persistent " : "") + sigName(dt) +
               " rows " + std::to_string(rows) + " cols " +
               std::to_string(cols) + " programs " + std::to_string(programs) +
               " -inf prefix " + std::to_string(negInfPrefix));
  static TileKernels cache(TILEC_SOURCE_DIR "/examples/softmax_long.py");
  const int64_t block = 256, inStride = cols + 3, outStride = cols + 5;
  std::string t = std::string("*") + sigName(dt) + ":16";
  std::string sig = t + ", " + t + ", i32, i32, i32, " +
                    (persistent ? "i32, " : "") + std::to_string(block);
  mlir::ModuleOp m = cache.get(persistent ? "softmax_long_persistent_kernel"
                                          : "softmax_long_kernel",
                               sig);
  ASSERT_TRUE(m);
  std::mt19937 rng(unsigned(rows * 7919 + cols));
  NanArray x(dt, size_t((rows - 1) * inStride + cols));
  x.fillUniform(rng, -1.0, 1.0);
  // inputs in [-1, 1) scaled to [-8, 8): the running maximum moves often
  for (size_t i = 0; i < x.size(); ++i)
    x.set(i, 8 * x.get(i));
  // a prefix of -inf in every row (left padding): zero weight, not NaN
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < std::min(negInfPrefix, cols - 1); ++j)
      x.set(size_t(r * inStride + j), -INFINITY);
  for (int64_t r = 0; r + 1 < rows; ++r)
    for (int64_t j = cols; j < inStride; ++j)
      x.set(size_t(r * inStride + j), NAN);
  NanArray y(dt, size_t((rows - 1) * outStride + cols));
  std::vector<HostBuffer> bufs = {hostBuffer(y, "output_ptr"),
                                  hostBuffer(x, "input_ptr")};
  std::vector<KernelArg> args = {
      KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(inStride),
      KernelArg::integer(outStride), KernelArg::integer(cols)};
  if (persistent)
    args.push_back(KernelArg::integer(rows));
  ASSERT_EQ(run(m, {persistent ? programs : unsigned(rows), 1, 1}, args, bufs),
            "");
  double rtol = dt == ElemTy::F32 ? 1e-4 : 2 * unitRoundoff(dt);
  // fp16 outputs under 2^-14 are subnormal: spaced 2^-24
  double atol = dt == ElemTy::F16 ? std::ldexp(1.0, -24) : 1e-30;
  checkSoftmaxRows(x, y, rows, cols, inStride, outStride, atol, rtol);
}

TEST(SeedKernels, SoftmaxLong) {
  for (ElemTy dt : kTypes)
    for (int64_t cols : {int64_t(1), int64_t(255), int64_t(256), int64_t(1000),
                         int64_t(2049)}) {
      runSoftmaxLong(false, dt, 5, cols, 0);
      for (unsigned programs : {1u, 2u, 5u, 8u})
        runSoftmaxLong(true, dt, 5, cols, programs);
      // -inf over the first chunk (and more) of every row
      runSoftmaxLong(false, dt, 3, cols, 0, 300);
      runSoftmaxLong(true, dt, 3, cols, 2, 300);
    }
}

TEST(SeedKernels, Gelu) {
  for (ElemTy dt : kTypes)
    for (int64_t n : {int64_t(1), int64_t(7), int64_t(256), int64_t(1000),
                      int64_t(1024), int64_t(4097), int64_t(64 * 1000 + 3)}) {
      SCOPED_TRACE(std::string(sigName(dt)) + " n " + std::to_string(n));
      std::string t = std::string("*") + sigName(dt) + ":16";
      mlir::ModuleOp m =
          seeds().get("triton_gelu_kernel", t + ", " + t + ", i32, 1024");
      ASSERT_TRUE(m);
      std::mt19937 rng{unsigned(n)};
      NanArray x(dt, size_t(n)), y(dt, size_t(n));
      x.fillUniform(rng, -1.0, 1.0);
      std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                      hostBuffer(y, "y_ptr")};
      ASSERT_EQ(
          run(m, {unsigned((n + 1023) / 1024), 1, 1},
              {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(n)},
              bufs),
          "");
      double u = unitRoundoff(dt);
      double atol = dt == ElemTy::F32 ? 1e-6 : 8 * u;
      double rtol = dt == ElemTy::F32 ? 1e-5 : 4 * u;
      Checker c;
      for (int64_t i = 0; i < n; ++i) {
        double v = x.get(size_t(i));
        double ref =
            0.5 * v * (1 + std::tanh(0.79788456 * (v + 0.044715 * v * v * v)));
        c.check(y.get(size_t(i)), ref, atol, rtol,
                "y[" + std::to_string(i) + "]");
      }
    }
}

TEST(SeedKernels, RowSum) {
  for (ElemTy dt : kTypes)
    for (int64_t rows : kRows)
      for (int64_t n : kCols) {
        SCOPED_TRACE(std::string(sigName(dt)) + " rows " +
                     std::to_string(rows) + " n " + std::to_string(n));
        mlir::ModuleOp m =
            seeds().get("row_sum_kernel", std::string("*") + sigName(dt) +
                                              ":16, *fp32:16, i32, 1024");
        ASSERT_TRUE(m);
        std::mt19937 rng(unsigned(rows * 7 + n));
        NanArray x(dt, size_t(rows * n)), out(ElemTy::F32, size_t(rows));
        x.fillUniform(rng, -1.0, 1.0);
        std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                        hostBuffer(out, "out_ptr")};
        ASSERT_EQ(
            run(m, {unsigned(rows), 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(n)},
                bufs),
            "");
        Checker c;
        for (int64_t r = 0; r < rows; ++r) {
          double ref = 0;
          for (int64_t j = 0; j < n; ++j)
            ref += x.get(size_t(r * n + j));
          c.check(out.get(size_t(r)), ref,
                  4.0 * double(n) * std::ldexp(1.0, -24), 1e-6,
                  "out[" + std::to_string(r) + "]");
        }
      }
}

struct MatmulShape {
  int64_t M, N, K;
};

TEST(SeedKernels, MatmulRelu) {
  const MatmulShape shapes[] = {{1, 1, 1},     {7, 7, 7},       {64, 64, 32},
                                {65, 33, 100}, {64, 256, 1000}, {3, 1000, 7},
                                {1, 4097, 7},  {130, 7, 64}};
  for (ElemTy dt : kTypes)
    for (MatmulShape s : shapes)
      for (bool transB : {false, true}) {
        SCOPED_TRACE(std::string(sigName(dt)) + " M " + std::to_string(s.M) +
                     " N " + std::to_string(s.N) + " K " + std::to_string(s.K) +
                     (transB ? " B col-major" : ""));
        std::string t = std::string("*") + sigName(dt) + ":16";
        mlir::ModuleOp m = seeds().get(
            "matmul_relu_kernel",
            t + ", " + t +
                ", *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, "
                "64, 64, 32");
        ASSERT_TRUE(m);
        int64_t sam = s.K + 1, sak = 1;
        int64_t sbk = transB ? 1 : s.N + 2, sbn = transB ? s.K + 2 : 1;
        int64_t scm = s.N + 3, scn = 1;
        std::mt19937 rng(unsigned(s.M * 1000 + s.N * 10 + s.K));
        NanArray a(dt, size_t((s.M - 1) * sam + (s.K - 1) * sak + 1));
        NanArray b(dt, size_t((s.K - 1) * sbk + (s.N - 1) * sbn + 1));
        NanArray cArr(ElemTy::F32, size_t((s.M - 1) * scm + s.N));
        a.fillUniform(rng, -1.0, 1.0);
        b.fillUniform(rng, -1.0, 1.0);
        std::vector<HostBuffer> bufs = {hostBuffer(a, "a_ptr"),
                                        hostBuffer(b, "b_ptr"),
                                        hostBuffer(cArr, "c_ptr")};
        std::vector<KernelArg> args = {
            KernelArg::buf(0),       KernelArg::buf(1),
            KernelArg::buf(2),       KernelArg::integer(s.M),
            KernelArg::integer(s.N), KernelArg::integer(s.K),
            KernelArg::integer(sam), KernelArg::integer(sak),
            KernelArg::integer(sbk), KernelArg::integer(sbn),
            KernelArg::integer(scm), KernelArg::integer(scn)};
        ASSERT_EQ(run(m,
                      {unsigned((s.M + 63) / 64), unsigned((s.N + 63) / 64), 1},
                      args, bufs),
                  "");
        Checker c;
        double scale = (dt == ElemTy::F32 ? std::ldexp(1.0, -10) : 0.0) +
                       double(s.K / 32 + 2) * std::ldexp(1.0, -24);
        for (int64_t i = 0; i < s.M; ++i) {
          for (int64_t j = 0; j < s.N; ++j) {
            double ref = 0, mag = 0;
            for (int64_t k = 0; k < s.K; ++k) {
              double p = a.get(size_t(i * sam + k * sak)) *
                         b.get(size_t(k * sbk + j * sbn));
              ref += p;
              mag += std::fabs(p);
            }
            c.check(cArr.get(size_t(i * scm + j)), std::max(ref, 0.0),
                    scale * mag + 1e-30, 0,
                    "c[" + std::to_string(i) + "][" + std::to_string(j) + "]");
          }
          if (i + 1 < s.M)
            for (int64_t j = s.N; j < scm; ++j)
              c.nan(cArr.get(size_t(i * scm + j)), "pad " + std::to_string(i));
        }
      }
}

/// The speed requirement: softmax over 4096 x 1024 fp32 in under a second.
TEST(SeedKernels, SoftmaxSpeed) {
  mlir::ModuleOp m =
      seeds().get("softmax_kernel", "*fp32:16, *fp32:16, i32, i32, i32, 1024");
  ASSERT_TRUE(m);
  const int64_t rows = 4096, cols = 1024;
  std::mt19937 rng(1);
  NanArray x(ElemTy::F32, size_t(rows * cols)),
      y(ElemTy::F32, size_t(rows * cols));
  x.fillUniform(rng, -1.0, 1.0);
  std::vector<HostBuffer> bufs = {hostBuffer(y, "output_ptr"),
                                  hostBuffer(x, "input_ptr")};
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(run(m, {unsigned(rows), 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(cols),
                 KernelArg::integer(cols), KernelArg::integer(cols)},
                bufs),
            "");
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  std::printf("softmax 4096x1024 fp32: %.3f s\n", secs);
  EXPECT_LT(secs, 1.0);
  for (size_t i = 0; i < size_t(rows * cols); i += 4099)
    EXPECT_FALSE(std::isnan(y.get(i)));
}

} // namespace
