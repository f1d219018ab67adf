//===- FloatBits.h - fp32, fp16 and bf16 bits on the host -------*- C++ -*-===//
//
// Conversions between float and the bits of fp32, fp16 and bf16 values:
// to fp16 / bf16 rounded to nearest even, NaNs kept quiet (fp16: the sign
// and the quiet bit; bf16: the top of the payload), back exactly.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_FLOATBITS_H
#define TILEC_TOOLS_GPUTEST_FLOATBITS_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tilec::gputest {

inline uint32_t f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

inline float bitsF32(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

inline uint16_t f32ToBF16(float f) {
  uint32_t u = f32Bits(f);
  if ((u & 0x7fffffff) > 0x7f800000)
    return uint16_t((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return uint16_t(u >> 16);
}

inline float bf16ToF32(uint16_t h) { return bitsF32(uint32_t(h) << 16); }

inline uint16_t f32ToF16(float f) {
  uint32_t u = f32Bits(f);
  uint32_t sign = (u >> 16) & 0x8000;
  uint32_t a = u & 0x7fffffff;
  if (a > 0x7f800000)
    return uint16_t(sign | 0x7e00);
  if (a >= 0x477ff000) // rounds to >= 65520: inf
    return uint16_t(sign | 0x7c00);
  if (a < 0x38800000) { // subnormal or zero in fp16
    // Value in units of 2^-24, rounded to nearest even.
    float v = bitsF32(a) * 16777216.0f; // exact scaling
    float r = std::nearbyint(v);         // default mode: nearest even
    return uint16_t(sign | uint32_t(r));
  }
  uint32_t e = (a >> 23) - 127 + 15;
  uint32_t m = a & 0x7fffff;
  uint32_t h = (e << 10) | (m >> 13);
  uint32_t rest = m & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return uint16_t(sign | h);
}

inline float f16ToF32(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0)
    return (sign ? -1.0f : 1.0f) * float(m) * (1.0f / 16777216.0f);
  if (e == 31)
    return bitsF32(sign | 0x7f800000 | (m << 13));
  return bitsF32(sign | ((e - 15 + 127) << 23) | (m << 13));
}

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_FLOATBITS_H
