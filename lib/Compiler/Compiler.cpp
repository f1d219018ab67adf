//===- Compiler.cpp - The one entry point of the tilec pipeline -----------===//

#include "tilec/Compiler/Compiler.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Frontend/MLIRGen.h"
#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace tilec;

Compiler::Compiler() : ctx_(std::make_unique<mlir::MLIRContext>()) {
  ctx_->loadDialect<mlir::tile::TileDialect, mlir::func::FuncDialect,
                    mlir::arith::ArithDialect, mlir::math::MathDialect,
                    mlir::scf::SCFDialect>();
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
  return true;
}

ParsedSource Compiler::parse(std::string filename, std::string text,
                             llvm::raw_ostream &errs) {
  ParsedSource out;
  out.file = std::make_unique<SourceFile>(std::move(filename), std::move(text));
  DiagnosticEngine diags(*out.file, errs);
  out.module = parseModule(*out.file, diags);
  out.numErrors = diags.numErrors();
  return out;
}

mlir::OwningOpRef<mlir::ModuleOp>
Compiler::compileToTile(const ParsedSource &src, const CompileOptions &opts,
                        llvm::raw_ostream &errs) {
  if (src.numErrors || !validateOptions(opts, errs))
    return nullptr;
  const Function *kernel = src.module->lookup(opts.kernel);
  if (!kernel) {
    errs << src.file->name() << ": error: no @triton.jit function named '"
         << opts.kernel << "'";
    if (!src.module->functions.empty()) {
      errs << " (defined:";
      for (auto &f : src.module->functions)
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
  // MLIR's own diagnostics (from verifiers) print in the same style.
  mlir::ScopedDiagnosticHandler handler(ctx_.get(), [&](mlir::Diagnostic &d) {
    SourceLoc l;
    if (auto fl = mlir::dyn_cast<mlir::FileLineColLoc>(d.getLocation()))
      l = {fl.getLine(), fl.getColumn()};
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
      diags.error(l, d.str());
    else
      diags.note(l, d.str());
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlirGen(*ctx_, *src.module, spec, diags);
  if (!module || diags.hasErrors() || sigDiags.hasErrors())
    return nullptr;
  if (opts.optimize && mlir::failed(optimizeTile(*module)))
    return nullptr;
  return module;
}

mlir::LogicalResult Compiler::optimizeTile(mlir::ModuleOp module) {
  mlir::PassManager pm(ctx_.get());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createLoopInvariantCodeMotionPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(mlir::tile::createTileCombine());
  pm.addPass(mlir::createCanonicalizerPass());
  return pm.run(module);
}
