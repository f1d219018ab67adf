//===- JitTest.cpp - Tests of the JIT's specialization (no GPU needed) ----===//

#include "tilec/Jit/Jit.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace tilec;
using namespace tilec::rt;

namespace {

std::string readExample(llvm::StringRef name) {
  auto buf = llvm::MemoryBuffer::getFile(TILEC_SOURCE_DIR "/examples/" + name,
                                         /*IsText=*/true);
  return buf ? (*buf)->getBuffer().str() : "";
}

/// The signature a launch with `args` (C++ values) compiles for.
template <typename... Ts>
std::string signatureOf(const Specializer &s, const Ts &...args) {
  auto spec = s.specialize({toArg(args)...});
  if (!spec)
    return "error: " + llvm::toString(spec.takeError());
  return spec->signature;
}

template <typename... Ts>
std::string errorOf(const Specializer &s, const Ts &...args) {
  auto spec = s.specialize({toArg(args)...});
  if (spec)
    return "no error: " + spec->signature;
  return llvm::toString(spec.takeError());
}

constexpr CUdeviceptr kAligned = 0x7f0000000000; // a multiple of 256
const char *kRules = R"(import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, n, scale, flag, BLOCK: tl.constexpr, eps=1e-5,
      ACT: tl.constexpr = "relu", DT: tl.constexpr = tl.float16):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * scale, mask=offs < n)
)";

TEST(JitSpecialize, TritonRules) {
  auto s = Specializer::create(kRules, "k", {});
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  DevicePtr<float> x{kAligned}, y{kAligned + 4};
  // Aligned pointer :16, unaligned not; int multiple of 16; float is fp32;
  // bool i1; constexpr passed positionally; trailing defaults left out.
  EXPECT_EQ(signatureOf(*s, x, y, 4096, 0.5, true, 256),
            "*fp32:16, *fp32, i32:16, fp32, i1, 256");
  // 1 is a constant; 0 is a multiple of 16; odd values are plain.
  EXPECT_EQ(signatureOf(*s, x, x, 1, 2.0f, false, 64),
            "*fp32:16, *fp32:16, 1, fp32, i1, 64");
  EXPECT_EQ(signatureOf(*s, x, x, 0, 2.0f, false, 64),
            "*fp32:16, *fp32:16, i32:16, fp32, i1, 64");
  EXPECT_EQ(signatureOf(*s, x, x, 4095, 2.0f, false, 64),
            "*fp32:16, *fp32:16, i32, fp32, i1, 64");
  // Integers are typed by value, whatever their C++ type.
  EXPECT_EQ(signatureOf(*s, x, x, int64_t(4096), 1.0, false, 64),
            "*fp32:16, *fp32:16, i32:16, fp32, i1, 64");
  EXPECT_EQ(signatureOf(*s, x, x, int64_t(1) << 31, 1.0, false, 64),
            "*fp32:16, *fp32:16, i64:16, fp32, i1, 64");
  EXPECT_EQ(signatureOf(*s, x, x, int64_t(-3), 1.0, false, 64),
            "*fp32:16, *fp32:16, i32, fp32, i1, 64");
  EXPECT_EQ(signatureOf(*s, x, x, uint64_t(1) << 63, 1.0, false, 64),
            "*fp32:16, *fp32:16, u64:16, fp32, i1, 64");
  // An explicitly typed integer keeps its type; fp64 only when asked for.
  EXPECT_EQ(signatureOf(*s, x, x, Arg::i64(48), Arg::f64(1), false, 64),
            "*fp32:16, *fp32:16, i64:16, fp64, i1, 64");
  // nullptr is None; a later parameter given makes earlier defaults explicit.
  EXPECT_EQ(signatureOf(*s, nullptr, x, 7, 1.0f, false, 64, 0.25),
            "None, *fp32:16, i32, fp32, i1, 64, fp32");
}

