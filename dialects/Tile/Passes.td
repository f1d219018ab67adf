//===- Passes.td - Passes over the tile dialect ------------*- tablegen -*-===//

#ifndef TILE_PASSES
#define TILE_PASSES

include "mlir/Pass/PassBase.td"

def TileCombine : Pass<"tile-combine", "mlir::ModuleOp"> {
  let summary = "Peephole combines on tile IR";
  let description = [{
    Folds `acc + tile.dot(a, b, 0)` (either operand order) into
    `tile.dot(a, b, acc)`, so that `acc += tl.dot(a, b)` accumulates in place
    on tensor cores instead of adding a separate tile.
  }];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect"];
}

#endif // TILE_PASSES
