//===- RematAfterLoops.cpp - Index tiles recomputed after dot loops -------===//
//
// See the pass description (Passes.td). For each scf.for that contains a
// tile.dot, every tile V defined before the loop (in the loop's block or an
// enclosing one), used after the loop in its block and not inside it, whose
// tile operands all come from cheap producers (Rematerializer::cheap), is
// cloned with those producers right before its first user after the loop;
// V's uses after the loop take the clone. Scalars and tiles the loop uses
// (live through it anyway) are not cloned but reused. The clones' make_range
// ops are marked `tile.opaque` (CSE keeps them apart, and the GPU lowering
// reads the thread index through a move LLVM cannot merge with another).
//
// Triton's tutorial matmul on a ragged 1000 x 700 x 300 (128 x 128 x 32
// tiles, 4 warps): its epilogue's row and column indices were 36 registers
// live through the loop beside the 128 of the accumulator and the 128 of
// the operands' addresses; ptxas spilled 640 bytes (Triton, whose epilogue
// layout differs from its prologue's, none).
//
//===----------------------------------------------------------------------===//

#include "Rematerializer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUREMATAFTERLOOPS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr unsigned kMaxSlice = 64;

/// Whether the loop uses `v`, which is then live through it anyway.
bool usedIn(scf::ForOp loop, Value v) {
  return llvm::any_of(v.getUsers(),
                      [&](Operation *user) { return loop->isAncestor(user); });
}

/// Collects into `slice` the tile-producing ops V comes from, stopping at
/// scalars and at tiles the loop uses (both reused); false if one is not
/// cheap (or the slice grows too large).
bool collect(scf::ForOp loop, Value v, llvm::SetVector<Operation *> &slice) {
  if (!isa<RankedTensorType>(v.getType()) || usedIn(loop, v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumResults() != 1 || !Rematerializer::cheap(def))
    return false;
  if (slice.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collect(loop, operand, slice))
      return false;
  slice.insert(def);
  return slice.size() <= kMaxSlice;
}

void rematAfter(scf::ForOp loop) {
  Block *block = loop->getBlock();
  // Candidates: tiles defined before the loop, in its block or above.
  SmallVector<Value> tiles;
  for (Operation *scope = loop; scope; scope = scope->getParentOp()) {
    Block *b = scope->getBlock();
    if (!b)
      break;
    for (Operation &op : *b) {
      if (&op == scope)
        break;
      for (Value r : op.getResults())
        if (isa<RankedTensorType>(r.getType()))
          tiles.push_back(r);
    }
    if (isa_and_nonnull<func::FuncOp>(scope->getParentOp()))
      break;
  }

  struct Candidate {
    Value v;
    SmallVector<OpOperand *> after;
    llvm::SetVector<Operation *> slice;
  };
  SmallVector<Candidate> todo;
  Operation *first = nullptr; // the earliest op after the loop using one
  for (Value v : tiles) {
    if (usedIn(loop, v))
      continue;
    Candidate c{v, {}, {}};
    Operation *firstOfV = nullptr;
    for (OpOperand &use : v.getUses()) {
      Operation *top = block->findAncestorOpInBlock(*use.getOwner());
      if (!top || !loop->isBeforeInBlock(top))
        continue;
      c.after.push_back(&use);
      if (!firstOfV || top->isBeforeInBlock(firstOfV))
        firstOfV = top;
    }
    if (c.after.empty() || !collect(loop, v, c.slice))
      continue;
    if (!first || firstOfV->isBeforeInBlock(first))
      first = firstOfV;
    todo.push_back(std::move(c));
  }
  if (todo.empty())
    return;
  // The copies go right before their first user, after whatever else
  // follows the loop (the wait of its async dot).
  OpBuilder b(first);
  IRMapping map;
  for (Candidate &c : todo) {
    for (Operation *op : c.slice) {
      if (map.contains(op->getResult(0)))
        continue;
      Operation *copy = b.clone(*op, map);
      if (isa<tile::MakeRangeOp>(copy))
        copy->setAttr("tile.opaque", b.getUnitAttr());
    }
    Value copy = map.lookup(c.v);
    for (OpOperand *use : c.after)
      use->set(copy);
  }
}

struct RematAfterLoopsPass
    : tilegpu::impl::TileGPURematAfterLoopsBase<RematAfterLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      bool hasDot = false;
      loop.walk([&](tile::DotOp) { hasDot = true; });
      if (hasDot)
        loops.push_back(loop);
    });
    // Outer loops first: an inner loop's clones then come after the copies
    // its enclosing loop needs.
    for (scf::ForOp loop : llvm::reverse(loops))
      rematAfter(loop);
  }
};

} // namespace
