//===- tilec.cpp - The tilec command-line compiler ------------------------===//
//
//   tilec FILE --kernel NAME --signature SIG [--num-warps N] [--arch sm_90]
//         --emit=ast|tile|tilegpu|llvm-mlir|llvm|ptx|cubin [-o OUT]
//   (with --emit=ptx -o k.ptx, the metadata goes to k.json; --emit=cubin
//   assembles with ptxas and adds registers and spills to it)
//   tilec --list-kernels FILE
//
// Exit status: 0 on success, 1 on any error (input, signature or usage).
//
//===----------------------------------------------------------------------===//

#include "Aot.h"
#include "Options.h"
#include "Run.h"
#include "tilec/Compiler/Compiler.h"
#include "tilec/Compiler/Version.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Frontend/Autotune.h"
#include "tilec/Frontend/Heuristics.h"
#include "tilec/Target/Cubin.h"
#include "tilec/Target/PTX.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilec;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                                      cl::init("-"),
                                      cl::cat(compilerCategory()));
static cl::opt<std::string>
    kernelName("kernel", cl::desc("The @triton.jit function to compile"),
               cl::value_desc("name"), cl::cat(compilerCategory()));
static cl::opt<std::string>
    signature("signature",
              cl::desc("Triton AOT signature, e.g. \"*fp32:16, i32, 1024\""),
              cl::value_desc("sig"), cl::cat(compilerCategory()));
enum class Emit { AST, Tile, TileGPU, LLVMDialect, LLVM, PTX, Cubin };
static cl::opt<Emit>
    emit("emit", cl::desc("What to emit"), cl::init(Emit::Tile),
         cl::values(clEnumValN(Emit::AST, "ast", "the syntax tree"),
                    clEnumValN(Emit::Tile, "tile", "the `tile` dialect IR"),
                    clEnumValN(Emit::TileGPU, "tilegpu",
                               "the `tilegpu` IR (tiles with layouts)"),
                    clEnumValN(Emit::LLVMDialect, "llvm-mlir",
                               "the LLVM and NVVM dialects"),
                    clEnumValN(Emit::LLVM, "llvm", "LLVM IR"),
                    clEnumValN(Emit::PTX, "ptx",
                               "PTX, and metadata JSON beside an -o file"),
                    clEnumValN(Emit::Cubin, "cubin",
                               "a cubin for --arch assembled by ptxas (CUDA "
                               "toolkit; $TILEC_PTXAS), and metadata JSON with "
                               "registers and spills beside an -o file")),
         cl::cat(compilerCategory()));
static cl::opt<std::string>
    arch("arch", cl::desc("GPU target (sm_60 ... sm_89, sm_90, sm_90a)"),
         cl::init(PipelineOptions().arch), cl::cat(compilerCategory()));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(compilerCategory()));
static cl::opt<bool> listKernels("list-kernels",
                                 cl::desc("List the @triton.jit functions"),
                                 cl::cat(compilerCategory()));
static cl::opt<bool> listConfigs(
    "list-configs",
    cl::desc("List the @triton.autotune configurations of the kernels (or of "
             "--kernel)"),
    cl::cat(compilerCategory()));
static cl::opt<bool> noOpt("no-opt",
                           cl::desc("Print tile IR as generated, without "
                                    "canonicalization and CSE"),
                           cl::cat(compilerCategory()));
static cl::opt<bool> printLocs("mlir-print-debuginfo-locs",
                               cl::desc("Print source locations in the IR"),
                               cl::cat(compilerCategory()));