TEST(JitSpecialize, FixedConstexprsAndDefaults) {
  auto s = Specializer::create(kRules, "k",
                               {{"BLOCK", "1024"}, {"DT", "tl.bfloat16"}});
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  ASSERT_EQ(s->launchParams().size(), 7u); // BLOCK and DT are not passed
  DevicePtr<half> x{kAligned};
  // DT is fixed after eps and ACT: their defaults are written out.
  EXPECT_EQ(
      signatureOf(*s, x, x, 32, 1.0f, true),
      "*fp16:16, *fp16:16, i32:16, fp32, i1, 1024, 1.0000000000000001e-05, "
      "'relu', tl.bfloat16");
  auto none = Specializer::create(kRules, "k", {{"BLOCK", "128"}});
  ASSERT_TRUE(bool(none));
  EXPECT_EQ(signatureOf(*none, x, x, 32, 1.0f, true),
            "*fp16:16, *fp16:16, i32:16, fp32, i1, 128");
}

TEST(JitSpecialize, Errors) {
  auto bad = Specializer::create(kRules, "k", {{"BLOK", "64"}});
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "a value is given for 'BLOK', which is not a parameter of 'k' (its "
            "parameters: x_ptr, y_ptr, n, scale, flag, BLOCK, eps, ACT, DT)");
  auto missing = Specializer::create(kRules, "nope", {}, "k.py");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "k.py: no @triton.jit function named 'nope' (defined: k)");
  auto syntax = Specializer::create("@triton.jit\ndef k(:\n", "k", {}, "s.py");
  ASSERT_FALSE(bool(syntax));
  EXPECT_NE(llvm::toString(syntax.takeError())
                .find("s.py:2:6: error: '(' was never closed"),
            std::string::npos);

  auto s = Specializer::create(kRules, "k", {});
  ASSERT_TRUE(bool(s));
  DevicePtr<float> x{kAligned};
  EXPECT_EQ(errorOf(*s, x, x, 16, 1.0f),
            "too few arguments for 'k': it takes 9 (x_ptr, y_ptr, n, scale, "
            "flag, BLOCK, eps, ACT, DT), got 4; no value for 'BLOCK'");
  EXPECT_EQ(errorOf(*s, x, x, 16, 1.0f, true, 64, 1.0, 1, 2, 3),
            "too many arguments for 'k': it takes 9 (x_ptr, y_ptr, n, scale, "
            "flag, BLOCK, eps, ACT, DT), got 10");
  EXPECT_EQ(errorOf(*s, Arg::ptr(kAligned), x, 16, 1.0f, true, 64),
            "argument 0 ('x_ptr') of 'k': a pointer with no element type "
            "(pass rt::ptr<T>(buffer) or Arg::ptr(p, \"fp32\"))");
  EXPECT_EQ(errorOf(*s, x, x, 16, 1.0f, true, x),
            "argument 5 ('BLOCK') of 'k': a pointer for a tl.constexpr "
            "parameter (pass its value, or fix it in JitOptions::constexprs)");
}

TEST(JitSpecialize, CxxTypes) {
  EXPECT_EQ(toArg(DevicePtr<bfloat16>{8}).describe(), "*bf16");
  EXPECT_EQ(toArg(static_cast<const int8_t *>(nullptr)).describe(), "*i8");
  EXPECT_EQ(toArg(uint16_t(3)).kind, Arg::Int);
  EXPECT_EQ(toArg(uint16_t(3)).type, ""); // typed by value later
  EXPECT_EQ(toArg(true).type, "i1");
  EXPECT_EQ(toArg(1.5).type, "fp32");
  EXPECT_EQ(toArg(nullptr).kind, Arg::None);
  // A None reaching a compiled kernel is refused, naming the argument.
  llvm::Error e = checkArgs({{"x", "*fp32"}}, {Arg::none()});
  EXPECT_EQ(llvm::toString(std::move(e)),
            "argument 0 ('x'): expected *fp32, got None (None is a value to "
            "specialize on, not an argument)");
}

