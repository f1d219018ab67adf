//===- TransformUtils.h - Helpers shared by the tile passes
//----------------===//

#ifndef TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H
#define TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::tile {

/// Patterns moving tile.trans and tile.reshape toward their sources
/// (SinkViews.cpp), part of tile-combine.
void populateSinkViewPatterns(RewritePatternSet &patterns);

/// Do `op` and every op nested in it at most read memory? An op that
/// declares no memory effects at all (no interface, not recursive) counts
/// as writing.
inline bool onlyReadsMemory(Operation *op) {
  WalkResult r = op->walk([](Operation *o) {
    if (o->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(o);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (auto &e : list)
      if (!isa<MemoryEffects::Read>(e.getEffect()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !r.wasInterrupted();
}

/// Threads a CTA of `module` runs: 32 * its `tile.num_warps` (default 4).
inline int64_t threadsPerCTA(ModuleOp module) {
  return 32 * tile::getNumWarps(module, 4);
}

/// Bytes of a value of type `t` each of `threads` threads holds (tiles are
/// spread over the CTA; a scalar is held whole).
inline int64_t bytesPerThread(Type t, int64_t threads) {
  auto bytesOf = [](Type e) -> int64_t {
    if (e.isIntOrFloat())
      return std::max<int64_t>(e.getIntOrFloatBitWidth() / 8, 1);
    return 8; // pointers
  };
  auto tt = dyn_cast<RankedTensorType>(t);
  if (!tt)
    return bytesOf(t);
  return (tt.getNumElements() + threads - 1) / threads *
         bytesOf(tt.getElementType());
}

/// An integer or index scalar as an i64 (sign-extended), built at `b`.
inline Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return b.create<arith::IndexCastOp>(loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return b.create<arith::ExtSIOp>(loc, i64, v);
  return v;
}

/// The trip count of a loop from lb to ub by step, as an i64 built at `b`:
/// (max(ub - lb, 0) + step - 1) / step, with the step taken as at least 1.
inline Value emitTripCount(OpBuilder &b, Location loc, Value lb, Value ub,
                           Value st) {
  auto c64 = [&](int64_t v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(v));
  };
  auto atLeast = [&](Value v, int64_t lo) -> Value {
    Value c = c64(lo);
    return b.create<arith::SelectOp>(
        loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, v, c), v,
        c);
  };
  Value span = atLeast(
      b.create<arith::SubIOp>(loc, toI64(b, loc, ub), toI64(b, loc, lb)), 0);
  Value step = atLeast(toI64(b, loc, st), 1);
  return b.create<arith::DivUIOp>(
      loc,
      b.create<arith::SubIOp>(loc, b.create<arith::AddIOp>(loc, span, step),
                              c64(1)),
      step);
}

} // namespace mlir::tile

#endif // TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H
