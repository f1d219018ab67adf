//===- Compiler.cpp - The one entry point of the tilec pipeline -----------===//

#include "tilec/Compiler/Compiler.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Frontend/MLIRGen.h"
#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Transforms/Passes.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"
#include "tilec/Target/PTX.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/JSON.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/MemoryBuffer.h"
#include "mlir/Transforms/Passes.h"

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
  if (opts.numStages < 0 || opts.numStages > 8) {
    errs << "tilec: error: --num-stages must be from 0 to 8, got "
         << opts.numStages << "\n";
    return false;
  }
  return true;
}

ParsedSource Compiler::parse(std::string filename, std::string text,
                             llvm::raw_ostream &errs,
                             llvm::ArrayRef<std::string> importPaths) {
  ParsedSource out;
  std::string name, package;
  out.loader = std::make_unique<ModuleLoader>(
      ModuleLoader::searchPathFor(filename, importPaths, name, package));
  out.file = std::make_unique<SourceFile>(std::move(filename), std::move(text));
  sources_[out.file->name().str()] = out.file->text().str();
  DiagnosticEngine diags(*out.file, errs);
  out.module = parseModule(*out.file, diags);
  out.module->name = name;
  out.module->package = package;
  if (!name.empty())
    out.loader->adopt(name, *out.module);
  out.numErrors = diags.numErrors();
  return out;
}

