//===- LibdeviceTest.cpp - Triton's libdevice functions ------------------===//
//
// Every `libdevice.f` tilec maps to an MLIR op (lib/Frontend/Libdevice.cpp),
// run by the interpreter on fresh random fp32 inputs (TILEC_TEST_SEED reruns
// one) into poisoned outputs and compared bit for bit with the host's fp64
// function rounded to fp32 (the interpreter computes in fp64 and rounds
// once); the predicates against their definitions. Also the spellings that
// reach libdevice: `from triton.language.extra import libdevice`, `...extra.
// cuda import libdevice as ld`, `tl.extra.cuda.libdevice.f`, `from
// ...libdevice import f`.
//
//===----------------------------------------------------------------------===//

#include "TypedBuffers.h"

#include <functional>

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

struct Fn {
  const char *name;
  int arity;
  std::function<double(double, double)> ref;
  double lo, hi; // the inputs' range (the second argument's too)
};

const std::vector<Fn> &functions() {
  static const std::vector<Fn> fns = {
      {"tanh", 1, [](double x, double) { return std::tanh(x); }, -4, 4},
      {"tan", 1, [](double x, double) { return std::tan(x); }, -1.5, 1.5},
      {"asin", 1, [](double x, double) { return std::asin(x); }, -1, 1},
      {"acos", 1, [](double x, double) { return std::acos(x); }, -1, 1},
      {"atan", 1, [](double x, double) { return std::atan(x); }, -10, 10},
      {"sinh", 1, [](double x, double) { return std::sinh(x); }, -5, 5},
      {"cosh", 1, [](double x, double) { return std::cosh(x); }, -5, 5},
      {"asinh", 1, [](double x, double) { return std::asinh(x); }, -10, 10},
      {"acosh", 1, [](double x, double) { return std::acosh(x); }, 1, 10},
      {"atanh", 1, [](double x, double) { return std::atanh(x); }, -0.99, 0.99},
      {"log1p", 1, [](double x, double) { return std::log1p(x); }, -0.9, 10},
      {"expm1", 1, [](double x, double) { return std::expm1(x); }, -3, 3},
      {"log10", 1, [](double x, double) { return std::log10(x); }, 0.01, 100},
      {"cbrt", 1, [](double x, double) { return std::cbrt(x); }, -10, 10},
      {"trunc", 1, [](double x, double) { return std::trunc(x); }, -10, 10},
      {"round", 1, [](double x, double) { return std::round(x); }, -10, 10},
      {"rint", 1, [](double x, double) { return std::nearbyint(x); }, -10, 10},
      {"nearbyint", 1, [](double x, double) { return std::nearbyint(x); }, -10,
       10},
      {"exp", 1, [](double x, double) { return std::exp(x); }, -5, 5},
      {"log", 1, [](double x, double) { return std::log(x); }, 0.01, 100},
      {"sqrt", 1, [](double x, double) { return std::sqrt(x); }, 0, 100},
      {"fabs", 1, [](double x, double) { return std::fabs(x); }, -10, 10},
      {"pow", 2, [](double x, double y) { return std::pow(x, y); }, 0.1, 3},
      {"atan2", 2, [](double x, double y) { return std::atan2(x, y); }, -5, 5},
      {"copysign", 2, [](double x, double y) { return std::copysign(x, y); },
       -5, 5},
      {"fmod", 2, [](double x, double y) { return std::fmod(x, y); }, -7, 7},
      {"fmax", 2, [](double x, double y) { return std::fmax(x, y); }, -5, 5},
  };
  return fns;
}

