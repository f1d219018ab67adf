//===- HostPhilox.h - Triton's Philox4x32 on the host, for tests -*- C++
//-*-===//
//
// The reference that interp-tests (RandomTest) and tilec-gpu-test (the
// dropout example's cases) check `tl.philox` / `tl.rand*` against: written
// from the Random123 description (Salmon et al.), independently of the
// compiler's lowering (lib/Frontend/Random.cpp), whose known answers
// RandomTest also checks.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TESTING_HOSTPHILOX_H
#define TILEC_TESTING_HOSTPHILOX_H

#include <array>
#include <cstdint>

namespace tilec::testing {

/// Philox4x32 with `rounds` rounds (Triton: 10) on counter c and key k.
inline std::array<uint32_t, 4> hostPhilox(std::array<uint32_t, 4> c,
                                          std::array<uint32_t, 2> k,
                                          int rounds = 10) {
  for (int r = 0; r < rounds; ++r) {
    uint64_t p0 = uint64_t(0xD2511F53u) * c[0],
             p1 = uint64_t(0xCD9E8D57u) * c[2];
    c = {uint32_t(p1 >> 32) ^ c[1] ^ k[0], uint32_t(p1),
         uint32_t(p0 >> 32) ^ c[3] ^ k[1], uint32_t(p0)};
    k[0] += 0x9E3779B9u;
    k[1] += 0xBB67AE85u;
  }
  return c;
}

/// Triton's uint_to_uniform_float of a 32-bit word: in [0, 1).
inline float hostUniform(uint32_t w) {
  int32_t x = int32_t(w);
  return float(x < 0 ? -x - 1 : x) * 4.6566127342e-10f;
}

} // namespace tilec::testing

#endif // TILEC_TESTING_HOSTPHILOX_H
