//===- tilec-gpu-test.cpp - Run the seed kernels on the GPU and check them ===//
//
//   tilec-gpu-test [--filter SUBSTR] [--quick] [--bench] [--arch sm_90]
//                  [--examples DIR] [--check-args] [--no-interp] [--verbose]
//                  [--dump-ptx DIR] [--list]
//
// Compiles every seed kernel of examples/ (softmax_kernel, softmax_kernel_mixed,
// triton_softmax_kernel, triton_gelu_kernel, row_sum_kernel,
// matmul_relu_kernel), softmax_long_kernel, softmax_long_persistent_kernel
// and softmax_long_split_kernel (examples/softmax_long.py),
// row_stats_kernel (examples/row_stats.py: max/min with their indices) and
// the atomics kernels of examples/atomics.py (histogram, ticket counter,
// float sums, max/min, and/or/xor, xchg, a spin lock, a tile smaller than
// the CTA) with the seeds' launch parameters (matmul also with larger tiles, 2-4
// pipeline stages and transposed operands), runs each on random inputs over
// a set of shapes, with the output poisoned with NaN before the run, and
// compares every output element (for matmuls beyond 2^31 multiply-adds, 4096
// sampled ones) against a CPU reference computed in fp64 with plain loops. Elements the kernel must not write (gaps between
// strided rows) must keep the poison bit pattern. Cases with small inputs
// (at most 2^16 input elements; matmul: M N K <= 2^21) then also run the same
// CompiledKernel on the interpreter (its tile IR, tilec::interp::interpret)
// with the same inputs and a poisoned output, and compare every output
// element GPU vs interpreter with twice the case's tolerance (elements the
// kernel must not write: same bits); --no-interp skips that. One line per
// case (interp_err only where the interpreter ran):
//
//   PASS softmax_kernel fp32 7x1000 max_err=1.2e-08 (0.03 of tol) interp_err=2.0e-09 (0.01 of tol)
//
// then a summary; exit status 1 on any failure. Compile failures are FAIL
// lines too. Without a CUDA driver (libcuda.so.1 not loadable, or
// $TILEC_CUDA_LIBRARY names one that is not) it compiles everything, prints
// "no CUDA driver found: skipping GPU tests" and exits 0.
//
// Atomics (examples/atomics.py; one program per CTA whatever
// --programs-per-cta says): in/out arrays start from random values, pure
// outputs poisoned, a poisoned guard after every array must stay untouched;
// integers, max/min and xchg are checked exactly (bits), float sums within
// (terms + 1)(u sum|x| + smallest normal), exact when the inputs are small
// integers whose partial sums all fit the significand. Results that depend
// on the order in which programs reached an address (tickets, the old
// values of a contended xchg or add) are checked as sets: every ticket
// once, every slot's swaps one chain from its initial value to the value
// left. Results that do not are also compared with the interpreter (small
// inputs). softmax_long_split_kernel (its programs wait for one another):
// launched twice on the same buffers, the counters zeroed only before the
// first, never on the interpreter, refused (FAIL, not a hang) on a device
// with fewer SMs than its programs.
//
// A seed missing from the embedded copies (not in TILEC_GPU_TEST_SEEDS of
// CMakeLists.txt) is read from examples/ of the working directory, else of
// the source tree the binary was built from. --list prints the selected
// cases and exits.
//
// Tolerances, |got - ref| <= tol (per element):
//   softmax: atol + rtol * |ref| * (1 + |x - max|)   (the exponent's error
//            grows with |x - max| when x - max is rounded to fp16/bf16)
//            rtol fp32 1e-5, fp16 2e-3, bf16 1.6e-2; atol fp16 1.2e-7
//            (two fp16 subnormal steps), else ~0.
//   gelu:    atol + rtol * (|ref| + |x|)
//   row_sum: 2 (ceil(N / BLOCK) + log2(BLOCK) + 2) 2^-24 sum|x|  (fp32 acc)
//   matmul:  fp16/bf16 2 (K + 2) 2^-24 sum|a b|; fp32 (tf32) 2^-8 sum|a b|
//
// --bench: median time (cuEvent, 5 warm-up runs, then 50 timed runs, each
// after a 256 MB memset that flushes L2 as triton.testing.do_bench does) and GB/s
// (bytes read + written once) for softmax 4096 x N, gelu 2^28, row sum, and
// TFLOP/s for matmul 4096^3. Results of bench runs are not checked.
//
// --check-args: runs rt::checkArgs on right and wrong argument lists and
// prints the messages (needs no GPU; used by the lit tests).
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"
#include "tilec/Runtime/Runtime.h"
#include "tilec/Testing/HostPhilox.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

using namespace tilec;
namespace cl = llvm::cl;

static cl::OptionCategory category("tilec-gpu-test options");
static cl::opt<std::string> filter("filter",
                                   cl::desc("Run only cases whose line contains SUBSTR"),
                                   cl::value_desc("SUBSTR"), cl::cat(category));
static cl::opt<bool> quick("quick", cl::desc("Small shapes only"),
                           cl::cat(category));
static cl::opt<bool> bench("bench", cl::desc("Benchmark instead of testing"),
                           cl::cat(category));
static cl::opt<std::string> archOpt("arch", cl::desc("PTX target"),
                                    cl::init("sm_90"), cl::cat(category));
static cl::opt<std::string>
    examplesDir("examples",
                cl::desc("Read the seed kernels from DIR (default: the copies "
                         "embedded at build time)"),
                cl::value_desc("DIR"), cl::cat(category));
static cl::opt<bool> checkArgsMode(
    "check-args", cl::desc("Exercise argument checking (no GPU needed)"),
    cl::cat(category));
static cl::opt<std::string>
    dumpPTX("dump-ptx", cl::desc("Write each compiled kernel's PTX to DIR"),
            cl::value_desc("DIR"), cl::cat(category));
static cl::opt<bool> noInterp(
    "no-interp",
    cl::desc("Do not compare the GPU results with the interpreter's"),
    cl::cat(category));
static cl::opt<std::string> programsPerCTAOpt(
    "programs-per-cta",
    cl::desc("Programs per CTA for every kernel: auto (the runtime's default), "
             "1 or 2..8 (tile-coarsen-programs)"),
    cl::value_desc("n|auto"), cl::init("auto"), cl::cat(category));
/// --programs-per-cta as parsed in main (0: auto).
static int programsPerCTA = 0;
static cl::opt<bool> listCases(
    "list", cl::desc("Print the selected cases (one line each) and exit"),
    cl::cat(category));
static cl::opt<bool> verbose("verbose",
                             cl::desc("Print compile diagnostics and JIT logs"),
                             cl::cat(category));

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

