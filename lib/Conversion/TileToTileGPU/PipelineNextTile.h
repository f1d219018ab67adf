//===- PipelineNextTile.h - First stages of the next tile early -*- C++ -*-===//
//
// A pipelined loop directly in a loop marked `tile.flatten`
// (tl.range(..., flatten=True): a persistent kernel's tile loop) issues the
// copies of its first stages for the next tile while the current tile's
// epilogue runs, as Triton's flattened loop nest does: the prologue moves
// from the top of the tile to the end of the previous one.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_PIPELINENEXTTILE_H
#define TILEC_CONVERSION_TILETOTILEGPU_PIPELINENEXTTILE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <optional>

namespace mlir::tilegpu {

/// How the prologue of `loop` runs an iteration of its tile loop early.
struct NextTilePrefetch {
  /// The tile loop around the pipelined loop.
  scf::ForOp outer;
  /// The ops of the tile loop's body, in order, that compute what the
  /// prologue reads (the pipelined loop's bounds, the values its copies'
  /// addresses and masks come from): pure, from the tile loop's induction
  /// variable and values defined above it.
  SmallVector<Operation *> slice;

  /// Clones the slice for the tile loop's iteration `iv` at `b`, recording
  /// the copies in `m`.
  void cloneSlice(OpBuilder &b, Value iv, IRMapping &m) const;
};

/// The prefetch of `loop`'s first stages across its tile loop, where:
/// the parent of `loop` is an scf.for marked `tile.flatten`; the values the
/// stage-0 ops `stage0` and the loop bounds read come from pure ops of the
/// tile loop's body without regions, its induction variable (not its
/// carried values) and values defined above it; no other loop and no
/// asynchronous copy is in the tile loop's body; and `slotBytes` of slots,
/// live through the whole tile loop, fit in `sharedLimit` beside every
/// other buffer of the tile loop's body and the largest scratch staging of
/// its ops (bounded here; an op whose staging has no bound here, a
/// reduction or a scan, declines).
std::optional<NextTilePrefetch>
planNextTilePrefetch(scf::ForOp loop, ArrayRef<Operation *> stage0,
                     uint64_t slotBytes, uint64_t sharedLimit);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_PIPELINENEXTTILE_H