/// Assembles k.ptx with ptxas into k.cubin and k.resources; warns when the
/// kernel spills. False after an error.
static bool assembleCubin(CompiledKernel &k) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas) {
    llvm::errs() << "tilec: error: --emit=cubin needs ptxas from the CUDA "
                    "toolkit: none found ($TILEC_PTXAS, PATH, "
                    "$CUDA_HOME/bin, /usr/local/cuda/bin)\n";
    return false;
  }
  auto assembled = assembleWithPtxas(k.ptx, k.target, *ptxas);
  if (!assembled) {
    llvm::errs() << "tilec: error: " << llvm::toString(assembled.takeError())
                 << "\n";
    return false;
  }
  k.cubin = std::move(assembled->cubin);
  k.cubinTarget = k.target;
  k.resources = parseAssemblerLog(assembled->log, k.name);
  if (k.resources.spills())
    llvm::errs() << "tilec: warning: kernel '" << k.name
                 << "' spills registers to local memory ("
                 << k.resources.summary() << " per thread)\n";
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // MLIR's own options reach every pass pipeline tilec runs (hidden from
  // --help, listed by --help-hidden): --mlir-print-ir-after-all,
  // --mlir-print-ir-after=PASS, --mlir-timing, --mlir-pass-statistics,
  // --mlir-pass-pipeline-crash-reproducer=FILE, --mlir-disable-threading.
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::tile::registerTilePasses();
  mlir::tilegpu::registerTileGPUPasses();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions(compilerCategory());
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tilec::versionText("tilec"); });
  cl::ParseCommandLineOptions(argc, argv,
                              "tilec: Triton-syntax tile kernel compiler\n");
  if (runSubcommand())
    return runMain();
  if (tuneSubcommand())
    return tuneMain();
  if (aotSubcommand())
    return aotMain();
  if (aotLinkSubcommand())
    return aotLinkMain();

  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!buffer) {
    llvm::errs() << "tilec: error: cannot read '" << inputFile
                 << "': " << buffer.getError().message() << "\n";
    return 1;
  }
  Compiler compiler;
  std::string name = inputFile == "-" ? "<stdin>" : inputFile.getValue();
  ParsedSource src =
      compiler.parse(name, (*buffer)->getBuffer().str(), llvm::errs(),
                     importDirs, hostDefines, arch);

  std::error_code ec;
  llvm::ToolOutputFile out(outputFile, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "tilec: error: cannot open '" << outputFile
                 << "': " << ec.message() << "\n";
    return 1;
  }

  if (listKernels) {
    std::vector<const Function *> kernels;
    for (auto &f : src.module->functions)
      kernels.push_back(f.get());
    for (auto &f : src.module->branchFunctions) // one a name (kernelNamed)
      if (src.module->kernelNamed(f->name) == f.get())
        kernels.push_back(f.get());
    for (const Function *f : kernels) {
      if (f->constexprFunction)
        continue;
      out.os() << f->name << "(";
      for (size_t i = 0; i < f->params.size(); ++i)
        out.os() << (i ? ", " : "") << f->params[i].name
                 << (f->params[i].isConstexpr ? ": constexpr" : "");
      out.os() << ")\n";
    }
    out.keep();
    return src.numErrors ? 1 : 0;
  }

  if (listConfigs) {
    if (src.numErrors)
      return 1;
    bool any = false, failed = false;
    for (auto &f : src.module->functions) {
      if (f->constexprFunction ||
          (!kernelName.empty() && f->name != kernelName))
        continue;
      DiagnosticEngine diags(*src.file, llvm::errs());
      auto at = readAutotune(*f, diags, src.loader.get());
      auto heuristics = readHeuristics(*f, diags);
      if (!at || !heuristics) {
        if (!at)
          llvm::consumeError(at.takeError()); // reported
        if (!heuristics)
          llvm::consumeError(heuristics.takeError());
        failed = true;
        continue;
      }
      if (!*at && heuristics->empty())
        continue;
      any = true;
      if (*at) {
        out.os() << f->name << ": " << (*at)->configs.size()
                 << " configs, key [" << llvm::join((*at)->key, ", ") << "]";
        if (!(*at)->resetToZero.empty())
          out.os() << ", reset_to_zero ["
                   << llvm::join((*at)->resetToZero, ", ") << "]";
        if (!(*at)->restoreValue.empty())
          out.os() << ", restore_value ["
                   << llvm::join((*at)->restoreValue, ", ") << "]";
        if (!(*at)->ignored.empty())
          out.os() << " (not used: " << llvm::join((*at)->ignored, ", ") << ")";
        out.os() << "\n";
        for (size_t i = 0; i < (*at)->configs.size(); ++i)
          out.os() << "  " << i << ": " << (*at)->configs[i].describe() << "\n";
        if (std::string prune = (*at)->pruneNote(); !prune.empty())
          out.os() << "  prune_configs_by: " << prune << "\n";
      } else {
        out.os() << f->name << ": not autotuned\n";
      }
      for (const Heuristic &h : *heuristics)
        out.os() << "  heuristic " << h.name << " = " << h.text() << "\n";
    }
    if (!any && !failed)
      out.os() << "no @triton.autotune or @triton.heuristics kernels\n";
    out.keep();
    return failed ? 1 : 0;
  }

  if (emit == Emit::AST) {
    if (src.numErrors)
      return 1;
    if (!kernelName.empty()) {
      const Function *fn = src.module->kernelNamed(kernelName);
      if (!fn) {
        llvm::errs() << name << ": error: no @triton.jit function named '"
                     << kernelName << "'\n";
        return 1;
      }
      dumpAST(*fn, out.os());
    } else {
      dumpAST(*src.module, out.os());
    }
    out.keep();
    return 0;
  }

  if (kernelName.empty()) {
    if (src.module->functions.size() == 1 && !src.numErrors) {
      kernelName = src.module->functions[0]->name;
    } else if (!src.numErrors) {
      llvm::errs() << "tilec: error: --kernel is required";
      if (!src.module->functions.empty()) {
        llvm::errs() << " (the file defines:";
        for (auto &f : src.module->functions)
          if (!f->constexprFunction)
            llvm::errs() << " " << f->name;
        llvm::errs() << ")";
      }
      llvm::errs() << "\n";
      return 1;
    }
  }
  CompileOptions opts;
  if (!readCompileFlags(opts))
    return 1;
  opts.kernel = kernelName;
  std::optional<std::string> resolved =
      src.numErrors ? std::optional<std::string>(signature)
                    : resolveSignature(src, kernelName, signature);
  if (!resolved)
    return 1;
  opts.signature = *resolved;
  opts.optimize = !noOpt;
  opts.arch = arch;
  if (emit == Emit::PTX || emit == Emit::Cubin) {
    CompiledKernel k;
    if (!compiler.compileToPTX(src, opts, k, llvm::errs()))
      return 1;
    if (emit == Emit::Cubin && !assembleCubin(k))
      return 1;
    out.os() << (emit == Emit::Cubin ? k.cubin : k.ptx);
    if (outputFile != "-") {
      llvm::SmallString<256> json(outputFile.getValue());
      llvm::sys::path::replace_extension(json, "json");
      std::error_code jec;
      llvm::raw_fd_ostream js(json, jec);
      if (jec) {
        llvm::errs() << "tilec: error: cannot open '" << json
                     << "': " << jec.message() << "\n";
        return 1;
      }
      js << k.metadataJSON();
    }
    out.keep();
    return 0;
  }
  mlir::OwningOpRef<mlir::ModuleOp> module =
      compiler.compileToTile(src, opts, llvm::errs());
  if (!module)
    return 1;
  if (emit != Emit::Tile &&
      mlir::failed(compiler.lower(
          *module, emit == Emit::TileGPU ? Stage::TileGPU : Stage::LLVMDialect,
          opts, llvm::errs())))
    return 1;
  if (emit == Emit::LLVM) {
    auto ir = translateToLLVMIR(*module, PTXOptions());
    if (!ir) {
      llvm::errs() << "tilec: error: " << llvm::toString(ir.takeError())
                   << "\n";
      return 1;
    }
    out.os() << *ir;
    out.keep();
    return 0;
  }
  mlir::OpPrintingFlags flags;
  if (printLocs)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(out.os(), flags);
  out.keep();
  return 0;
}
