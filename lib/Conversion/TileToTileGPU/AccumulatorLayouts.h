//===- AccumulatorLayouts.h - Which tiles live in a dot's layout -*- C++
//-*-===//
//
// The values of a kernel that convert-tile-to-tilegpu keeps in the
// accumulator layout of a tensor-core dot (an mma layout, not transposed)
// or in a slice of it, instead of the default blocked layout: what is
// computed from a dot's result by elementwise ops, broadcasts, reductions
// (a slice), expand_dims of such a slice, and the loop-carried and `if`
// values that carry them. Attention's scores, its running max and sum and
// its rescaled accumulator, and a matmul's epilogue, are then computed
// where the tensor cores left them, with no conversion through shared
// memory between the dots; conversions remain where a value meets memory
// (a load's tile, a store, an atomic) or an op that needs a blocked layout.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_ACCUMULATORLAYOUTS_H
#define TILEC_CONVERSION_TILETOTILEGPU_ACCUMULATORLAYOUTS_H

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tilegpu {

/// Whether `op` computes its result element by element from operands of its
/// result's shape (arith, math, select, tile.cast of values, axis hints);
/// pointer results excluded (they feed memory accesses).
bool isElementwiseTileOp(Operation *op);

/// The layout each value of `module` takes from the dots it derives from:
/// `mmaLayoutOf(dot)` is the layout a dot gets (null: none). A value
/// reached from two dots with different layouts keeps the first it got.
DenseMap<Value, Attribute>
findAccumulatorLayouts(ModuleOp module,
                       function_ref<MmaAttr(tile::DotOp)> mmaLayoutOf);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_ACCUMULATORLAYOUTS_H
