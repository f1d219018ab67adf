//===- TileDialect.cpp - The tile dialect ---------------------------------===//
//
// Dialect initialization: registration of types, attributes and ops, and the
// constant materializer (constants are `arith.constant`).
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#include "Tile/TileDialect.cpp.inc"
#include "Tile/TileEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/TileTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tile/TileAttrs.cpp.inc"

void TileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Tile/TileOps.cpp.inc"
      >();
}

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Tile/TileTypes.cpp.inc"
      >();
}

void TileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tile/TileAttrs.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

bool mlir::tile::isPtrOrTensorOfPtr(Type type) {
  return isa<PointerType>(getElementTypeOrSelf(type));
}

Type mlir::tile::getTypeWithShapeOf(Type like, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(like))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

Type mlir::tile::getLoadedType(Type ptrType) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(ptrType));
  if (!ptr)
    return {};
  return getTypeWithShapeOf(ptrType, ptr.getPointeeType());
}

Type mlir::tile::getMaskType(Type type) {
  return getTypeWithShapeOf(type, IntegerType::get(type.getContext(), 1));
}
