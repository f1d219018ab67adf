//===- Coalesce.cpp - Vector widths for global memory access --------------===//
//
// Not implemented yet: loads and stores stay scalar per element.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUCOALESCE
#include "TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;

namespace {
struct TileGPUCoalescePass
    : mlir::tilegpu::impl::TileGPUCoalesceBase<TileGPUCoalescePass> {
  void runOnOperation() override {}
};
} // namespace
