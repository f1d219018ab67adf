//===- PipelineStaging.h - Loads tilegpu-pipeline stages --------*- C++ -*-===//
//
// The loads a pipelined loop copies into its slots: a dot operand's
// staging copy, and the loop's other loads that can run iterations ahead.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_PIPELINESTAGING_H
#define TILEC_CONVERSION_TILETOTILEGPU_PIPELINESTAGING_H

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace mlir::tilegpu {

/// A load that feeds only the staging buffer of a dot operand.
struct StagedLoad {
  tile::LoadOp load;
  LocalAllocOp alloc;
  unsigned vector;
};

/// `load` as a staged load: its one user the local_alloc of its value in
/// its block, a zero (or no) `other`, and copies of 4, 8 or 16 bytes (the
/// load's vector where the buffer keeps its run contiguous, else one
/// element).
std::optional<StagedLoad> asStagedLoad(tile::LoadOp load);

/// Whether `op` may write memory other than the CTA's shared memory: a
/// write effect on any other resource, or effects it does not declare (an
/// op with a region counts by the ops inside it).
bool mayWriteGlobal(Operation *op);

/// The other loads of `loop`, staged beside its dot operands (`staged`)
/// through slots of their own, as Triton's pipeliner does: a load read by
/// elementwise code (chunked linear attention's values, a bias) goes
/// local_alloc -> local_load, which the pipeline turns into cp.async copies
/// issued with the operands' and a read of the slot. Only loads of zero (or
/// no) `other` whose addresses come from the induction variable alone,
/// whose kernel argument no store or atomic of the loop writes through (the
/// copies run iterations ahead), and while `stages` slots of all of them
/// still fit next to the operands' in `sharedLimit` bytes.
SmallVector<StagedLoad> stageOtherLoads(scf::ForOp loop,
                                        ArrayRef<StagedLoad> staged, int stages,
                                        uint64_t sharedLimit);

/// Undoes stageOtherLoads' staging of `others`: their users read the loads
/// again (through the conversion a read in another layout replaced).
void unstage(ArrayRef<StagedLoad> others);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_PIPELINESTAGING_H
