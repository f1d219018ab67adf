//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//
//
// The `tile` dialect: Triton-style block-level ("tile") programs. A tile is a
// statically shaped builtin ranked tensor of integers, floats or pointers;
// this dialect adds the pointer type and the ops that arith/math/scf lack.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILE_TILEDIALECT_TD
#define TILEC_DIALECT_TILE_TILEDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Block-level tile programs in the style of Triton";
  let description = [{
    A kernel is a `func.func` carrying the unit attribute `tile.kernel`; the
    module carries `tile.num_warps`. Values are scalars (integers, floats,
    `!tile.ptr<T>`) or tiles: builtin `tensor<...>` values of static shape
    over those element types. Elementwise arithmetic, math, select, constants
    and control flow use the `arith`, `math` and `scf` dialects on tiles; the
    `tile` dialect provides program ids, ranges, shape manipulation, pointer
    arithmetic, memory access, reductions and matrix products.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the dialect's types; defined in TileDialect.cpp.
    void registerTypes();
    /// Registers the dialect's attributes; defined in TileDialect.cpp.
    void registerAttributes();
  }];
}

/// Base class of every `tile` op.
class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILEC_DIALECT_TILE_TILEDIALECT_TD
