//===- RandomTest.cpp - tl.rand / randint / randn / philox ---------------===//
//
// Triton's Philox4x32-10 random numbers (lib/Frontend/Random.cpp) in the
// interpreter: the known-answer vectors of Random123 (Salmon et al.) through
// tl.philox, every generator of examples/dropout.py against a host Philox
// written here on fresh random seeds and offsets (TILEC_TEST_SEED reruns one)
// into poisoned outputs (integers and uniforms bit for bit, normals to fp32
// rounding), their moments, and the dropout kernel itself.
//
//===----------------------------------------------------------------------===//

#include "TypedBuffers.h"
#include "tilec/Testing/HostPhilox.h"

#include <array>

using namespace tilec::interp;
using namespace tilec::interp::test;
using tilec::testing::hostPhilox;
using tilec::testing::hostUniform;

namespace {

const char *kKat = R"(import triton
import triton.language as tl

@triton.jit
def kat(out_ptr, seed, c0, c1, c2, c3, ROUNDS: tl.constexpr):
    offs = tl.arange(0, 4)
    z = offs * 0
    w0, w1, w2, w3 = tl.philox(seed, z + c0, z + c1, z + c2, z + c3, ROUNDS)
    tl.store(out_ptr + offs * 4, w0)
    tl.store(out_ptr + offs * 4 + 1, w1)
    tl.store(out_ptr + offs * 4 + 2, w2)
    tl.store(out_ptr + offs * 4 + 3, w3)
)";

TEST(Random, Random123KnownAnswers) {
  static TileKernels kc("kat.py", kKat);
  struct Kat {
    uint64_t key; // k1 << 32 | k0
    std::array<uint32_t, 4> ctr, out;
  };
  // philox4x32_10 of Random123's kat_vectors.
  const Kat kats[] = {
      {0, {0, 0, 0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
      {0xffffffffffffffffull,
       {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
       {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
      {0x299f31d0a4093822ull,
       {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
       {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}}};
  for (const Kat &t : kats) {
    ByteArray out(ElemTy::U32, 16);
    std::vector<RunArg> args = {&out, I(int64_t(t.key))};
    for (uint32_t c : t.ctr)
      args.push_back(I(int64_t(c)));
    ASSERT_EQ(runKernel(kc, "kat", "*u32, i64, u32, u32, u32, u32, 10",
                        {1, 1, 1}, args),
              "");
    for (int lane = 0; lane < 4; ++lane)
      for (int w = 0; w < 4; ++w)
        EXPECT_EQ(out.bitsAt(lane * 4 + w), t.out[w])
            << "key " << t.key << " word " << w;
    // The host reference agrees (it is what the other tests trust).
    EXPECT_EQ(hostPhilox(t.ctr, {uint32_t(t.key), uint32_t(t.key >> 32)}),
              t.out);
  }
}

TEST(Random, EveryGeneratorAgainstTheHost) {
  FRESH_RNG(rng);
  static TileKernels kc(TILEC_SOURCE_DIR "/examples/dropout.py");
  const int n = 3000, B = 1024;
  for (int round = 0; round < 3; ++round) {
    int32_t seed = int32_t(rng());
    ByteArray ints(ElemTy::U32, size_t(4) * 3 * B),
        out(ElemTy::F32, size_t(8) * 3 * B);
    ASSERT_EQ(runKernel(kc, "random_streams_kernel",
                        "*u32, *fp32, i32, i32, 1024", {3, 1, 1},
                        {&ints, &out, I(seed), I(n)}),
              "");
    // tl.philox takes the seed as uint64: an int32 seed sign-extends.
    uint64_t key = uint64_t(int64_t(seed));
    double sumU = 0, sumN = 0, sumN2 = 0;
    for (int i = 0; i < n; ++i) {
      auto w = hostPhilox({uint32_t(i), 0, 0, 0},
                          {uint32_t(key), uint32_t(key >> 32)});
      for (int k = 0; k < 4; ++k) {
        ASSERT_EQ(ints.bitsAt(size_t(i) * 4 + k), w[k])
            << "randint4x[" << k << "] at " << i;
        float u = hostUniform(w[k]);
        ASSERT_EQ(out.get(size_t(i) * 8 + k), double(u))
            << "rand4x[" << k << "] at " << i;
        ASSERT_GE(u, 0.0f);
        ASSERT_LT(u, 1.0f);
        sumU += u;
      }
      for (int pair = 0; pair < 2; ++pair) {
        double u1 = std::max(1e-7, double(hostUniform(w[2 * pair]))),
               u2 = hostUniform(w[2 * pair + 1]);
        double r = std::sqrt(-2.0 * std::log(u1)), th = 6.283185307179586 * u2;
        double want[2] = {r * std::cos(th), r * std::sin(th)};
        for (int h = 0; h < 2; ++h) {
          double got = out.get(size_t(i) * 8 + 4 + 2 * pair + h);
          ASSERT_NEAR(got, want[h], 1e-5 * (1 + std::fabs(want[h])))
              << "randn4x[" << 2 * pair + h << "] at " << i;
          sumN += got;
          sumN2 += got * got;
        }
      }
    }
    for (size_t i = size_t(8) * n; i < out.size(); ++i)
      ASSERT_TRUE(out.poisoned(i)) << "masked element " << i << " written";
    for (size_t i = size_t(4) * n; i < ints.size(); ++i)
      ASSERT_TRUE(ints.poisoned(i)) << "masked word " << i << " written";
    // Moments of 4n uniforms and 4n normals (loose: 6 sigma).
    double m = 4.0 * n;
    EXPECT_NEAR(sumU / m, 0.5, 6 * std::sqrt(1.0 / 12 / m));
    EXPECT_NEAR(sumN / m, 0.0, 6 / std::sqrt(m));
    EXPECT_NEAR(sumN2 / m, 1.0, 6 * std::sqrt(2.0 / m));
  }
}

TEST(Random, DropoutTutorial) {
  FRESH_RNG(rng);
  static TileKernels kc(TILEC_SOURCE_DIR "/examples/dropout.py");
  const int n = 5000;
  ByteArray x(ElemTy::F32, n), out(ElemTy::F32, n + 16);
  for (int i = 0; i < n; ++i)
    x.set(i, std::uniform_real_distribution<double>(-1, 1)(rng));
  double p = 0.3;
  int32_t seed = int32_t(rng() % 100000);
  ASSERT_EQ(runKernel(kc, "seeded_dropout_kernel",
                      "*fp32, *fp32, i32, fp32, i32, 1024", {5, 1, 1},
                      {&x, &out, I(n), KernelArg::fp(p), I(seed)}),
            "");
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    auto w = hostPhilox(
        {uint32_t(i), 0, 0, 0},
        {uint32_t(int64_t(seed)), uint32_t(uint64_t(int64_t(seed)) >> 32)});
    bool keep = hostUniform(w[0]) > float(p);
    float want = keep ? float(x.get(i)) / (1.0f - float(p)) : 0.0f;
    ASSERT_EQ(out.get(i), double(want)) << i;
    kept += keep;
  }
  EXPECT_NEAR(kept / double(n), 1 - p, 0.05);
  for (size_t i = n; i < out.size(); ++i)
    ASSERT_TRUE(out.poisoned(i));
}

} // namespace
