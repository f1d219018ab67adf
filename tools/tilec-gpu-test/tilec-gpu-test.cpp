//===- tilec-gpu-test.cpp - Run the seed kernels on the GPU and check them ===//
//
//   tilec-gpu-test [--filter SUBSTR] [--quick] [--bench] [--arch sm_90]
//                  [--examples DIR] [--check-args] [--no-interp] [--verbose]
//                  [--dump-ptx DIR] [--list] [--shard I/N]
//
// Compiles every seed kernel of examples/ (softmax_kernel,
// softmax_kernel_mixed, triton_softmax_kernel, triton_gelu_kernel,
// row_sum_kernel, matmul_relu_kernel), softmax_long_kernel,
// softmax_long_persistent_kernel and softmax_long_split_kernel
// (examples/softmax_long.py), row_stats_kernel (examples/row_stats.py: max/min
// with their indices), row_sum_column_kernel (examples/row_sum_column.py: row
// sums stored through an [R, 1] tile) and the atomics kernels of
// examples/atomics.py (histogram, ticket counter, float sums, max/min,
// and/or/xor, xchg, a spin lock, a tile smaller than the CTA) with the seeds'
// launch parameters (matmul also with larger tiles, 2-4 pipeline stages and
// transposed operands), runs each on random inputs over a set of shapes, with
// the output poisoned with NaN before the run, and compares every output
// element (for matmuls beyond 2^31 multiply-adds, 4096 sampled ones) against a
// CPU reference computed in fp64 with plain loops. Elements the kernel must not
// write (gaps between strided rows) must keep the poison bit pattern. Cases
// with small inputs (at most 2^16 input elements; matmul: M N K <= 2^21) then
// also run the same CompiledKernel on the interpreter (its tile IR,
// tilec::interp::interpret) with the same inputs and a poisoned output, and
// compare every output element GPU vs interpreter with twice the case's
// tolerance (elements the kernel must not write: same bits); --no-interp skips
// that. One line per case (interp_err only where the interpreter ran):
//
//   PASS softmax_kernel fp32 7x1000 max_err=1.2e-08 (0.03 of tol)
//   interp_err=2.0e-09 (0.01 of tol)
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
// cases and exits. --shard I/N keeps the I-th of N interleaved parts of the
// selected cases (case k when k % N == I), so that N processes on one GPU
// share a run: the CPU references, not the GPU, take most of its time.
//
// Tolerances, |got - ref| <= tol (per element):
//   softmax: atol + rtol * |ref| * (1 + |x - max|)   (the exponent's error
//            grows with |x - max| when x - max is rounded to fp16/bf16)
//            rtol fp32 1e-5, fp16 2e-3, bf16 1.6e-2; atol fp16 1.2e-7
//            (two fp16 subnormal steps), else ~0.
//   gelu:    atol + rtol * (|ref| + |x|)
//   row_sum: 2 (ceil(N / BLOCK) + log2(BLOCK) + 2) 2^-24 sum|x|  (fp32 acc)
//   row_sum_column, row_stats: exact (small-integer inputs)
//   matmul:  fp16/bf16 2 (K + 2) 2^-24 sum|a b|; fp32 (tf32) 2^-8 sum|a b|
//
// --bench: median time (cuEvent, 5 warm-up runs, then 50 timed runs, each
// after a 256 MB memset that flushes L2 as triton.testing.do_bench does) and
// GB/s (bytes read + written once) for softmax 4096 x N, gelu 2^28, row sum,
// and TFLOP/s for matmul 4096^3. Results of bench runs are not checked.
//
// --check-args: runs rt::checkArgs on right and wrong argument lists and
// prints the messages (needs no GPU; used by the lit tests).
//
// Sources: Options.h (the command line as parsed), HostArray (element
// types, host arrays, poison, random fill), Checker (per-element checks,
// GPU vs interpreter), Compilations (the compile cache), Cases.h (Case,
// device buffers, the case lists) with CaseSupport.cpp, SeedCases.cpp,
// MatmulCases.cpp, RandomCases.cpp, FlashAttentionCases.cpp,
// AtomicsCases.cpp and SplitSoftmaxCases.cpp, Modes.h (Bench.cpp,
// CheckArgs.cpp), and here the options, the order of the cases and main.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"
#include "Compilations.h"
#include "Modes.h"
#include "Options.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <string>
#include <vector>

using namespace tilec;
using namespace tilec::gputest;
namespace cl = llvm::cl;

