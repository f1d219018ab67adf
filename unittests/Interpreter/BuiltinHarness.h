//===- BuiltinHarness.h - Tolerances and checks of the builtin tests -*- C++
//-*-===//
//
// Shared by BuiltinTest.cpp, OperatorTest.cpp and ScanTest.cpp: tolerances
// per element type, per-test seeds, and the element-wise checker reporting
// through GoogleTest. The tolerances are described at the top of
// BuiltinTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_UNITTESTS_INTERPRETER_BUILTINHARNESS_H
#define TILEC_UNITTESTS_INTERPRETER_BUILTINHARNESS_H

#include "Harness.h"

#include <functional>
#include <variant>

namespace tilec::interp::test::builtins {

//===----------------------------------------------------------------------===//
// Tolerances
//===----------------------------------------------------------------------===//

inline double rtolOf(ElemTy t) {
  switch (t) {
  case ElemTy::F16:
    return std::ldexp(1.0, -10);
  case ElemTy::BF16:
    return std::ldexp(1.0, -7);
  case ElemTy::F32:
    return 4 * std::ldexp(1.0, -24);
  default:
    return 4 * std::ldexp(1.0, -53);
  }
}
inline double atolOf(ElemTy t) {
  switch (t) {
  case ElemTy::F16:
    return std::ldexp(1.0, -24);
  case ElemTy::BF16:
    return std::ldexp(1.0, -133);
  case ElemTy::F32:
    return std::ldexp(1.0, -149);
  default:
    return 0;
  }
}

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

struct Checker {
  int failures = 0;
  void fail(const std::string &msg) {
    if (failures++ < 8)
      ADD_FAILURE() << msg;
  }
  void near(double got, double ref, double atol, double rtol,
            const std::string &where) {
    if (testing::isClose(got, ref, atol, rtol))
      return;
    char b[256];
    std::snprintf(b, sizeof b, ": got %.17g, expected %.17g", got, ref);
    fail(where + b);
  }
  /// A float of type t against an unrounded fp64 reference.
  void flt(ElemTy t, double got, double ref, const std::string &where,
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

#endif // TILEC_UNITTESTS_INTERPRETER_BUILTINHARNESS_H
