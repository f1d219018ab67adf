//===- Options.cpp - The subcommands of `tilec` and their shared flags ----===//

#include "Options.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Frontend/Heuristics.h"

#include "llvm/Support/raw_ostream.h"

using namespace tilec;
namespace cl = llvm::cl;

cl::SubCommand &runSubcommand() {
  static cl::SubCommand sub("run", "Run a kernel on the host");
  return sub;
}

cl::SubCommand &aotSubcommand() {
  static cl::SubCommand sub(
      "aot", "Write a C header and source with a kernel's binary and a typed "
             "launcher (Triton's compile.py)");
  return sub;
}

cl::SubCommand &aotLinkSubcommand() {
  static cl::SubCommand sub("aot-link",
                            "Write a dispatcher over the specializations that "
                            "`tilec aot` wrote (Triton's link.py)");
  return sub;
}

cl::SubCommand &tuneSubcommand() {
  static cl::SubCommand sub(
      "tune", "Time a kernel's @triton.autotune configs on the GPU and "
              "choose the fastest");
  return sub;
}

cl::OptionCategory &compilerCategory() {
  static cl::OptionCategory category("tilec options");
  return category;
}

namespace {

/// The defaults every flag below starts from.
const CompileOptions kDefaults;

/// cl::sub modifiers for the compiler (top level), run, aot and tune.
struct CompilingCommands {
  template <class Opt> void apply(Opt &o) const {
    o.addSubCommand(cl::SubCommand::getTopLevel());
    o.addSubCommand(runSubcommand());
    if (withAot) { // the flags that keep the kernel's ABI
      o.addSubCommand(aotSubcommand());
      o.addSubCommand(tuneSubcommand());
    }
  }
  bool withAot = true;
};

} // namespace

cl::list<std::string> importDirs(
    "I", cl::Prefix,
    cl::desc("Search this directory for the Python modules the kernel file "
             "imports, before the directory that holds the file's package"),
    cl::value_desc("dir"), cl::sub(cl::SubCommand::getAll()),
    cl::cat(compilerCategory()));

cl::list<std::string> hostDefines(
    "D", cl::Prefix,
    cl::desc("Bind the module-level NAME to host code's VALUE (a Python "
             "literal: True, False, None, an int, a float, a quoted string, "
             "or a list or tuple of them) in every module: module-level "
             "host code and jit functions that read NAME see VALUE"),
    cl::value_desc("NAME=VALUE"), cl::sub(cl::SubCommand::getAll()),
    cl::cat(compilerCategory()));

static cl::opt<int> numWarps("num-warps", cl::desc("Warps per program (CTA)"),
                             cl::init(kDefaults.numWarps), CompilingCommands(),
                             cl::cat(compilerCategory()));
static cl::alias numWarpsW("w", cl::desc("Alias for --num-warps"),
                           cl::aliasopt(numWarps));
