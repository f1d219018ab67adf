//===- Pipeline.h - The pass pipelines of tilec ----------------*- C++ -*-===//
//
// Every pass tilec runs is added to a pass manager here, in the order it
// runs; the compiler (tilec::Compiler) and tilec-opt (the named pipelines
// `tilec-optimize-tile` and `tilec-lower`) build their pass managers with
// these functions and nothing else.
//
//   tile IR from the frontend
//     populateTileOptimizationPipeline   canonicalize, LICM, CSE, tile-combine
//   ---- Compiler::compileToTile returns here (tilec --emit=tile)
//     populateTilePreparationPipeline    program order, programs per CTA,
//                                        loop splitting, pointer offsets,
//                                        load placement
//     populateTileToTileGPUPipeline      layouts, coalescing, pipelining
//   ---- tilec --emit=tilegpu
//     populateTileGPUToLLVMPipeline      shared-memory arena, barriers,
//                                        LLVM and NVVM dialects
//   ---- tilec --emit=llvm-mlir; then translation to LLVM IR and PTX
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_PIPELINE_PIPELINE_H
#define TILEC_PIPELINE_PIPELINE_H

#include "tilec/Pipeline/PipelineOptions.h"

#include "mlir/Pass/PassInstrumentation.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace tilec {

/// The tile-level cleanup of generated IR: canonicalize, hoist loop
/// invariants, CSE, tile-combine, canonicalize.
void populateTileOptimizationPipeline(mlir::OpPassManager &pm);

/// The tile passes that shape the kernel for the GPU, each followed by
/// canonicalize and CSE: tile-group-programs (groupPrograms > 1),
/// tile-coarsen-programs (programsPerCTA != 1), tile-split-masked-loops
/// (splitMaskedLoops), tile-loop-pointer-offsets, tile-prefetch-loads
/// (prefetchBytes > 0), tile-remat-across-reductions (rematBytes > 0).
/// `tilec run --interpret` runs these too, so that the interpreter runs
/// what the GPU gets.
void populateTilePreparationPipeline(mlir::OpPassManager &pm,
                                     const PipelineOptions &opts);

/// tile to tilegpu: layouts (convert-tile-to-tilegpu, remove-layout-
/// conversions, coalesce, load and store layouts), then software
/// pipelining of the loops that feed tensor-core dots.
void populateTileToTileGPUPipeline(mlir::OpPassManager &pm,
                                   const PipelineOptions &opts);

/// tilegpu to the LLVM and NVVM dialects: the shared-memory arena, the
/// barriers between its users, the conversion.
void populateTileGPUToLLVMPipeline(mlir::OpPassManager &pm,
                                   const PipelineOptions &opts);

/// How far populateLoweringPipeline goes.
enum class LoweringStop { TileGPU, LLVM };

/// Optimized tile IR to `stop`: preparation, tile to tilegpu and, for
/// LoweringStop::LLVM, tilegpu to LLVM.
void populateLoweringPipeline(mlir::OpPassManager &pm,
                              const PipelineOptions &opts, LoweringStop stop);

/// Registers the named pipelines `tilec-optimize-tile` and
/// `tilec-lower{arch=... num-stages=... to=tilegpu|llvm ...}` (the options of
/// PipelineOptions with its defaults) with MLIR's pass registry.
void registerTilecPipelines();

/// Remembers the first pass that failed in a pass manager it instruments,
/// so that a driver can name it.
class FailedPassRecorder : public mlir::PassInstrumentation {
public:
  explicit FailedPassRecorder(std::string &name) : name_(name) {}
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override;

private:
  std::string &name_;
};

} // namespace tilec

#endif // TILEC_PIPELINE_PIPELINE_H
