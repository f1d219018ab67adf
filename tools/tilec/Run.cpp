//===- Run.cpp - `tilec run`: run a kernel on buffers from the command line
//===//
//
//   tilec run FILE --kernel K --signature SIG --grid X[,Y[,Z]]
//             [--interpret | --arch sm_90a] [--repeat N]
//             --arg SPEC ... [--out INDEX=PATH ...]
//
// Runs on GPU 0 (RunDevice.cpp: compiled for the device's own target unless
// --arch says otherwise; --repeat N times N more launches and prints their
// median), or with --interpret in the CPU interpreter, which checks every
// access against its buffer.
//
// One --arg per runtime (non-constexpr) parameter, in ABI order:
//   buf:DTYPE:N:random[:SEED]  N elements, uniform in [-1, 1) for floats,
//                              in [-100, 100) for integers (default seed 0)
//   buf:DTYPE:N:zeros          N zero elements
//   buf:DTYPE:file:PATH        raw little-endian contents of PATH
//   buf:npy:PATH               a numpy .npy file (its dtype: <f2, <f4, <f8,
//                              |i1, <i2, <i4, <i8; buf:bf16:npy:PATH reads
//                              bf16 bits from a <u2 file)
//   i32:1000, i64:-3, fp32:0.5 scalars (any integer / float DTYPE)
// DTYPE is one of fp16 bf16 fp32 fp64 fp8e4nv fp8e5 i8 i16 i32 i64.
// --out INDEX=PATH writes the buffer of --arg number INDEX (0-based) to PATH
// after the run: a 1-D .npy array when PATH ends in .npy (bf16 as <u2 bits),
// raw binary otherwise. --bench (GPU): warm-up launches, then the median of
// --repeat (default 100) timed ones, with GB/s and TFLOP/s from --bytes and
// --flops. Errors print "tilec: error: ...", or a diagnostic in the text
// of the argument at fault (`--arg:1:10: error: ...`, the text, a caret),
// and exit 1.
//
//===----------------------------------------------------------------------===//

#include "Run.h"
#include "Npy.h"
#include "Options.h"
#include "RunArgs.h"
#include "RunDevice.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <random>

using namespace tilec;
using namespace tilec::interp;
namespace cl = llvm::cl;

static cl::opt<std::string> runInput(cl::Positional, cl::desc("<input file>"),
                                     cl::Required, cl::sub(runSubcommand()));
static cl::opt<std::string>
    runKernel("kernel", cl::desc("The @triton.jit function to run"),
              cl::value_desc("name"), cl::sub(runSubcommand()));
static cl::opt<std::string> runSignature("signature",
                                         cl::desc("Triton AOT signature"),
                                         cl::value_desc("sig"),
                                         cl::sub(runSubcommand()));
static cl::opt<std::string> runGrid("grid", cl::desc("Launch grid X[,Y[,Z]]"),
                                    cl::init("1"), cl::sub(runSubcommand()));
static cl::opt<bool> runInterpret("interpret",
                                  cl::desc("Run in the CPU interpreter"),
                                  cl::sub(runSubcommand()));
static cl::opt<std::string>
    runArch("arch",
            cl::desc("GPU target of a GPU run (default: the device's own; "
                     "sm_90a on an H100/H200)"),
            cl::value_desc("sm_XY"), cl::sub(runSubcommand()));
static cl::opt<int>
    runRepeat("repeat",
              cl::desc("After the run, time N more launches on the GPU and "
                       "print their median (the buffers are not reset)"),
              cl::value_desc("N"), cl::init(0), cl::sub(runSubcommand()));
static cl::opt<bool>
    runBench("bench",
             cl::desc("Time the kernel on the GPU: --warmup launches, then "
                      "the median of --repeat (default 100)"),
             cl::sub(runSubcommand()));
static cl::opt<int> runWarmup("warmup",
                              cl::desc("Untimed launches before timing "
                                       "(--bench; default 10)"),
                              cl::init(10), cl::sub(runSubcommand()));
static cl::opt<double>
    runBytes("bytes", cl::desc("Bytes a launch moves: --bench prints GB/s"),
             cl::init(0), cl::sub(runSubcommand()));
static cl::opt<double>
    runFlops("flops",
             cl::desc("Floating-point operations of a launch: --bench prints "
                      "TFLOP/s"),
             cl::init(0), cl::sub(runSubcommand()));
static cl::list<std::string>
    runArgs("arg", cl::desc("A runtime argument (see --help)"),
            cl::value_desc("spec"), cl::sub(runSubcommand()));
static cl::list<std::string> runOuts("out",
                                     cl::desc("Write buffer INDEX to PATH"),
                                     cl::value_desc("INDEX=PATH"),
                                     cl::sub(runSubcommand()));

namespace {

int fail(const llvm::Twine &msg) {
  llvm::errs() << "tilec: error: " << msg << "\n";
  return 1;
}

} // namespace

