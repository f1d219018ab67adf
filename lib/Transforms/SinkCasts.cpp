//===- SinkCasts.cpp - Widening casts moved down to their first use -------===//
//
// See the pass description (Passes.td). A widening cast (extf, extsi, extui,
// sitofp, uitofp to a wider element) of a tile, all of whose users are in
// its block (or in ops of it), moves to right before the first of them, so
// that the narrow operand, not the wide result, is what stays live in
// between: a LayerNorm's weight and bias, loaded in bf16 and cast to fp32
// before the row's two reductions, are held packed two to a register
// across them instead of one element a register.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILESINKCASTS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

/// Bits of an element of `t` (a tile), or 0.
unsigned elementBits(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  if (!rt || !rt.getElementType().isIntOrFloat())
    return 0;
  return rt.getElementType().getIntOrFloatBitWidth();
}

bool isWideningCast(Operation *op) {
  if (!isa<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp, arith::SIToFPOp,
           arith::UIToFPOp>(op))
    return false;
  unsigned in = elementBits(op->getOperand(0).getType());
  return in && elementBits(op->getResult(0).getType()) > in;
}

struct SinkCastsPass : mlir::tile::impl::TileSinkCastsBase<SinkCastsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> casts;
    getOperation().walk([&](Operation *op) {
      if (isWideningCast(op))
        casts.push_back(op);
    });
    // Last first: a cast of a cast then moves behind its user's new place.
    for (Operation *op : llvm::reverse(casts)) {
      Block *block = op->getBlock();
      Operation *first = nullptr;
      for (Operation *user : op->getUsers()) {
        Operation *at = block->findAncestorOpInBlock(*user);
        if (!at) {
          first = nullptr;
          break;
        }
        if (!first || at->isBeforeInBlock(first))
          first = at;
      }
      if (first && first != op->getNextNode() && op->isBeforeInBlock(first))
        op->moveBefore(first);
    }
  }
};

} // namespace
