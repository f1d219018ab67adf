//===- PipelineWarpSpec.h - Warp-specialized TMA loops ----------*- C++ -*-===//
//
// tilegpu-pipeline's rewrite of a loop marked `tl.range(...,
// warp_specialize=True)` whose dot operands are all copied with TMA: a
// producer warpgroup issues the copies, the kernel's warps do the math.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_PIPELINEWARPSPEC_H
#define TILEC_CONVERSION_TILETOTILEGPU_PIPELINEWARPSPEC_H

#include "PipelineTma.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tilegpu {

/// A loop's staged dot operands, every one copied with TMA.
struct WarpSpecializedLoop {
  scf::ForOp loop;
  /// The marked loop around `loop` (a persistent kernel's tile loop), or
  /// none where `loop` carries the mark itself.
  scf::ForOp outer;
  SmallVector<tile::LoadOp> loads;  // block loads of host descriptors
  SmallVector<LocalAllocOp> allocs; // their staging buffers
  SmallVector<TmaStaging> tma;      // how each is copied
  SmallVector<tile::DotOp> dots;    // the wgmma dots that read them
  /// Of the loop's carried values, the dot accumulators whose wgmma group
  /// stays in flight into the next iteration (tilegpu.wgmma_pendings = 1).
  SmallVector<unsigned> asyncAcc;
  int slots = 0;
};

/// Rewrites `w.loop` into a producer region (tilegpu.warp_specialize at
/// the top of the kernel: a loop that waits for a free slot, arms its
/// `full` mbarrier and issues the stage's TMA copies) and a consumer loop
/// in its place (waits on the slot's `full` mbarrier, runs the body on it
/// and releases the slot its wgmma groups have retired on its `empty`
/// mbarrier). With `w.outer`, both sides keep that loop around theirs and
/// carry the slot across its iterations: the producer copies the next
/// tile's blocks while the consumers run the previous tile's epilogue.
/// False, with the IR unchanged, where it cannot: the (outer) loop is not
/// at the top level of the kernel, the kernel runs several programs a CTA
/// or has a warp-specialized loop already, the copies' coordinates and the
/// loops' bounds are not computed by pure scalar ops from induction
/// variables, carried scalars, kernel arguments and program ids, or the
/// buffers are read by anything but the dots.
bool warpSpecializeTmaLoop(WarpSpecializedLoop &w);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_PIPELINEWARPSPEC_H
