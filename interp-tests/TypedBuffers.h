//===- TypedBuffers.h - Typed host buffers for interpreter tests -*- C++ -*-===//
//
// Buffers of any element type poisoned with 0xAB bytes, exact comparisons,
// fresh random seeds (TILEC_TEST_SEED reruns one), and running a kernel of a
// KernelCache on a mix of buffers and scalar arguments. Shared by the tests
// that need integer and 64-bit element types (Harness.h's Array holds
// fp32/fp16/bf16 only).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_INTERP_TESTS_TYPEDBUFFERS_H
#define TILEC_INTERP_TESTS_TYPEDBUFFERS_H

#include "Harness.h"

#include <cstdlib>
#include <variant>

namespace tilec::interp::test {

//===----------------------------------------------------------------------===//
// Typed host buffers
//===----------------------------------------------------------------------===//

enum class Ty { I32, I64, U32, U64, F16, BF16, F32, F64 };
struct TyInfo {
  const char *sig;
  unsigned bytes;
  bool isFloat, isSigned;
};
inline TyInfo info(Ty t) {
  switch (t) {
  case Ty::I32: return {"i32", 4, false, true};
  case Ty::I64: return {"i64", 8, false, true};
  case Ty::U32: return {"u32", 4, false, false};
  case Ty::U64: return {"u64", 8, false, false};
  case Ty::F16: return {"fp16", 2, true, true};
  case Ty::BF16: return {"bf16", 2, true, true};
  case Ty::F32: return {"fp32", 4, true, true};
  case Ty::F64: return {"fp64", 8, true, true};
  }
  return {};
}

/// n elements of type t, poisoned with 0xAB bytes.
struct Buf {
  Ty t;
  size_t n;
  std::vector<uint64_t> st;
  Buf(Ty t, size_t n) : t(t), n(n), st((n * info(t).bytes + 7) / 8 + 1) {
    std::memset(st.data(), 0xAB, st.size() * 8);
  }
  char *at(size_t i) {
    return reinterpret_cast<char *>(st.data()) + i * info(t).bytes;
  }
  const char *at(size_t i) const {
    return reinterpret_cast<const char *>(st.data()) + i * info(t).bytes;
  }
  /// The raw bits, zero-extended.
  uint64_t raw(size_t i) const {
    uint64_t v = 0;
    std::memcpy(&v, at(i), info(t).bytes);
    return v;
  }
  void setRaw(size_t i, uint64_t v) { std::memcpy(at(i), &v, info(t).bytes); }
  /// The integer value by the type's signedness (u64: its bits).
  int64_t i64(size_t i) const {
    uint64_t v = raw(i);
    if (info(t).bytes == 4 && info(t).isSigned)
      return int64_t(int32_t(uint32_t(v)));
    return int64_t(v);
  }
  double f(size_t i) const {
    switch (t) {
    case Ty::F16: return fromF16Bits(uint16_t(raw(i)));
    case Ty::BF16: return fromBF16Bits(uint16_t(raw(i)));
    case Ty::F32: { float x; std::memcpy(&x, at(i), 4); return x; }
    case Ty::F64: { double x; std::memcpy(&x, at(i), 8); return x; }
    default: return double(i64(i));
    }
  }
  void setF(size_t i, double v) {
    switch (t) {
    case Ty::F16: setRaw(i, toF16Bits(v)); break;
    case Ty::BF16: setRaw(i, toBF16Bits(v)); break;
    case Ty::F32: { float x = float(v); std::memcpy(at(i), &x, 4); break; }
    case Ty::F64: std::memcpy(at(i), &v, 8); break;
    default: setRaw(i, uint64_t(int64_t(v)));
    }
  }
  bool poisoned(size_t i) const {
    for (unsigned k = 0; k < info(t).bytes; ++k)
      if (uint8_t(at(i)[k]) != 0xAB)
        return false;
    return true;
  }
  HostBuffer host(std::string name) {
    return HostBuffer{st.data(), n * info(t).bytes, std::move(name)};
  }
};

/// Two elements are the same value: integers bit for bit; floats equal with
/// the same sign (-0 vs +0 differ), or both NaN.
inline bool same(const Buf &a, size_t i, const Buf &b, size_t j) {
  if (!info(a.t).isFloat)
    return a.raw(i) == b.raw(j);
  double x = a.f(i), y = b.f(j);
  if (std::isnan(x) || std::isnan(y))
    return std::isnan(x) && std::isnan(y);
  return x == y && std::signbit(x) == std::signbit(y);
}

inline std::string show(const Buf &b, size_t i) {
  char s[64];
  if (info(b.t).isFloat)
    std::snprintf(s, sizeof s, "%.17g", b.f(i));
  else
    std::snprintf(s, sizeof s, "%lld (0x%llx)", (long long)b.i64(i),
                  (unsigned long long)b.raw(i));
  return s;
}

//===----------------------------------------------------------------------===//
// Seeds and running
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

using Arg = std::variant<Buf *, KernelArg>;

inline std::string runKernel(KernelCache &kc, const std::string &kernel,
                             const std::string &sig,
                             std::array<unsigned, 3> grid, std::vector<Arg> args,
                             std::vector<std::string> names = {}) {
  return runKernelWith<Buf>(kc, kernel, sig, grid, std::move(args), names);
}

inline KernelArg I(int64_t v) { return KernelArg::integer(v); }

/// An fp64 dot product of K elements of two buffers, a[aOff + k * aStep]
/// and b[bOff + k * bStep], and the sum of its terms' magnitudes (for
/// error bounds).
struct DotRef {
  double sum = 0, mag = 0;
};
inline DotRef dotRef(const Buf &a, int64_t aOff, int64_t aStep, const Buf &b,
                     int64_t bOff, int64_t bStep, int64_t K) {
  DotRef r;
  for (int64_t k = 0; k < K; ++k) {
    double p = a.f(size_t(aOff + k * aStep)) * b.f(size_t(bOff + k * bStep));
    r.sum += p;
    r.mag += std::fabs(p);
  }
  return r;
}

} // namespace tilec::interp::test

#endif