namespace {

/// Element types: the softmax / GeLU / row / matmul kernels use the three
/// float ones; the atomics also integers and fp64 (exact bits as uint64_t).
enum class DT { F32, F16, BF16, F64, I32, U32, I64, U64 };

const char *dtName(DT t) {
  switch (t) {
  case DT::F32: return "fp32";
  case DT::F16: return "fp16";
  case DT::BF16: return "bf16";
  case DT::F64: return "fp64";
  case DT::I32: return "i32";
  case DT::U32: return "u32";
  case DT::I64: return "i64";
  case DT::U64: return "u64";
  }
  return "?";
}
size_t dtSize(DT t) {
  switch (t) {
  case DT::F16:
  case DT::BF16: return 2;
  case DT::F32:
  case DT::I32:
  case DT::U32: return 4;
  case DT::F64:
  case DT::I64:
  case DT::U64: return 8;
  }
  return 4;
}
bool isIntDT(DT t) {
  return t == DT::I32 || t == DT::U32 || t == DT::I64 || t == DT::U64;
}

uint32_t f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float bitsF32(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint16_t f32ToBF16(float f) {
  uint32_t u = f32Bits(f);
  if ((u & 0x7fffffff) > 0x7f800000)
    return uint16_t((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return uint16_t(u >> 16);
}
float bf16ToF32(uint16_t h) { return bitsF32(uint32_t(h) << 16); }

uint16_t f32ToF16(float f) {
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
float f16ToF32(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0)
    return (sign ? -1.0f : 1.0f) * float(m) * (1.0f / 16777216.0f);
  if (e == 31)
    return bitsF32(sign | 0x7f800000 | (m << 13));
  return bitsF32(sign | ((e - 15 + 127) << 23) | (m << 13));
}

/// The value of the bits `b` of an element of type `t` (64-bit integers
/// rounded to double).
double bitsToDouble(DT t, uint64_t b) {
  switch (t) {
  case DT::F32: return bitsF32(uint32_t(b));
  case DT::F16: return f16ToF32(uint16_t(b));
  case DT::BF16: return bf16ToF32(uint16_t(b));
  case DT::F64: {
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  case DT::I32: return double(int32_t(uint32_t(b)));
  case DT::U32: return double(uint32_t(b));
  case DT::I64: return double(int64_t(b));
  case DT::U64: return double(b);
  }
  return 0;
}

/// A host array of one element type; values go in and out as double, or
/// exactly as bits (bitsAt / setBits: the low dtSize bytes of a uint64_t).
struct HostArray {
  DT dt = DT::F32;
  std::vector<uint8_t> bytes;
  HostArray() = default;
  HostArray(DT dt, size_t n) : dt(dt), bytes(n * dtSize(dt)) {}
  size_t size() const { return bytes.size() / dtSize(dt); }
  size_t byteSize() const { return bytes.size(); }
  double get(size_t i) const { return bitsToDouble(dt, bitsAt(i)); }
  /// Stores v rounded to the element type (floats via fp32, fp64 as is;
  /// integers truncated).
  void set(size_t i, double v) {
    switch (dt) {
    case DT::F32:
    case DT::F16:
    case DT::BF16: {
      float f = float(v);
      setBits(i, dt == DT::F32   ? f32Bits(f)
                 : dt == DT::F16 ? f32ToF16(f)
                                 : f32ToBF16(f));
      return;
    }
    case DT::F64: {
      uint64_t b;
      std::memcpy(&b, &v, 8);
      setBits(i, b);
      return;
    }
    case DT::U32:
    case DT::U64:
      setBits(i, v < 0 ? uint64_t(int64_t(v)) : uint64_t(v));
      return;
    case DT::I32:
    case DT::I64:
      setBits(i, uint64_t(int64_t(v)));
      return;
    }
  }
  uint64_t bitsAt(size_t i) const {
    uint64_t u = 0;
    std::memcpy(&u, &bytes[i * dtSize(dt)], dtSize(dt)); // little-endian
    return u;
  }
  void setBits(size_t i, uint64_t b) {
    std::memcpy(&bytes[i * dtSize(dt)], &b, dtSize(dt));
  }
};

/// The pattern outputs are filled with before a run: a NaN for floats, an
/// unlikely value for integers.
uint64_t poisonBits(DT dt) {
  switch (dt) {
  case DT::F32: return 0x7fc0dead;
  case DT::F16: return 0x7e5a;
  case DT::BF16: return 0x7fda;
  case DT::F64: return 0x7ff8deaddeadbeefull;
  case DT::I32:
  case DT::U32: return 0x5eadbeef;
  case DT::I64:
  case DT::U64: return 0x5eadbeef5eadbeefull;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Random inputs and parallel loops
//===----------------------------------------------------------------------===//

uint64_t splitmix(uint64_t &s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

unsigned numThreads() {
  unsigned n = std::thread::hardware_concurrency();
  return std::max(1u, std::min(n, 32u));
}

/// Runs fn(begin, end) over [0, n) split into chunks on a few threads.
void parallelFor(size_t n, const std::function<void(size_t, size_t)> &fn) {
  unsigned t = numThreads();
  if (n < 4096 || t == 1) {
    fn(0, n);
    return;
  }
  size_t chunk = (n + t - 1) / t;
  std::vector<std::thread> ts;
  for (unsigned i = 0; i < t; ++i) {
    size_t b = i * chunk, e = std::min(n, b + chunk);
    if (b < e)
      ts.emplace_back(fn, b, e);
  }
  for (auto &th : ts)
    th.join();
}

/// Fills a with uniform values in [lo, hi) (rounded to its type); the same
/// seed gives the same data regardless of thread count.
void fillRandom(HostArray &a, double lo, double hi, uint64_t seed) {
  size_t n = a.size();
  constexpr size_t block = 1 << 16;
  parallelFor((n + block - 1) / block, [&](size_t b, size_t e) {
    for (size_t blk = b; blk < e; ++blk) {
      uint64_t s = seed * 0x100000001b3ull + blk;
      for (size_t i = blk * block; i < std::min(n, (blk + 1) * block); ++i) {
        double u = double(splitmix(s) >> 11) * (1.0 / 9007199254740992.0);
        a.set(i, lo + (hi - lo) * u);
      }
    }
  });
}

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

struct Checker {
  double maxAbs = 0, maxRatio = 0;
  size_t bad = 0, checked = 0;
  std::vector<std::string> examples;
  /// The tolerance check() used per element of each output array (a kernel
  /// may have several); NaN for the elements the kernel must not write and
  /// those not checked (what the interpreter comparison uses).
  std::map<const HostArray *, std::vector<double>> tols;
  /// GPU vs interpreter (compareWithInterpreter).
  bool interpRan = false;
  double interpMaxAbs = 0, interpMaxRatio = 0;
  size_t interpBad = 0;
  const HostArray *lastOut_ = nullptr;
  std::vector<double> *lastTols_ = nullptr;

  void recordTol(const HostArray &out, size_t i, double tol) {
    if (&out != lastOut_) { // one lookup per array, not per element
      lastOut_ = &out;
      lastTols_ = &tols[&out];
    }
    std::vector<double> &t = *lastTols_;
    if (t.size() != out.size())
      t.assign(out.size(), NAN);
    t[i] = tol;
  }
  double tolAt(const HostArray &out, size_t i) const {
    auto it = tols.find(&out);
    return it == tols.end() || i >= it->second.size() ? NAN : it->second[i];
  }

  void note(const std::string &s) {
    if (examples.size() < 5)
      examples.push_back(s);
  }
  /// A failed check described by `what` (already counted in `checked`).
  void fail(const std::string &what) {
    ++bad;
    maxRatio = INFINITY;
    note(what);
  }
  /// Element i must have exactly the bits `want` (integers; float max/min).
  void checkBits(const HostArray &out, size_t i, uint64_t want,
                 const llvm::Twine &where) {
    ++checked;
    recordTol(out, i, 0);
    if (out.bitsAt(i) != want)
      fail(llvm::formatv("{0}: got {1} (bits {2:x}), want {3} (bits {4:x})",
                         where.str(), out.get(i), out.bitsAt(i),
                         bitsToDouble(out.dt, want), want));
  }
  void check(const HostArray &out, size_t i, double ref, double tol,
             const llvm::Twine &where) {
    ++checked;
    recordTol(out, i, tol);
    double got = out.get(i);
    double err = std::fabs(got - ref);
    if (std::isnan(got) || std::isnan(err)) {
      ++bad;
      maxRatio = INFINITY;
      note(llvm::formatv("{0}: got {1} (bits {2:x}), want {3}", where.str(),
                         got, out.bitsAt(i), ref));
      return;
    }
    maxAbs = std::max(maxAbs, err);
    double ratio = tol > 0 ? err / tol : (err > 0 ? INFINITY : 0);
    maxRatio = std::max(maxRatio, ratio);
    if (!(err <= tol)) {
      ++bad;
      note(llvm::formatv("{0}: got {1}, want {2} (err {3:e}, tol {4:e})",
                         where.str(), got, ref, err, tol));
    }
  }
  /// An element the kernel must not write.
  void untouched(const HostArray &out, size_t i, const llvm::Twine &where) {
    ++checked;
    recordTol(out, i, NAN);
    if (out.bitsAt(i) != poisonBits(out.dt)) {
      ++bad;
      note(llvm::formatv("{0}: written outside the output (got {1})",
                         where.str(), out.get(i)));
    }
  }
};

//===----------------------------------------------------------------------===//
// Seeds and compilation
//===----------------------------------------------------------------------===//

struct Seed {
  const char *file;
  const char *text;
};
const Seed embeddedSeeds[] = {
#include "Seeds.inc"
};

/// One compiled configuration, shared by the cases that use it.
struct Compiled {
  bool ok = false;
  std::string error; // compile or load error
  CompiledKernel ck;
  std::optional<rt::Kernel> kernel; // after load
  bool loadTried = false;
};

struct KernelKey {
  std::string file, kernel, signature;
  int numWarps = 4;
  int numStages = 3;
  /// Programs per CTA for this kernel whatever --programs-per-cta says (1:
  /// one; the atomics: coarsening masks only the stores of the programs past
  /// the grid, and programs that wait for one another must not share a
  /// CTA); -1: --programs-per-cta.
  int programsPerCTA = -1;
  std::string str() const {
    std::string s = llvm::formatv("{0}:{1} [{2}] w{3} s{4}", file, kernel,
                                  signature, numWarps, numStages);
    if (programsPerCTA >= 0)
      s += llvm::formatv(" p{0}", programsPerCTA).str();
    return s;
  }
};

class Compilations {
public:
  Compilations() = default;

  Compiled &get(const KernelKey &key) {
    std::string k = key.str();
    auto it = cache_.find(k);
    if (it != cache_.end())
      return *it->second;
    auto c = std::make_unique<Compiled>();
    compile(key, *c);
    return *(cache_[k] = std::move(c));
  }
  size_t size() const { return cache_.size(); }
  /// Unloads every kernel (before the Device that holds them goes away).
  void unloadAll() {
    for (auto &[k, c] : cache_) {
      c->kernel.reset();
      c->loadTried = false;
    }
  }
  size_t failures() const {
    size_t n = 0;
    for (auto &[k, c] : cache_)
      n += !c->ok;
    return n;
  }
  /// Loads the compiled kernel into `dev` once.
  rt::Kernel *load(Compiled &c, rt::Device &dev) {
    if (!c.ok)
      return nullptr;
    if (!c.loadTried) {
      c.loadTried = true;
      auto k = rt::Kernel::load(dev, c.ck);
      if (!k) {
        c.error = llvm::toString(k.takeError());
        return nullptr;
      }
      if (verbose && !k->jitInfoLog().empty())
        llvm::errs() << "JIT log for " << c.ck.name << ":\n"
                     << k->jitInfoLog() << "\n";
      c.kernel.emplace(std::move(*k));
    }
    return c.kernel ? &*c.kernel : nullptr;
  }

private:
  const std::string *source(const std::string &file, std::string &err) {
    auto it = sources_.find(file);
    if (it != sources_.end())
      return &it->second;
    std::string text;
    if (!examplesDir.empty()) {
      llvm::SmallString<256> path(examplesDir.getValue());
      llvm::sys::path::append(path, file);
      auto buf = llvm::MemoryBuffer::getFile(path);
      if (!buf) {
        err = "cannot read " + path.str().str() + ": " + buf.getError().message();
        return nullptr;
      }
      text = (*buf)->getBuffer().str();
    } else {
      bool found = false;
      for (const Seed &s : embeddedSeeds)
        if (file == s.file) {
          text = s.text;
          found = true;
        }
      // A seed not embedded (one missing from TILEC_GPU_TEST_SEEDS in
      // CMakeLists.txt): examples/FILE of the working directory (the
      // repository root, where scripts/h200-run.sh runs), else of the source
      // tree this was built from.
      if (!found) {
        llvm::SmallString<256> here("examples"), tree(__FILE__);
        llvm::sys::path::append(here, file);
        for (int i = 0; i < 3; ++i)
          llvm::sys::path::remove_filename(tree); // tools/tilec-gpu-test/x.cpp
        llvm::sys::path::append(tree, "examples", file);
        for (const llvm::SmallString<256> &path : {here, tree}) {
          if (auto buf = llvm::MemoryBuffer::getFile(path)) {
            text = (*buf)->getBuffer().str();
            found = true;
            break;
          }
        }
        if (!found) {
          err = "no embedded seed " + file + ", and neither " + here.str().str() +
                " nor " + tree.str().str() + " can be read";
          return nullptr;
        }
      }
    }
    return &(sources_[file] = std::move(text));
  }

  void compile(const KernelKey &key, Compiled &c) {
    std::string err;
    const std::string *text = source(key.file, err);
    if (!text) {
      c.error = err;
      return;
    }
    std::string diags;
    llvm::raw_string_ostream os(diags);
    auto pit = parsed_.find(key.file);
    if (pit == parsed_.end())
      pit = parsed_.emplace(key.file, compiler_.parse(key.file, *text, os)).first;
    CompileOptions opts;
    opts.kernel = key.kernel;
    opts.signature = key.signature;
    opts.numWarps = key.numWarps;
    opts.numStages = key.numStages;
    opts.programsPerCTA =
        key.programsPerCTA >= 0 ? key.programsPerCTA : programsPerCTA;
    opts.arch = archOpt;
    auto t0 = std::chrono::steady_clock::now();
    c.ok = !pit->second.numErrors &&
           compiler_.compileToPTX(pit->second, opts, c.ck, os);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    if (!c.ok) {
      llvm::StringRef d = llvm::StringRef(os.str()).trim();
      // The first line says what went wrong; --verbose prints everything.
      c.error = "compile error: " +
                (verbose ? d.str() : d.split('\n').first.str());
    }
    if (c.ok && !dumpPTX.empty()) {
      static unsigned counter = 0;
      llvm::SmallString<256> path(dumpPTX.getValue());
      llvm::sys::path::append(path, llvm::formatv("{0:d2}-{1}.ptx", counter++,
                                                  key.kernel).str());
      std::error_code ec;
      llvm::raw_fd_ostream os2(path, ec);
      if (!ec)
        os2 << "// " << key.str() << "\n" << c.ck.ptx;
    }
    if (verbose)
      llvm::errs() << "compiled " << key.str() << " in "
                   << llvm::formatv("{0:f1}", ms) << " ms"
                   << (c.ok ? "" : " (FAILED)") << "\n";
  }

  Compiler compiler_;
  std::map<std::string, std::string> sources_;
  std::map<std::string, ParsedSource> parsed_;
  std::map<std::string, std::unique_ptr<Compiled>> cache_;
};

unsigned nextPow2(unsigned n) {
  unsigned p = 1;
  while (p < n)
    p <<= 1;
  return p;
}
unsigned cdiv(unsigned a, unsigned b) { return (a + b - 1) / b; }

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

/// The GPU state a case runs against.
struct Ctx {
  rt::Device &dev;
  const CompiledKernel *ck = nullptr; // the kernel of the case being run
  bool interp = true;                 // compare with the interpreter
};

using RunFn = std::function<llvm::Error(Ctx &, rt::Kernel &, Checker &)>;

struct Case {
  std::string kernel, dtype, shape;
  KernelKey key;
  RunFn run;
  std::string line() const { return kernel + " " + dtype + " " + shape; }
};

/// Device buffers from host arrays; outputs are poisoned first.
llvm::Error upload(rt::Device &dev, rt::DeviceBuffer &d, const HostArray &h) {
  if (auto e = d.alloc(h.byteSize()))
    return e;
  return d.copyFromHost(h.bytes.data(), h.byteSize());
}
/// Fills d (all of it, elements of dt) with the poison pattern, in place.
llvm::Error poison(rt::DeviceBuffer &d, DT dt) {
  size_t n = d.bytes() / dtSize(dt);
  switch (dtSize(dt)) {
  case 2: return d.fill16(uint16_t(poisonBits(dt)));
  case 4: return d.fill32(uint32_t(poisonBits(dt)));
  default: break;
  }
  std::vector<uint64_t> h(n, poisonBits(dt)); // 8-byte elements
  return d.copyFromHost(h.data(), n * 8);
}
llvm::Error poisonedOutput(rt::Device &dev, rt::DeviceBuffer &d, DT dt,
                           size_t n) {
  if (auto e = d.alloc(n * dtSize(dt)))
    return e;
  return poison(d, dt);
}
llvm::Error download(rt::DeviceBuffer &d, HostArray &h) {
  return d.copyToHost(h.bytes.data(), h.byteSize());
}

/// A host output array filled with the poison pattern, as poisonedOutput
/// fills the device one.
HostArray poisonedHost(DT dt, size_t n) {
  HostArray h(dt, n);
  for (size_t i = 0; i < n; ++i)
    h.setBits(i, poisonBits(dt));
  return h;
}

/// Input-size limits of the interpreter comparison.
constexpr size_t kInterpMaxInputs = size_t(1) << 16;
constexpr size_t kInterpMaxMatmul = size_t(1) << 21; // M N K

/// Compares the interpreter's output `mine` with the GPU's `gpuOut` element
/// by element: within twice the tolerance the Checker recorded for the GPU
/// element (chk.check), bit for bit where the kernel must not write
/// (chk.untouched), where no tolerance was recorded, and for integers.
/// `name` (may be empty) prefixes the notes.
void compareArrays(Checker &chk, const HostArray &mine, const HostArray &gpuOut,
                   const std::string &name) {
  std::string pre = name.empty() ? "" : name + " ";
  chk.interpRan = true;
  for (size_t i = 0; i < gpuOut.size(); ++i) {
    double tol = chk.tolAt(gpuOut, i);
    // Not to be written, or integers: the same bits.
    if (std::isnan(tol) || isIntDT(gpuOut.dt)) {
      if (mine.bitsAt(i) != gpuOut.bitsAt(i)) {
        ++chk.interpBad;
        chk.interpMaxRatio = INFINITY;
        chk.note(llvm::formatv("{3}[{0}]: GPU bits {1:x}, interpreter bits {2:x}",
                               i, gpuOut.bitsAt(i), mine.bitsAt(i), pre));
      }
      continue;
    }
    double g = gpuOut.get(i), v = mine.get(i);
    double err = g == v ? 0 : std::fabs(g - v), t = 2 * tol; // g == v: infs too
    if (std::isnan(err)) {
      ++chk.interpBad;
      chk.interpMaxRatio = INFINITY;
      chk.note(llvm::formatv("{3}[{0}]: GPU {1}, interpreter {2}", i, g, v, pre));
      continue;
    }
    chk.interpMaxAbs = std::max(chk.interpMaxAbs, err);
    chk.interpMaxRatio = std::max(chk.interpMaxRatio, err / t);
    if (!(err <= t)) {
      ++chk.interpBad;
      chk.note(llvm::formatv("{5}[{0}]: GPU {1}, interpreter {2} (diff {3:e}, "
                             "tol {4:e})",
                             i, g, v, err, t, pre));
    }
  }
}

/// Runs ctx.ck on the interpreter over `grid` with the buffers `arrays`
/// (named; the inputs the GPU got, in/out arrays as the GPU got them, and
/// pure outputs poisoned) and the runtime arguments `args`, then compares
/// each interpreter array outs[k].first with the GPU's outs[k].second
/// (compareArrays). Call after the fp64 checks of the GPU's arrays.
llvm::Error compareOutputsWithInterpreter(
    Ctx &ctx, Checker &chk, std::array<unsigned, 3> grid,
    std::vector<std::pair<std::string, HostArray *>> arrays,
    std::vector<std::pair<unsigned, const HostArray *>> outs,
    std::vector<interp::KernelArg> args) {
  if (!ctx.ck)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "interpreter: no compiled kernel");
  std::vector<interp::HostBuffer> bufs;
  for (auto &[name, a] : arrays)
    bufs.push_back({a->bytes.data(), a->byteSize(), name});
  if (auto e = interp::interpret(*ctx.ck, grid, args, bufs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "interpreter: " +
                                       llvm::toString(std::move(e)));
  for (auto &[index, gpuOut] : outs)
    compareArrays(chk, *arrays[index].second, *gpuOut,
                  outs.size() > 1 ? arrays[index].first : std::string());
  return llvm::Error::success();
}

/// The one-output form: `arrays[outIndex]` (a poisoned output of the GPU
/// output's size) compared with `gpuOut`.
llvm::Error compareWithInterpreter(Ctx &ctx, Checker &chk,
                                   std::array<unsigned, 3> grid,
                                   std::vector<std::pair<std::string, HostArray *>> arrays,
                                   unsigned outIndex, const HostArray &gpuOut,
                                   std::vector<interp::KernelArg> args) {
  return compareOutputsWithInterpreter(ctx, chk, grid, std::move(arrays),
                                       {{outIndex, &gpuOut}}, std::move(args));
}

struct SoftmaxTol {
  double rtol, atol;
};
SoftmaxTol tolFor(DT dt) {
  switch (dt) {
  case DT::F32: return {1e-5, 1e-30};
  case DT::F16: return {2e-3, 1.2e-7};
  case DT::BF16: return {1.6e-2, 1e-30};
  default: break;
  }
  return {0, 0};
}

/// softmax_kernel / softmax_kernel_mixed / triton_softmax_kernel.
/// `inputFirst`: the kernel takes (x, y, ...) rather than (y, x, ...).
/// The signature entry of an i32 argument, specialized the way Triton's JIT
/// specializes it: `i32:16` when the value is a multiple of 16.
std::string ispec(int64_t v) { return v % 16 == 0 ? "i32:16" : "i32"; }

/// A softmax kernel of examples/softmax.py (one tile a row: BLOCK_SIZE =
/// next_power_of_2(cols)), or with `fixedBlock` one that walks the row in
/// chunks (examples/softmax_long.py).
Case softmaxCase(const std::string &kernel, DT inDT, DT outDT, bool inputFirst,
                 unsigned rows, unsigned cols, unsigned inStride,
                 unsigned outStride, const char *file = "softmax.py",
                 unsigned fixedBlock = 0, unsigned programs = 0,
                 unsigned negInfPrefix = 0) {
  // programs > 0: a persistent kernel (softmax_long_persistent_kernel) that
  // takes n_rows after n_cols and runs on a grid of `programs`, 32 warps.
  // negInfPrefix: the first that many entries of each row are -inf (left
  // padding), which must weigh 0.
  unsigned block = fixedBlock ? fixedBlock : nextPow2(cols);
  int warps = programs ? 32 : block >= 4096 ? 16 : block >= 2048 ? 8 : 4;
  Case c;
  c.kernel = kernel;
  c.dtype = inDT == outDT ? dtName(inDT)
                          : std::string(dtName(inDT)) + "->" + dtName(outDT);
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  if (inStride != cols || outStride != cols)
    c.shape += llvm::formatv(" strides {0},{1}", inStride, outStride);
  if (programs)
    c.shape += llvm::formatv(" grid {0}", programs);
  if (negInfPrefix)
    c.shape += llvm::formatv(" -inf x {0}", negInfPrefix);
  std::string pin = std::string("*") + dtName(inDT) + ":16";
  std::string pout = std::string("*") + dtName(outDT) + ":16";
  c.key = {file, kernel,
           llvm::formatv("{0}, {1}, {2}, {3}, {4}, {5}{6}",
                         inputFirst ? pin : pout, inputFirst ? pout : pin,
                         ispec(inStride), ispec(outStride), ispec(cols),
                         programs ? ispec(rows) + ", " : std::string(), block),
           warps};
  const unsigned gridX = programs ? programs : rows;
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    size_t inN = size_t(rows - 1) * inStride + cols;
    size_t outN = size_t(rows - 1) * outStride + cols;
    HostArray x(inDT, inN), y(outDT, outN);
    fillRandom(x, -4.0, 4.0, rows * 1000003ull + cols);
    // Gaps between strided input rows hold NaN: reading them is a bug.
    for (unsigned r = 0; r + 1 < rows; ++r)
      for (unsigned j = cols; j < inStride; ++j)
        x.setBits(size_t(r) * inStride + j, poisonBits(inDT));
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned j = 0; j < std::min(negInfPrefix, cols - 1); ++j)
        x.set(size_t(r) * inStride + j, -INFINITY);
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dy, outDT, outN))
      return e;
    rt::Arg ax = rt::Arg::ptr(dx, dtName(inDT)),
            ay = rt::Arg::ptr(dy, dtName(outDT));
    std::vector<rt::Arg> args = {inputFirst ? ax : ay, inputFirst ? ay : ax,
                                 rt::Arg::i32(inputFirst ? inStride : inStride),
                                 rt::Arg::i32(outStride), rt::Arg::i32(cols)};
    if (programs)
      args.push_back(rt::Arg::i32(rows));
    if (auto e = k.launch({gridX}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dy, y))
      return e;
    SoftmaxTol tol = tolFor(outDT);
    std::vector<double> ref(outN), spread(outN);
    parallelFor(rows, [&](size_t rb, size_t re) {
      for (size_t r = rb; r < re; ++r) {
        const size_t xi = r * inStride, yi = r * outStride;
        double m = -INFINITY;
        for (unsigned j = 0; j < cols; ++j)
          m = std::max(m, x.get(xi + j));
        double s = 0;
        for (unsigned j = 0; j < cols; ++j)
          s += std::exp(x.get(xi + j) - m);
        for (unsigned j = 0; j < cols; ++j) {
          double d = x.get(xi + j) - m;
          ref[yi + j] = std::exp(d) / s;
          spread[yi + j] = std::isinf(d) ? 0 : -d;
        }
      }
    });
    for (size_t r = 0; r < rows; ++r) {
      for (unsigned j = 0; j < cols; ++j) {
        size_t i = r * outStride + j;
        double t = tol.atol + tol.rtol * ref[i] * (1 + spread[i]);
        chk.check(y, i, ref[i], t, llvm::formatv("[{0},{1}]", r, j));
      }
      if (r + 1 < rows)
        for (unsigned j = cols; j < outStride; ++j)
          chk.untouched(y, r * outStride + j, llvm::formatv("gap [{0},{1}]", r, j));
    }
    if (ctx.interp && inN <= kInterpMaxInputs) {
      HostArray yi = poisonedHost(outDT, outN);
      interp::KernelArg bx = interp::KernelArg::buf(0),
                        by = interp::KernelArg::buf(1);
      std::vector<interp::KernelArg> iargs = {
          inputFirst ? bx : by, inputFirst ? by : bx,
          interp::KernelArg::integer(inStride),
          interp::KernelArg::integer(outStride),
          interp::KernelArg::integer(cols)};
      if (programs)
        iargs.push_back(interp::KernelArg::integer(rows));
      return compareWithInterpreter(ctx, chk, {gridX, 1, 1},
                                    {{"x", &x}, {"y", &yi}}, 1, y, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

/// GeLU of n elements: the seed's triton_gelu_kernel (tanh through exp), or
/// with `libdeviceTanh` examples/gelu_tanh.py (libdevice.tanh, fp32 inside).
Case geluCase(DT dt, unsigned n, bool libdeviceTanh = false) {
  Case c;
  c.kernel = libdeviceTanh ? "gelu_tanh_kernel" : "triton_gelu_kernel";
  c.dtype = dtName(dt);
  c.shape = std::to_string(n);
  std::string p = std::string("*") + dtName(dt) + ":16";
  c.key = {libdeviceTanh ? "gelu_tanh.py" : "gelu.py", c.kernel,
           p + ", " + p + ", " + ispec(n) + ", 1024", 4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, n), y(dt, n);
    fillRandom(x, -3.0, 3.0, 77 + n);
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dy, dt, n))
      return e;
    if (auto e = k.launch({cdiv(n, 1024)},
                          {rt::Arg::ptr(dx, dtName(dt)),
                           rt::Arg::ptr(dy, dtName(dt)), rt::Arg::i32(n)}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dy, y))
      return e;
    SoftmaxTol tol = tolFor(dt);
    double atol = dt == DT::F32 ? 1e-7 : tol.atol;
    for (size_t i = 0; i < n; ++i) {
      double v = x.get(i);
      double a = (libdeviceTanh ? 0.7978845608028654 : 0.79788456) *
                 (v + 0.044715 * v * v * v);
      double ref = 0.5 * v * (1 + std::tanh(a));
      chk.check(y, i, ref, atol + tol.rtol * (std::fabs(ref) + std::fabs(v)),
                llvm::formatv("[{0}]", i));
    }
    if (ctx.interp && n <= kInterpMaxInputs) {
      HostArray yi = poisonedHost(dt, n);
      return compareWithInterpreter(
          ctx, chk, {cdiv(n, 1024), 1, 1}, {{"x", &x}, {"y", &yi}}, 1, y,
          {interp::KernelArg::buf(0), interp::KernelArg::buf(1),
           interp::KernelArg::integer(n)});
    }
    return llvm::Error::success();
  };
  return c;
}

/// One program per row of x (rows x cols, element type of x) writing fp32
/// results to y: uploads x, poisons y, launches (x, y, cols) on `rows`
/// programs and downloads y.
llvm::Error runRowKernel(Ctx &ctx, rt::Kernel &k, const HostArray &x,
                         HostArray &y, unsigned rows, unsigned cols) {
  rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
  if (auto e = upload(ctx.dev, dx, x))
    return e;
  if (auto e = poisonedOutput(ctx.dev, dy, DT::F32, y.size()))
    return e;
  if (auto e = k.launch({rows}, {rt::Arg::ptr(dx, dtName(x.dt)),
                                 rt::Arg::ptr(dy, "fp32"), rt::Arg::i32(cols)}))
    return e;
  if (auto e = ctx.dev.synchronize())
    return e;
  return download(dy, y);
}

/// The same row kernel in the interpreter on the same x (small cases only),
/// its y compared with the GPU's.
llvm::Error checkRowKernelWithInterpreter(Ctx &ctx, Checker &chk,
                                          HostArray &x, const HostArray &y,
                                          unsigned rows, unsigned cols) {
  if (!ctx.interp || size_t(rows) * cols > kInterpMaxInputs)
    return llvm::Error::success();
  HostArray yi = poisonedHost(DT::F32, y.size());
  return compareWithInterpreter(
      ctx, chk, {rows, 1, 1}, {{"x", &x}, {"y", &yi}}, 1, y,
      {interp::KernelArg::buf(0), interp::KernelArg::buf(1),
       interp::KernelArg::integer(cols)});
}

Case rowSumCase(DT dt, unsigned rows, unsigned cols) {
  Case c;
  c.kernel = "row_sum_kernel";
  c.dtype = std::string(dtName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  c.key = {"row_sum.py", c.kernel,
           std::string("*") + dtName(dt) + ":16, *fp32:16, " + ispec(cols) + ", 1024",
           4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, size_t(rows) * cols), y(DT::F32, rows);
    fillRandom(x, -1.0, 1.0, 5 + rows * 31ull + cols);
    if (auto e = runRowKernel(ctx, k, x, y, rows, cols))
      return e;
    double depth = std::ceil(cols / 1024.0) + 10 + 2;
    std::vector<double> ref(rows), mag(rows);
    parallelFor(rows, [&](size_t b, size_t e) {
      for (size_t r = b; r < e; ++r) {
        double s = 0, a = 0;
        for (unsigned j = 0; j < cols; ++j) {
          double v = x.get(r * cols + j);
          s += v;
          a += std::fabs(v);
        }
        ref[r] = s;
        mag[r] = a;
      }
    });
    for (size_t r = 0; r < rows; ++r)
      chk.check(y, r, ref[r], 1e-30 + 2 * depth * std::ldexp(1.0, -24) * mag[r],
                llvm::formatv("[{0}]", r));
    return checkRowKernelWithInterpreter(ctx, chk, x, y, rows, cols);
  };
  return c;
}

/// row_stats_kernel (examples/row_stats.py): per row max, argmax, min,
/// argmin (first index on ties; the inputs are small integers, so ties are
/// common), compared exactly. One tile a row with `warps` warps: every
/// reduction crosses warps.
Case rowStatsCase(DT dt, unsigned rows, unsigned cols, unsigned warps) {
  Case c;
  c.kernel = "row_stats_kernel";
  c.dtype = std::string(dtName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1} w{2}", rows, cols, warps);
  unsigned block = nextPow2(cols);
  c.key = {"row_stats.py", c.kernel,
           std::string("*") + dtName(dt) + ":16, *fp32:16, " + ispec(cols) +
               ", " + std::to_string(block),
           int(warps)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, size_t(rows) * cols), y(DT::F32, size_t(rows) * 4);
    fillRandom(x, -16.0, 16.0, 11 + rows * 131ull + cols * 7ull + warps);
    for (size_t i = 0; i < x.size(); ++i)
      x.set(i, std::floor(x.get(i)));
    if (auto e = runRowKernel(ctx, k, x, y, rows, cols))
      return e;
    for (size_t r = 0; r < rows; ++r) {
      double hi = x.get(r * cols), lo = hi;
      size_t whereHi = 0, whereLo = 0;
      for (size_t j = 1; j < cols; ++j) {
        double v = x.get(r * cols + j);
        if (v > hi)
          hi = v, whereHi = j;
        if (v < lo)
          lo = v, whereLo = j;
      }
      chk.check(y, 4 * r, hi, 0, llvm::formatv("max[{0}]", r));
      chk.check(y, 4 * r + 1, double(whereHi), 0, llvm::formatv("argmax[{0}]", r));
      chk.check(y, 4 * r + 2, lo, 0, llvm::formatv("min[{0}]", r));
      chk.check(y, 4 * r + 3, double(whereLo), 0, llvm::formatv("argmin[{0}]", r));
    }
    return checkRowKernelWithInterpreter(ctx, chk, x, y, rows, cols);
  };
  return c;
}

/// One matmul_relu case: C = relu(A B) for A: M x K, B: K x N.
struct MatmulCfg {
  DT dt = DT::F16;
  unsigned M = 64, N = 64, K = 32;
  unsigned BM = 64, BN = 64, BK = 32, warps = 4, stages = 3;
  bool transA = false; // A stored as K x M (stride_am = 1)
  bool transB = false; // B stored as N x K (stride_bk = 1)
  /// Unit strides specialized as the literal 1, as Triton's JIT does (the
  /// loads then vectorize and the K loop is software-pipelined); else every
  /// stride is a runtime i32.
  bool specialize = false;
  unsigned cPad = 0; // C rows padded by this many elements
  /// examples/matmul_block_ptr.py (the same parameters and results, through
  /// tl.make_block_ptr / tl.advance) instead of matmul_relu.py.
  bool blockPtr = false;
};

/// Beyond this many multiply-adds the fp64 reference covers a sample of
/// C's elements (every row and column of the sample's ~4096 are random).
constexpr size_t kMatmulFullCheck = size_t(1) << 31;

/// The elements of an M x N product to check: all of them up to
/// kMatmulFullCheck multiply-adds, else 4096 drawn from `seed` (splitmix),
/// the first element if `origin`, and the last.
std::vector<std::pair<unsigned, unsigned>>
matmulCheckPoints(unsigned M, unsigned N, unsigned K, uint64_t seed,
                  bool origin) {
  std::vector<std::pair<unsigned, unsigned>> at;
  if (size_t(M) * N * K <= kMatmulFullCheck) {
    at.reserve(size_t(M) * N);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j)
        at.push_back({i, j});
    return at;
  }
  for (unsigned s = 0; s < 4096; ++s) {
    uint64_t r = splitmix(seed);
    at.push_back({unsigned(r % M), unsigned((r >> 32) % N)});
  }
  if (origin)
    at.push_back({0, 0});
  at.push_back({M - 1, N - 1});
  return at;
}

/// For each point (i, j): sum over k of A(i, k) B(k, j) and of its terms'
/// magnitudes, in fp64 (`sum`, `mag`).
void matmulReference(const std::vector<std::pair<unsigned, unsigned>> &at,
                     unsigned K,
                     llvm::function_ref<double(size_t, size_t)> A,
                     llvm::function_ref<double(size_t, size_t)> B,
                     std::vector<double> &sum, std::vector<double> &mag) {
  sum.assign(at.size(), 0);
  mag.assign(at.size(), 0);
  parallelFor(at.size(), [&](size_t b0, size_t e0) {
    for (size_t t = b0; t < e0; ++t) {
      auto [i, j] = at[t];
      double s = 0, g = 0;
      for (unsigned kk = 0; kk < K; ++kk) {
        double p = A(i, kk) * B(kk, j);
        s += p;
        g += std::fabs(p);
      }
      sum[t] = s;
      mag[t] = g;
    }
  });
}

Case matmulCase(const MatmulCfg &m) {
  Case c;
  const DT dt = m.dt;
  const unsigned M = m.M, N = m.N, K = m.K;
  c.kernel = m.blockPtr ? "matmul_block_ptr_kernel" : "matmul_relu_kernel";
  c.dtype = std::string(dtName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1}x{2}", M, N, K);
  if (m.transA)
    c.shape += " A^T";
  if (m.transB)
    c.shape += " B^T";
  if (m.cPad)
    c.shape += llvm::formatv(" ldc+{0}", m.cPad);
  if (m.specialize)
    c.shape += llvm::formatv(" tiles {0}x{1}x{2} w{3} s{4}", m.BM, m.BN, m.BK,
                             m.warps, m.stages);
  const unsigned ldc = N + m.cPad;
  const long sam = m.transA ? 1 : K, sak = m.transA ? M : 1;
  const long sbk = m.transB ? 1 : N, sbn = m.transB ? K : 1;
  // M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn
  const std::vector<long> ints = {M, N, K, sam, sak, sbk, sbn, long(ldc), 1};
  std::string p = std::string("*") + dtName(dt) + ":16";
  std::string sig = p + ", " + p + ", *fp32:16";
  std::vector<long> runtimeInts; // those not specialized away
  for (long v : ints) {
    if (m.specialize && v == 1) {
      sig += ", 1";
      continue;
    }
    sig += ", " + ispec(v);
    runtimeInts.push_back(v);
  }
  sig += llvm::formatv(", {0}, {1}, {2}", m.BM, m.BN, m.BK).str();
  c.key = {m.blockPtr ? "matmul_block_ptr.py" : "matmul_relu.py", c.kernel,
           sig, int(m.warps), int(m.stages)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray a(dt, size_t(M) * K), b(dt, size_t(K) * N),
        cOut(DT::F32, size_t(M) * ldc);
    fillRandom(a, -1.0, 1.0, 11 + M + 7 * K);
    fillRandom(b, -1.0, 1.0, 13 + N + 5 * K);
    rt::DeviceBuffer da(ctx.dev), db(ctx.dev), dc(ctx.dev);
    if (auto e = upload(ctx.dev, da, a))
      return e;
    if (auto e = upload(ctx.dev, db, b))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dc, DT::F32, cOut.size()))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(da, dtName(dt)),
                                 rt::Arg::ptr(db, dtName(dt)),
                                 rt::Arg::ptr(dc, "fp32")};
    for (long v : runtimeInts)
      args.push_back(rt::Arg::i32(int32_t(v)));
    unsigned gx = cdiv(M, m.BM), gy = cdiv(N, m.BN);
    if (auto e = k.launch({gx, gy}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dc, cOut))
      return e;
    double rel = dt == DT::F32 ? std::ldexp(1.0, -8) // tf32 operands
                               : 2 * (K + 2) * std::ldexp(1.0, -24);
    auto A = [&](size_t i, size_t kk) { return a.get(i * sam + kk * sak); };
    auto B = [&](size_t kk, size_t j) { return b.get(kk * sbk + j * sbn); };
    // The elements to check: all of C, or a sample.
    bool full = size_t(M) * N * K <= kMatmulFullCheck;
    auto at = matmulCheckPoints(M, N, K, 0x5eed + M + N + K, /*origin=*/true);
    std::vector<double> ref, mag;
    matmulReference(at, K, A, B, ref, mag);
    for (double &r : ref)
      r = std::max(r, 0.0);
    for (size_t t = 0; t < at.size(); ++t) {
      auto [i, j] = at[t];
      chk.check(cOut, size_t(i) * ldc + j, ref[t], 1e-30 + rel * mag[t],
                llvm::formatv("[{0},{1}]", i, j));
    }
    if (full)
      for (size_t i = 0; i < M; ++i)
        for (unsigned j = N; j < ldc; ++j)
          chk.untouched(cOut, i * ldc + j, llvm::formatv("pad [{0},{1}]", i, j));
    if (ctx.interp && size_t(M) * N * K <= kInterpMaxMatmul) {
      HostArray ci = poisonedHost(DT::F32, cOut.size());
      using KA = interp::KernelArg;
      std::vector<KA> iargs = {KA::buf(0), KA::buf(1), KA::buf(2)};
      for (long v : runtimeInts)
        iargs.push_back(KA::integer(v));
      return compareWithInterpreter(ctx, chk, {gx, gy, 1},
                                    {{"a", &a}, {"b", &b}, {"c", &ci}}, 2,
                                    cOut, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

/// The seed's launch with runtime strides (no specialization): the
/// tensor-core path without vector loads or pipelining.
Case matmulCase(DT dt, unsigned M, unsigned N, unsigned K, bool transB,
                unsigned cPad) {
  MatmulCfg m;
  m.dt = dt;
  m.M = M;
  m.N = N;
  m.K = K;
  m.transB = transB;
  m.cPad = cPad;
  return matmulCase(m);
}

// Philox4x32 (10 rounds) on the host, for examples/dropout.py's cases.
using tilec::testing::hostPhilox;
using tilec::testing::hostUniform;

/// examples/dropout.py's random_streams_kernel: randint4x bit for bit,
/// rand4x exactly, randn4x within 2^-18 relative (the GPU's log / cos / sin),
/// against the host Philox for an int32 seed (sign-extended to the key).
Case randomStreamsCase(unsigned n, int32_t seed) {
  Case c;
  c.kernel = "random_streams_kernel";
  c.dtype = "u32/fp32";
  c.shape = llvm::formatv("{0} seed {1}", n, seed);
  c.key = {"dropout.py", c.kernel, "*u32:16, *fp32:16, i32, " + ispec(n) + ", 1024", 4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray ints(DT::U32, size_t(4) * n), floats(DT::F32, size_t(8) * n);
    rt::DeviceBuffer di(ctx.dev), df(ctx.dev);
    if (auto e = poisonedOutput(ctx.dev, di, DT::U32, ints.size()))
      return e;
    if (auto e = poisonedOutput(ctx.dev, df, DT::F32, floats.size()))
      return e;
    if (auto e = k.launch({cdiv(n, 1024)}, {rt::Arg::ptr(di, "u32"),
                                            rt::Arg::ptr(df, "fp32"),
                                            rt::Arg::i32(seed), rt::Arg::i32(int32_t(n))}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(di, ints))
      return e;
    if (auto e = download(df, floats))
      return e;
    uint64_t key = uint64_t(int64_t(seed));
    for (unsigned i = 0; i < n; ++i) {
      auto w = hostPhilox({i, 0, 0, 0}, {uint32_t(key), uint32_t(key >> 32)});
      float u[4];
      for (int q = 0; q < 4; ++q) {
        chk.check(ints, size_t(i) * 4 + q, double(w[q]), 0,
                  llvm::formatv("randint4x[{0}] at {1}", q, i));
        u[q] = hostUniform(w[q]);
        chk.check(floats, size_t(i) * 8 + q, double(u[q]), 0,
                  llvm::formatv("rand4x[{0}] at {1}", q, i));
      }
      for (int pair = 0; pair < 2; ++pair) {
        double u1 = std::max(1e-7, double(u[2 * pair])), u2 = u[2 * pair + 1];
        double r = std::sqrt(-2.0 * std::log(u1)), th = 6.283185307179586 * u2;
        double want[2] = {r * std::cos(th), r * std::sin(th)};
        for (int h = 0; h < 2; ++h)
          chk.check(floats, size_t(i) * 8 + 4 + 2 * pair + h, want[h],
                    std::ldexp(1.0, -18) * (1 + std::fabs(want[h])),
                    llvm::formatv("randn4x[{0}] at {1}", 2 * pair + h, i));
      }
    }
    return llvm::Error::success();
  };
  return c;
}

/// examples/matmul_tutorial.py (Triton's tutorial 03): C = act(A B) in fp16
/// for row-major fp16 A (M x K) and B (K x N), act leaky ReLU or none;
/// every element (or, beyond 2^31 multiply-adds, a sample) against fp64 with
/// the fp32 accumulator's and C's fp16 rounding allowed.
Case tutorialMatmulCase(unsigned M, unsigned N, unsigned K, unsigned BM,
                        unsigned BN, unsigned BK, unsigned warps,
                        unsigned stages, bool leaky) {
  Case c;
  c.kernel = "matmul_kernel";
  c.dtype = "fp16->fp16";
  c.shape = llvm::formatv("{0}x{1}x{2} tiles {3}x{4}x{5} w{6} s{7}{8}", M, N, K,
                          BM, BN, BK, warps, stages, leaky ? " leaky_relu" : "");
  const std::vector<long> ints = {M, N, K, long(K), 1, long(N), 1, long(N), 1};
  std::string sig = "*fp16:16, *fp16:16, *fp16:16";
  std::vector<long> runtimeInts;
  for (long v : ints) {
    if (v == 1) {
      sig += ", 1";
      continue;
    }
    sig += ", " + ispec(v);
    runtimeInts.push_back(v);
  }
  sig += llvm::formatv(", {0}, {1}, {2}, 8, '{3}'", BM, BN, BK,
                       leaky ? "leaky_relu" : "")
             .str();
  c.key = {"matmul_tutorial.py", c.kernel, sig, int(warps), int(stages)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray a(DT::F16, size_t(M) * K), b(DT::F16, size_t(K) * N),
        cOut(DT::F16, size_t(M) * N);
    fillRandom(a, -1.0, 1.0, 17 + M + 3 * K);
    fillRandom(b, -1.0, 1.0, 19 + N + 5 * K);
    rt::DeviceBuffer da(ctx.dev), db(ctx.dev), dc(ctx.dev);
    if (auto e = upload(ctx.dev, da, a))
      return e;
    if (auto e = upload(ctx.dev, db, b))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dc, DT::F16, cOut.size()))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(da, "fp16"), rt::Arg::ptr(db, "fp16"),
                                 rt::Arg::ptr(dc, "fp16")};
    for (long v : runtimeInts)
      args.push_back(rt::Arg::i32(int32_t(v)));
    unsigned grid = cdiv(M, BM) * cdiv(N, BN);
    if (auto e = k.launch({grid}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dc, cOut))
      return e;
    auto at = matmulCheckPoints(M, N, K, 0x7070 + M + N + K, /*origin=*/false);
    std::vector<double> ref, mag;
    matmulReference(
        at, K, [&](size_t i, size_t kk) { return a.get(i * K + kk); },
        [&](size_t kk, size_t j) { return b.get(kk * N + j); }, ref, mag);
    if (leaky)
      for (double &r : ref)
        r = r < 0 ? 0.01 * r : r;
    for (size_t t = 0; t < at.size(); ++t) {
      auto [i, j] = at[t];
      chk.check(cOut, size_t(i) * N + j, ref[t],
                1e-30 + std::fabs(ref[t]) * std::ldexp(1.0, -10) +
                    2 * (K + 2) * std::ldexp(1.0, -24) * mag[t],
                llvm::formatv("[{0},{1}]", i, j));
    }
    return llvm::Error::success();
  };
  return c;
}

/// examples/flash_attention.py: O = softmax(Q K^T * scale [causal]) V per
/// (batch, head), Q K V O of shape [Z, H, n, 64] fp16, contiguous; the fp64
/// reference from the same fp16 inputs. The kernel rounds q * scale and the
/// probabilities to fp16 before its dots (as Triton's tutorial does): the
/// bound is 4e-3 absolute (|O| <= max |V| = 1).
Case flashAttentionCase(unsigned Z, unsigned H, unsigned n, bool causal,
                        unsigned warps) {
  constexpr unsigned D = 64, BM = 128, BN = 64;
  Case c;
  c.kernel = "flash_attention_fwd_kernel";
  c.dtype = "fp16";
  c.shape = llvm::formatv("{0}x{1}x{2}x{3}{4} w{5}", Z, H, n, D,
                          causal ? " causal" : "", warps);
  std::string sig = "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16";
  const std::vector<long> strides = {long(H) * n * D, long(n) * D, long(D)};
  for (int t = 0; t < 4; ++t) {
    for (long st : strides)
      sig += ", " + ispec(st);
    sig += ", 1";
  }
  sig += ", " + ispec(Z) + ", " + ispec(H) + ", " + ispec(n);
  sig += llvm::formatv(", {0}, {1}, {2}, {3}", BM, D, BN, causal ? 1 : 0).str();
  c.key = {"flash_attention.py", c.kernel, sig, int(warps)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    size_t total = size_t(Z) * H * n * D;
    HostArray q(DT::F16, total), kk(DT::F16, total), v(DT::F16, total),
        o(DT::F16, total);
    fillRandom(q, -1.0, 1.0, 31 + n);
    fillRandom(kk, -1.0, 1.0, 37 + n);
    fillRandom(v, -1.0, 1.0, 41 + n);
    const double scale = 1.0 / std::sqrt(double(D));
    rt::DeviceBuffer dq(ctx.dev), dk(ctx.dev), dv(ctx.dev), dout(ctx.dev);
    if (auto e = upload(ctx.dev, dq, q))
      return e;
    if (auto e = upload(ctx.dev, dk, kk))
      return e;
    if (auto e = upload(ctx.dev, dv, v))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dout, DT::F16, total))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(dq, "fp16"), rt::Arg::ptr(dk, "fp16"),
                                 rt::Arg::ptr(dv, "fp16"), rt::Arg::f32(float(scale)),
                                 rt::Arg::ptr(dout, "fp16")};
    for (int t = 0; t < 4; ++t)
      for (long st : strides)
        args.push_back(rt::Arg::i32(int32_t(st)));
    for (unsigned x : {Z, H, n})
      args.push_back(rt::Arg::i32(int32_t(x)));
    if (auto e = k.launch({cdiv(n, BM), Z * H}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dout, o))
      return e;
    std::vector<double> ref(total);
    const float scale32 = float(scale);
    parallelFor(size_t(Z) * H * n, [&](size_t b0, size_t e0) {
      std::vector<double> p(n);
      for (size_t r = b0; r < e0; ++r) {
        size_t head = r / n, i = r % n, base = head * size_t(n) * D;
        size_t last = causal ? i : n - 1;
        double mx = -INFINITY, sum = 0;
        for (size_t j = 0; j <= last; ++j) {
          double dot = 0;
          for (unsigned d = 0; d < D; ++d)
            dot += q.get(base + i * D + d) * kk.get(base + j * D + d);
          p[j] = dot * scale32;
          mx = std::max(mx, p[j]);
        }
        for (size_t j = 0; j <= last; ++j)
          sum += (p[j] = std::exp(p[j] - mx));
        for (unsigned d = 0; d < D; ++d) {
          double acc = 0;
          for (size_t j = 0; j <= last; ++j)
            acc += p[j] * v.get(base + j * D + d);
          ref[base + i * D + d] = acc / sum;
        }
      }
    });
    for (size_t t = 0; t < total; ++t)
      chk.check(o, t, ref[t], 4e-3, llvm::formatv("[{0}]", t));
    if (ctx.interp && total <= kInterpMaxInputs) {
      HostArray oi = poisonedHost(DT::F16, total);
      using KA = interp::KernelArg;
      std::vector<KA> iargs = {KA::buf(0), KA::buf(1), KA::buf(2), KA::fp(scale32),
                               KA::buf(3)};
      for (int t = 0; t < 4; ++t)
        for (long st : strides)
          iargs.push_back(KA::integer(st));
      for (unsigned x : {Z, H, n})
        iargs.push_back(KA::integer(x));
      return compareWithInterpreter(ctx, chk, {cdiv(n, BM), Z * H, 1},
                                    {{"q", &q}, {"k", &kk}, {"v", &v}, {"o", &oi}},
                                    3, o, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

//===----------------------------------------------------------------------===//
// Atomics (examples/atomics.py) and the split long-row softmax
//===----------------------------------------------------------------------===//

/// Random bits and numbers for the atomics cases (small inputs: one thread).
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x100000001b3ull + 0x5eed) {}
  uint64_t bits() { return splitmix(s); }
  /// Uniform in [0, n) (n > 0).
  uint64_t below(uint64_t n) { return bits() % n; }
  /// Uniform integer in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo) + 1));
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * double(bits() >> 11) * (1.0 / 9007199254740992.0);
  }
};

