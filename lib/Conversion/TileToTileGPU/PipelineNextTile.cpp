//===- PipelineNextTile.cpp - First stages of the next tile early ---------===//
//
// See PipelineNextTile.h. tilegpu-pipeline (Pipeline.cpp) moves the
// prologue of a pipelined loop in a tile loop marked `tile.flatten`:
//
//   slots; barrier
//   if (lb < ub): slice(lb); the copies of stages 0 .. ahead-1
//   for tile in [lb, ub) step st:
//     ... the pipelined loop, which issues no prologue ...
//     wait for every copy; barrier
//     if (tile + st < ub): slice(tile + st); the copies of its first stages
//     epilogue
//
// The slots then live through the epilogue (its scratch cannot share their
// bytes), which is what the budget below checks.
//
//===----------------------------------------------------------------------===//

#include "PipelineNextTile.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// Bytes an element of `t` takes in shared memory (pointers 8, i1 1).
uint64_t elementBytes(Type t) {
  if (isa<tile::PointerType>(t))
    return 8;
  if (t.isIntOrFloat())
    return std::max<uint64_t>(1, (t.getIntOrFloatBitWidth() + 7) / 8);
  return 8;
}

/// An upper bound on the scratch bytes `op` stages through shared memory
/// in the GPU lowering (Scratch.cpp's getScratchBytes: the tile, plus 16
/// bytes a row of padding; a small tile once a warp); none where this has
/// no bound for it. Ops that stage nothing: 0.
std::optional<uint64_t> scratchBound(Operation *op, int64_t numWarps) {
  if (isa<tile::ReduceOp, tile::ScanOp, tile::GenericReduceOp, tile::SortOp,
          tile::HistogramOp, tile::AtomicRMWOp, tile::AtomicCASOp, tile::DotOp>(
          op))
    return std::nullopt;
  if (!isa<ConvertLayoutOp, tile::TransOp, tile::ReshapeOp, tile::GatherOp>(op))
    return 0;
  auto src = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!src)
    return 0;
  uint64_t bytes =
      uint64_t(src.getNumElements()) * elementBytes(src.getElementType());
  if (src.getRank() == 2)
    bytes += uint64_t(src.getDimSize(0)) * 16;
  if (bytes < 16384)
    bytes *= uint64_t(numWarps);
  return bytes;
}

} // namespace

void NextTilePrefetch::cloneSlice(OpBuilder &b, Value iv, IRMapping &m) const {
  m.map(scf::ForOp(outer).getInductionVar(), iv);
  for (Operation *op : slice)
    b.clone(*op, m);
}

std::optional<NextTilePrefetch>
mlir::tilegpu::planNextTilePrefetch(scf::ForOp loop,
                                    ArrayRef<Operation *> stage0,
                                    uint64_t slotBytes, uint64_t sharedLimit) {
  auto outer = dyn_cast<scf::ForOp>(loop->getParentOp());
  if (!outer || !outer->hasAttr("tile.flatten"))
    return std::nullopt;
  Block *body = outer.getBody();

  // Nothing else in the tile loop copies asynchronously or loops (another
  // loop's slots could not share bytes with these), and the budget holds.
  int64_t numWarps = tile::getNumWarps(outer, 4);
  uint64_t buffers = 0, scratch = 0;
  bool ok = true;
  body->walk([&](Operation *op) {
    if (op == loop || loop->isProperAncestor(op))
      return;
    if (isa<LoopLikeOpInterface, AsyncCopyOp, AsyncCommitGroupOp, AsyncWaitOp,
            TmaCopyOp, MBarrierInitOp, WarpSpecializeOp>(op)) {
      ok = false;
      return;
    }
    if (auto alloc = dyn_cast<LocalAllocOp>(op))
      buffers += getBufferBytes(alloc.getType());
    std::optional<uint64_t> s = scratchBound(op, numWarps);
    if (!s)
      ok = false;
    else
      scratch = std::max(scratch, *s);
  });
  if (!ok || slotBytes + buffers + scratch > sharedLimit)
    return std::nullopt;

  // The slice: what the prologue reads from the tile loop's body.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{loop.getLowerBound(), loop.getUpperBound(),
                          loop.getStep()};
  for (Operation *op : stage0)
    work.append(op->getOperands().begin(), op->getOperands().end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg != outer.getInductionVar())
        return std::nullopt; // a value the tile loop carries
      continue;
    }
    Operation *d = v.getDefiningOp();
    if (!d || d->getBlock() != body || slice.contains(d))
      continue;
    // Not speculated: the slice runs for a tile the loop runs, with the
    // values that tile computes (a division is safe where it is).
    if (d->getNumRegions() != 0 || !isMemoryEffectFree(d))
      return std::nullopt;
    slice.insert(d);
    work.append(d->getOperands().begin(), d->getOperands().end());
  }
  NextTilePrefetch p;
  p.outer = outer;
  for (Operation &op : *body)
    if (slice.contains(&op))
      p.slice.push_back(&op);
  return p;
}
