//===- TypedBuffers.h - Byte-poisoned arrays for interpreter tests -*- C++
//-*-===//
//
// Host arrays poisoned with 0xAB bytes (every element type, floats
// included), exact comparisons, and fresh random seeds (TILEC_TEST_SEED
// reruns one). Shared by the atomics, block-pointer, libdevice, random and
// tutorial tests.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_UNITTESTS_INTERPRETER_TYPEDBUFFERS_H
#define TILEC_UNITTESTS_INTERPRETER_TYPEDBUFFERS_H

#include "Harness.h"

#include <cstdlib>
#include <variant>

namespace tilec::interp::test {

/// A host array whose bytes all start as 0xAB.
struct ByteArray : HostArray {
  ByteArray(ElemTy t, size_t n) : HostArray(t, n) { fillBytes(0xAB); }
  /// Whether element i still holds its initial bytes.
  bool poisoned(size_t i) const { return hasBytes(i, 0xAB); }
};

/// Two elements are the same value: integers bit for bit; floats equal with
/// the same sign (-0 vs +0 differ), or both NaN.
inline bool same(const HostArray &a, size_t i, const HostArray &b, size_t j) {
  if (testing::isInt(a.type()))
    return a.bitsAt(i) == b.bitsAt(j);
  return testing::sameValue(a.get(i), b.get(j));
}

inline std::string show(const HostArray &b, size_t i) {
  char s[64];
  if (testing::isFloat(b.type()))
    std::snprintf(s, sizeof s, "%.17g", b.get(i));
  else
    std::snprintf(s, sizeof s, "%lld (0x%llx)", (long long)b.i64(i),
                  (unsigned long long)b.bitsAt(i));
  return s;
}

//===----------------------------------------------------------------------===//
// Seeds
//===----------------------------------------------------------------------===//

/// A fresh seed (or TILEC_TEST_SEED), traced into every failure message.
inline uint64_t freshSeed() {
  if (const char *e = std::getenv("TILEC_TEST_SEED"))
    return std::strtoull(e, nullptr, 10);
  std::random_device rd;
  return (uint64_t(rd()) << 32) ^ rd();
}
#define FRESH_RNG(rng)                                                         \
  uint64_t seed_ = freshSeed();                                                \
  SCOPED_TRACE("TILEC_TEST_SEED=" + std::to_string(seed_));                    \
  std::mt19937_64 rng(seed_)

inline KernelArg I(int64_t v) { return KernelArg::integer(v); }

/// An fp64 dot product of K elements of two buffers, a[aOff + k * aStep]
/// and b[bOff + k * bStep], and the sum of its terms' magnitudes (for
/// error bounds).
struct DotRef {
  double sum = 0, mag = 0;
};
inline DotRef dotRef(const HostArray &a, int64_t aOff, int64_t aStep,
                     const HostArray &b, int64_t bOff, int64_t bStep,
                     int64_t K) {
  DotRef r;
  for (int64_t k = 0; k < K; ++k) {
    double p =
        a.get(size_t(aOff + k * aStep)) * b.get(size_t(bOff + k * bStep));
    r.sum += p;
    r.mag += std::fabs(p);
  }
  return r;
}

} // namespace tilec::interp::test

#endif