unsigned bitWidth(DT t) { return unsigned(dtSize(t) * 8); }
uint64_t widthMask(DT t) {
  return bitWidth(t) == 64 ? ~uint64_t(0) : (uint64_t(1) << bitWidth(t)) - 1;
}
std::string ptrSig(DT t) { return std::string("*") + dtName(t) + ":16"; }

/// Elements after every array an atomics kernel writes: poisoned, never to
/// be written (nor any element past n of an output indexed by lane).
constexpr unsigned kGuard = 16;

/// A key of the order tl.atomic_max / atomic_min apply to the bits of a
/// value of type t: signed integers by value, unsigned ones by bits, floats
/// the IEEE way with -0 below +0 (no NaNs in these inputs).
uint64_t orderKey(DT t, uint64_t b) {
  switch (t) {
  case DT::F32:
    return (b & 0x80000000u) ? (~b & 0xffffffffu) : (b | 0x80000000u);
  case DT::F64: return (b >> 63) ? ~b : (b | (uint64_t(1) << 63));
  case DT::I32: return b ^ 0x80000000u;
  case DT::I64: return b ^ (uint64_t(1) << 63);
  default: return b;
  }
}

/// The key of an atomics kernel: examples/atomics.py, one program per CTA
/// whatever --programs-per-cta says (tile-coarsen-programs masks only the
/// stores of programs past the grid, not their atomics).
KernelKey atomicsKey(const std::string &kernel, const std::string &sig,
                     int warps) {
  KernelKey k{"atomics.py", kernel, sig, warps};
  k.programsPerCTA = 1;
  return k;
}