// The seed matmul launched with plain ints gets the signature a user would
// write by hand for Triton's JIT rules, and the same PTX.
TEST(JitSpecialize, MatmulPlainIntsMatchHandWrittenSignature) {
  std::string src = readExample("matmul_relu.py");
  ASSERT_FALSE(src.empty());
  auto s = Specializer::create(
      src, "matmul_relu_kernel",
      {{"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"BLOCK_K", "64"}},
      "matmul_relu.py");
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  int M = 4096, N = 4096, K = 4096;
  DevicePtr<half> a{kAligned}, b{kAligned + (1 << 26)};
  DevicePtr<float> c{kAligned + (1 << 27)};
  auto spec = s->specialize({toArg(a), toArg(b), toArg(c), toArg(M), toArg(N),
                             toArg(K), toArg(K), toArg(1), toArg(N), toArg(1),
                             toArg(N), toArg(1)});
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  const char *hand = "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, "
                     "i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64";
  EXPECT_EQ(spec->signature, hand);
  EXPECT_EQ(spec->abiArgs.size(), 9u); // 3 pointers, 6 ints (the 1s left)

  KernelCache cache{""};
  CompileOptions o;
  o.kernel = "matmul_relu_kernel";
  o.arch = "sm_90a";
  o.numWarps = 8;
  o.signature = spec->signature;
  auto jit = cache.get(src, o, "matmul_relu.py");
  ASSERT_TRUE(bool(jit)) << llvm::toString(jit.takeError());
  std::string jitPTX = jit->ptx;
  // The hand-written signature, spelled differently (another cache key).
  o.signature = "*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,1,"
                "i32:16,1,i32:16,1,128,128,64";
  auto byHand = cache.get(src, o, "matmul_relu.py");
  ASSERT_TRUE(bool(byHand)) << llvm::toString(byHand.takeError());
  EXPECT_EQ(cache.stats().compiles, 2u);
  EXPECT_EQ(jitPTX, byHand->ptx);
  EXPECT_NE(jitPTX.find("cp.async"), std::string::npos);
}

TEST(JitSpecialize, AutotunedKernel) {
  std::string src = readExample("matmul_autotune.py");
  ASSERT_FALSE(src.empty());
  auto s =
      Specializer::create(src, "matmul_relu_kernel", {}, "matmul_autotune.py");
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  ASSERT_TRUE(s->autotune().has_value());
  EXPECT_EQ(s->autotune()->configs.size(), 5u);
  EXPECT_EQ(s->launchParams().size(), 12u); // BLOCK_M/N/K come from configs
  DevicePtr<half> a{kAligned};
  DevicePtr<float> c{kAligned};
  llvm::SmallVector<Arg, 12> args = {
      toArg(a),  toArg(a), toArg(c),   toArg(512), toArg(256), toArg(64),
      toArg(64), toArg(1), toArg(256), toArg(1),   toArg(256), toArg(1)};
  auto none = s->specialize(args);
  ASSERT_FALSE(bool(none));
  EXPECT_EQ(llvm::toString(none.takeError()),
            "'matmul_relu_kernel' is autotuned: give specialize() one of its "
            "configs");
  auto second = s->specialize(args, &s->autotune()->configs[1]);
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(second->signature,
            "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, "
            "1, i32:16, 1, i32:16, 1, 128, 256, 64");
  // The key: the specialization and the values of M, N, K.
  auto key = s->tuningKey(args);
  ASSERT_TRUE(bool(key));
  EXPECT_NE(key->find("|M=512|N=256|K=64"), std::string::npos) << *key;
  args[4] = toArg(320);
  EXPECT_NE(*s->tuningKey(args), *key);
  // Fixing a tuned constexpr is an error.
  auto fixed = Specializer::create(src, "matmul_relu_kernel",
                                   {{"BLOCK_M", "64"}}, "matmul_autotune.py");
  ASSERT_FALSE(bool(fixed));
  EXPECT_EQ(llvm::toString(fixed.takeError()),
            "'BLOCK_M' of 'matmul_relu_kernel' is set by its @triton.autotune "
            "configs: do not fix it");
  Meta meta(&s->autotune()->configs[1]);
  EXPECT_EQ(meta["BLOCK_N"], 256);
  EXPECT_EQ(meta["NOPE"], 0);
}

TEST(JitSpecialize, AutotuneConfigsSeeTheArch) {
  // The configs host code builds from the GPU's capability follow the
  // architecture the kernel is compiled for (JitKernel passes the
  // device's), and -D names are seen as in a compilation.
  std::string src =
      "import torch\n"
      "import triton\n"
      "import triton.language as tl\n"
      "HOPPER = 'NVIDIA H' in torch.cuda.get_device_name() or "
      "torch.cuda.get_device_capability()[0] == 9\n"
      "@triton.autotune(configs=[triton.Config({'B': b}) for b in "
      "([64, 128] if HOPPER else [32]) + EXTRA], key=['n'])\n"
      "@triton.jit\n"
      "def k(x, n, B: tl.constexpr):\n"
      "    tl.store(x + tl.arange(0, B), 0)\n";
  auto hopper =
      Specializer::create(src, "k", {}, "k.py", "sm_90a", {"EXTRA=[16]"});
  ASSERT_TRUE(bool(hopper)) << llvm::toString(hopper.takeError());
  ASSERT_TRUE(hopper->autotune().has_value());
  EXPECT_EQ(hopper->autotune()->configs.size(), 3u);
  // On sm_80 the name would decide HOPPER: an error that names it.
  auto ampere =
      Specializer::create(src, "k", {}, "k.py", "sm_80", {"EXTRA=[16]"});
  ASSERT_FALSE(bool(ampere));
  EXPECT_NE(llvm::toString(ampere.takeError()).find("the GPU's name"),
            std::string::npos);
  // A -D that is no NAME=VALUE is an error, as on the command line.
  auto bad = Specializer::create(src, "k", {}, "k.py", "sm_90a", {"2X=1"});
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("-D expects NAME=VALUE"),
            std::string::npos);
}

// @triton.heuristics: evaluated at each specialization from the launch's
// arguments and the config's values (after the config, as in Triton); the
// parameters they set are not passed and reach the grid's Meta.
TEST(JitSpecialize, Heuristics) {
  std::string src =
      "import triton\nimport triton.language as tl\n\n\n"
      "@triton.autotune(configs=[triton.Config({'BLOCK_K': 32}), "
      "triton.Config({'BLOCK_K': 48})], key=['K'])\n"
      "@triton.heuristics({'EVEN_K': lambda args: args['K'] % "
      "args['BLOCK_K'] == 0,\n"
      "                    'BLOCK_N': lambda args: "
      "triton.next_power_of_2(args['N'])})\n"
      "@triton.heuristics({'SPLIT': lambda a: 2 if a['BLOCK_N'] >= 256 and "
      "not a['EVEN_K'] else min(max(a['N'] // 1000, 1), 4)})\n"
      "@triton.jit\n"
      "def k(x, N, K, BLOCK_K: tl.constexpr, EVEN_K: tl.constexpr,\n"
      "      BLOCK_N: tl.constexpr, SPLIT: tl.constexpr):\n"
      "    tl.store(x + tl.arange(0, BLOCK_N), 1.0)\n";
  auto s = Specializer::create(src, "k", {}, "h.py");
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  EXPECT_EQ(s->heuristicParams(),
            (std::vector<std::string>{"EVEN_K", "BLOCK_N", "SPLIT"}));
  EXPECT_EQ(s->launchParams().size(), 3u); // x, N, K
  DevicePtr<float> x{kAligned};
  llvm::SmallVector<Arg, 3> args = {toArg(x), toArg(3000), toArg(96)};
  const auto &configs = s->autotune()->configs;
  auto a = s->specialize(args, &configs[0]);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->signature, "*fp32:16, i32, i32:16, 32, True, 4096, 3");
  EXPECT_EQ(a->abiArgs.size(), 3u);
  auto b = s->specialize(args, &configs[1]); // 96 % 48 == 0 too
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->signature, "*fp32:16, i32, i32:16, 48, True, 4096, 3");
  args[2] = toArg(100); // not even: the conditional's first branch
  auto c = s->specialize(args, &configs[1]);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->signature, "*fp32:16, i32, i32, 48, False, 4096, 2");
  EXPECT_EQ(c->heuristics.at("BLOCK_N"), "4096");
  Meta meta(&configs[1], nullptr, &c->heuristics);
  EXPECT_EQ(meta["BLOCK_N"], 4096);
  EXPECT_EQ(meta["EVEN_K"], 0);
  EXPECT_EQ(meta["BLOCK_K"], 48);
  // A parameter a heuristic sets cannot be fixed.
  auto fixed = Specializer::create(src, "k", {{"BLOCK_N", "64"}}, "h.py");
  ASSERT_FALSE(bool(fixed));
  EXPECT_EQ(llvm::toString(fixed.takeError()),
            "'BLOCK_N' of 'k' is set by its @triton.heuristics: do not fix it");

  // What tilec cannot evaluate is an error at the expression, when a launch
  // needs it.
  std::string host = "import triton\nimport triton.language as tl\n\n\n"
                     "@triton.heuristics({'B': lambda args: "
                     "args['x'].element_size() * 64})\n"
                     "@triton.jit\ndef k(x, B: tl.constexpr):\n"
                     "    tl.store(x + tl.arange(0, B), 1.0)\n";
  auto h = Specializer::create(host, "k", {}, "host.py");
  ASSERT_TRUE(bool(h)) << llvm::toString(h.takeError());
  llvm::SmallVector<Arg, 1> one = {toArg(x)};
  auto e = h->specialize(one);
  ASSERT_FALSE(bool(e));
  EXPECT_EQ(llvm::toString(e.takeError()),
            "host.py:5:49: error: @triton.heuristics value of 'B': "
            "'.element_size()' is host code tilec cannot run (it "
            "evaluates triton.next_power_of_2, triton.cdiv, min, max, abs, "
            "int, float and bool)\n"
            "@triton.heuristics({'B': lambda args: args['x'].element_size() * "
            "64})\n"
            "                                                ^~~~~~~~~~~~");
  // A pointer in arithmetic.
  std::string ptrSrc = "import triton\nimport triton.language as tl\n\n\n"
                       "@triton.heuristics({'B': lambda args: args['x'] + 1})\n"
                       "@triton.jit\ndef k(x, B: tl.constexpr):\n"
                       "    tl.store(x + tl.arange(0, B), 1.0)\n";
  auto p = Specializer::create(ptrSrc, "k", {}, "p.py");
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  auto pe = p->specialize(one);
  ASSERT_FALSE(bool(pe));
  std::string msg = llvm::toString(pe.takeError());
  EXPECT_EQ(msg.substr(0, msg.find('\n')),
            "p.py:5:39: error: @triton.heuristics value of 'B': this is a "
            "pointer, not a number tilec can compute with");
}