std::string source() {
  std::string s = "import triton\nimport triton.language as tl\n"
                  "from triton.language.extra import libdevice\n";
  for (const Fn &f : functions()) {
    std::string call =
        std::string("libdevice.") + f.name + (f.arity == 1 ? "(x)" : "(x, y)");
    s += "\n@triton.jit\ndef k_" + std::string(f.name) +
         "(x_ptr, y_ptr, out_ptr, n, B: tl.constexpr):\n"
         "    offs = tl.arange(0, B)\n"
         "    x = tl.load(x_ptr + offs, mask=offs < n)\n"
         "    y = tl.load(y_ptr + offs, mask=offs < n)\n"
         "    tl.store(out_ptr + offs, " +
         call + ", mask=offs < n)\n";
  }
  return s;
}

TEST(Libdevice, EveryFunctionAgainstTheHost) {
  FRESH_RNG(rng);
  static TileKernels kc("libdevice.py", source());
  const int n = 200;
  for (const Fn &f : functions()) {
    ByteArray x(ElemTy::F32, n), y(ElemTy::F32, n), out(ElemTy::F32, 256);
    std::uniform_real_distribution<double> dist(f.lo, f.hi);
    for (int i = 0; i < n; ++i) {
      x.set(i, dist(rng));
      double v = dist(rng);
      if (std::string(f.name) == "fmod" && std::fabs(v) < 0.5)
        v = 0.5;
      y.set(i, v);
    }
    ASSERT_EQ(runKernel(kc, std::string("k_") + f.name,
                        "*fp32, *fp32, *fp32, i32, 256", {1, 1, 1},
                        {&x, &y, &out, I(n)}),
              "")
        << f.name;
    for (int i = 0; i < n; ++i) {
      double want = double(float(f.ref(x.get(i), y.get(i))));
      ASSERT_TRUE(out.get(i) == want ||
                  (std::isnan(out.get(i)) && std::isnan(want)))
          << f.name << "(" << x.get(i) << ", " << y.get(i)
          << ") = " << out.get(i) << ", want " << want;
    }
    for (int i = n; i < 256; ++i)
      ASSERT_TRUE(out.poisoned(i)) << f.name << ": masked lane " << i;
  }
}

const char *kSpellings = R"(import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice as ld
from triton.language.extra.libdevice import pow as ld_pow
from triton.language import float32

@triton.jit
def spellings(x_ptr, out_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + 4 * offs, ld.tanh(x))
    tl.store(out_ptr + 4 * offs + 1, tl.extra.cuda.libdevice.log1p(x))
    tl.store(out_ptr + 4 * offs + 2, ld_pow(x, 2.5).to(float32))
    flags = ld.isnan(x / x) + 2 * ld.isinf(x / 0.0) + 4 * ld.signbit(x)
    flags += 8 * ld.finitef(x)
    tl.store(out_ptr + 4 * offs + 3, flags.to(tl.float32))
)";

TEST(Libdevice, SpellingsAndPredicates) {
  FRESH_RNG(rng);
  static TileKernels kc("spellings.py", kSpellings);
  const int B = 64;
  ByteArray x(ElemTy::F32, B), out(ElemTy::F32, 4 * B);
  std::uniform_real_distribution<double> dist(0.0, 3.0);
  for (int i = 0; i < B; ++i)
    x.set(i, dist(rng));
  x.set(0, 0.0);  // 0 / 0 is NaN; 0 / 0.0 is NaN, not inf
  x.set(1, -0.0); // signbit set
  ASSERT_EQ(
      runKernel(kc, "spellings", "*fp32, *fp32, 64", {1, 1, 1}, {&x, &out}),
      "");
  for (int i = 0; i < B; ++i) {
    double v = x.get(i);
    EXPECT_EQ(out.get(4 * i), double(float(std::tanh(v)))) << i;
    EXPECT_EQ(out.get(4 * i + 1), double(float(std::log1p(v)))) << i;
    EXPECT_EQ(out.get(4 * i + 2), double(float(std::pow(v, 2.5)))) << i;
    int want =
        (v == 0 ? 1 : 0) + (v != 0 ? 2 : 0) + (std::signbit(v) ? 4 : 0) + 8;
    EXPECT_EQ(out.get(4 * i + 3), double(want)) << i << ": x = " << v;
  }
}

} // namespace