/// The arrays of one atomics run in the kernel's parameter order (every
/// kernel of examples/atomics.py takes its pointers first, then i32s).
/// Inputs and in/out arrays hold what the kernel starts from; pure outputs
/// are poisonedHost. Add every array before taking references to them.
struct Buffers {
  std::vector<std::string> names;
  std::vector<HostArray> arrays;  // after run(): the GPU's results
  std::vector<HostArray> initial; // what run() uploaded (the interpreter's)
  unsigned add(const std::string &name, HostArray a) {
    names.push_back(name);
    arrays.push_back(std::move(a));
    return unsigned(arrays.size() - 1);
  }
  HostArray &operator[](unsigned i) { return arrays[i]; }

  /// Uploads every array, launches `k` on `grid` programs with a pointer to
  /// each then the i32 `ints`, and downloads the arrays `outs` in place.
  llvm::Error run(Ctx &ctx, rt::Kernel &k, unsigned grid,
                  llvm::ArrayRef<int64_t> ints, llvm::ArrayRef<unsigned> outs) {
    initial = arrays;
    std::vector<std::unique_ptr<rt::DeviceBuffer>> bufs;
    std::vector<rt::Arg> args;
    for (HostArray &h : arrays) {
      bufs.push_back(std::make_unique<rt::DeviceBuffer>(ctx.dev));
      if (auto e = upload(ctx.dev, *bufs.back(), h))
        return e;
      args.push_back(rt::Arg::ptr(*bufs.back(), dtName(h.dt)));
    }
    for (int64_t v : ints)
      args.push_back(rt::Arg::i32(int32_t(v)));
    if (auto e = k.launch({grid}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    for (unsigned i : outs)
      if (auto e = download(*bufs[i], arrays[i]))
        return e;
    return llvm::Error::success();
  }

  /// The same launch on the interpreter, from `initial`, its arrays `outs`
  /// compared with the GPU's (compareArrays: integers bit for bit, floats
  /// within twice the recorded tolerance). Only for results that do not
  /// depend on the order in which programs reached an address.
  llvm::Error interp(Ctx &ctx, Checker &chk, unsigned grid,
                     llvm::ArrayRef<int64_t> ints, llvm::ArrayRef<unsigned> outs) {
    std::vector<std::pair<std::string, HostArray *>> a;
    std::vector<interp::KernelArg> args;
    for (unsigned i = 0; i < initial.size(); ++i) {
      a.push_back({names[i], &initial[i]});
      args.push_back(interp::KernelArg::buf(i));
    }
    for (int64_t v : ints)
      args.push_back(interp::KernelArg::integer(v));
    std::vector<std::pair<unsigned, const HostArray *>> o;
    for (unsigned i : outs)
      o.push_back({i, &arrays[i]});
    return compareOutputsWithInterpreter(ctx, chk, {grid, 1, 1}, a, o, args);
  }
};

/// The guard elements of `a` (its last kGuard) must keep the poison.
void checkGuard(Checker &chk, const HostArray &a, const std::string &name) {
  for (size_t i = a.size() - kGuard; i < a.size(); ++i)
    chk.untouched(a, i, llvm::formatv("{0} guard [{1}]", name, i));
}

/// histogram_kernel: n int32 in [0, 2^31), bins = x % nbins counted onto
/// random initial counts; grid cdiv(n, 1024) (the last program's tail
/// masked). Every bin exact, the guard after the bins untouched.
Case histogramCase(unsigned n, unsigned nbins) {
  Case c;
  c.kernel = "histogram_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("{0} bins {1}", n, nbins);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("*i32:16, *i32:16, {0}, {1}, 1024", ispec(n),
                                   nbins),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(1 + n * 31ull + nbins);
    Buffers b;
    unsigned ix = b.add("x", HostArray(DT::I32, n));
    unsigned ib = b.add("bins", poisonedHost(DT::I32, nbins + kGuard));
    HostArray &x = b[ix], &bins = b[ib];
    std::vector<uint64_t> ref(nbins);
    for (unsigned j = 0; j < nbins; ++j)
      bins.setBits(j, ref[j] = rng.below(1000));
    for (unsigned i = 0; i < n; ++i) {
      x.setBits(i, rng.bits() >> 33);
      ++ref[x.bitsAt(i) % nbins];
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {ib}))
      return e;
    for (unsigned j = 0; j < nbins; ++j)
      chk.checkBits(bins, j, ref[j], llvm::formatv("bin {0}", j));
    checkGuard(chk, bins, "bins");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {ib});
    return llvm::Error::success();
  };
  return c;
}

