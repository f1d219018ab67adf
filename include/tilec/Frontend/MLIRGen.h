//===- MLIRGen.h - Specialize a kernel and emit `tile` IR -----------------===//
//
// Walks the AST of one kernel with the values its signature fixes, evaluates
// everything that is constant at compile time (tl.constexpr parameters,
// shapes, dtypes, `tl.static_range`, `if` on constants) and emits `tile` IR
// for the rest, with Triton's broadcasting and promotion rules. Helper jit
// functions are inlined at their call sites, specialized per call.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_MLIRGEN_H
#define TILEC_FRONTEND_MLIRGEN_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Support/Diagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace tilec {

class ModuleLoader;

struct KernelSpec {
  const Function *kernel = nullptr;
  Signature signature;
  /// Where signature diagnostics point: the signature's own source.
  DiagnosticEngine *signatureDiags = nullptr;
  /// Finds the modules of the kernel's package that it imports (null: none
  /// are found).
  ModuleLoader *loader = nullptr;
  int numWarps = 4;
  /// Loads of a host tensor descriptor's 2-D blocks carry the block's
  /// coordinates (tile.load's blockCoords) and the descriptor's base
  /// argument is marked `tile.host_descriptor`, so that the GPU pipeline
  /// may copy the blocks with TMA (CompileOptions::tma on sm_90 and later).
  bool tmaBlocks = false;
};

/// Emits the specialized kernel as a module holding one `func.func` marked
/// `tile.kernel`. Returns null if any error was reported.
mlir::OwningOpRef<mlir::ModuleOp> mlirGen(mlir::MLIRContext &ctx,
                                          const Module &module,
                                          const KernelSpec &spec,
                                          DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_MLIRGEN_H
