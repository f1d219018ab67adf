//===- Compiler.h - The one entry point of the tilec pipeline -------------===//
//
// tilec, tilec-opt's users, the tests and (later) the JIT runtime all compile
// through this class, so the pass pipeline is built in exactly one place.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_COMPILER_H
#define TILEC_COMPILER_COMPILER_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Diagnostics.h"
#include "tilec/Frontend/ModuleLoader.h"
#include "tilec/Target/Cubin.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>

namespace tilec {

struct CompileOptions {
  std::string kernel;    // name of the @triton.jit function to compile
  std::string signature; // Triton AOT signature, e.g. "*fp32:16, i32, 1024"
  int numWarps = 4;
  /// Software-pipelining stages of loops feeding tensor-core dots (Triton's
  /// num_stages; a loop's tl.range(num_stages=) wins; <= 1: off).
  int numStages = 3;
  /// Programs per CTA along grid axis 0 (tile-coarsen-programs): 0 lets the
  /// compiler choose for memory-bound kernels that load little per program,
  /// 1 keeps one program per CTA (the plain ABI), 2..8 forces that many. With
  /// more than one the kernel takes the grid's x as an extra last i32 and is
  /// launched on ceil(x / programsPerCTA) CTAs (rt::Kernel::launch does both).
  int programsPerCTA = 0;
  /// Launch order of tensor-core kernels over a 2-D grid (tile-group-
  /// programs): CTAs run the programs in groups of this many values of
  /// program id 0, as Triton's matmul tutorial orders them by hand, so that
  /// those running at once share tiles in L2. <= 1: the plain order. The ABI
  /// and the results do not change.
  int groupPrograms = 8;
  /// ... but only when the A operand that the plain order sweeps is
  /// estimated, at run time, at this many MiB or more (it fits in L2
  /// otherwise, and the plain order shares it as well; tile-group-programs'
  /// min-mib). 0: always grouped. Default 48, for the H200's 50 MiB of L2.
  int groupMinMiB = 48;
  /// Split the loops of a tl.dot where their load masks are all-true
  /// (tile-split-masked-loops): the K-boundary masks are evaluated only in
  /// the last, partial tile. The results do not change. Off by default: on
  /// the H200 the split fp32 256x128x32 kernel ran 5% slower (ptxas gives
  /// it 239 registers against 202; docs/benchmarks.md).
  bool splitMaskedLoops = false;
  /// Bytes a thread may load one iteration ahead in each loop that only
  /// reads memory (tile-prefetch-loads: the next iteration's tiles are in
  /// flight while this one computes). 0: off (the default: on the H200 it
  /// gained nothing on the row sum and lost up to 22% on the two-pass
  /// softmax, docs/benchmarks.md). The results do not change.
  int prefetchBytes = 0;
  /// Tiles of at least this many bytes a thread that live across a
  /// tl.max/tl.sum are recomputed after it from their loads (re-read from
  /// L1/L2) instead of held in registers (tile-remat-across-reductions).
  /// 0: off. The results do not change.
  int rematBytes = 256;
  bool optimize = true;  // canonicalize + CSE the tile IR
  std::string arch = "sm_90"; // PTX target: sm_80, sm_90, sm_90a
  /// Directories searched first for the modules the kernel file imports
  /// (tilec -I); used where the runtime parses the source (KernelCache).
  std::vector<std::string> importPaths;
};

/// A kernel compiled to PTX, with what a launcher needs to know.
/// CTAs that run `programs` programs, `programsPerCTA` to a CTA.
inline unsigned ctasForPrograms(unsigned programs, int programsPerCTA) {
  unsigned n = programsPerCTA > 1 ? unsigned(programsPerCTA) : 1u;
  return programs / n + (programs % n != 0);
}

struct CompiledKernel {
  std::string name;
  int numWarps = 4;
  uint64_t sharedBytes = 0; // dynamic shared memory per CTA
  std::string target;       // e.g. sm_90
  /// Programs each CTA runs (CompileOptions::programsPerCTA as chosen). Above
  /// 1 the PTX entry has one more parameter than `params`, a last i32 that
  /// takes the grid's x, and a grid of x programs runs on ceil(x / this) CTAs.
  int programsPerCTA = 1;
  /// The runtime parameters in ABI order: name and signature type (*fp32, i32)
  /// (the hidden grid-size parameter of programsPerCTA > 1 is not listed).
  std::vector<std::pair<std::string, std::string>> params;
  std::string ptx;
  /// `ptx` assembled for one GPU (empty: not assembled), for `cubinTarget`
  /// (the GPU's sm_XY, e.g. sm_90 for an H100/H200); loaded without the
  /// driver's PTX JIT on that GPU. rt::Kernel::load makes it, and
  /// rt::KernelCache keeps it.
  std::string cubin;
  std::string cubinTarget;
  /// Registers and spills of the assembled kernel (unknown until assembled).
  KernelResources resources;
  /// The modules of the kernel's package that the compilation read: file
  /// path and sha256 (hex) of the text read (a cached kernel is stale once
  /// one of them changes).
  std::vector<std::pair<std::string, std::string>> imports;
  /// The specialized, optimized `tile` module (textual MLIR with locations)
  /// that was lowered to `ptx`; tilec::interp::interpret runs it on the host.
  std::string tileIR;