mlir::OwningOpRef<mlir::ModuleOp>
Compiler::compileToTile(const ParsedSource &src, const CompileOptions &opts,
                        llvm::raw_ostream &errs) {
  if (src.numErrors || !validateOptions(opts, errs))
    return nullptr;
  const Function *kernel = src.module->lookup(opts.kernel);
  if (!kernel || kernel->constexprFunction) {
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

/// Runs `pass` on `module`, then canonicalize + CSE; on failure prints
/// "<name> failed" to `errs`.
static bool runTilePass(mlir::MLIRContext *ctx, mlir::ModuleOp module,
                        std::unique_ptr<mlir::Pass> pass, llvm::StringRef name,
                        llvm::raw_ostream &errs) {
  mlir::PassManager pm(ctx);
  applyCLOptions(pm);
  pm.addPass(std::move(pass));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  if (mlir::failed(pm.run(module))) {
    errs << "tilec: error: " << name << " failed\n";
    return false;
  }
  return true;
}

bool Compiler::groupPrograms(mlir::ModuleOp module, int group, int minMiB,
                             llvm::raw_ostream &errs) {
  mlir::tile::TileGroupProgramsOptions groupOpts;
  groupOpts.group = group;
  groupOpts.minMiB = minMiB;
  return runTilePass(ctx_.get(), module,
                     mlir::tile::createTileGroupPrograms(groupOpts),
                     "tile-group-programs", errs);
}

/// 90 for "sm_90a", 80 for "sm_80" (90 when the name has no number).
static int computeCapabilityOf(llvm::StringRef arch) {
  int cc = 90;
  if (arch.consume_front("sm_"))
    arch.take_while([](char c) { return isdigit(c); }).getAsInteger(10, cc);
  return cc;
}

int Compiler::prepareTile(mlir::ModuleOp module, const CompileOptions &opts,
                          llvm::raw_ostream &errs) {
  if (opts.groupPrograms > 1 &&
      !groupPrograms(module, opts.groupPrograms, opts.groupMinMiB, errs))
    return 0;
  int perCTA = 1;
  if (opts.programsPerCTA != 1 &&
      !(perCTA = coarsenPrograms(module, opts.programsPerCTA, errs)))
    return 0;
  mlir::tile::TileSplitMaskedLoopsOptions splitOpts;
  splitOpts.computeCapability = computeCapabilityOf(opts.arch);
  if (opts.splitMaskedLoops &&
      !runTilePass(ctx_.get(), module,
                   mlir::tile::createTileSplitMaskedLoops(splitOpts),
                   "tile-split-masked-loops", errs))
    return 0;
  if (!runTilePass(ctx_.get(), module, mlir::tile::createTileLoopPointerOffsets(),
                   "tile-loop-pointer-offsets", errs))
    return 0;
  if (!placeLoads(module, opts, errs))
    return 0;
  return perCTA;
}

bool Compiler::placeLoads(mlir::ModuleOp module, const CompileOptions &opts,
                          llvm::raw_ostream &errs) {
  if (opts.prefetchBytes > 0) {
    mlir::tile::TilePrefetchLoadsOptions o;
    o.maxBytes = opts.prefetchBytes;
    if (!runTilePass(ctx_.get(), module, mlir::tile::createTilePrefetchLoads(o),
                     "tile-prefetch-loads", errs))
      return false;
  }
  if (opts.rematBytes > 0) {
    mlir::tile::TileRematAcrossReductionsOptions o;
    o.minBytes = opts.rematBytes;
    if (!runTilePass(ctx_.get(), module,
                     mlir::tile::createTileRematAcrossReductions(o),
                     "tile-remat-across-reductions", errs))
      return false;
  }
  return true;
}

int Compiler::coarsenPrograms(mlir::ModuleOp module, int factor,
                              llvm::raw_ostream &errs) {
  mlir::tile::TileCoarsenProgramsOptions coarsenOpts;
  coarsenOpts.factor = factor;
  if (!runTilePass(ctx_.get(), module,
                   mlir::tile::createTileCoarsenPrograms(coarsenOpts),
                   "tile-coarsen-programs", errs))
    return 0;
  if (auto a = module->getAttrOfType<mlir::IntegerAttr>("tile.programs_per_cta"))
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
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createLoopInvariantCodeMotionPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(mlir::tile::createTileCombine());
  pm.addPass(mlir::createCanonicalizerPass());
  return pm.run(module);
}

static uint64_t maxSharedBytesPerBlock(llvm::StringRef arch);

/// The PTX targets tilec emits: what LLVM 19's NVPTX backend and PTX 8.0
/// know (the architecture-specific 'a' variant only for sm_90).
static bool isSupportedArch(llvm::StringRef arch) {
  static const char *known[] = {"sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
                                "sm_75", "sm_80", "sm_86", "sm_87", "sm_89",
                                "sm_90", "sm_90a"};
  return llvm::is_contained(known, arch);
}

mlir::LogicalResult Compiler::lower(mlir::ModuleOp module, Stage stage,
                                    const CompileOptions &opts,
                                    llvm::raw_ostream &errs) {
  if (stage == Stage::Tile)
    return mlir::success();
  if (!isSupportedArch(opts.arch)) {
    errs << "tilec: error: unsupported GPU target '" << opts.arch
         << "': expected sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, "
            "sm_86, sm_87, sm_89, sm_90 or sm_90a\n";
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
  int cc = computeCapabilityOf(opts.arch);
  if (!prepareTile(module, opts, errs))
    return mlir::failure();
  mlir::PassManager pm(ctx_.get());
  applyCLOptions(pm);
  mlir::tilegpu::ConvertTileToTileGPUOptions layoutOpts;
  layoutOpts.computeCapability = cc;
  layoutOpts.useWgmma = opts.arch == "sm_90a";
  pm.addPass(mlir::tilegpu::createConvertTileToTileGPU(layoutOpts));
  pm.addPass(mlir::tilegpu::createTileGPURemoveLayoutConversions());
  pm.addPass(mlir::tilegpu::createTileGPUCoalesce());
  pm.addPass(mlir::tilegpu::createTileGPULoadLayouts());
  pm.addPass(mlir::tilegpu::createTileGPUStoreLayouts());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  mlir::tilegpu::TileGPUPipelineOptions pipeOpts;
  pipeOpts.numStages = opts.numStages;
  pm.addPass(mlir::tilegpu::createTileGPUPipeline(pipeOpts));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  if (stage != Stage::TileGPU) {
    mlir::tilegpu::ConvertTileGPUToLLVMOptions llvmOpts;
    llvmOpts.computeCapability = cc;
    mlir::tilegpu::TileGPUAllocateSharedOptions sharedOpts;
    sharedOpts.sharedLimit = maxSharedBytesPerBlock(opts.arch);
    pm.addPass(mlir::tilegpu::createTileGPUAllocateShared(sharedOpts));
    pm.addPass(mlir::tilegpu::createTileGPUInsertBarriers());
    pm.addPass(mlir::tilegpu::createConvertTileGPUToLLVM(llvmOpts));
    pm.addPass(mlir::createCanonicalizerPass());
    pm.addPass(mlir::createCSEPass());
  }
  if (mlir::failed(pm.run(module))) {
    errs << "tilec: error: lowering to " << (stage == Stage::TileGPU ? "tilegpu" : "LLVM")
         << " failed\n";
    return mlir::failure();
  }
  return mlir::success();
}

/// Dynamic shared memory a block may use on `arch` (0: unknown arch).
static uint64_t maxSharedBytesPerBlock(llvm::StringRef arch) {
  arch.consume_front("sm_");
  unsigned cc = 0;
  if (arch.take_while([](char c) { return isdigit(c); }).getAsInteger(10, cc))
    return 0;
  if (cc >= 90)
    return 232448; // 227 KB (H100, H200)
  if (cc == 80 || cc == 87)
    return 166912; // 163 KB (A100)
  if (cc >= 86)
    return 101376; // 99 KB (sm_86, sm_89)
  if (cc == 75)
    return 65536; // 64 KB (Turing)
  if (cc >= 70)
    return 98304; // 96 KB (Volta)
  return 49152;
}

bool Compiler::compileToPTX(const ParsedSource &src, const CompileOptions &opts,
                            CompiledKernel &out, llvm::raw_ostream &errs) {
  mlir::OwningOpRef<mlir::ModuleOp> module = compileToTile(src, opts, errs);
  if (!module)
    return false;
  // The ABI: the kernel's parameters that the signature gives a type.
  const Function *kernel = src.module->lookup(opts.kernel);
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
          path, llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)),
                            /*LowerCase=*/true));
  if (mlir::failed(lower(*module, Stage::LLVMDialect, opts, errs)))
    return false;
  if (auto a = (*module)->getAttrOfType<mlir::IntegerAttr>("tilegpu.shared_bytes"))
    out.sharedBytes = a.getInt();
  if (auto a = (*module)->getAttrOfType<mlir::IntegerAttr>("tile.programs_per_cta"))
    out.programsPerCTA = int(a.getInt());
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
  auto ptx = translateToPTX(*module, popts);
  if (!ptx) {
    errs << "tilec: error: " << llvm::toString(ptx.takeError()) << "\n";
    return false;
  }
  out.ptx = std::move(*ptx);
  return true;
}