/// ticket_kernel on `grid` programs from a random counter c0: the tickets
/// out[0 .. grid) must be c0 .. c0 + grid - 1, each once (in any order), the
/// counter c0 + grid. Not compared with the interpreter (the order is the
/// GPU's).
Case ticketCase(unsigned grid, int warps) {
  Case c;
  c.kernel = "ticket_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("grid {0} w{1}", grid, warps);
  c.key = atomicsKey(c.kernel, "*i32:16, *i32:16", warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(7 + grid * 13ull + warps);
    Buffers b;
    unsigned ic = b.add("counter", poisonedHost(DT::I32, 1 + kGuard));
    unsigned io = b.add("out", poisonedHost(DT::I32, grid + kGuard));
    HostArray &counter = b[ic], &out = b[io];
    const uint64_t c0 = rng.below(1000000);
    counter.setBits(0, c0);
    if (auto e = b.run(ctx, k, grid, {}, {ic, io}))
      return e;
    chk.checkBits(counter, 0, c0 + grid, "counter");
    checkGuard(chk, counter, "counter");
    std::vector<char> seen(grid);
    for (unsigned p = 0; p < grid; ++p) {
      ++chk.checked;
      int64_t t = int64_t(int32_t(uint32_t(out.bitsAt(p)))) - int64_t(c0);
      if (t < 0 || t >= int64_t(grid) || seen[t])
        chk.fail(llvm::formatv("out[{0}] = {1}: not a ticket of {2} .. {3} "
                               "taken once",
                               p, out.get(p), c0, c0 + grid - 1));
      else
        seen[t] = 1;
    }
    checkGuard(chk, out, "out");
    return llvm::Error::success();
  };
  return c;
}

/// accumulate_kernel: n values of dt added into out[i % nout] (random
/// initial values). intRange 0: x uniform in [-1, 1), each sum within
/// (terms + 1) (u |init + sum|x|| + s) of the fp64 sum (u the unit roundoff
/// of dt, s its smallest normal: atom.add.f32 flushes subnormals); intRange
/// R: integers in [-R, R] onto integers in [-8, 8], exact (tolerance 0)
/// wherever |init| + sum|x| fits dt's significand: every partial sum is then
/// representable, whatever the order, so a lost or doubled update shows.
Case accumulateCase(DT dt, unsigned n, unsigned nout, unsigned intRange) {
  Case c;
  c.kernel = "accumulate_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  if (intRange)
    c.shape += llvm::formatv(" ints {0}", intRange);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt),
                                   ispec(n), nout),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(3 + n * 7ull + nout * 131ull + intRange + unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    for (unsigned j = 0; j < nout; ++j)
      out.set(j, intRange ? double(rng.range(-8, 8)) : rng.uniform(-1, 1));
    for (unsigned i = 0; i < n; ++i)
      x.set(i, intRange ? double(rng.range(-int64_t(intRange), intRange))
                        : rng.uniform(-1, 1));
    std::vector<double> sum(nout), mag(nout);
    std::vector<size_t> terms(nout);
    for (unsigned j = 0; j < nout; ++j)
      mag[j] = std::fabs(sum[j] = out.get(j));
    for (unsigned i = 0; i < n; ++i) {
      sum[i % nout] += x.get(i);
      mag[i % nout] += std::fabs(x.get(i));
      ++terms[i % nout];
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    int p = dt == DT::F16 ? 11 : dt == DT::BF16 ? 8 : dt == DT::F32 ? 24 : 53;
    int minExp = dt == DT::F16 ? -14 : dt == DT::F64 ? -1022 : -126;
    for (unsigned j = 0; j < nout; ++j) {
      bool exact = intRange && mag[j] <= std::ldexp(1.0, p);
      double tol = exact ? 0
                         : double(terms[j] + 1) *
                               (std::ldexp(mag[j], -p) + std::ldexp(1.0, minExp));
      chk.check(out, j, sum[j], tol,
                llvm::formatv("out[{0}] ({1} terms)", j, terms[j]));
    }
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// A random value of dt for max_min_kernel, of one of four kinds: mixed
/// signs (with the odd -0, +0, -inf, +inf among floats when `special`),
/// only negative (signed types; unsigned: the top bit set), only positive,
/// and a few values with many ties (floats: +-0 and subnormals).
uint64_t maxMinValue(DT dt, Rng &rng, unsigned kind, bool special) {
  if (dt == DT::F32 || dt == DT::F64) {
    double v = 0;
    if (special && rng.below(40) == 0) {
      const double sp[] = {-0.0, 0.0, -INFINITY, INFINITY};
      v = sp[rng.below(4)];
    } else if (kind == 0) {
      v = rng.uniform(-100, 100);
    } else if (kind == 1) {
      v = rng.uniform(-100, -0.01);
    } else if (kind == 2) {
      v = rng.uniform(0.01, 100);
    } else {
      const double f32Few[] = {-0.0, 0.0, 1e-40, -1e-40, 1e-38, -1e-38};
      const double f64Few[] = {-0.0, 0.0, 1e-310, -1e-310, 1e-300, -1e-300};
      v = (dt == DT::F32 ? f32Few : f64Few)[rng.below(6)];
    }
    HostArray h(dt, 1);
    h.set(0, v);
    return h.bitsAt(0);
  }
  const uint64_t mask = widthMask(dt);
  const uint64_t top = uint64_t(1) << (bitWidth(dt) - 1);
  switch (kind) {
  case 0: return rng.bits() & mask;
  case 1: return (rng.bits() & mask) | top;
  case 2: return rng.bits() & (top - 1);
  default: {
    bool isSigned = dt == DT::I32 || dt == DT::I64;
    int64_t v = isSigned ? rng.range(-3, 3) : rng.range(0, 3);
    return uint64_t(v) & mask;
  }
  }
}

/// max_min_kernel: n values into nout max slots and nout min slots (random
/// initial values of the same kind as the slot's data: slot j gets kind
/// j % 4 of maxMinValue), every slot compared bit for bit with the running
/// max / min in the order atomic max / min define.
Case maxMinCase(DT dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "max_min_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt),
                                   ispec(n), nout),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(5 + n * 11ull + nout * 17ull + unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, 2 * nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    std::vector<uint64_t> hi(nout), lo(nout);
    for (unsigned j = 0; j < nout; ++j) {
      out.setBits(j, hi[j] = maxMinValue(dt, rng, j % 4, false));
      out.setBits(nout + j, lo[j] = maxMinValue(dt, rng, j % 4, false));
    }
    for (unsigned i = 0; i < n; ++i) {
      unsigned j = i % nout;
      uint64_t v = maxMinValue(dt, rng, j % 4, true);
      x.setBits(i, v);
      if (orderKey(dt, v) > orderKey(dt, hi[j]))
        hi[j] = v;
      if (orderKey(dt, v) < orderKey(dt, lo[j]))
        lo[j] = v;
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    for (unsigned j = 0; j < nout; ++j) {
      chk.checkBits(out, j, hi[j], llvm::formatv("max[{0}]", j));
      chk.checkBits(out, nout + j, lo[j], llvm::formatv("min[{0}]", j));
    }
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// bitwise_kernel: x of two random set bits each; and-slots start all ones
/// but one bit (and get ~x), or-slots with one bit, xor-slots random; every
/// slot exact.
Case bitwiseCase(DT dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "bitwise_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt),
                                   ispec(n), nout),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(9 + n * 19ull + nout * 23ull + unsigned(dt) * 1000003ull);
    const uint64_t mask = widthMask(dt);
    const unsigned w = bitWidth(dt);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, 3 * nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    std::vector<uint64_t> ref(3 * nout);
    for (unsigned j = 0; j < nout; ++j) {
      ref[j] = mask & ~(uint64_t(1) << rng.below(w));
      ref[nout + j] = uint64_t(1) << rng.below(w);
      ref[2 * nout + j] = rng.bits() & mask;
    }
    for (unsigned j = 0; j < 3 * nout; ++j)
      out.setBits(j, ref[j]);
    for (unsigned i = 0; i < n; ++i) {
      uint64_t v = (uint64_t(1) << rng.below(w)) | (uint64_t(1) << rng.below(w));
      x.setBits(i, v);
      unsigned j = i % nout;
      ref[j] &= ~v & mask;
      ref[nout + j] |= v;
      ref[2 * nout + j] ^= v;
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    const char *what[] = {"and", "or", "xor"};
    for (unsigned j = 0; j < 3 * nout; ++j)
      chk.checkBits(out, j, ref[j],
                    llvm::formatv("{0}[{1}]", what[j / nout], j % nout));
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// xchg_kernel: n distinct values swapped into nout slots (distinct initial
/// values). Per slot, the old values returned and the value left must form
/// one chain: initial -> x of the first swap -> ... -> the value left, every
/// lane of the slot on it once (a lost, doubled or torn swap breaks it).
/// With nout >= n (one swap a slot) also compared with the interpreter.
Case xchgCase(DT dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "xchg_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("{0}, {0}, {0}, {1}, {2}, 1024", ptrSig(dt),
                                   ispec(n), nout),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(13 + n * 29ull + nout * 31ull + unsigned(dt) * 1000003ull);
    // Value number i (distinct for distinct i < 2^22): integers through an
    // odd multiplier (a bijection), floats (i - 2^21) / 2 (exact in fp32).
    const uint64_t base = rng.bits();
    auto value = [&](uint64_t i) -> uint64_t {
      HostArray h(dt, 1);
      if (dt == DT::F32 || dt == DT::F64)
        h.set(0, (double(i) - 2097152.0) * 0.5);
      else
        h.setBits(0, (i * 0x9e3779b97f4a7c15ull + base) & widthMask(dt));
      return h.bitsAt(0);
    };
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, nout + kGuard));
    unsigned iold = b.add("old", poisonedHost(dt, n + kGuard));
    HostArray &x = b[ix], &out = b[io], &old = b[iold];
    for (unsigned i = 0; i < n; ++i)
      x.setBits(i, value(i));
    for (unsigned j = 0; j < nout; ++j)
      out.setBits(j, value(n + j));
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io, iold}))
      return e;
    // next[old value of lane i] = x[i]: the value that replaced it.
    std::unordered_map<uint64_t, uint64_t> next;
    next.reserve(n);
    std::vector<size_t> lanes(nout);
    for (unsigned i = 0; i < n; ++i) {
      ++lanes[i % nout];
      ++chk.checked;
      if (!next.emplace(old.bitsAt(i), x.bitsAt(i)).second)
        chk.fail(llvm::formatv("old[{0}] = {1}: returned twice", i, old.get(i)));
    }
    for (unsigned j = 0; j < nout; ++j) {
      ++chk.checked;
      uint64_t v = value(n + j);
      size_t steps = 0;
      for (auto it = next.find(v); it != next.end() && steps <= lanes[j];
           it = next.find(v)) {
        v = it->second;
        ++steps;
      }
      if (steps != lanes[j] || v != out.bitsAt(j)) {
        chk.fail(llvm::formatv("slot {0}: the chain from its initial value "
                               "has {1} swaps and ends at {2}; want {3} swaps "
                               "ending at the value left, {4}",
                               j, steps, bitsToDouble(dt, v), lanes[j],
                               out.get(j)));
        continue;
      }
      chk.recordTol(out, j, 0);
    }
    for (unsigned i = 0; i < n; ++i)
      chk.recordTol(old, i, 0);
    checkGuard(chk, out, "out");
    checkGuard(chk, old, "old");
    if (ctx.interp && nout >= n && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io, iold});
    return llvm::Error::success();
  };
  return c;
}