// reset_to_zero and restore_value name pointer arguments whose buffer sizes
// the tuner knows (it zeroes and restores them between its runs).
TEST(JitSpecialize, AutotuneResetAndRestoreBuffers) {
  std::string src =
      "import triton\nimport triton.language as tl\n\n\n"
      "@triton.autotune(configs=[triton.Config({'B': 128}), "
      "triton.Config({'B': 256})], key=['n'], reset_to_zero=['y'], "
      "restore_value=['x'])\n"
      "@triton.jit\ndef k(x, y, n, B: tl.constexpr):\n"
      "    offs = tl.program_id(0) * B + tl.arange(0, B)\n"
      "    v = tl.load(x + offs, mask=offs < n)\n"
      "    tl.store(x + offs, v + 1, mask=offs < n)\n"
      "    tl.atomic_add(y + offs, v, mask=offs < n)\n";
  auto s = Specializer::create(src, "k", {}, "k.py");
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  EXPECT_EQ(s->autotune()->resetToZero, std::vector<std::string>{"y"});
  EXPECT_EQ(s->autotune()->restoreValue, std::vector<std::string>{"x"});
  // Sizes known: both buffers, in their roles.
  DevicePtr<int32_t> x{kAligned, 4000}, y{kAligned + 8192, 4000};
  llvm::SmallVector<Arg, 3> args = {toArg(x), toArg(y), toArg(1000)};
  auto b = s->tuningBuffers(args);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  ASSERT_EQ(b->zero.size(), 1u);
  EXPECT_EQ(b->zero[0].p, kAligned + 8192);
  EXPECT_EQ(b->zero[0].bytes, 4000u);
  ASSERT_EQ(b->restore.size(), 1u);
  EXPECT_EQ(b->restore[0].p, kAligned);
  EXPECT_TRUE(bool(s->tuningKey(args)));
  // A pointer of unknown size cannot be reset: an error, before any launch.
  args[1] = toArg(DevicePtr<int32_t>{kAligned + 8192});
  auto key = s->tuningKey(args);
  ASSERT_FALSE(bool(key));
  EXPECT_EQ(llvm::toString(key.takeError()),
            "'k': reset_to_zero names 'y', whose buffer size is unknown: pass "
            "it as a DeviceBuffer or rt::ptr<T>(buffer)");
  // A parameter the launch does not pass (a tuned constexpr) cannot be reset.
  auto s3 = Specializer::create(
      "import triton\nimport triton.language as tl\n\n\n"
      "@triton.autotune(configs=[triton.Config({'B': 128})], key=[], "
      "reset_to_zero=['B'])\n"
      "@triton.jit\ndef k(x, B: tl.constexpr):\n"
      "    tl.store(x + tl.arange(0, B), 1)\n",
      "k", {}, "k.py");
  ASSERT_TRUE(bool(s3)) << llvm::toString(s3.takeError());
  llvm::SmallVector<Arg, 1> args3 = {toArg(x)};
  auto key3 = s3->tuningKey(args3);
  ASSERT_FALSE(bool(key3));
  EXPECT_EQ(llvm::toString(key3.takeError()),
            "'k': reset_to_zero names 'B', which this launch does not pass");
  // A non-pointer cannot be restored.
  auto s2 = Specializer::create(
      "import triton\nimport triton.language as tl\n\n\n"
      "@triton.autotune(configs=[triton.Config({'B': 128})], key=[], "
      "restore_value=['n'])\n"
      "@triton.jit\ndef k(x, n, B: tl.constexpr):\n"
      "    tl.store(x + tl.arange(0, B), n)\n",
      "k", {}, "k.py");
  ASSERT_TRUE(bool(s2)) << llvm::toString(s2.takeError());
  llvm::SmallVector<Arg, 2> args2 = {toArg(x), toArg(7)};
  auto key2 = s2->tuningKey(args2);
  ASSERT_FALSE(bool(key2));
  EXPECT_EQ(llvm::toString(key2.takeError()),
            "'k': restore_value names 'n', passed as <int>, not a pointer");
}

