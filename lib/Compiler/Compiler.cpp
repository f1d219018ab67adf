//===- Compiler.cpp - The one entry point of the tilec pipeline -----------===//

#include "tilec/Compiler/Compiler.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"
#include "tilec/Frontend/MLIRGen.h"
#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Support/Arch.h"
#include "tilec/Target/PTX.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tilec;

Compiler::Compiler() : ctx_(std::make_unique<mlir::MLIRContext>()) {
  ctx_->loadDialect<mlir::tile::TileDialect, mlir::tilegpu::TileGPUDialect,
                    mlir::func::FuncDialect, mlir::arith::ArithDialect,
                    mlir::math::MathDialect, mlir::scf::SCFDialect,
                    mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect,
                    mlir::NVVM::NVVMDialect>();
  // The compiler is driven from one thread; a thread pool only costs start-up.
  ctx_->disableMultithreading();
}

Compiler::~Compiler() = default;

bool Compiler::validateOptions(const CompileOptions &opts,
                               llvm::raw_ostream &errs) {
  int w = opts.numWarps;
  if (w < 1 || w > 32 || (w & (w - 1)) != 0) {
    errs << "tilec: error: --num-warps must be a power of two from 1 to 32, "
            "got "
         << w << "\n";
    return false;
  }
  if (opts.programsPerCTA < 0 || opts.programsPerCTA > 8) {
    errs << "tilec: error: --programs-per-cta must be auto or from 1 to 8, "
            "got "
         << opts.programsPerCTA << "\n";
    return false;
  }
  if (opts.groupPrograms < 0 || opts.groupPrograms > 64) {
    errs << "tilec: error: --group-programs must be from 0 to 64, got "
         << opts.groupPrograms << "\n";
    return false;
  }
  if (opts.groupMinMiB < 0 || opts.groupMinMiB > (1 << 20)) {
    errs << "tilec: error: --group-min-mib must be from 0 to 1048576, got "
         << opts.groupMinMiB << "\n";
    return false;
  }
  if (opts.prefetchBytes < 0 || opts.prefetchBytes > 1024) {
    errs << "tilec: error: --prefetch-bytes must be from 0 to 1024, got "
         << opts.prefetchBytes << "\n";
    return false;
  }
  if (opts.rematBytes < 0 || opts.rematBytes > 65536) {
    errs << "tilec: error: --remat-bytes must be from 0 to 65536, got "
         << opts.rematBytes << "\n";
    return false;
  }
  if (opts.numStages < 0 || opts.numStages > 32) {
    errs << "tilec: error: --num-stages must be from 0 to 32, got "
         << opts.numStages << "\n";
    return false;
  }
  return true;
}

ParsedSource Compiler::parse(std::string filename, std::string text,
                             llvm::raw_ostream &errs,
                             llvm::ArrayRef<std::string> importPaths,
                             llvm::ArrayRef<std::string> defines,
                             llvm::StringRef arch) {
  ParsedSource out;
  out.file = std::make_unique<SourceFile>(std::move(filename), std::move(text));
  sources_[out.file->name().str()] = out.file->text().str();
  DiagnosticEngine diags(*out.file, errs);
  std::string defineError;
  out.loader = ModuleLoader::forKernelFile(
      *out.file, diags, importPaths, defines, arch, out.module, defineError);
  if (!out.loader) {
    errs << "tilec: error: " << defineError << "\n";
    out.module = std::make_unique<Module>();
    out.numErrors = 1;
    return out;
  }
  out.numErrors = diags.numErrors();
  return out;
}

