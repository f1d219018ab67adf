//===- TutorialTest.cpp - Triton's tutorial matmul, as users copy it -----===//
//
// examples/matmul_tutorial.py (Triton's tutorial 03: grouped program order,
// offsets wrapped with % M / % N, tl.assume, a string constexpr picking the
// leaky-ReLU epilogue) run by the interpreter on fresh random fp16 operands
// (TILEC_TEST_SEED reruns one) of edge shapes, C poisoned first, against an
// fp64 reference rounded to fp16.
//
//===----------------------------------------------------------------------===//

#include "TypedBuffers.h"

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

TEST(Tutorial, MatmulWithLeakyRelu) {
  FRESH_RNG(rng);
  static TileKernels kc(TILEC_SOURCE_DIR "/examples/matmul_tutorial.py");
  for (const char *act : {"leaky_relu", ""}) {
    int64_t M = 1 + rng() % 100, N = 1 + rng() % 100, K = 1 + rng() % 100;
    ByteArray a(ElemTy::F16, M * K), b(ElemTy::F16, K * N),
        c(ElemTy::F16, M * N + 8);
    std::uniform_real_distribution<double> dist(-1, 1);
    for (size_t i = 0; i < a.size(); ++i)
      a.set(i, dist(rng));
    for (size_t i = 0; i < b.size(); ++i)
      b.set(i, dist(rng));
    std::string sig = "*fp16, *fp16, *fp16, i32, i32, i32, i32, i32, i32, i32, "
                      "i32, i32, 32, 32, 16, 4, '" +
                      std::string(act) + "'";
    unsigned grid = unsigned(((M + 31) / 32) * ((N + 31) / 32));
    ASSERT_EQ(runKernel(kc, "matmul_kernel", sig, {grid, 1, 1},
                        {&a, &b, &c, I(M), I(N), I(K), I(K), I(1), I(N), I(1),
                         I(N), I(1)}),
              "")
        << act;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        auto [s, mag] = dotRef(a, i * K, 1, b, j, N, K);
        double acc = float(s); // the fp32 accumulator
        if (*act && acc < 0)
          acc = float(0.01f * float(acc));
        double got = c.get(size_t(i * N + j));
        ASSERT_NEAR(got, acc, std::fabs(acc) * 1e-3 + mag * 1e-6 + 1e-7)
            << act << " C[" << i << ", " << j << "] M=" << M << " N=" << N
            << " K=" << K;
      }
    for (size_t i = size_t(M * N); i < c.size(); ++i)
      ASSERT_TRUE(c.poisoned(i)) << act << ": C written past its end at " << i;
  }
}

} // namespace
