//===- Passes.h - tilegpu passes and conversions --------------------------===//

#ifndef TILEC_CONVERSION_PASSES_H
#define TILEC_CONVERSION_PASSES_H

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tilegpu {

#define GEN_PASS_DECL
#include "tilec/Dialect/TileGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilec/Dialect/TileGPU/Passes.h.inc"

/// Rules 1-3 of tilegpu-remove-layout-conversions (RemoveLayoutConversions.
/// cpp): cheap producers recreated in a conversion's layout, conversions
/// moved above elementwise and shape ops where that moves no more data, and
/// back-to-back conversions folded; here an operand whose conversion would
/// cancel another one (through single-use elementwise ops) counts as
/// moving none. (Not the rules that change the layouts of loads and
/// stores, whose vector widths tilegpu-coalesce has set.)
void populateHoistConversionPatterns(RewritePatternSet &patterns);

/// Rule 7 of tilegpu-remove-layout-conversions alone: the conversions of a
/// scan's results moved above it where its axis spans no more lanes and
/// warps in their layout (and the folding of back-to-back conversions).
void populateHoistThroughScanPatterns(RewritePatternSet &patterns);

/// Rule 6 of tilegpu-remove-layout-conversions: conversions moved down
/// through elementwise ops of two or more converted tiles and into
/// reductions, whose smaller results are converted instead.
void populateSinkConversionPatterns(RewritePatternSet &patterns);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_PASSES_H