std::string CompiledKernel::metadataJSON() const {
  llvm::json::Array ps;
  for (auto &[n, t] : params)
    ps.push_back(llvm::json::Object{{"name", n}, {"type", t}});
  llvm::json::Object o{{"name", name},
                       {"num_warps", numWarps},
                       {"threads", numWarps * 32},
                       {"shared_bytes", (int64_t)sharedBytes},
                       {"target", target},
                       {"programs_per_cta", programsPerCTA},
                       {"params", std::move(ps)}};
  if (!cubinTarget.empty())
    o["cubin_target"] = cubinTarget;
  if (resources.known()) {
    o["registers"] = resources.registers;
    o["stack_bytes"] = resources.stackBytes;
    o["spill_store_bytes"] = resources.spillStoreBytes;
    o["spill_load_bytes"] = resources.spillLoadBytes;
  }
  if (!imports.empty()) {
    llvm::json::Array is;
    for (auto &[path, sha] : imports)
      is.push_back(llvm::json::Object{{"path", path}, {"sha256", sha}});
    o["imports"] = std::move(is);
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(o))) << "\n";
  return os.str();
}

llvm::Expected<CompiledKernel> CompiledKernel::fromJSON(llvm::StringRef json) {
  auto bad = [](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad kernel metadata: " + why);
  };
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(json);
  if (!v)
    return bad(llvm::toString(v.takeError()));
  const llvm::json::Object *o = v->getAsObject();
  if (!o)
    return bad("not a JSON object");
  CompiledKernel ck;
  auto name = o->getString("name");
  auto warps = o->getInteger("num_warps");
  auto shared = o->getInteger("shared_bytes");
  auto target = o->getString("target");
  const llvm::json::Array *ps = o->getArray("params");
  if (!name || !warps || !shared || !target || !ps)
    return bad("missing name, num_warps, shared_bytes, target or params");
  if (*warps <= 0 || *shared < 0)
    return bad("num_warps or shared_bytes out of range");
  ck.name = name->str();
  ck.numWarps = int(*warps);
  ck.sharedBytes = uint64_t(*shared);
  ck.target = target->str();
  // Absent in metadata written before programs per CTA existed: one.
  if (auto p = o->getInteger("programs_per_cta")) {
    if (*p < 1 || *p > 8)
      return bad("programs_per_cta out of range");
    ck.programsPerCTA = int(*p);
  }
  for (const llvm::json::Value &p : *ps) {
    const llvm::json::Object *po = p.getAsObject();
    auto pn = po ? po->getString("name") : std::nullopt;
    auto pt = po ? po->getString("type") : std::nullopt;
    if (!pn || !pt)
      return bad("a parameter lacks name or type");
    ck.params.emplace_back(pn->str(), pt->str());
  }
  if (auto t = o->getString("cubin_target"))
    ck.cubinTarget = t->str();
  if (auto r = o->getInteger("registers")) {
    ck.resources.registers = int(*r);
    ck.resources.stackBytes = o->getInteger("stack_bytes").value_or(-1);
    ck.resources.spillStoreBytes =
        o->getInteger("spill_store_bytes").value_or(-1);
    ck.resources.spillLoadBytes =
        o->getInteger("spill_load_bytes").value_or(-1);
  }
  if (const llvm::json::Array *is = o->getArray("imports")) {
    for (const llvm::json::Value &i : *is) {
      const llvm::json::Object *io = i.getAsObject();
      auto path = io ? io->getString("path") : std::nullopt;
      auto sha = io ? io->getString("sha256") : std::nullopt;
      if (!path || !sha)
        return bad("an import lacks path or sha256");
      ck.imports.emplace_back(path->str(), sha->str());
    }
  }
  return std::move(ck);
}
