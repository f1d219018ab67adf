//===- TileAsmOps.cpp - tile.inline_asm, tile.print -----------------------===//
//
// The ops that reach past the tile model to the target: inline PTX applied
// elementwise, and printing from the device.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tile;

unsigned InlineAsmOp::elementsPerRegister(unsigned bits, unsigned pack) {
  return std::min(std::max(32 / std::max(bits, 1u), 1u), pack);
}

LogicalResult InlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError("packed_element must be at least 1");
  if (getNumResults() == 0)
    return emitOpError("needs at least one result");
  // Elementwise (the trait) checks that tiles share one shape; scalars
  // may only appear without tiles.
  bool anyTile = false, anyScalar = false;
  SmallVector<Type> types(getOperandTypes());
  llvm::append_range(types, getResultTypes());
  for (Type t : types) {
    Type elt = t;
    if (auto rt = dyn_cast<RankedTensorType>(t)) {
      anyTile = true;
      elt = rt.getElementType();
    } else {
      anyScalar = true;
    }
    if (!elt.isIntOrFloat())
      return emitOpError("operands and results must be integers or floats, "
                         "got ")
             << t;
  }
  if (anyTile && anyScalar)
    return emitOpError("operands and results must be all tiles of one shape "
                       "or all scalars");
  return success();
}

void InlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError("is_signed must have one entry per operand");
  for (Type t : getArgs().getTypes()) {
    Type elt = getElementTypeOrSelf(t);
    if (!elt.isIntOrFloat() && !isa<PointerType>(elt))
      return emitOpError("cannot print values of type ") << t;
  }
  return success();
}
