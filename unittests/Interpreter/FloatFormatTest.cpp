//===- FloatFormatTest.cpp - fp16 / bf16 rounding against the compiler ----===//

#include "Harness.h"

using namespace tilec::interp;

namespace {

TEST(FloatFormats, F16MatchesCompiler) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    // Random doubles over the whole f16 range, subnormals and overflow.
    double v = std::ldexp(std::uniform_real_distribution<double>(-1, 1)(rng),
                          int(rng() % 44) - 28);
    _Float16 h = _Float16(float(v)); // float first: exact only if v is
    float vf = float(v);
    if (double(vf) != v)
      continue; // avoid double rounding in the reference
    ASSERT_EQ(roundToF16(v), double(h)) << v;
    uint16_t bits;
    std::memcpy(&bits, &h, 2);
    ASSERT_EQ(toF16Bits(v), bits) << v;
    ASSERT_EQ(fromF16Bits(bits), double(h));
  }
  EXPECT_EQ(roundToF16(65519.0), 65504.0);
  EXPECT_TRUE(std::isinf(roundToF16(65520.0)));
  EXPECT_EQ(roundToF16(1.0 + std::ldexp(1.0, -11)), 1.0); // tie to even
  EXPECT_EQ(roundToF16(std::ldexp(1.0, -25)), 0.0);       // tie to even (0)
  EXPECT_EQ(roundToF16(std::ldexp(1.5, -25)), std::ldexp(1.0, -24));
  EXPECT_EQ(toF16Bits(NAN) & 0x7c00, 0x7c00);
}

TEST(FloatFormats, BF16IsTopOfF32WithRNE) {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 200000; ++i) {
    uint32_t fbits = uint32_t(rng());
    float f;
    std::memcpy(&f, &fbits, 4);
    if (std::isnan(f))
      continue;
    // Reference: round the f32 bits to the top 16 with ties to even.
    uint32_t lsb = (fbits >> 16) & 1;
    uint32_t rounded = (fbits + 0x7fff + lsb) >> 16;
    ASSERT_EQ(toBF16Bits(double(f)), uint16_t(rounded)) << f;
    ASSERT_EQ(roundToBF16(double(f)), fromBF16Bits(uint16_t(rounded))) << f;
  }
}

TEST(FloatFormats, TF32) {
  EXPECT_EQ(roundToTF32(1.0 + std::ldexp(1.0, -12)), 1.0);
  EXPECT_EQ(roundToTF32(1.0 + std::ldexp(3.0, -12)),
            1.0 + std::ldexp(1.0, -10));
}

} // namespace