mlir::OwningOpRef<mlir::ModuleOp>
Compiler::compileToTile(const ParsedSource &src, const CompileOptions &opts,
                        llvm::raw_ostream &errs) {
  if (src.numErrors || !validateOptions(opts, errs))
    return nullptr;
  const Function *kernel = src.module->kernelNamed(opts.kernel);
  if (!kernel) {
    errs << src.file->name() << ": error: no @triton.jit function named '"
         << opts.kernel << "'";
    if (!src.module->functions.empty()) {
      errs << " (defined:";
      for (auto &f : src.module->functions)
        if (!f->constexprFunction)
          errs << " " << f->name;
      errs << ")";
    }
    errs << "\n";
    return nullptr;
  }
  SourceFile sigFile("<signature>", opts.signature);
  DiagnosticEngine sigDiags(sigFile, errs);
  KernelSpec spec;
  spec.kernel = kernel;
  spec.numWarps = opts.numWarps;
  spec.tmaBlocks = opts.tma && computeCapabilityOf(opts.arch) >= 90;
  spec.signatureDiags = &sigDiags;
  if (!parseSignature(sigFile, sigDiags, spec.signature))
    return nullptr;

  DiagnosticEngine diags(*src.file, errs);
  if (src.loader)
    src.loader->registerFiles(diags);
  spec.loader = src.loader.get();
  // MLIR's own diagnostics (from verifiers) print in the same style.
  mlir::ScopedDiagnosticHandler handler(ctx_.get(), [&](mlir::Diagnostic &d) {
    SourceLoc l;
    if (auto fl = mlir::dyn_cast<mlir::FileLineColLoc>(d.getLocation()))
      l = {fl.getLine(), fl.getColumn(),
           diags.fileIdByName(fl.getFilename().getValue()).value_or(0)};
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
      diags.error(l, d.str());
    else
      diags.note(l, d.str());
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlirGen(*ctx_, *src.module, spec, diags);
  if (src.loader)
    for (auto &[path, text] : src.loader->loadedFiles())
      sources_[path] = text;
  if (!module || diags.hasErrors() || sigDiags.hasErrors())
    return nullptr;
  if (opts.optimize && mlir::failed(optimizeTile(*module)))
    return nullptr;
  return module;
}

/// Applies MLIR's pass-manager command-line options to `pm` where the tool
/// registered them (mlir::registerPassManagerCLOptions and
/// registerDefaultTimingManagerCLOptions: --mlir-print-ir-after-all,
/// --mlir-timing, --mlir-pass-pipeline-crash-reproducer, ...); every
/// pipeline tilec runs goes through it. Without registration, nothing.
static void applyCLOptions(mlir::PassManager &pm) {
  (void)mlir::applyPassManagerCLOptions(pm);
  mlir::applyDefaultTimingPassManagerCLOptions(pm);
}

/// Runs `pm` on `module`; on failure prints "tilec: error: <what> failed
/// (in pass 'P')" to `errs`.
static mlir::LogicalResult runPipeline(mlir::PassManager &pm,
                                       mlir::ModuleOp module,
                                       llvm::StringRef what,
                                       llvm::raw_ostream &errs) {
  std::string failedPass;
  pm.addInstrumentation(std::make_unique<FailedPassRecorder>(failedPass));
  if (mlir::succeeded(pm.run(module)))
    return mlir::success();
  errs << "tilec: error: " << what << " failed";
  if (!failedPass.empty())
    errs << " (in pass '" << failedPass << "')";
  errs << "\n";
  return mlir::failure();
}

int Compiler::prepareTile(mlir::ModuleOp module, const CompileOptions &opts,
                          llvm::raw_ostream &errs) {
  mlir::PassManager pm(ctx_.get());
  applyCLOptions(pm);
  populateTilePreparationPipeline(pm, opts);
  if (mlir::failed(runPipeline(pm, module, "preparing the tile IR", errs)))
    return 0;
  if (auto a =
          module->getAttrOfType<mlir::IntegerAttr>("tile.programs_per_cta"))
    return int(a.getInt());
  return 1;
}

llvm::Expected<int> Compiler::parseProgramsPerCTA(llvm::StringRef text) {
  if (text == "auto")
    return 0;
  int v;
  if (text.getAsInteger(10, v) || v < 1 || v > 8)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--programs-per-cta must be auto or from 1 to 8, got '" + text + "'");
  return v;
}

mlir::LogicalResult Compiler::optimizeTile(mlir::ModuleOp module) {
  mlir::PassManager pm(ctx_.get());
  applyCLOptions(pm);
  populateTileOptimizationPipeline(pm);
  return pm.run(module);
}

mlir::LogicalResult Compiler::lower(mlir::ModuleOp module, Stage stage,
                                    const CompileOptions &opts,
                                    llvm::raw_ostream &errs) {
  if (stage == Stage::Tile)
    return mlir::success();
  if (!isSupportedArch(opts.arch)) {
    errs << "tilec: error: unsupported GPU target '" << opts.arch
         << "': expected " << supportedArchList() << "\n";
    return mlir::failure();
  }
  // MLIR diagnostics (a lowering that refuses an op, a verifier) print in
  // the compiler's style: location, message, the source line and a caret.
  // The conversion driver's follow-up "failed to legalize" after an op's
  // own error adds nothing and is dropped.
  bool reported = false;
  mlir::ScopedDiagnosticHandler handler(ctx_.get(), [&](mlir::Diagnostic &d) {
    std::string msg = d.str();
    if (reported && llvm::StringRef(msg).starts_with("failed to legalize"))
      return mlir::success();
    bool isError = d.getSeverity() == mlir::DiagnosticSeverity::Error;
    reported |= isError;
    auto fl = mlir::dyn_cast<mlir::FileLineColLoc>(d.getLocation());
    if (!fl) {
      errs << (isError ? "error: " : "note: ") << msg << "\n";
      return mlir::success();
    }
    // The frontend's renderer, over the text parsed (or, for a file this
    // compiler did not parse, the file on disk).
    std::string name = fl.getFilename().getValue().str(), text;
    if (auto it = sources_.find(name); it != sources_.end())
      text = it->second;
    else if (auto buf = llvm::MemoryBuffer::getFile(name))
      text = (*buf)->getBuffer().str();
    SourceFile file(name, std::move(text));
    DiagnosticEngine engine(file, errs);
    SourceLoc at{fl.getLine(), fl.getColumn(), 0};
    if (isError)
      engine.error(at, msg);
    else
      engine.note(at, msg);
    return mlir::success();
  });
  mlir::PassManager pm(ctx_.get());
  applyCLOptions(pm);
  bool toTileGPU = stage == Stage::TileGPU;
  populateLoweringPipeline(
      pm, opts, toTileGPU ? LoweringStop::TileGPU : LoweringStop::LLVM);
  return runPipeline(
      pm, module, toTileGPU ? "lowering to tilegpu" : "lowering to LLVM", errs);
}

bool Compiler::compileToPTX(const ParsedSource &src, const CompileOptions &opts,
                            CompiledKernel &out, llvm::raw_ostream &errs) {
  mlir::OwningOpRef<mlir::ModuleOp> module = compileToTile(src, opts, errs);
  if (!module)
    return false;
  // The ABI: the kernel's parameters that the signature gives a type.
  const Function *kernel = src.module->kernelNamed(opts.kernel);
  SourceFile sigFile("<signature>", opts.signature);
  std::string ignored;
  llvm::raw_string_ostream nullOS(ignored);
  DiagnosticEngine sigDiags(sigFile, nullOS);
  Signature sig;
  parseSignature(sigFile, sigDiags, sig);
  out = CompiledKernel();
  out.name = opts.kernel;
  out.numWarps = opts.numWarps;
  out.target = opts.arch;
  for (size_t i = 0; i < sig.entries.size() && i < kernel->params.size(); ++i)
    for (auto &arg : abiArguments(sig.entries[i], kernel->params[i].name))
      out.params.push_back(arg);
  {
    llvm::raw_string_ostream os(out.tileIR);
    (*module)->print(os, mlir::OpPrintingFlags().enableDebugInfo());
  }
  if (src.loader)
    for (auto &[path, text] : src.loader->loadedFiles())
      out.imports.emplace_back(
          path,
          llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)),
                      /*LowerCase=*/true));
  if (src.loader)
    for (auto &[name, value] : src.loader->defines().environment)
      out.environment.emplace_back(name, value);
  if (mlir::failed(lower(*module, Stage::LLVMDialect, opts, errs)))
    return false;
  if (auto a =
          (*module)->getAttrOfType<mlir::IntegerAttr>("tilegpu.shared_bytes"))
    out.sharedBytes = a.getInt();
  if (auto a =
          (*module)->getAttrOfType<mlir::IntegerAttr>("tile.programs_per_cta"))
    out.programsPerCTA = int(a.getInt());
  if (auto a = (*module)->getAttrOfType<mlir::IntegerAttr>(
          mlir::tilegpu::kProducerWarpsAttr))
    out.producerWarps = int(a.getInt());
  // The tensor maps tilegpu-pipeline added for TMA copies (hidden
  // parameters after the others; ConvertTileGPUToLLVM lists them).
  if (auto maps = (*module)->getAttrOfType<mlir::ArrayAttr>(
          mlir::tilegpu::kTensorMapsAttr))
    for (mlir::Attribute a : maps) {
      auto d = mlir::cast<mlir::DictionaryAttr>(a);
      CompiledKernel::TensorMapParam tm;
      tm.desc = d.getAs<mlir::StringAttr>("desc").str();
      tm.elemType = d.getAs<mlir::StringAttr>("dtype").str();
      llvm::append_range(tm.box,
                         d.getAs<mlir::DenseI64ArrayAttr>("box").asArrayRef());
      tm.swizzleBytes = int(d.getAs<mlir::IntegerAttr>("swizzle").getInt());
      out.tensorMaps.push_back(std::move(tm));
    }
  // As Triton does: a kernel that cannot launch on the target is an error
  // here, not at the first launch.
  if (uint64_t limit = maxSharedBytesPerBlock(opts.arch);
      limit && out.sharedBytes > limit) {
    errs << "tilec: error: kernel '" << opts.kernel << "' needs "
         << out.sharedBytes << " bytes of shared memory per program; "
         << opts.arch << " allows at most " << limit
         << " (use smaller tiles or fewer --num-stages)\n";
    return false;
  }
  PTXOptions popts;
  popts.arch = opts.arch;
  popts.fpFusion = opts.fpFusion;
  auto ptx = translateToPTX(*module, popts);
  if (!ptx) {
    errs << "tilec: error: " << llvm::toString(ptx.takeError()) << "\n";
    return false;
  }
  out.ptx = std::move(*ptx);
  return true;
}
