//===- ConvertLayoutOpToLLVM.cpp - tilegpu.convert_layout, tile.trans and tile.reshape through shared memory ===//
//
// Not implemented yet: these ops make the conversion fail with a
// "failed to legalize" diagnostic naming the op.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

void mlir::tilegpu::populateConvertLayoutOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                        RewritePatternSet &patterns) {}