  /// The metadata JSON written beside the PTX by `tilec -o k.ptx` (k.json).
  std::string metadataJSON() const;

  /// Parses metadataJSON() back (ptx and tileIR stay empty); an error names what is
  /// missing or malformed.
  static llvm::Expected<CompiledKernel> fromJSON(llvm::StringRef json);
};

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
  /// (ModuleLoader::searchPathFor).
  ParsedSource parse(std::string filename, std::string text,
                     llvm::raw_ostream &errs,
                     llvm::ArrayRef<std::string> importPaths = {});

  /// Specializes `opts.kernel` of a parsed file for `opts.signature` and
  /// returns its `tile` IR, or null after printing diagnostics to `errs`.
  mlir::OwningOpRef<mlir::ModuleOp> compileToTile(const ParsedSource &src,
                                                  const CompileOptions &opts,
                                                  llvm::raw_ostream &errs);

  /// Lowers tile IR (from compileToTile) in place to `stage` (TileGPU or
  /// LLVMDialect); returns failure after printing diagnostics to `errs`.
  mlir::LogicalResult lower(mlir::ModuleOp module, Stage stage,
                            const CompileOptions &opts, llvm::raw_ostream &errs);

  /// The whole pipeline: source to PTX and metadata. Returns false after
  /// printing diagnostics to `errs`.
  bool compileToPTX(const ParsedSource &src, const CompileOptions &opts,
                    CompiledKernel &out, llvm::raw_ostream &errs);

  /// Runs `factor` programs per CTA in the kernel of a tile module
  /// (tile-coarsen-programs, then canonicalize and CSE; factor 0: the
  /// compiler's choice). Returns the factor used (1: unchanged), or 0 after
  /// printing an error to `errs`. prepareTile() calls it for programsPerCTA != 1.
  int coarsenPrograms(mlir::ModuleOp module, int factor,
                      llvm::raw_ostream &errs);
  /// Runs tile-group-programs with `group` and `minMiB` (prepareTile() calls
  /// it for group > 1, before coarsenPrograms). False, with an error on
  /// `errs`, if it failed.
  bool groupPrograms(mlir::ModuleOp module, int group, int minMiB,
                     llvm::raw_ostream &errs);
  /// Runs tile-prefetch-loads (opts.prefetchBytes > 0), then
  /// tile-remat-across-reductions (opts.rematBytes > 0): where loads are
  /// issued. prepareTile() calls it after coarsenPrograms. False, with an error on
  /// `errs`, if a pass failed.
  bool placeLoads(mlir::ModuleOp module, const CompileOptions &opts,
                  llvm::raw_ostream &errs);
  /// The tile passes that shape the kernel for the GPU, in order:
  /// groupPrograms (opts.groupPrograms > 1), coarsenPrograms
  /// (opts.programsPerCTA != 1), placeLoads. lower() runs them, and so does
  /// `tilec run --interpret`, so that the interpreter runs what the GPU gets.
  /// Returns the programs per CTA (1: one), or 0 after printing an error.
  int prepareTile(mlir::ModuleOp module, const CompileOptions &opts,
                  llvm::raw_ostream &errs);

  /// Parses a --programs-per-cta value: "auto" (0) or 1..8; an error says
  /// "--programs-per-cta must be auto or from 1 to 8, got 'TEXT'".
  static llvm::Expected<int> parseProgramsPerCTA(llvm::StringRef text);

  /// The tile-level cleanup pipeline: canonicalize, hoist loop invariants, CSE.
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
