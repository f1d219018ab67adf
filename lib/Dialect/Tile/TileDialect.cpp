//===- TileDialect.cpp - The tile dialect ---------------------------------===//
//
// Dialect initialization: registration of types, attributes and ops, and the
// constant materializer (constants are `arith.constant`).
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#include "tilec/Dialect/Tile/TileDialect.cpp.inc"
#include "tilec/Dialect/Tile/TileEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilec/Dialect/Tile/TileTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilec/Dialect/Tile/TileAttrs.cpp.inc"

void TileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tilec/Dialect/Tile/TileOps.cpp.inc"
      >();
}

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilec/Dialect/Tile/TileTypes.cpp.inc"
      >();
}

void TileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilec/Dialect/Tile/TileAttrs.cpp.inc"
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

bool mlir::tile::nonNegativeByRule(
    Operation *op, llvm::function_ref<bool(unsigned)> nn,
    llvm::function_ref<std::optional<int64_t>(unsigned)> constant) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case<ProgramIdOp, NumProgramsOp, arith::ExtUIOp>(
          [](auto) { return true; })
      .Case<MakeRangeOp>([](auto mr) { return mr.getStart() >= 0; })
      // A logical shift by at least one clears the sign bit (by 0 it keeps
      // the operand).
      .Case<arith::ShRUIOp>([&](auto) {
        std::optional<int64_t> c = constant(1);
        return nn(0) || (c && *c >= 1);
      })
      .Case<SplatOp, BroadcastOp, ExpandDimsOp, TransOp, AxisHintOp,
            arith::ExtSIOp, arith::ShRSIOp, arith::RemSIOp>(
          [&](auto) { return nn(0); })
      .Case<arith::AddIOp, arith::MulIOp, arith::DivSIOp, arith::MinSIOp,
            arith::CeilDivSIOp, arith::FloorDivSIOp>(
          [&](auto) { return nn(0) && nn(1); })
      .Case<arith::MaxSIOp, arith::AndIOp>([&](auto) { return nn(0) || nn(1); })
      .Case<arith::SelectOp>([&](auto) { return nn(1) && nn(2); })
      .Default([](Operation *) { return false; });
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

int64_t mlir::tile::getNumWarps(Operation *op, int64_t fallback) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  auto warps = module ? module->getAttrOfType<IntegerAttr>("tile.num_warps")
                      : IntegerAttr();
  return warps ? warps.getInt() : fallback;
}

Type mlir::tile::getMaskType(Type type) {
  return getTypeWithShapeOf(type, IntegerType::get(type.getContext(), 1));
}
