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
// --flops. Errors print "tilec: error: ..." and exit 1.
//
//===----------------------------------------------------------------------===//

#include "Run.h"
#include "Npy.h"
#include "Options.h"
#include "RunDevice.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"

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

struct DType {
  bool isFloat;
  unsigned bytes;
  std::string name;
};

bool parseDType(llvm::StringRef s, DType &d) {
  static const DType all[] = {{true, 2, "fp16"},    {true, 2, "bf16"},
                              {true, 4, "fp32"},    {true, 8, "fp64"},
                              {false, 1, "i8"},     {false, 2, "i16"},
                              {false, 4, "i32"},    {false, 8, "i64"},
                              {true, 1, "fp8e4nv"}, {true, 1, "fp8e5"}};
  for (const DType &x : all)
    if (s == x.name) {
      d = x;
      return true;
    }
  return false;
}

void storeElem(char *p, const DType &d, double v) {
  if (d.name == "fp16" || d.name == "bf16") {
    uint16_t b = d.name == "fp16" ? toF16Bits(v) : toBF16Bits(v);
    std::memcpy(p, &b, 2);
  } else if (d.name == "fp8e4nv" || d.name == "fp8e5") {
    uint8_t b = d.name == "fp8e4nv" ? toF8E4M3Bits(v) : toF8E5M2Bits(v);
    std::memcpy(p, &b, 1);
  } else if (d.name == "fp32") {
    float f = float(v);
    std::memcpy(p, &f, 4);
  } else if (d.name == "fp64") {
    std::memcpy(p, &v, 8);
  } else {
    int64_t i = int64_t(v);
    std::memcpy(p, &i, d.bytes); // little-endian host
  }
}

