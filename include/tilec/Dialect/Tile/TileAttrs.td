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

def Tile_AtomicKind : I32EnumAttr<"AtomicKind", "read-modify-write of tile.atomic_rmw", [
    I32EnumAttrCase<"add", 0>,
    I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"umax", 3>,
    I32EnumAttrCase<"umin", 4>,
    I32EnumAttrCase<"and_", 5, "and">,
    I32EnumAttrCase<"or_", 6, "or">,
    I32EnumAttrCase<"xor_", 7, "xor">,
    I32EnumAttrCase<"xchg", 8>
  ]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_AtomicKindAttr : EnumAttr<Tile_Dialect, Tile_AtomicKind, "atomic_kind">;

def Tile_MemSemantic : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic (Triton's `sem`)", [
    I32EnumAttrCase<"relaxed", 0>,
    I32EnumAttrCase<"acquire", 1>,
    I32EnumAttrCase<"release", 2>,
    I32EnumAttrCase<"acq_rel", 3>
  ]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_MemSemanticAttr : EnumAttr<Tile_Dialect, Tile_MemSemantic, "mem_semantic">;

def Tile_MemScope : I32EnumAttr<"MemScope",
    "the threads an atomic is ordered with (Triton's `scope`)", [
    I32EnumAttrCase<"cta", 0>,
    I32EnumAttrCase<"gpu", 1>,
    I32EnumAttrCase<"sys", 2>
  ]> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}
def Tile_MemScopeAttr : EnumAttr<Tile_Dialect, Tile_MemScope, "mem_scope">;

#endif // TILEC_DIALECT_TILE_TILEATTRS_TD