int runMain() {
  if (!runInterpret && !deviceRunAvailable())
    return fail("this tilec was built without the CUDA runtime (cuda.h was "
                "not found): run in the CPU interpreter with --interpret");
  if (runInterpret && (!runArch.empty() || runRepeat > 0 || runBench))
    return fail("--arch, --repeat and --bench apply to GPU runs, not to "
                "--interpret");

  // Grid.
  std::array<unsigned, 3> grid{1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 4> dims;
  llvm::StringRef gridText = runGrid;
  gridText.split(dims, ',');
  for (size_t i = 0; i < dims.size(); ++i) {
    llvm::StringRef dim = dims[i].trim();
    if (i == 3) {
      reportArgumentError("--grid", gridText, dims[i].empty() ? dims[i] : dim,
                          "a grid has at most 3 dimensions (expected "
                          "X[,Y[,Z]])");
      return 1;
    }
    if (dim.getAsInteger(10, grid[i])) {
      reportArgumentError("--grid", gridText, dim.empty() ? dims[i] : dim,
                          dim.empty() ? llvm::Twine("expected a number of "
                                                    "programs (X[,Y[,Z]])")
                                      : "'" + dim +
                                            "' is not a number of programs "
                                            "(expected X[,Y[,Z]])");
      return 1;
    }
  }

  // Compile.
  auto file = llvm::MemoryBuffer::getFile(runInput);
  if (!file)
    return fail("cannot read '" + runInput + "': " + file.getError().message());
  Compiler compiler;
  ParsedSource src = compiler.parse(
      runInput, (*file)->getBuffer().str(), llvm::errs(), importDirs,
      hostDefines,
      // What a GPU run compiles for: host code's device
      // queries see it.
      runInterpret || !runArch.empty() ? runArch.getValue() : deviceArch());
  if (src.numErrors)
    return 1;
  std::string kernel = runKernel;
  if (kernel.empty()) {
    if (src.module->functions.size() != 1)
      return fail("--kernel is required");
    kernel = src.module->functions[0]->name;
  }
  CompileOptions opts;
  if (!readCompileFlags(opts))
    return 1;
  opts.kernel = kernel;
  // Heuristics (`auto` entries) see the scalar arguments' values too.
  std::vector<std::optional<HostValue>> scalars = scalarRunValues(runArgs);
  std::optional<std::string> resolved =
      resolveSignature(src, kernel, runSignature, scalars);
  if (!resolved)
    return 1;
  opts.signature = *resolved;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      compiler.compileToTile(src, opts, llvm::errs());
  if (!module)
    return 1;
  // The tile IR the GPU gets; as a GPU launch of a coarsened kernel:
  // ceil(x / n) CTAs, x passed last.
  int perCTA = 1;
  if (runInterpret &&
      !(perCTA = compiler.prepareTile(*module, opts, llvm::errs())))
    return 1;

  // Parameter names (for messages) when the runtime parameters line up.
  std::vector<std::string> names;
  if (const Function *fn = src.module->kernelNamed(kernel))
    for (const auto &p : fn->params)
      if (!p.isConstexpr)
        names.push_back(p.name);
  if (names.size() != runArgs.size())
    names.clear();

  // Arguments.
  RunArguments parsed;
  if (!parseRunArgs(runArgs, names, parsed))
    return 1;
  std::vector<RunStorage> &storage = parsed.storage;
  std::vector<KernelArg> &args = parsed.args;
  std::vector<int> &bufferOfArg = parsed.bufferOfArg;

  // An integer the signature specializes (`i32:16`, a `tensordesc<...>:16`
  // shape) must be what it says: the kernel is compiled for it.
  if (auto func = module->lookupSymbol<mlir::func::FuncOp>(kernel)) {
    for (unsigned i = 0; i < args.size() && i < func.getNumArguments(); ++i) {
      auto d = func.getArgAttrOfType<mlir::IntegerAttr>(i, "tile.divisibility");
      if (!d || !func.getArgument(i).getType().isInteger() ||
          args[i].kind != KernelArg::Int || d.getInt() <= 1 ||
          args[i].i % d.getInt() == 0)
        continue;
      std::string who = names.empty() ? "" : " ('" + names[i] + "')";
      reportArgumentError("--arg", runArgs[i], runArgs[i],
                          "argument " + llvm::Twine(i) + who + " is " +
                              llvm::Twine(args[i].i) +
                              ", but the signature specializes it as a "
                              "multiple of " +
                              llvm::Twine(d.getInt()) +
                              " (':" + llvm::Twine(d.getInt()) + "')");
      return 1;
    }
  }

  // Outputs (checked before running).
  std::vector<std::pair<int, std::string>> outs;
  for (llvm::StringRef o : runOuts) {
    auto [idx, path] = o.split('=');
    unsigned i;
    if (path.empty() || idx.getAsInteger(10, i)) {
      reportArgumentError("--out", o, o, "expected INDEX=PATH");
      return 1;
    }
    if (i >= bufferOfArg.size() || bufferOfArg[i] < 0) {
      reportArgumentError("--out", o, idx,
                          "argument " + llvm::Twine(i) + " is not a buffer");
      return 1;
    }
    outs.emplace_back(bufferOfArg[i], path.str());
  }

  std::vector<HostBuffer> buffers = parsed.hostBuffers();
  if (!runInterpret) {
    DeviceRunOptions run;
    run.arch = runArch;
    run.repeat = runRepeat;
    if (runBench) {
      run.warmup = runWarmup;
      run.repeat = runRepeat > 0 ? int(runRepeat) : 100;
      run.bytes = runBytes;
      run.flops = runFlops;
    }
    if (llvm::Error e = runOnDevice(compiler, src, opts, run, grid, args,
                                    buffers, llvm::outs()))
      return fail(llvm::toString(std::move(e)));
  } else {
    if (perCTA > 1) {
      args.push_back(KernelArg::integer(grid[0]));
      grid[0] = ctasForPrograms(grid[0], perCTA);
    }
    if (llvm::Error e = interpret(*module, grid, args, buffers))
      return fail(llvm::toString(std::move(e)));
  }

  for (auto &[b, path] : outs) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
    if (ec)
      return fail("cannot open '" + path + "': " + ec.message());
    if (llvm::StringRef(path).ends_with(".npy"))
      os << npy::serialize(storage[b].dtype.name, storage[b].data(),
                           storage[b].bytes, storage[b].dtype.bytes);
    else
      os.write(storage[b].data(), storage[b].bytes);
  }
  return 0;
}
