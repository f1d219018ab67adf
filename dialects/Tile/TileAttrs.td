//===- TileAttrs.td - Attributes of the tile dialect -------*- tablegen -*-===//
//
// Enumerations used by tile ops, stored as dialect enum attributes
// (`#tile<reduce_kind max>` in generic form).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILE_TILEATTRS_TD
#define TILEC_DIALECT_TILE_TILEATTRS_TD

include "TileDialect.td"
include "mlir/IR/EnumAttr.td"

def Tile_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
    I32EnumAttrCase<"sum", 0>,
    I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"argmax", 3>,
    I32EnumAttrCase<"argmin", 4>
  ]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_ReduceKindAttr : EnumAttr<Tile_Dialect, Tile_ReduceKind,
                                   "reduce_kind">;

def Tile_InputPrecision : I32EnumAttr<"InputPrecision",
    "precision of the multiplications of tile.dot on float inputs", [
    I32EnumAttrCase<"tf32", 0>,
    I32EnumAttrCase<"tf32x3", 1>,
    I32EnumAttrCase<"ieee", 2>
  ]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_InputPrecisionAttr : EnumAttr<Tile_Dialect, Tile_InputPrecision,
                                       "input_precision">;

#endif // TILEC_DIALECT_TILE_TILEATTRS_TD
