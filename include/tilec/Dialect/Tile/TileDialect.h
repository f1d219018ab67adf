//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//
//
// The one public header of the `tile` dialect: the dialect, its types,
// enums, attributes and ops, and a few helpers over tile types.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILE_TILEDIALECT_H
#define TILEC_DIALECT_TILE_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilec/Dialect/Tile/TileDialect.h.inc"
#include "tilec/Dialect/Tile/TileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilec/Dialect/Tile/TileTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilec/Dialect/Tile/TileAttrs.h.inc"

#define GET_OP_CLASSES
#include "tilec/Dialect/Tile/TileOps.h.inc"

namespace mlir::tile {

/// Returns true if `type` is a `!tile.ptr<T>` or a ranked tensor of them.
bool isPtrOrTensorOfPtr(Type type);

/// Returns `elementType` with the shape of `like`: `elementType` itself when
/// `like` is a scalar, else a ranked tensor of the same shape (and encoding).
Type getTypeWithShapeOf(Type like, Type elementType);

/// Returns the type a `tile.load` through `ptrType` produces (the pointee
/// type with the shape of `ptrType`), or a null type if `ptrType` is not a
/// pointer or a tensor of pointers.
Type getLoadedType(Type ptrType);

/// Returns the `i1` mask type matching `type`'s shape (`i1` for a scalar).
Type getMaskType(Type type);

/// The warps a CTA of `op`'s kernel runs: the `tile.num_warps` of `op` (a
/// module) or of its enclosing module, or `fallback` where none says.
int64_t getNumWarps(Operation *op, int64_t fallback);

/// Whether the integer result of `op` (a tile or arith op) is known >= 0
/// by its own rule, given which of its operands are (`operandNonNeg(i)`)
/// and the constant value of an operand where known (`operandConstant(i)`):
/// program ids, ranges from >= 0, zero extension, a logical shift right by
/// at least one; sign extension, arithmetic shift, remainder, splats and
/// reshapes of a non-negative operand; add, mul, div, min of two; max, and
/// of either; a select of two. The one rule set of tile-combine's
/// compare folding and the GPU axis analysis (which add what they know of
/// constants, loops, `tl.assume` and their own ops). False for other ops.
bool nonNegativeByRule(
    Operation *op, llvm::function_ref<bool(unsigned)> operandNonNeg,
    llvm::function_ref<std::optional<int64_t>(unsigned)> operandConstant);

} // namespace mlir::tile

#endif // TILEC_DIALECT_TILE_TILEDIALECT_H