static cl::OptionCategory category("tilec-gpu-test options");
static cl::opt<std::string>
    filter("filter", cl::desc("Run only cases whose line contains SUBSTR"),
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
static cl::opt<bool>
    checkArgsMode("check-args",
                  cl::desc("Exercise argument checking (no GPU needed)"),
                  cl::cat(category));
static cl::opt<std::string>
    dumpPTX("dump-ptx", cl::desc("Write each compiled kernel's PTX to DIR"),
            cl::value_desc("DIR"), cl::cat(category));
static cl::opt<bool>
    noInterp("no-interp",
             cl::desc("Do not compare the GPU results with the interpreter's"),
             cl::cat(category));
static cl::opt<std::string> programsPerCTAOpt(
    "programs-per-cta",
    cl::desc("Programs per CTA for every kernel: auto (the runtime's default), "
             "1 or 2..8 (tile-coarsen-programs)"),
    cl::value_desc("n|auto"), cl::init("auto"), cl::cat(category));
static cl::opt<bool>
    listCases("list",
              cl::desc("Print the selected cases (one line each) and exit"),
              cl::cat(category));
static cl::opt<bool>
    tmaOpt("tma",
           cl::desc("TMA copies of host descriptors' blocks, as tilec --tma "
                    "(default on; --tma=false: cp.async)"),
           cl::init(true), cl::cat(category));
static cl::opt<std::string>
    shardOpt("shard",
             cl::desc("Run only the I-th of N interleaved parts of the "
                      "selected cases (0 <= I < N)"),
             cl::value_desc("I/N"), cl::cat(category));
static cl::opt<bool> verbose("verbose",
                             cl::desc("Print compile diagnostics and JIT logs"),
                             cl::cat(category));

/// Every case, in the order they run and print.
static std::vector<Case> allCases(const Options &opts) {
  std::vector<Case> cs;
  addSeedCases(cs, opts);
  addMatmulCases(cs, opts);
  addRandomStreamsCases(cs, opts);
  addTutorialMatmulCases(cs, opts);
  addFlashAttentionCases(cs, opts);
  addAttentionTutorialCases(cs, opts);
  addAtomicsCases(cs, opts);
  addSplitSoftmaxCases(cs, opts);
  addScanCases(cs, opts);
  addSortCases(cs, opts);
  addLookupCases(cs, opts);
  addFp8Cases(cs, opts);
  return cs;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv, "tilec-gpu-test: run the seed kernels on the GPU\n");
  if (checkArgsMode)
    return runCheckArgs();
  llvm::Expected<int> perCTA = Compiler::parseProgramsPerCTA(programsPerCTAOpt);
  if (!perCTA) {
    llvm::errs() << "tilec-gpu-test: error: "
                 << llvm::toString(perCTA.takeError()) << "\n";
    return 1;
  }
  Options opts;
  opts.filter = filter;
  opts.quick = quick;
  opts.arch = archOpt;
  opts.examplesDir = examplesDir;
  opts.dumpPTX = dumpPTX;
  opts.interp = !noInterp;
  opts.programsPerCTA = *perCTA;
  opts.verbose = verbose;
  opts.tma = tmaOpt;

  Compilations comps(opts);
  if (bench) {
    auto dev = rt::Device::open();
    if (!dev) {
      llvm::outs() << llvm::toString(dev.takeError())
                   << ": skipping GPU benchmarks\n";
      return 0;
    }
    llvm::outs() << "device: " << dev->name() << " (sm_"
                 << dev->computeCapability() << ")\n";
    int rc = runBench(*dev, comps, opts);
    comps.unloadAll();
    return rc;
  }

  unsigned shardIndex = 0, shardCount = 1;
  if (!shardOpt.empty()) {
    auto [i, n] = llvm::StringRef(shardOpt).split('/');
    if (i.getAsInteger(10, shardIndex) || n.getAsInteger(10, shardCount) ||
        shardCount == 0 || shardIndex >= shardCount) {
      llvm::errs() << "tilec-gpu-test: error: --shard expects I/N with 0 <= I "
                      "< N, got '"
                   << shardOpt << "'\n";
      return 1;
    }
  }
  std::vector<Case> cases;
  size_t selected = 0;
  for (Case &c : allCases(opts))
    if (opts.filter.empty() || c.line().find(opts.filter) != std::string::npos)
      if (selected++ % shardCount == shardIndex)
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
  double compileS =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
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
      if (opts.verbose)
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
  ctx.interp = opts.interp;
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
    double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
            .count();
    if (e) {
      llvm::outs() << "FAIL " << c.line() << " ("
                   << llvm::toString(std::move(e)) << ")\n";
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
      llvm::outs() << " " << chk.bad << " of " << chk.checked
                   << " elements bad";
    if (chk.interpBad)
      llvm::outs() << " " << chk.interpBad << " of " << chk.checked
                   << " elements differ from the interpreter";
    if (opts.verbose)
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
