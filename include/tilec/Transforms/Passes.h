//===- Passes.h - Passes over the tile dialect ----------------------------===//

#ifndef TILEC_TRANSFORMS_PASSES_H
#define TILEC_TRANSFORMS_PASSES_H

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tilec/Dialect/Tile/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilec/Dialect/Tile/Passes.h.inc"

} // namespace mlir::tile

#endif // TILEC_TRANSFORMS_PASSES_H
