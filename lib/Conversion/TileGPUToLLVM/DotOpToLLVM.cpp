//===- DotOpToLLVM.cpp - tile.dot (FMA path) ===//
//
// Not implemented yet: these ops make the conversion fail with a
// "failed to legalize" diagnostic naming the op.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

void mlir::tilegpu::populateDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                        RewritePatternSet &patterns) {}