/// Host storage of one buffer (8-byte aligned).
struct Storage {
  std::vector<uint64_t> words;
  size_t bytes = 0;
  DType dtype;
  void resize(size_t n) {
    bytes = n;
    words.assign((n + 7) / 8 + 1, 0);
  }
  char *data() { return reinterpret_cast<char *>(words.data()); }
};

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
  llvm::SmallVector<llvm::StringRef, 3> dims;
  llvm::StringRef(runGrid).split(dims, ',');
  if (dims.empty() || dims.size() > 3)
    return fail("bad --grid '" + runGrid + "' (expected X[,Y[,Z]])");
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i].trim().getAsInteger(10, grid[i]))
      return fail("bad --grid '" + runGrid + "' (expected X[,Y[,Z]])");

  // Compile.
  auto file = llvm::MemoryBuffer::getFile(runInput);
  if (!file)
    return fail("cannot read '" + runInput + "': " + file.getError().message());
  Compiler compiler;
  ParsedSource src = compiler.parse(runInput, (*file)->getBuffer().str(),
                                    llvm::errs(), importDirs, hostDefines);
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
  std::vector<std::optional<HostValue>> scalars;
  for (llvm::StringRef spec : runArgs) {
    auto [type, value] = spec.split(':');
    int64_t i;
    double f;
    DType d;
    if (type == "buf" || !parseDType(type, d) || value.contains(':'))
      scalars.push_back(std::nullopt);
    else if (!d.isFloat && !value.getAsInteger(0, i))
      scalars.push_back(HostValue::integer(i));
    else if (d.isFloat && !value.getAsDouble(f))
      scalars.push_back(HostValue::real(f));
    else
      scalars.push_back(std::nullopt);
  }
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
  if (const Function *fn = src.module->lookup(kernel))
    for (const auto &p : fn->params)
      if (!p.isConstexpr)
        names.push_back(p.name);
  if (names.size() != runArgs.size())
    names.clear();

  // Arguments.
  std::vector<Storage> storage;
  std::vector<KernelArg> args;
  std::vector<int> bufferOfArg;
  std::vector<std::string> bufferNames;
  storage.reserve(runArgs.size());
  for (size_t i = 0; i < runArgs.size(); ++i) {
    llvm::StringRef spec = runArgs[i];
    auto bad = [&](const llvm::Twine &why) {
      return fail("bad --arg '" + spec + "': " + why);
    };
    llvm::SmallVector<llvm::StringRef, 5> parts;
    spec.split(parts, ':', /*MaxSplit=*/3);
    DType d;
    bufferOfArg.push_back(-1);
    if (parts[0] == "buf" &&
        (parts[1] == "npy" || (parts.size() == 4 && parts[2] == "npy"))) {
      // buf:npy:PATH (PATH may hold ':') or buf:DTYPE:npy:PATH.
      llvm::StringRef path =
          parts[1] == "npy" ? spec.drop_front(strlen("buf:npy:")) : parts[3];
      auto contents =
          llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
      if (!contents)
        return bad("cannot read '" + path +
                   "': " + contents.getError().message());
      auto array = npy::parse((*contents)->getBuffer());
      if (!array)
        return bad(path + ": " + llvm::toString(array.takeError()));
      std::string fileType = npy::dtypeOf(array->descr);
      if (parts[1] != "npy") {
        if (!parseDType(parts[1], d))
          return bad("unknown dtype '" + parts[1] + "'");
        if (fileType != d.name && !(d.name == "bf16" && array->descr == "<u2"))
          return bad(path + " holds " + array->descr + ", not " + d.name);
      } else if (!parseDType(fileType, d)) {
        return bad(path + ": dtype " + array->descr);
      }
      Storage s;
      s.dtype = d;
      s.resize(array->data.size());
      std::memcpy(s.data(), array->data.data(), s.bytes);
      bufferOfArg.back() = int(storage.size());
      bufferNames.push_back(names.empty() ? "arg" + std::to_string(i)
                                          : names[i]);
      args.push_back(KernelArg::buf(unsigned(storage.size())));
      storage.push_back(std::move(s));
      continue;
    }
    if (parts[0] == "buf") {
      if (parts.size() < 4 || !parseDType(parts[1], d))
        return bad("expected buf:DTYPE:N:random[:SEED], buf:DTYPE:N:zeros, "
                   "buf:DTYPE:file:PATH or buf:npy:PATH");
      Storage s;
      s.dtype = d;
      if (parts[2] == "file") {
        auto contents =
            llvm::MemoryBuffer::getFile(parts[3], /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
        if (!contents)
          return bad("cannot read '" + parts[3] +
                     "': " + contents.getError().message());
        s.resize((*contents)->getBufferSize());
        std::memcpy(s.data(), (*contents)->getBufferStart(), s.bytes);
      } else {
        uint64_t n;
        if (parts[2].getAsInteger(10, n))
          return bad("bad element count '" + parts[2] + "'");
        s.resize(n * d.bytes);
        llvm::StringRef init = parts[3], seedStr;
        std::tie(init, seedStr) = init.split(':');
        if (init == "random") {
          uint64_t seed = 0;
          if (!seedStr.empty() && seedStr.getAsInteger(10, seed))
            return bad("bad seed '" + seedStr + "'");
          std::mt19937_64 rng(seed);
          std::uniform_real_distribution<double> fdist(-1.0, 1.0);
          std::uniform_int_distribution<int> idist(-100, 99);
          for (uint64_t e = 0; e < n; ++e)
            storeElem(s.data() + e * d.bytes, d,
                      d.isFloat ? fdist(rng) : double(idist(rng)));
        } else if (init != "zeros" || !seedStr.empty()) {
          return bad("expected 'random[:SEED]', 'zeros' or 'file:PATH'");
        }
      }
      bufferOfArg.back() = int(storage.size());
      bufferNames.push_back(names.empty() ? "arg" + std::to_string(i)
                                          : names[i]);
      args.push_back(KernelArg::buf(unsigned(storage.size())));
      storage.push_back(std::move(s));
      continue;
    }
    if (parts.size() != 2 || !parseDType(parts[0], d))
      return bad("expected buf:..., or DTYPE:VALUE (e.g. i32:1000, fp32:0.5)");
    if (d.isFloat) {
      double v;
      if (parts[1].getAsDouble(v))
        return bad("bad number '" + parts[1] + "'");
      args.push_back(KernelArg::fp(v));
    } else {
      int64_t v;
      if (parts[1].getAsInteger(0, v))
        return bad("bad integer '" + parts[1] + "'");
      args.push_back(KernelArg::integer(v));
    }
  }

  // Outputs (checked before running).
  std::vector<std::pair<int, std::string>> outs;
  for (llvm::StringRef o : runOuts) {
    auto [idx, path] = o.split('=');
    unsigned i;
    if (path.empty() || idx.getAsInteger(10, i))
      return fail("bad --out '" + o + "' (expected INDEX=PATH)");
    if (i >= bufferOfArg.size() || bufferOfArg[i] < 0)
      return fail("--out " + o + ": argument " + llvm::Twine(i) +
                  " is not a buffer");
    outs.emplace_back(bufferOfArg[i], path.str());
  }

  std::vector<HostBuffer> buffers;
  for (size_t b = 0; b < storage.size(); ++b)
    buffers.push_back({storage[b].data(), storage[b].bytes, bufferNames[b]});
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
