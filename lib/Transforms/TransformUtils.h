//===- TransformUtils.h - Helpers shared by the tile passes ----------------===//

#ifndef TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H
#define TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {

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
  if (auto a = module->getAttrOfType<IntegerAttr>("tile.num_warps"))
    return 32 * a.getInt();
  return 128;
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

} // namespace mlir::tile

#endif // TILEC_LIB_TRANSFORMS_TRANSFORMUTILS_H