// On a GPU: the tuner runs every config several times on the launch's
// buffers, yet the launch leaves them as one run does: y (reset_to_zero,
// poisoned first) holds one run's sums, x (restore_value, updated in place)
// one run's increment. Runs with TILEC_RUNTIME_TESTS_GPU=1 on a machine
// with a GPU; skipped otherwise.
TEST(JitGPU, AutotuneResetsAndRestoresBuffers) {
  auto dev = Device::open();
  if (!dev) {
    std::string why = llvm::toString(dev.takeError());
    GTEST_SKIP() << why;
  }
  std::string src = "import triton\nimport triton.language as tl\n\n\n"
                    "@triton.autotune(configs=[triton.Config({'B': 128}), "
                    "triton.Config({'B': 256}, num_warps=8)], key=['n'], "
                    "reset_to_zero=['y'], restore_value=['x'])\n"
                    "@triton.jit\ndef k(x, y, n, B: tl.constexpr):\n"
                    "    offs = tl.program_id(0) * B + tl.arange(0, B)\n"
                    "    v = tl.load(x + offs, mask=offs < n)\n"
                    "    tl.store(x + offs, v + 1, mask=offs < n)\n"
                    "    tl.atomic_add(y + offs, v * 3, mask=offs < n)\n";
  KernelCache cache{""}; // memory only: tuned afresh
  JitOptions o;
  o.cache = &cache;
  auto k = JitKernel::create(*dev, src, "k", o);
  ASSERT_TRUE(bool(k)) << llvm::toString(k.takeError());
  constexpr int n = 5000;
  std::vector<int32_t> x0(n), got(n);
  for (int i = 0; i < n; ++i)
    x0[i] = i * 7 - 12000;
  DeviceBuffer x(*dev), y(*dev);
  ASSERT_FALSE(bool(x.alloc(n * 4)));
  ASSERT_FALSE(bool(y.alloc(n * 4)));
  ASSERT_FALSE(bool(x.copyFromHost(x0.data(), n * 4)));
  ASSERT_FALSE(bool(y.fill8(0x5a))); // poison
  auto grid = [&](const Meta &meta) {
    return Dim3(unsigned((n + meta["B"] - 1) / meta["B"]));
  };
  llvm::Error e = k->launch(grid, ptr<int32_t>(x), ptr<int32_t>(y), n);
  ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
  EXPECT_EQ(k->lastTuning().ms.size(), 2u); // both configs ran
  ASSERT_FALSE(bool(dev->synchronize()));
  ASSERT_FALSE(bool(y.copyToHost(got.data(), n * 4)));
  int wrongY = 0, wrongX = 0;
  for (int i = 0; i < n; ++i)
    wrongY += got[i] != x0[i] * 3;
  ASSERT_FALSE(bool(x.copyToHost(got.data(), n * 4)));
  for (int i = 0; i < n; ++i)
    wrongX += got[i] != x0[i] + 1;
  EXPECT_EQ(wrongY, 0);
  EXPECT_EQ(wrongX, 0);
}