/// locked_accumulate_kernel on `grid` programs over `groups` locks: acc
/// (poisoned) must hold, per group that had programs, the sum of their rows
/// (fp32: within (terms + 1) (2^-24 sum|x| + 2^-126); i32: exact, so a
/// single lost update shows), every lock free again and the written flags
/// set exactly for the groups that had programs; the rows of groups without
/// programs untouched.
Case lockedCase(DT dt, unsigned grid, unsigned ncols, unsigned groups,
                unsigned block, int warps) {
  Case c;
  c.kernel = "locked_accumulate_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("grid {0} cols {1} locks {2} w{3}", grid, ncols,
                          groups, warps);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("*i32:16, {0}, {0}, {1}, {2}, {3}",
                                   ptrSig(dt), ispec(ncols), groups, block),
                     warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(17 + grid * 37ull + ncols * 41ull + groups + unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned il = b.add("locks", poisonedHost(DT::I32, 2 * groups + kGuard));
    unsigned ia = b.add("acc", poisonedHost(dt, size_t(groups) * ncols + kGuard));
    unsigned ix = b.add("x", HostArray(dt, size_t(grid) * ncols));
    HostArray &locks = b[il], &acc = b[ia], &x = b[ix];
    for (unsigned g = 0; g < 2 * groups; ++g)
      locks.setBits(g, 0);
    for (size_t i = 0; i < x.size(); ++i)
      x.set(i, dt == DT::I32 ? double(rng.range(-1000, 1000)) : rng.uniform(-1, 1));
    std::vector<double> sum(size_t(groups) * ncols), mag(sum.size());
    std::vector<size_t> terms(groups);
    for (unsigned p = 0; p < grid; ++p) {
      unsigned g = p % groups;
      ++terms[g];
      for (unsigned j = 0; j < ncols; ++j) {
        double v = x.get(size_t(p) * ncols + j);
        sum[size_t(g) * ncols + j] += v;
        mag[size_t(g) * ncols + j] += std::fabs(v);
      }
    }
    const std::vector<int64_t> ints = {ncols};
    if (auto e = b.run(ctx, k, grid, ints, {il, ia}))
      return e;
    for (unsigned g = 0; g < groups; ++g) {
      chk.checkBits(locks, g, 0, llvm::formatv("lock {0}", g));
      chk.checkBits(locks, groups + g, terms[g] ? 1 : 0,
                    llvm::formatv("written flag {0}", g));
      for (unsigned j = 0; j < ncols; ++j) {
        size_t i = size_t(g) * ncols + j;
        auto where = llvm::formatv("acc[{0},{1}] ({2} programs)", g, j, terms[g]);
        if (!terms[g])
          chk.untouched(acc, i, where);
        else if (dt == DT::I32)
          chk.checkBits(acc, i, uint64_t(int64_t(sum[i])) & 0xffffffffu, where);
        else
          chk.check(acc, i, sum[i],
                    double(terms[g] + 1) *
                        (std::ldexp(mag[i], -24) + std::ldexp(1.0, -126)),
                    where);
      }
    }
    checkGuard(chk, locks, "locks");
    checkGuard(chk, acc, "acc");
    if (ctx.interp && x.size() <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {il, ia});
    return llvm::Error::success();
  };
  return c;
}

/// small_tile_kernel: a tile of `block` counters with `warps` warps (more
/// threads than elements when block < 32 warps), lanes j < nvalid adding
/// j + 1. stride = block: per-program counters (old = the initial value,
/// the counter + j + 1); stride 0: all programs on one set of counters (the
/// old values of lane j are init + (j + 1) t for t = 0 .. grid - 1, each
/// once). Masked-off lanes: old 0, counter unchanged.
Case smallTileCase(unsigned block, int warps, unsigned grid, unsigned stride,
                   unsigned nvalid) {
  Case c;
  c.kernel = "small_tile_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("{0} w{1} grid {2} stride {3} valid {4}", block,
                          warps, grid, stride, nvalid);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("*i32:16, *i32:16, {0}, {1}, {2}",
                                   ispec(stride), ispec(nvalid), block),
                     warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(19 + block * 43ull + grid * 47ull + stride + nvalid * 53ull);
    const size_t ncount = stride ? size_t(grid) * stride : block;
    Buffers b;
    unsigned ic = b.add("counters", poisonedHost(DT::I32, ncount + kGuard));
    unsigned io = b.add("old", poisonedHost(DT::I32, size_t(grid) * block + kGuard));
    HostArray &counters = b[ic], &old = b[io];
    std::vector<uint64_t> init(ncount);
    for (size_t i = 0; i < ncount; ++i)
      counters.setBits(i, init[i] = rng.below(1000000));
    const std::vector<int64_t> ints = {stride, nvalid};
    if (auto e = b.run(ctx, k, grid, ints, {ic, io}))
      return e;
    for (size_t i = 0; i < ncount; ++i) {
      unsigned j = unsigned(i % block);
      uint64_t times = j >= nvalid ? 0 : stride ? 1 : grid;
      chk.checkBits(counters, i, (init[i] + (j + 1) * times) & 0xffffffffu,
                    llvm::formatv("counter[{0}]", i));
    }
    for (unsigned j = 0; j < block; ++j) {
      std::vector<char> seen(stride ? 0 : grid);
      for (unsigned p = 0; p < grid; ++p) {
        size_t i = size_t(p) * block + j;
        auto where = llvm::formatv("old[{0}] (program {1}, lane {2})", i, p, j);
        if (j >= nvalid || stride) {
          chk.checkBits(old, i, j >= nvalid ? 0 : init[size_t(p) * stride + j],
                        where);
          continue;
        }
        ++chk.checked;
        int64_t d = int64_t(old.bitsAt(i)) - int64_t(init[j]);
        int64_t t = d / int64_t(j + 1);
        if (d < 0 || d % int64_t(j + 1) || t >= int64_t(grid) || seen[t])
          chk.fail(llvm::formatv("{0}: {1} is not init {2} + {3} t for a t "
                                 "of 0 .. {4} returned once",
                                 where.str(), old.get(i), init[j], j + 1,
                                 grid - 1));
        else
          seen[t] = 1;
      }
    }
    checkGuard(chk, counters, "counters");
    checkGuard(chk, old, "old");
    if (ctx.interp) {
      if (stride)
        return b.interp(ctx, chk, grid, ints, {ic, io});
      return b.interp(ctx, chk, grid, ints, {ic}); // old: the GPU's order
    }
    return llvm::Error::success();
  };
  return c;
}

/// The programs softmax_long_split_kernel runs on: CHUNKS a row, at most
/// 112 in all (groups = min(rows, 112 / CHUNKS)). Its programs wait for the
/// other chunks of their row, so all must be resident at once: one CTA of
/// 32 warps an SM (1024 threads; two would need <= 32 registers a thread),
/// and 112 leaves room on the H200's 132 SMs (the bench's 128 = 132 rounded
/// down to a multiple of 16 would do too; fewer makes each group take more
/// rows, which the cases want anyway). The run refuses (an error, not a
/// hang) a device with fewer SMs than programs.
unsigned splitSoftmaxGrid(unsigned rows, unsigned chunks) {
  return chunks * std::min(rows, 112 / chunks);
}

/// softmax_long_split_kernel (examples/softmax_long.py), BLOCK_SIZE 16384,
/// 32 warps, CHUNKS `chunks` (cols <= chunks * 16384), one program a CTA:
/// the count buffer zeroed once, the kernel launched twice on the same
/// buffers (output and stats poisoned before each launch), each output
/// checked against the fp64 softmax with softmaxCase's tolerances (gaps
/// between strided rows untouched) and each row's counter CHUNKS further
/// after each launch. The counters start at 2^32 - 16 (a multiple of every
/// CHUNKS), so they wrap around during the two launches. Never on the
/// interpreter (a program waits for its row's others).
Case splitSoftmaxCase(DT dt, unsigned rows, unsigned cols, unsigned inStride,
                      unsigned outStride, unsigned chunks,
                      unsigned negInfPrefix = 0) {
  constexpr unsigned block = 16384;
  const unsigned grid = splitSoftmaxGrid(rows, chunks);
  Case c;
  c.kernel = "softmax_long_split_kernel";
  c.dtype = dtName(dt);
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  if (inStride != cols || outStride != cols)
    c.shape += llvm::formatv(" strides {0},{1}", inStride, outStride);
  c.shape += llvm::formatv(" chunks {0} grid {1}", chunks, grid);
  if (negInfPrefix)
    c.shape += llvm::formatv(" -inf x {0}", negInfPrefix);
  c.key = {"softmax_long.py", c.kernel,
           llvm::formatv("{0}, {0}, *fp32:16, *u32:16, {1}, {2}, {3}, {4}, {5}, {6}",
                         ptrSig(dt), ispec(inStride), ispec(outStride),
                         ispec(cols), ispec(rows), chunks, block),
           32};
  c.key.programsPerCTA = 1; // programs of one row must not share a CTA
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    const rt::Driver &d = ctx.dev.driver();
    int sms = 0;
    if (auto e = d.check(d.cuDeviceGetAttribute(
                             &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             ctx.dev.handle()),
                         "cuDeviceGetAttribute"))
      return e;
    if (unsigned(sms) < grid)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("not launched: its {0} programs must all be resident "
                        "(one an SM), and the device has {1} SMs",
                        grid, sms)
              .str());
    size_t inN = size_t(rows - 1) * inStride + cols;
    size_t outN = size_t(rows - 1) * outStride + cols;
    HostArray x(dt, inN), y(dt, outN), count(DT::U32, rows);
    fillRandom(x, -4.0, 4.0, rows * 1000003ull + cols + 77);
    for (unsigned r = 0; r + 1 < rows; ++r)
      for (unsigned j = cols; j < inStride; ++j)
        x.setBits(size_t(r) * inStride + j, poisonBits(dt));
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned j = 0; j < std::min(negInfPrefix, cols - 1); ++j)
        x.set(size_t(r) * inStride + j, -INFINITY);
    // Per row: max m and sum of exp(x - m), in fp64.
    std::vector<double> rowMax(rows), rowSum(rows);
    parallelFor(rows, [&](size_t rb, size_t re) {
      for (size_t r = rb; r < re; ++r) {
        const size_t xi = r * inStride;
        double m = -INFINITY, s = 0;
        for (unsigned j = 0; j < cols; ++j)
          m = std::max(m, x.get(xi + j));
        for (unsigned j = 0; j < cols; ++j)
          s += std::exp(x.get(xi + j) - m);
        rowMax[r] = m;
        rowSum[r] = s;
      }
    });
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev), dstats(ctx.dev), dcount(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = dcount.alloc(size_t(rows) * 4))
      return e;
    constexpr uint32_t kCountStart = 0xFFFFFFF0u; // wraps within two launches
    if (auto e = dcount.fill32(kCountStart)) // once, before the first launch
      return e;
    if (auto e = dy.alloc(outN * dtSize(dt)))
      return e;
    if (auto e = dstats.alloc(size_t(rows) * chunks * 2 * 4))
      return e;
    const SoftmaxTol tol = tolFor(dt);
    for (int run = 1; run <= 2; ++run) {
      // The same buffers both times: the output and the stats (NaN: a
      // program reading a peer's slot before the peer wrote it gets NaN)
      // poisoned again, the counters left as the first launch left them.
      if (auto e = poison(dy, dt))
        return e;
      if (auto e = poison(dstats, DT::F32))
        return e;
      if (auto e = k.launch({grid}, {rt::Arg::ptr(dy, dtName(dt)),
                                     rt::Arg::ptr(dx, dtName(dt)),
                                     rt::Arg::ptr(dstats, "fp32"),
                                     rt::Arg::ptr(dcount, "u32"),
                                     rt::Arg::i32(inStride),
                                     rt::Arg::i32(outStride), rt::Arg::i32(cols),
                                     rt::Arg::i32(rows)}))
        return e;
      if (auto e = ctx.dev.synchronize())
        return e;
      if (auto e = download(dy, y))
        return e;
      if (auto e = download(dcount, count))
        return e;
      for (size_t r = 0; r < rows; ++r) {
        for (unsigned j = 0; j < cols; ++j) {
          double dd = x.get(r * inStride + j) - rowMax[r];
          double ref = std::exp(dd) / rowSum[r];
          double spread = std::isinf(dd) ? 0 : -dd;
          size_t i = r * outStride + j;
          chk.check(y, i, ref, tol.atol + tol.rtol * ref * (1 + spread),
                    llvm::formatv("launch {0} [{1},{2}]", run, r, j));
        }
        if (r + 1 < rows)
          for (unsigned j = cols; j < outStride; ++j)
            chk.untouched(y, r * outStride + j,
                          llvm::formatv("launch {0} gap [{1},{2}]", run, r, j));
        chk.checkBits(count, r, uint32_t(kCountStart + uint32_t(run) * chunks),
                      llvm::formatv("launch {0} count[{1}]", run, r));
      }
    }
    return llvm::Error::success();
  };
  return c;
}

/// The compute capability --arch names (sm_90a: 90).
int archNumber() {
  llvm::StringRef a(archOpt);
  int n = 0;
  if (a.consume_front("sm_"))
    a.take_while([](char ch) { return ch >= '0' && ch <= '9'; }).getAsInteger(10, n);
  return n;
}

