//===- TileTypes.td - Types of the tile dialect ------------*- tablegen -*-===//
//
// `!tile.ptr<T>` and the type constraints the ops are declared with.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILE_TILETYPES_TD
#define TILEC_DIALECT_TILE_TILETYPES_TD

include "TileDialect.td"

class Tile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PtrType : Tile_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer into global memory";
  let description = [{
    A pointer to a value of type `T` in global memory, e.g. `!tile.ptr<f32>`.
    A tile of pointers is `tensor<128x!tile.ptr<f32>>`; pointer arithmetic is
    `tile.addptr` and is counted in elements of `T`.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let assemblyFormat = "`<` $pointeeType `>`";
}

/// Element types of tiles and scalar types: signless integers, floats and
/// pointers (no index).
def Tile_Scalar : AnyTypeOf<[AnySignlessInteger, AnyFloat, Tile_PtrType],
                            "integer, float or !tile.ptr">;
def Tile_NumScalar : AnyTypeOf<[AnySignlessInteger, AnyFloat],
                               "integer or float">;

/// A tile: a statically shaped ranked tensor of the above.
def Tile_Tensor : Type<And<[RankedTensorOf<[Tile_Scalar]>.predicate,
      CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).hasStaticShape()">]>,
    "statically shaped tensor of integer, float or !tile.ptr",
    "::mlir::RankedTensorType">;
def Tile_NumTensor : Type<And<[RankedTensorOf<[Tile_NumScalar]>.predicate,
      CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).hasStaticShape()">]>,
    "statically shaped tensor of integer or float",
    "::mlir::RankedTensorType">;

#endif // TILEC_DIALECT_TILE_TILETYPES_TD