// On a GPU: configs that do not compile are skipped with a note, as
// Triton's autotuner skips configs that run out of resources; the others are
// timed and the launch runs with the fastest. When no config is left the
// launch is an error that lists why each failed.
TEST(JitGPU, AutotuneSkipsConfigsThatFail) {
  auto dev = Device::open();
  if (!dev) {
    std::string why = llvm::toString(dev.takeError());
    GTEST_SKIP() << why;
  }
  auto source = [](const char *configs) {
    return std::string("import triton\nimport triton.language as tl\n\n\n"
                       "@triton.autotune(configs=[") +
           configs +
           "], key=['n'])\n"
           "@triton.jit\ndef k(x, n, B: tl.constexpr):\n"
           "    offs = tl.program_id(0) * B + tl.arange(0, B)\n"
           "    tl.store(x + offs, offs * 2, mask=offs < n)\n";
  };
  KernelCache cache{""};
  JitOptions o;
  o.cache = &cache;
  auto k = JitKernel::create(
      *dev,
      source("triton.Config({'B': 100}), triton.Config({'B': 128}), "
             "triton.Config({'B': 256}, num_warps=64)"),
      "k", o);
  ASSERT_TRUE(bool(k)) << llvm::toString(k.takeError());
  constexpr int n = 1000;
  DeviceBuffer x(*dev);
  ASSERT_FALSE(bool(x.alloc(n * 4)));
  auto grid = [&](const Meta &meta) {
    return Dim3(unsigned((n + meta["B"] - 1) / meta["B"]));
  };
  llvm::Error e = k->launch(grid, ptr<int32_t>(x), n);
  ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
  const TuningRecord &rec = k->lastTuning();
  ASSERT_EQ(rec.ms.size(), 3u);
  EXPECT_LT(rec.ms[0], 0);
  EXPECT_NE(rec.notes[0].find("tl.arange(0, 100) has 100 elements"),
            std::string::npos)
      << rec.notes[0];
  EXPECT_GE(rec.ms[1], 0);
  EXPECT_LT(rec.ms[2], 0);
  EXPECT_NE(rec.notes[2].find("--num-warps must be a power of two from 1 to "
                              "32, got 64"),
            std::string::npos)
      << rec.notes[2];
  EXPECT_EQ(rec.chosen, 1u);
  EXPECT_NE(rec.table().find("skipped"), std::string::npos);
  std::vector<int32_t> got(n);
  ASSERT_FALSE(bool(dev->synchronize()));
  ASSERT_FALSE(bool(x.copyToHost(got.data(), n * 4)));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += got[i] != i * 2;
  EXPECT_EQ(wrong, 0);

  auto none = JitKernel::create(
      *dev, source("triton.Config({'B': 100}), triton.Config({'B': 48})"), "k",
      o);
  ASSERT_TRUE(bool(none)) << llvm::toString(none.takeError());
  llvm::Error all = none->launch(grid, ptr<int32_t>(x), n);
  ASSERT_TRUE(bool(all));
  std::string msg = llvm::toString(std::move(all));
  EXPECT_NE(msg.find("'k': no @triton.autotune config compiled and ran:\n"
                     "  config 0 (B=100, num_warps=4, num_stages=3): cannot "
                     "compile 'k'"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find("config 1 (B=48, num_warps=4, num_stages=3)"),
            std::string::npos)
      << msg;
}

TEST(JitSpecialize, ArchForComputeCapability) {
  EXPECT_EQ(archForComputeCapability(90), "sm_90a");
  EXPECT_EQ(archForComputeCapability(80), "sm_80");
  EXPECT_EQ(archForComputeCapability(100), "sm_90");
}

} // namespace
