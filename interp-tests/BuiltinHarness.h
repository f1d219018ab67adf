//===- BuiltinHarness.h - Typed buffers and checks of the builtin tests -*- C++ -*-===//
//
// Shared by BuiltinTest.cpp and OperatorTest.cpp: host buffers of every
// element type, rounding and tolerances per type, running a kernel in the
// interpreter with poisoned outputs, and the element-wise checker. The
// tolerances are described at the top of BuiltinTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_INTERP_TESTS_BUILTINHARNESS_H
#define TILEC_INTERP_TESTS_BUILTINHARNESS_H

#include "Harness.h"

#include <functional>
#include <variant>

namespace tilec::interp::test::builtins {

//===----------------------------------------------------------------------===//
// Typed host buffers
//===----------------------------------------------------------------------===//

enum class Ty { F16, BF16, F32, F64, I1, I8, I16, I32, I64, U8, U16, U32, U64 };
inline const Ty kAllTys[] = {Ty::F16, Ty::BF16, Ty::F32, Ty::F64, Ty::I1,
                      Ty::I8,  Ty::I16,  Ty::I32, Ty::I64, Ty::U8,
                      Ty::U16, Ty::U32,  Ty::U64};

struct TyInfo {
  const char *sig, *tl;
  unsigned bytes, bits;
  bool isFloat, isSigned;
};
inline TyInfo info(Ty t) {
  switch (t) {
  case Ty::F16: return {"fp16", "tl.float16", 2, 16, true, true};
  case Ty::BF16: return {"bf16", "tl.bfloat16", 2, 16, true, true};
  case Ty::F32: return {"fp32", "tl.float32", 4, 32, true, true};
  case Ty::F64: return {"fp64", "tl.float64", 8, 64, true, true};
  case Ty::I1: return {"i1", "tl.int1", 1, 1, false, false};
  case Ty::I8: return {"i8", "tl.int8", 1, 8, false, true};
  case Ty::I16: return {"i16", "tl.int16", 2, 16, false, true};
  case Ty::I32: return {"i32", "tl.int32", 4, 32, false, true};
  case Ty::I64: return {"i64", "tl.int64", 8, 64, false, true};
  case Ty::U8: return {"u8", "tl.uint8", 1, 8, false, false};
  case Ty::U16: return {"u16", "tl.uint16", 2, 16, false, false};
  case Ty::U32: return {"u32", "tl.uint32", 4, 32, false, false};
  case Ty::U64: return {"u64", "tl.uint64", 8, 64, false, false};
  }
  return {};
}
inline bool isF(Ty t) { return info(t).isFloat; }

/// Rounds to a float type (fp64: identity).
inline double roundT(Ty t, double v) {
  switch (t) {
  case Ty::F16: return roundToF16(v);
  case Ty::BF16: return roundToBF16(v);
  case Ty::F32: return double(float(v));
  default: return v;
  }
}
inline double rtolOf(Ty t) {
  switch (t) {
  case Ty::F16: return std::ldexp(1.0, -10);
  case Ty::BF16: return std::ldexp(1.0, -7);
  case Ty::F32: return 4 * std::ldexp(1.0, -24);
  default: return 4 * std::ldexp(1.0, -53);
  }
}
inline double atolOf(Ty t) {
  switch (t) {
  case Ty::F16: return std::ldexp(1.0, -24);
  case Ty::BF16: return std::ldexp(1.0, -133);
  case Ty::F32: return std::ldexp(1.0, -149);
  default: return 0;
  }
}
inline double unitOf(Ty t) {
  switch (t) {
  case Ty::F16: return std::ldexp(1.0, -11);
  case Ty::BF16: return std::ldexp(1.0, -8);
  case Ty::F32: return std::ldexp(1.0, -24);
  default: return std::ldexp(1.0, -53);
  }
}
/// Wraps a raw 64-bit value to the type's width and signedness.
inline int64_t wrapT(Ty t, uint64_t v) {
  TyInfo ti = info(t);
  if (t == Ty::I1)
    return int64_t(v & 1);
  if (ti.bits == 64)
    return int64_t(v);
  uint64_t m = (uint64_t(1) << ti.bits) - 1;
  v &= m;
  if (ti.isSigned && (v >> (ti.bits - 1)))
    return int64_t(v | ~m);
  return int64_t(v);
}

struct Buf {
  Ty t;
  size_t n;
  std::vector<uint64_t> st;
  Buf(Ty t, size_t n) : t(t), n(n), st((n * info(t).bytes + 7) / 8 + 1) {
    poison();
  }
  char *at(size_t i) {
    return reinterpret_cast<char *>(st.data()) + i * info(t).bytes;
  }
  const char *at(size_t i) const {
    return reinterpret_cast<const char *>(st.data()) + i * info(t).bytes;
  }
  void poison() {
    if (isF(t))
      for (size_t i = 0; i < n; ++i)
        setF(i, NAN);
    else
      std::memset(st.data(), 0xAB, st.size() * 8);
  }
  bool poisoned(size_t i) const {
    if (isF(t))
      return std::isnan(f(i));
    for (unsigned k = 0; k < info(t).bytes; ++k)
      if (uint8_t(at(i)[k]) != 0xAB)
        return false;
    return true;
  }
  void setF(size_t i, double v) {
    switch (t) {
    case Ty::F16: { uint16_t b = toF16Bits(v); std::memcpy(at(i), &b, 2); break; }
    case Ty::BF16: { uint16_t b = toBF16Bits(v); std::memcpy(at(i), &b, 2); break; }
    case Ty::F32: { float x = float(v); std::memcpy(at(i), &x, 4); break; }
    case Ty::F64: std::memcpy(at(i), &v, 8); break;
    default: setI(i, int64_t(v));
    }
  }
  double f(size_t i) const {
    switch (t) {
    case Ty::F16: { uint16_t b; std::memcpy(&b, at(i), 2); return fromF16Bits(b); }
    case Ty::BF16: { uint16_t b; std::memcpy(&b, at(i), 2); return fromBF16Bits(b); }
    case Ty::F32: { float x; std::memcpy(&x, at(i), 4); return x; }
    case Ty::F64: { double x; std::memcpy(&x, at(i), 8); return x; }
    default: return double(i64(i));
    }
  }
  /// Raw little-endian bits, zero-extended.
  uint64_t raw(size_t i) const {
    uint64_t v = 0;
    std::memcpy(&v, at(i), info(t).bytes);
    return v;
  }
  void setRaw(size_t i, uint64_t v) { std::memcpy(at(i), &v, info(t).bytes); }
  /// The integer value (by the type's signedness; u64 as its bits).
  int64_t i64(size_t i) const { return wrapT(t, raw(i)); }
  void setI(size_t i, int64_t v) { setRaw(i, uint64_t(v)); }

