//===- Harness.h - Helpers of the interpreter tests -------------*- C++ -*-===//
//
// The test support the interpreter tests use (include/tilec/Testing), the
// host arrays they start outputs from (NanArray: floats NaN, integer bytes
// 0xAB), and the seed kernels of examples/seed_kernels.py.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_UNITTESTS_INTERPRETER_HARNESS_H
#define TILEC_UNITTESTS_INTERPRETER_HARNESS_H

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"
#include "tilec/Testing/Checker.h"
#include "tilec/Testing/ElemType.h"
#include "tilec/Testing/HostArray.h"
#include "tilec/Testing/Interpret.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace tilec::interp::test {

using testing::ElemTy;
using testing::HostArray;
using testing::hostBuffer;
using testing::kAllElemTys;
using testing::run;
using testing::RunArg;
using testing::runKernel;
using testing::TileKernels;

/// A host array whose float elements start as NaN and whose integer
/// elements start with every byte 0xAB.
struct NanArray : HostArray {
  NanArray(ElemTy t, size_t n) : HostArray(t, n) {
    if (testing::isFloat(t))
      for (size_t i = 0; i < n; ++i)
        set(i, NAN);
    else
      fillBytes(0xAB);
  }
  /// Whether element i still holds its initial value (floats: any NaN).
  bool poisoned(size_t i) const {
    return testing::isFloat(type()) ? std::isnan(get(i)) : hasBytes(i, 0xAB);
  }
};

inline TileKernels &seeds() {
  static TileKernels kernels(TILEC_SOURCE_DIR "/examples/seed_kernels.py");
  return kernels;
}

inline int64_t nextPow2(int64_t n) {
  int64_t p = 1;
  while (p < n)
    p *= 2;
  return p;
}

} // namespace tilec::interp::test

#endif // TILEC_UNITTESTS_INTERPRETER_HARNESS_H