/// The cases of examples/atomics.py and softmax_long_split_kernel.
void addAtomicsCases(std::vector<Case> &cs) {
  // histogram: one bin (every lane on one address), 16 and 1024 bins.
  std::vector<std::pair<unsigned, unsigned>> hist = {
      {1, 16}, {1000, 16}, {4097, 1}, {4097, 1024}};
  if (!quick)
    hist.insert(hist.end(), {{(1u << 20) + 3, 16}, {(1u << 20) + 3, 4096}});
  for (auto [n, bins] : hist)
    cs.push_back(histogramCase(n, bins));
  // ticket: one scalar atomic a program (its old value broadcast to the
  // CTA's threads with 4 warps).
  std::vector<std::pair<unsigned, int>> tickets = {{1, 4}, {7, 4}, {1000, 4}, {1000, 1}};
  if (!quick)
    tickets.insert(tickets.end(), {{65541, 4}, {65541, 1}});
  for (auto [g, w] : tickets)
    cs.push_back(ticketCase(g, w));
  // float (and fp64) sums: random values (tolerance from the terms) and
  // small integers (exact); 1 output: every lane of every program on it.
  struct Acc { unsigned n, nout, ints; };
  std::vector<Acc> acc = {{1000, 64, 0}, {4097, 1, 0}, {4097, 64, 3}, {200, 1, 1}};
  std::vector<Acc> accWide = {{(1u << 20) + 3, 64, 0}, {(1u << 20) + 3, 64, 8},
                              {(1u << 20) + 3, 1, 1}};
  std::vector<Acc> accNarrow = {{(1u << 20) + 3, 4096, 0}, {65536, 1024, 3}};
  for (DT dt : {DT::F32, DT::F64, DT::F16, DT::BF16}) {
    if (dt == DT::BF16 && archNumber() < 90)
      continue; // atom.add.bf16 needs sm_90
    for (const Acc &a : acc)
      cs.push_back(accumulateCase(dt, a.n, a.nout, a.ints));
    if (!quick)
      for (const Acc &a : dtSize(dt) == 2 ? accNarrow : accWide)
        cs.push_back(accumulateCase(dt, a.n, a.nout, a.ints));
  }
  std::vector<std::pair<unsigned, unsigned>> small = {{1, 4}, {1000, 64}, {4097, 1}};
  std::vector<std::pair<unsigned, unsigned>> big = {{(1u << 20) + 3, 16},
                                                    {65536, 4096}};
  for (DT dt : {DT::F32, DT::F64, DT::I32, DT::U32, DT::I64, DT::U64}) {
    for (auto [n, nout] : small)
      cs.push_back(maxMinCase(dt, n, nout));
    if (!quick)
      for (auto [n, nout] : big)
        cs.push_back(maxMinCase(dt, n, nout));
  }
  for (DT dt : {DT::I32, DT::U32, DT::I64, DT::U64}) {
    for (auto [n, nout] : small)
      cs.push_back(bitwiseCase(dt, n, nout));
    if (!quick)
      for (auto [n, nout] : {std::pair{4097u, 256u}, {(1u << 20) + 3, 1024u}})
        cs.push_back(bitwiseCase(dt, n, nout));
  }
  // xchg: one swap a slot (nout >= n), 8 slots, one slot.
  for (DT dt : {DT::I32, DT::F32, DT::I64, DT::F64}) {
    for (auto [n, nout] : {std::pair{1u, 1u}, {1000u, 1024u}, {4097u, 8u}})
      cs.push_back(xchgCase(dt, n, nout));
    if (!quick)
      for (auto [n, nout] : {std::pair{100000u, 1u}, {(1u << 20) + 3, 1u << 20}})
        cs.push_back(xchgCase(dt, n, nout));
  }
  // The spin lock: one program; few on one lock; 1000 programs on 8 locks;
  // 2000 on one (the lock handed over 1999 times).
  struct Lock { unsigned grid, ncols, groups, block; int warps; };
  std::vector<Lock> locks = {{1, 1, 1, 16, 4}, {7, 100, 1, 128, 4},
                             {1000, 1000, 8, 1024, 4}, {2000, 64, 1, 64, 4}};
  if (!quick)
    locks.insert(locks.end(), {{300, 4097, 4, 8192, 8},
                               {1000, 100, 64, 128, 4},
                               {20000, 16, 1, 16, 1}});
  for (DT dt : {DT::F32, DT::I32})
    for (const Lock &l : locks)
      cs.push_back(lockedCase(dt, l.grid, l.ncols, l.groups, l.block, l.warps));
  // Tiles smaller than the CTA (16 and 64 elements over 128 and 256
  // threads) and one that fits it (128 over 128).
  for (auto [block, warps] : {std::pair{16u, 4}, {64u, 8}, {128u, 4}}) {
    cs.push_back(smallTileCase(block, warps, 1, block, block));
    cs.push_back(smallTileCase(block, warps, 7, block, block - 3));
    cs.push_back(smallTileCase(block, warps, 1000, 0, block));
    cs.push_back(smallTileCase(block, warps, 1000, 0, block - 5));
  }
  // softmax_long_split_kernel: fewer rows than groups (7 rows, 56 or 40
  // programs) and more (64 and 300 rows on 14 or 7 groups of 112 programs),
  // the last chunk partial (100003 = 6 x 16384 + 1699), chunks wholly past
  // the row (CHUNKS 16 on 65536 columns: 12 of 16), strided rows, a -inf
  // prefix covering whole chunks.
  struct Split { unsigned rows, cols, inStride, outStride, chunks, negInf; };
  std::vector<Split> split = {{7, 1, 1, 1, 8, 0},
                              {64, 65536, 65536, 65536, 8, 0},
                              {300, 131072, 131072, 131072, 8, 0},
                              {5, 100003, 100005, 100004, 8, 0},
                              {200, 100003, 100003, 100003, 16, 0},
                              {64, 65536, 65536, 65536, 16, 0},
                              {7, 100003, 100003, 100003, 8, 40000}};
  // Not in --quick, the set scripts/h200-run.sh runs under compute-sanitizer:
  // a tool that ran a row's programs one after another would hang them.
  if (quick)
    split.clear();
  for (DT dt : {DT::F32, DT::BF16, DT::F16})
    for (const Split &s : split)
      cs.push_back(splitSoftmaxCase(dt, s.rows, s.cols, s.inStride, s.outStride,
                                    s.chunks, s.negInf));
}

std::vector<Case> allCases() {
  std::vector<Case> cs;
  std::vector<unsigned> rowsList = {1, 7, 64, 4096};
  std::vector<unsigned> colsList = {1, 7, 256, 1000, 1024, 4097, 12672, 32768};
  if (quick) {
    rowsList = {1, 7, 64};
    colsList = {1, 7, 256, 1000, 1024, 4097};
  }
  auto sizeOK = [&](unsigned r, unsigned n) {
    // The largest shapes only for fp32 softmax_kernel (see below).
    return size_t(r) * n <= size_t(64) * 32768 || n <= 12672;
  };
  for (DT dt : {DT::F32, DT::F16, DT::BF16})
    for (unsigned r : rowsList)
      for (unsigned n : colsList)
        if (sizeOK(r, n) || dt == DT::F32)
          cs.push_back(softmaxCase("softmax_kernel", dt, dt, false, r, n, n, n));
  for (unsigned r : rowsList)
    for (unsigned n : colsList)
      if (sizeOK(r, n))
        cs.push_back(
            softmaxCase("softmax_kernel_mixed", DT::F16, DT::F16, false, r, n, n, n));
  for (unsigned r : rowsList)
    for (unsigned n : colsList)
      if (sizeOK(r, n))
        cs.push_back(
            softmaxCase("triton_softmax_kernel", DT::F32, DT::F32, true, r, n, n, n));
  // Strided rows: odd strides (no alignment to assume), and aligned ones.
  for (auto [r, n, si, so] :
       std::vector<std::array<unsigned, 4>>{{7, 1000, 1005, 1003},
                                            {64, 256, 272, 264},
                                            {5, 4097, 4100, 4099}}) {
    for (DT dt : {DT::F32, DT::F16, DT::BF16})
      cs.push_back(softmaxCase("softmax_kernel", dt, dt, false, r, n, si, so));
    cs.push_back(
        softmaxCase("softmax_kernel_mixed", DT::F16, DT::F16, false, r, n, si, so));
    cs.push_back(
        softmaxCase("triton_softmax_kernel", DT::F32, DT::F32, true, r, n, si, so));
  }
  // Rows longer than one tile: examples/softmax_long.py (fp32 chunks of
  // 4096, bf16 / fp16 of 8192).
  std::vector<unsigned> longCols = {1, 1000, 4096, 4097, 65536, 100003, 262144};
  std::vector<unsigned> longRows = {1, 7, 64};
  if (quick) {
    longCols = {1, 1000, 4097, 20000};
    longRows = {1, 7};
  }
  for (DT dt : {DT::F32, DT::BF16, DT::F16})
    for (unsigned r : longRows)
      for (unsigned n : longCols)
        cs.push_back(softmaxCase("softmax_long_kernel", dt, dt, false, r, n, n,
                                 n, "softmax_long.py",
                                 dt == DT::F32 ? 4096 : 8192));
  // The persistent pattern (BLOCK 16384, 32 warps): fewer programs than rows,
  // one per SM, more programs than rows; strided rows.
  struct LongP { unsigned rows, cols, programs, inStride, outStride; };
  std::vector<LongP> longP = {{7, 1, 3, 1, 1},          {7, 20000, 3, 20000, 20000},
                              {64, 16384, 132, 16384, 16384},
                              {5, 100003, 8, 100005, 100004},
                              {300, 65536, 132, 65536, 65536},
                              {3, 262144, 132, 262144, 262144}};
  if (quick)
    longP = {{7, 1, 3, 1, 1}, {7, 20000, 3, 20000, 20000}, {5, 16385, 8, 16387, 16386}};
  for (DT dt : {DT::F32, DT::BF16, DT::F16})
    for (const LongP &p : longP)
      cs.push_back(softmaxCase("softmax_long_persistent_kernel", dt, dt, false,
                               p.rows, p.cols, p.inStride, p.outStride,
                               "softmax_long.py", 16384, p.programs));
  // Rows whose first chunk (and more) is -inf.
  for (DT dt : {DT::F32, DT::BF16})
    cs.push_back(softmaxCase("softmax_long_persistent_kernel", dt, dt, false, 5,
                             40000, 40000, 40000, "softmax_long.py", 16384, 3,
                             20000));
  std::vector<unsigned> geluN = {1, 7, 1000, 1024, 4097, 1 << 20, (1 << 24) + 3};
  if (quick)
    geluN = {1, 7, 1000, 1024, 4097};
  for (DT dt : {DT::F32, DT::F16, DT::BF16})
    for (unsigned n : geluN) {
      cs.push_back(geluCase(dt, n));
      cs.push_back(geluCase(dt, n, /*libdeviceTanh=*/true));
    }
  for (DT dt : {DT::F32, DT::BF16})
    for (auto [cols, warps] : std::vector<std::pair<unsigned, unsigned>>{
             {1, 4}, {1000, 4}, {1000, 8}, {4096, 16}, {12672, 16}})
      for (unsigned r : {1u, 7u, 64u})
        cs.push_back(rowStatsCase(dt, r, cols, warps));
  std::vector<unsigned> sumCols = {1, 7, 256, 1000, 1024, 4097, 12672, 32768};
  if (quick)
    sumCols = {1, 7, 1000, 1024, 4097};
  for (DT dt : {DT::F32, DT::F16, DT::BF16})
    for (unsigned r : rowsList)
      for (unsigned n : sumCols)
        if (sizeOK(r, n))
          cs.push_back(rowSumCase(dt, r, n));
  std::vector<std::array<unsigned, 3>> mm = {
      {64, 64, 32}, {1, 1, 1}, {7, 13, 5}, {100, 70, 50}, {128, 256, 64},
      {257, 129, 100}, {512, 512, 512}};
  if (quick)
    mm.resize(5);
  for (DT dt : {DT::F16, DT::F32, DT::BF16}) {
    for (auto [m, n, k] : mm)
      cs.push_back(matmulCase(dt, m, n, k, false, 0));
    cs.push_back(matmulCase(dt, 100, 70, 50, true, 3));
  }
  // Specialized as Triton's JIT launches them (unit strides = 1): vector
  // cp.async copies, num_stages-deep pipelines, the seed's tiles and larger.
  struct Tiles {
    unsigned bm, bn, bk, warps, stages;
  };
  std::vector<Tiles> tiles = {{64, 64, 32, 4, 3},   {128, 128, 64, 4, 3},
                              {128, 256, 64, 8, 3}, {128, 128, 32, 8, 2},
                              {64, 128, 32, 4, 4}};
  std::vector<std::array<unsigned, 3>> shapes = {
      {64, 64, 32}, {1000, 1000, 1000}, {1, 4096, 512}, {4095, 33, 17},
      {4096, 4096, 4096}, {8192, 8192, 8192}};
  if (quick) {
    tiles = {{64, 64, 32, 4, 3}, {128, 256, 64, 8, 3}, {64, 128, 32, 4, 4}};
    shapes = {{64, 64, 32}, {257, 129, 100}, {4095, 33, 17}};
  }
  // A specialized case of shape sh with tiles t.
  auto tiled = [](DT dt, std::array<unsigned, 3> sh, Tiles t) {
    MatmulCfg m;
    m.dt = dt;
    m.M = sh[0];
    m.N = sh[1];
    m.K = sh[2];
    m.BM = t.bm;
    m.BN = t.bn;
    m.BK = t.bk;
    m.warps = t.warps;
    m.stages = t.stages;
    m.specialize = true;
    return m;
  };
  for (DT dt : {DT::F16, DT::BF16, DT::F32}) {
    for (auto [ti, t] : llvm::enumerate(tiles))
      for (auto [si, sh] : llvm::enumerate(shapes)) {
        // Every shape with the seed's tiles; the larger tiles on the odd
        // shapes and 4096^3 (8192^3 with the seed's and the largest).
        bool big = sh[0] >= 4096 && sh[1] >= 4096;
        if (!quick && ti > 0 && big && sh[0] == 8192 && ti != 2)
          continue;
        cs.push_back(matmulCase(tiled(dt, sh, t)));
      }
    // Transposed operands given by strides, and a padded C.
    for (auto [ta, tb] : {std::pair{true, false}, {false, true}, {true, true}}) {
      MatmulCfg m;
      m.dt = dt;
      m.M = quick ? 100 : 1000;
      m.N = quick ? 70 : 1000;
      m.K = quick ? 50 : 1000;
      m.transA = ta;
      m.transB = tb;
      m.cPad = 3;
      m.specialize = true;
      cs.push_back(matmulCase(m));
    }
    // B given transposed with K a multiple of 16 (so its rows are 16-byte
    // aligned and the loads vectorize along K): B is staged K-major in a
    // transposed buffer, pipelined: read by wgmma (tf32 wgmma for fp32) at
    // sm_90a, by ldmatrix without .trans for mma.sync. Odd M and N.
    for (Tiles t : {Tiles{64, 64, 32, 4, 3}, Tiles{128, 128, 64, 4, 3},
                    Tiles{128, 256, 64, 8, 3}}) {
      if (quick && t.bn == 128)
        continue;
      auto transposed = [&](std::array<unsigned, 3> small,
                            std::array<unsigned, 3> full, bool transA) {
        MatmulCfg m = tiled(dt, quick ? small : full, t);
        (transA ? m.transA : m.transB) = true;
        cs.push_back(matmulCase(m));
      };
      transposed({257, 129, 128}, {1000, 1000, 1024}, false);
      // A given transposed with M a multiple of 16: a 16-bit A is staged
      // M-major in a transposed buffer (wgmma transpose-a, ldmatrix .trans).
      transposed({256, 129, 100}, {1024, 1000, 1000}, true);
    }
    // The same product through block pointers (examples/matmul_block_ptr.py):
    // boundary_check masks, offsets advanced through K. Runtime strides,
    // specialized tiles on odd and large shapes, B given transposed.
    for (auto [m0, n0, k0] : std::vector<std::array<unsigned, 3>>{
             {1, 1, 1}, {100, 70, 50}, {257, 129, 100}}) {
      MatmulCfg m;
      m.dt = dt;
      m.M = m0;
      m.N = n0;
      m.K = k0;
      m.blockPtr = true;
      cs.push_back(matmulCase(m));
    }
    for (Tiles t : {Tiles{64, 64, 32, 4, 3}, Tiles{128, 128, 64, 4, 3},
                    Tiles{128, 256, 64, 8, 3}}) {
      for (std::array<unsigned, 3> sh :
           std::vector<std::array<unsigned, 3>>{{4095, 33, 17},
                                                {1000, 1000, 1000},
                                                {4096, 4096, 4096}}) {
        if (quick && sh[0] == 4096 && sh[1] == 4096)
          continue;
        MatmulCfg m = tiled(dt, sh, t);
        m.blockPtr = true;
        cs.push_back(matmulCase(m));
      }
      MatmulCfg m = tiled(dt, quick ? std::array<unsigned, 3>{257, 129, 128}
                                    : std::array<unsigned, 3>{1000, 1000, 1024},
                          t);
      m.transB = true;
      m.blockPtr = true;
      cs.push_back(matmulCase(m));
    }
  }
  // Philox random numbers (examples/dropout.py).
  cs.push_back(randomStreamsCase(1000, 0));
  cs.push_back(randomStreamsCase(4096, -12345));
  if (!quick)
    cs.push_back(randomStreamsCase(1 << 20, 987654321));
  // Triton's tutorial matmul as users copy it (examples/matmul_tutorial.py).
  for (bool leaky : {true, false}) {
    cs.push_back(tutorialMatmulCase(257, 129, 100, 64, 64, 32, 4, 3, leaky));
    cs.push_back(tutorialMatmulCase(1000, 1000, 1000, 128, 256, 64, 8, 3, leaky));
    cs.push_back(tutorialMatmulCase(1000, 1024, 1024, 128, 256, 64, 8, 3, leaky));
    if (!quick)
      cs.push_back(tutorialMatmulCase(4096, 4096, 4096, 128, 256, 64, 8, 3, leaky));
  }
  // Flash attention through block pointers (examples/flash_attention.py).
  for (bool causal : {false, true}) {
    cs.push_back(flashAttentionCase(1, 2, 128, causal, 8));
    cs.push_back(flashAttentionCase(2, 3, 512, causal, 4));
    if (!quick)
      cs.push_back(flashAttentionCase(2, 8, 2048, causal, 8));
  }
  addAtomicsCases(cs);
  return cs;
}