  /// Floats uniform in [lo, hi) rounded; integers uniform in [lo, hi].
  void randF(std::mt19937_64 &rng, double lo, double hi) {
    std::uniform_real_distribution<double> d(lo, hi);
    for (size_t i = 0; i < n; ++i)
      setF(i, d(rng));
  }
  void randI(std::mt19937_64 &rng, int64_t lo, int64_t hi) {
    std::uniform_int_distribution<int64_t> d(lo, hi);
    for (size_t i = 0; i < n; ++i)
      setI(i, d(rng));
  }
  /// Random bits of the whole width (booleans 0/1).
  void randBits(std::mt19937_64 &rng) {
    for (size_t i = 0; i < n; ++i)
      setRaw(i, t == Ty::I1 ? rng() & 1 : rng());
  }
  HostBuffer host(std::string name) {
    return HostBuffer{st.data(), n * info(t).bytes, std::move(name)};
  }
};

//===----------------------------------------------------------------------===//
// Running kernels and checking
//===----------------------------------------------------------------------===//

/// A seed derived from the running test's full name (FNV-1a).
inline uint64_t testSeed() {
  const auto *ti = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(ti->test_suite_name()) + "." + ti->name();
  uint64_t h = 1469598103934665603ull;
  for (char c : name)
    h = (h ^ uint8_t(c)) * 1099511628211ull;
  return h;
}

using Arg = std::variant<Buf *, KernelArg>;

inline std::string runKernel(KernelCache &kc, const std::string &kernel,
                      const std::string &sig, std::array<unsigned, 3> grid,
                      std::vector<Arg> args) {
  return runKernelWith<Buf>(kc, kernel, sig, grid, std::move(args));
}

struct Checker {
  int failures = 0;
  void fail(const std::string &msg) {
    if (failures++ < 8)
      ADD_FAILURE() << msg;
  }
  void near(double got, double ref, double atol, double rtol,
            const std::string &where) {
    if (std::isnan(ref) ? std::isnan(got)
                        : (got == ref ||
                           std::fabs(got - ref) <= atol + rtol * std::fabs(ref)))
      return;
    char b[256];
    std::snprintf(b, sizeof b, ": got %.17g, expected %.17g", got, ref);
    fail(where + b);
  }
  /// A float of type t against an unrounded fp64 reference.
  void flt(Ty t, double got, double ref, const std::string &where,
           double scale = 1) {
    near(got, ref, atolOf(t) * scale, rtolOf(t) * scale, where);
  }
  void eq(int64_t got, int64_t ref, const std::string &where) {
    if (got != ref)
      fail(where + ": got " + std::to_string(got) + ", expected " +
           std::to_string(ref));
  }
};

inline std::string at(const char *what, size_t i) {
  return std::string(what) + "[" + std::to_string(i) + "]";
}
inline std::string replaceAll(std::string s, const std::string &from,
                       const std::string &to) {
  for (size_t p = s.find(from); p != std::string::npos;
       p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

#define EXPECT_RUN(...)                                                        \
  do {                                                                         \
    std::string err_ = runKernel(__VA_ARGS__);                                 \
    ASSERT_EQ(err_, "");                                                       \
  } while (0)

inline KernelArg I(int64_t v) { return KernelArg::integer(v); }
inline KernelArg F(double v) { return KernelArg::fp(v); }


} // namespace tilec::interp::test::builtins

#endif // TILEC_INTERP_TESTS_BUILTINHARNESS_H