static cl::opt<int> numStages(
    "num-stages",
    cl::desc("Software-pipelining stages of loops feeding tensor-core dots "
             "(Triton's num_stages; <= 1: off)"),
    cl::init(kDefaults.numStages), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::alias numStagesNs("ns", cl::desc("Alias for --num-stages"),
                             cl::aliasopt(numStages));
static cl::opt<std::string> programsPerCTA(
    "programs-per-cta",
    cl::desc("Programs each CTA runs along grid axis 0: 1 (default, the plain "
             "ABI), 2..8, or auto (the compiler chooses for memory-bound "
             "kernels); above 1 the kernel takes the grid's x as an extra last "
             "i32 and runs on ceil(x / n) CTAs (programs_per_cta in the JSON)"),
    cl::value_desc("n|auto"), cl::init("1"), CompilingCommands{false},
    cl::cat(compilerCategory()));
static cl::opt<int> groupPrograms(
    "group-programs",
    cl::desc("Launch order of tensor-core kernels over a 2-D grid: CTAs run "
             "the programs in groups of n values of program id 0 (Triton's "
             "matmul-tutorial order; the ABI and results do not change); "
             "0 or 1: the plain order"),
    cl::value_desc("n"), cl::init(kDefaults.groupPrograms), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::opt<int> groupMinMiB(
    "group-min-mib",
    cl::desc("Take the grouped order only when the A operand that the plain "
             "order sweeps (programs along axis 0 x the dot's A tile x its "
             "loop's trip count) is at least n MiB, decided at run time; "
             "smaller ones fit in L2 (default 48, for the H200); 0: always"),
    cl::value_desc("n"), cl::init(kDefaults.groupMinMiB), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::opt<bool> splitMaskedLoops(
    "split-masked-loops",
    cl::desc("Split the loops of a tl.dot where their load masks are "
             "all-true, so that the K-boundary masks are evaluated only in "
             "the last, partial tile (default off: slower on the H200 so "
             "far; the results do not change)"),
    cl::init(kDefaults.splitMaskedLoops), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::opt<int> prefetchBytes(
    "prefetch-bytes",
    cl::desc("Bytes a thread may load one iteration ahead in each loop that "
             "only reads memory (the next iteration's tiles are in flight "
             "while this one computes; the results do not change); 0: off "
             "(the default)"),
    cl::value_desc("n"), cl::init(kDefaults.prefetchBytes), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::opt<int> rematBytes(
    "remat-bytes",
    cl::desc("Tiles of at least n bytes a thread that live across a "
             "reduction are recomputed after it from their loads (re-read "
             "from L1/L2) instead of held in registers; 0: off"),
    cl::value_desc("n"), cl::init(kDefaults.rematBytes), CompilingCommands(),
    cl::cat(compilerCategory()));
static cl::opt<bool> fpFusion(
    "fp-fusion",
    cl::desc("Contract float multiplies and the adds that use them into "
             "fused multiply-adds, as Triton's enable_fp_fusion does "
             "(default on; --fp-fusion=false rounds each operation)"),
    cl::init(kDefaults.fpFusion), CompilingCommands(),
    cl::cat(compilerCategory()));

static cl::opt<bool> tma(
    "tma",
    cl::desc("Copy the blocks of host tensor descriptors that pipelined "
             "tensor-core loops stage with TMA (sm_90 and later; the kernel "
             "then takes a CUtensorMap per descriptor, made by the runtime; "
             "default on, --tma=false: cp.async)"),
    cl::init(kDefaults.tma), CompilingCommands(), cl::cat(compilerCategory()));

bool readCompileFlags(CompileOptions &opts) {
  opts.numWarps = numWarps;
  opts.numStages = numStages;
  llvm::Expected<int> perCTA = Compiler::parseProgramsPerCTA(programsPerCTA);
  if (!perCTA) {
    llvm::errs() << "tilec: error: " << llvm::toString(perCTA.takeError())
                 << "\n";
    return false;
  }
  opts.programsPerCTA = *perCTA;
  opts.groupPrograms = groupPrograms;
  opts.groupMinMiB = groupMinMiB;
  opts.splitMaskedLoops = splitMaskedLoops;
  opts.prefetchBytes = prefetchBytes;
  opts.rematBytes = rematBytes;
  opts.fpFusion = fpFusion;
  opts.tma = tma;
  opts.importPaths = importDirs;
  opts.defines = hostDefines;
  return true;
}

std::optional<std::string>
resolveSignature(const ParsedSource &src, llvm::StringRef kernel,
                 llvm::StringRef signature,
                 llvm::ArrayRef<std::optional<HostValue>> runtimeValues) {
  const Function *fn = src.module ? src.module->kernelNamed(kernel) : nullptr;
  if (!fn) // the compiler says so
    return signature.str();
  DiagnosticEngine diags(*src.file, llvm::errs());
  SourceFile sigFile(std::string(kSignatureName), signature.str());
  DiagnosticEngine sigDiags(sigFile, llvm::errs());
  auto resolved =
      resolveHeuristicSignature(*fn, diags, sigDiags, runtimeValues);
  if (resolved)
    return *resolved;
  std::string msg = llvm::toString(resolved.takeError());
  if (!diags.numErrors() && !sigDiags.numErrors()) // not reported yet
    llvm::errs() << "tilec: error: " << msg << "\n";
  return std::nullopt;
}

void reportArgumentError(llvm::StringRef option, llvm::StringRef text,
                         unsigned col, unsigned length,
                         const llvm::Twine &message) {
  SourceFile file(option.str(), text.str());
  DiagnosticEngine diags(file, llvm::errs());
  diags.error({1, col}, message, std::max(1u, length));
}

void reportArgumentError(llvm::StringRef option, llvm::StringRef text,
                         llvm::StringRef part, const llvm::Twine &message) {
  size_t offset = part.data() >= text.data() &&
                          part.data() + part.size() <= text.data() + text.size()
                      ? size_t(part.data() - text.data())
                      : 0;
  reportArgumentError(option, text, unsigned(offset + 1),
                      part.empty() ? 1 : unsigned(part.size()), message);
}