//===----------------------------------------------------------------------===//
// --check-args
//===----------------------------------------------------------------------===//

int runCheckArgs() {
  std::vector<std::pair<std::string, std::string>> params = {
      {"output_ptr", "*fp32"}, {"input_ptr", "*fp32"}, {"n_cols", "i32"},
      {"scale", "fp32"}, {"flag", "i1"}, {"big", "i64"}};
  auto show = [&](const char *what, std::vector<rt::Arg> args) {
    llvm::Error e = rt::checkArgs(params, args);
    llvm::outs() << what << ": "
                 << (e ? llvm::toString(std::move(e)) : std::string("ok"))
                 << "\n";
  };
  CUdeviceptr p = 0x1000;
  using A = rt::Arg;
  show("good", {A::ptr(p, "fp32"), A::ptr(p), A::i32(5), A::f32(1.5f),
                A::integer("i1", 1), A::i64(1ll << 40)});
  show("too-few", {A::ptr(p, "fp32"), A::ptr(p), A::i32(5)});
  show("too-many", {A::ptr(p), A::ptr(p), A::i32(5), A::f32(1), A::integer("i1", 0),
                    A::i64(0), A::i32(0)});
  show("scalar-for-pointer", {A::ptr(p), A::i32(3), A::i32(5), A::f32(1),
                              A::integer("i1", 0), A::i64(0)});
  show("pointee", {A::ptr(p, "fp16"), A::ptr(p), A::i32(5), A::f32(1),
                   A::integer("i1", 0), A::i64(0)});
  show("pointer-for-scalar", {A::ptr(p), A::ptr(p), A::ptr(p), A::f32(1),
                              A::integer("i1", 0), A::i64(0)});
  show("float-for-int", {A::ptr(p), A::ptr(p), A::f32(5), A::f32(1),
                         A::integer("i1", 0), A::i64(0)});
  show("int-for-float", {A::ptr(p), A::ptr(p), A::i32(5), A::i32(1),
                         A::integer("i1", 0), A::i64(0)});
  show("int-width", {A::ptr(p), A::ptr(p), A::i64(5), A::f32(1),
                     A::integer("i1", 0), A::i64(0)});
  show("float-width", {A::ptr(p), A::ptr(p), A::i32(5), A::f64(1),
                       A::integer("i1", 0), A::i64(0)});
  show("i1-range", {A::ptr(p), A::ptr(p), A::i32(5), A::f32(1),
                    A::integer("i1", 2), A::i64(0)});
  show("i32-range", {A::ptr(p), A::ptr(p), A::integer("i32", 1ll << 31),
                     A::f32(1), A::integer("i1", 0), A::i64(0)});
  // A launch checks before touching the driver: no GPU is needed to get the
  // same message from Kernel::launch through a kernel that failed to load.
  return 0;
}

//===----------------------------------------------------------------------===//
// --bench
//===----------------------------------------------------------------------===//

struct BenchResult {
  double medianMs = 0;
};

llvm::Expected<double> timeMedian(rt::Device &dev,
                                  const std::function<llvm::Error()> &launch) {
  for (int i = 0; i < 5; ++i)
    if (auto e = launch())
      return std::move(e);
  if (auto e = dev.synchronize())
    return std::move(e);
  auto timer = rt::Timer::create(dev);
  if (!timer)
    return timer.takeError();
  // Like triton.testing.do_bench: overwrite 256 MB before each run so that
  // the L2 cache (50 MB) holds nothing of the kernel's data.
  rt::DeviceBuffer flush(dev);
  if (auto e = flush.alloc(size_t(256) << 20))
    return std::move(e);
  std::vector<double> ms;
  for (int i = 0; i < 50; ++i) {
    if (auto e = flush.fill32(uint32_t(i)))
      return std::move(e);
    if (auto e = timer->start())
      return std::move(e);
    if (auto e = launch())
      return std::move(e);
    if (auto e = timer->stop())
      return std::move(e);
    auto t = timer->elapsedMs();
    if (!t)
      return t.takeError();
    ms.push_back(*t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int runBench(rt::Device &dev, Compilations &comps) {
  int failures = 0;
  auto report = [&](const std::string &what, Compiled &c,
                    const std::function<llvm::Expected<double>(rt::Kernel &)> &fn,
                    double work, const char *unit) {
    if (!filter.empty() && what.find(filter) == std::string::npos)
      return;
    rt::Kernel *k = comps.load(c, dev);
    if (!k) {
      llvm::outs() << "BENCH-FAIL " << what << ": " << c.error << "\n";
      ++failures;
      return;
    }
    auto ms = fn(*k);
    if (!ms) {
      llvm::outs() << "BENCH-FAIL " << what << ": "
                   << llvm::toString(ms.takeError()) << "\n";
      ++failures;
      return;
    }
    llvm::outs() << llvm::formatv("BENCH {0,-44} {1,9:f4} ms {2,9:f1} {3}\n",
                                  what, *ms, work / (*ms * 1e-3) / 1e9, unit);
    llvm::outs().flush();
  };
  const unsigned M = 4096;
  for (DT dt : {DT::F32, DT::BF16})
    for (unsigned n : {256u, 1024u, 4096u, 12672u, 32768u}) {
      Case cs = softmaxCase("softmax_kernel", dt, dt, false, M, n, n, n);
      Compiled &c = comps.get(cs.key);
      report(cs.line(), c,
             [&](rt::Kernel &k) -> llvm::Expected<double> {
               rt::DeviceBuffer x(dev), y(dev);
               size_t bytes = size_t(M) * n * dtSize(dt);
               if (auto e = x.alloc(bytes))
                 return std::move(e);
               if (auto e = x.fill8(0))
                 return std::move(e);
               if (auto e = y.alloc(bytes))
                 return std::move(e);
               return timeMedian(dev, [&] {
                 return k.launch({M}, {rt::Arg::ptr(y), rt::Arg::ptr(x),
                                       rt::Arg::i32(n), rt::Arg::i32(n),
                                       rt::Arg::i32(n)});
               });
             },
             2.0 * M * n * dtSize(dt), "GB/s");
    }
  for (DT dt : {DT::F32, DT::BF16}) {
    unsigned n = 1u << 28;
    Case cs = geluCase(dt, n);
    report(cs.line(), comps.get(cs.key),
           [&](rt::Kernel &k) -> llvm::Expected<double> {
             rt::DeviceBuffer x(dev), y(dev);
             if (auto e = x.alloc(size_t(n) * dtSize(dt)))
               return std::move(e);
             if (auto e = x.fill8(0))
               return std::move(e);
             if (auto e = y.alloc(size_t(n) * dtSize(dt)))
               return std::move(e);
             return timeMedian(dev, [&] {
               return k.launch({cdiv(n, 1024)}, {rt::Arg::ptr(x), rt::Arg::ptr(y),
                                                 rt::Arg::i32(n)});
             });
           },
           2.0 * n * dtSize(dt), "GB/s");
  }
  for (auto rc : std::vector<std::pair<unsigned, unsigned>>{
           {8192, 1024}, {8192, 4096}, {8192, 16384}, {2048, 65536}}) {
    unsigned rows = rc.first, cols = rc.second;
    Case cs = rowSumCase(DT::F32, rows, cols);
    report(cs.line() + " (bytes read)", comps.get(cs.key),
           [&](rt::Kernel &k) -> llvm::Expected<double> {
             rt::DeviceBuffer x(dev), y(dev);
             if (auto e = x.alloc(size_t(rows) * cols * 4))
               return std::move(e);
             if (auto e = x.fill8(0))
               return std::move(e);
             if (auto e = y.alloc(size_t(rows) * 4))
               return std::move(e);
             return timeMedian(dev, [&] {
               return k.launch({rows}, {rt::Arg::ptr(x), rt::Arg::ptr(y),
                                        rt::Arg::i32(cols)});
             });
           },
           double(rows) * cols * 4, "GB/s");
  }
  for (DT dt : {DT::F16, DT::BF16, DT::F32}) {
    unsigned n = 4096;
    MatmulCfg m;
    m.dt = dt;
    m.M = m.N = m.K = n;
    m.specialize = true; // as Triton's JIT launches it
    Case cs = matmulCase(m);
    report(cs.line(), comps.get(cs.key),
           [&](rt::Kernel &k) -> llvm::Expected<double> {
             rt::DeviceBuffer a(dev), b(dev), c(dev);
             size_t bytes = size_t(n) * n * dtSize(dt);
             if (auto e = a.alloc(bytes))
               return std::move(e);
             if (auto e = a.fill8(0))
               return std::move(e);
             if (auto e = b.alloc(bytes))
               return std::move(e);
             if (auto e = b.fill8(0))
               return std::move(e);
             if (auto e = c.alloc(size_t(n) * n * 4))
               return std::move(e);
             return timeMedian(dev, [&] {
               return k.launch({cdiv(n, 64), cdiv(n, 64)},
                               {rt::Arg::ptr(a), rt::Arg::ptr(b), rt::Arg::ptr(c),
                                rt::Arg::i32(n), rt::Arg::i32(n), rt::Arg::i32(n),
                                rt::Arg::i32(n), rt::Arg::i32(n), rt::Arg::i32(n)});
             });
           },
           2.0 * n * n * n / 1e3, "TFLOP/s");
  }
  return failures ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tilec-gpu-test: run the seed kernels on the GPU\n");
  if (checkArgsMode)
    return runCheckArgs();
  llvm::Expected<int> perCTA = Compiler::parseProgramsPerCTA(programsPerCTAOpt);
  if (!perCTA) {
    llvm::errs() << "tilec-gpu-test: error: "
                 << llvm::toString(perCTA.takeError()) << "\n";
    return 1;
  }
  programsPerCTA = *perCTA;

  Compilations comps;
  if (bench) {
    auto dev = rt::Device::open();
    if (!dev) {
      llvm::outs() << llvm::toString(dev.takeError())
                   << ": skipping GPU benchmarks\n";
      return 0;
    }
    llvm::outs() << "device: " << dev->name() << " (sm_"
                 << dev->computeCapability() << ")\n";
    int rc = runBench(*dev, comps);
    comps.unloadAll();
    return rc;
  }

  std::vector<Case> cases;
  for (Case &c : allCases())
    if (filter.empty() || c.line().find(filter) != std::string::npos)
      cases.push_back(std::move(c));

  if (listCases) {
    for (Case &c : cases)
      llvm::outs() << c.line() << "\n";
    llvm::outs() << cases.size() << " cases\n";
    return 0;
  }

  // Compile everything first (also what runs without a GPU).
  auto t0 = std::chrono::steady_clock::now();
  for (Case &c : cases)
    comps.get(c.key);
  double compileS = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
  llvm::outs() << llvm::formatv(
      "compiled {0} kernel configurations in {1:f1} s ({2} failed)\n",
      comps.size(), compileS, comps.failures());

  auto dev = rt::Device::open();
  if (!dev) {
    std::string msg = llvm::toString(dev.takeError());
    if (llvm::StringRef(msg).starts_with("no CUDA driver found")) {
      for (Case &c : cases) {
        Compiled &cc = comps.get(c.key);
        if (!cc.ok)
          llvm::outs() << "FAIL " << c.line() << " (" << cc.error << ")\n";
      }
      llvm::outs() << "no CUDA driver found: skipping GPU tests\n";
      if (verbose)
        llvm::outs() << "(" << msg << ")\n";
      return 0;
    }
    llvm::outs() << "FAIL cannot open the GPU: " << msg << "\n";
    return 1;
  }
  llvm::outs() << "device: " << dev->name() << " (sm_"
               << dev->computeCapability() << "), " << cases.size()
               << " cases\n";
  llvm::outs().flush();

  Ctx ctx{*dev};
  ctx.interp = !noInterp;
  size_t pass = 0, fail = 0, skipped = 0;
  bool contextLost = false;
  for (Case &c : cases) {
    if (contextLost) {
      ++skipped;
      continue;
    }
    Compiled &cc = comps.get(c.key);
    rt::Kernel *k = comps.load(cc, *dev);
    if (!k) {
      llvm::outs() << "FAIL " << c.line() << " (" << cc.error << ")\n";
      ++fail;
      continue;
    }
    Checker chk;
    ctx.ck = &cc.ck;
    auto t = std::chrono::steady_clock::now();
    llvm::Error e = c.run(ctx, *k, chk);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
                   .count();
    if (e) {
      llvm::outs() << "FAIL " << c.line() << " (" << llvm::toString(std::move(e))
                   << ")\n";
      ++fail;
      // A fault in a kernel leaves the context unusable: stop there.
      if (auto e2 = dev->synchronize()) {
        llvm::outs() << "the CUDA context is unusable ("
                     << llvm::toString(std::move(e2))
                     << "): skipping the remaining cases\n";
        contextLost = true;
      }
      continue;
    }
    bool ok = chk.bad == 0 && chk.interpBad == 0;
    (ok ? pass : fail)++;
    llvm::outs() << (ok ? "PASS " : "FAIL ") << c.line()
                 << llvm::formatv(" max_err={0:e2} ({1:f3} of tol)", chk.maxAbs,
                                  chk.maxRatio);
    if (chk.interpRan)
      llvm::outs() << llvm::formatv(" interp_err={0:e2} ({1:f3} of tol)",
                                    chk.interpMaxAbs, chk.interpMaxRatio);
    if (chk.bad)
      llvm::outs() << " " << chk.bad << " of " << chk.checked << " elements bad";
    if (chk.interpBad)
      llvm::outs() << " " << chk.interpBad << " of " << chk.checked
                   << " elements differ from the interpreter";
    if (verbose)
      llvm::outs() << llvm::formatv(" [{0:f2} s]", s);
    llvm::outs() << "\n";
    if (!ok)
      for (auto &ex : chk.examples)
        llvm::outs() << "    " << ex << "\n";
    llvm::outs().flush();
  }
  comps.unloadAll(); // while the device (its context) is alive
  llvm::outs() << llvm::formatv(
      "summary: {0} passed, {1} failed, {2} skipped, of {3} cases ({4} kernel "
      "configurations, {5} failed to compile)\n",
      pass, fail, skipped, cases.size(), comps.size(), comps.failures());
  return fail || skipped ? 1 : 0;
}
