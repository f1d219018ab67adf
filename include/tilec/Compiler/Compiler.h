//===- Compiler.h - The one entry point of the tilec pipeline -------------===//
//
// tilec, the tests and the JIT runtime all compile through this class; its
// pass managers are built by tilec/Pipeline/Pipeline.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_COMPILER_H
#define TILEC_COMPILER_COMPILER_H

#include "tilec/Compiler/CompileOptions.h"
#include "tilec/Kernel/CompiledKernel.h"
#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/ModuleLoader.h"
#include "tilec/Support/Diagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>

namespace tilec {

/// How far compileTo lowers.
enum class Stage { Tile, TileGPU, LLVMDialect, LLVMIR, PTX };

/// The result of the frontend: the parsed file and its diagnostics.
struct ParsedSource {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<Module> module;
  /// Reads the modules of the file's package that its kernels import.
  std::unique_ptr<ModuleLoader> loader;
  unsigned numErrors = 0;
};

class Compiler {
public:
  Compiler();
  ~Compiler();

  mlir::MLIRContext &context() { return *ctx_; }

  /// Lexes and parses `file`, printing diagnostics to `errs`. Its kernels
  /// import modules of their package from `importPaths` (tilec -I), then
  /// from the directory that holds the file's package
  /// (ModuleLoader::searchPathFor). `defines` (tilec -D, NAME=VALUE each)
  /// bind module-level names to host code's values in every module
  /// (Frontend/HostDefines.h). `arch` is the GPU architecture host code's
  /// device queries see (`torch.cuda.get_device_capability()`); compile the
  /// result for that architecture.
  ParsedSource parse(std::string filename, std::string text,
                     llvm::raw_ostream &errs,
                     llvm::ArrayRef<std::string> importPaths = {},
                     llvm::ArrayRef<std::string> defines = {},
                     llvm::StringRef arch = {});

  /// Specializes `opts.kernel` of a parsed file for `opts.signature` and
  /// returns its `tile` IR, or null after printing diagnostics to `errs`.
  mlir::OwningOpRef<mlir::ModuleOp> compileToTile(const ParsedSource &src,
                                                  const CompileOptions &opts,
                                                  llvm::raw_ostream &errs);

  /// Lowers tile IR (from compileToTile) in place to `stage` (TileGPU or
  /// LLVMDialect); returns failure after printing diagnostics to `errs`.
  mlir::LogicalResult lower(mlir::ModuleOp module, Stage stage,
                            const CompileOptions &opts,
                            llvm::raw_ostream &errs);

  /// The whole pipeline: source to PTX and metadata. Returns false after
  /// printing diagnostics to `errs`.
  bool compileToPTX(const ParsedSource &src, const CompileOptions &opts,
                    CompiledKernel &out, llvm::raw_ostream &errs);

  /// Runs the tile passes that shape the kernel for the GPU
  /// (populateTilePreparationPipeline) on a tile module: lower() runs them,
  /// and so does `tilec run --interpret`, so that the interpreter runs what
  /// the GPU gets. Returns the programs per CTA (1: one), or 0 after printing
  /// an error.
  int prepareTile(mlir::ModuleOp module, const CompileOptions &opts,
                  llvm::raw_ostream &errs);

  /// Parses a --programs-per-cta value: "auto" (0) or 1..8; an error says
  /// "--programs-per-cta must be auto or from 1 to 8, got 'TEXT'".
  static llvm::Expected<int> parseProgramsPerCTA(llvm::StringRef text);

  /// The tile-level cleanup pipeline (populateTileOptimizationPipeline).
  mlir::LogicalResult optimizeTile(mlir::ModuleOp module);

  /// Checks options that do not depend on the source (num_warps, ...).
  static bool validateOptions(const CompileOptions &opts,
                              llvm::raw_ostream &errs);

private:
  std::unique_ptr<mlir::MLIRContext> ctx_;
  /// The text of every file parsed (the kernel files and the modules they
  /// imported), by name: lowering errors show their source line from it,
  /// also for source compiled from memory.
  std::map<std::string, std::string> sources_;
};

} // namespace tilec

#endif // TILEC_COMPILER_COMPILER_H
