//===- ReduceOpToLLVM.cpp - tile.reduce: within a thread, across lanes (shfl.sync.bfly), across warps (shared memory) ===//
//
// Not implemented yet: these ops make the conversion fail with a
// "failed to legalize" diagnostic naming the op.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

void mlir::tilegpu::populateReduceOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                        RewritePatternSet &patterns) {}
