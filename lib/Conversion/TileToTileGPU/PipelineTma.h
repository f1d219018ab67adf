//===- PipelineTma.h - TMA copies for tilegpu-pipeline ----------*- C++ -*-===//
//
// Which staged loads of a pipelined loop go through TMA, and the kernel's
// tensor-map arguments they read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_PIPELINETMA_H
#define TILEC_CONVERSION_TILETOTILEGPU_PIPELINETMA_H

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>

namespace mlir::tilegpu {

/// The signature spelling of a tensor map's element type (fp16, bf16, ...);
/// empty where TMA has none.
std::string tensorMapDType(Type t);

/// The kernel argument a pointer (or tile of pointers) is computed from by
/// offsets, splats, broadcasts, expand_dims and layout conversions (and,
/// with `throughViews`, transposes and axis hints: a descriptor block read
/// as its transpose, the tl.multiple_of a descriptor's base gets); null
/// where it is anything else.
BlockArgument kernelArgumentOf(Value p, bool throughViews = false);

/// A staged load copied with TMA: the block it reads (tile.load's
/// blockCoords) comes from the host descriptor whose base is `base`, and
/// the tensor map `map` describes it to the hardware.
struct TmaStaging {
  /// {desc, dtype, box, swizzle}: the `tilegpu.tensor_map` of the map.
  DictionaryAttr map;
  /// Bytes one copy writes (the slot).
  int64_t bytes = 0;
};

/// How `load`, staged in slots of type `slot`, is copied with TMA; none
/// where it is not: the load has no block coordinates, its pointers do not
/// come from a host descriptor's base argument (`tile.host_descriptor`),
/// the slot is not laid out as a swizzle mode writes it (getTmaLayout) or
/// transposed differently from the block, its element type has no tensor
/// map data type, or its blocks are not 1024-byte aligned.
std::optional<TmaStaging> planTmaStaging(tile::LoadOp load, MemDescType slot);

/// Where `alloc` stages the value of a descriptor block's load that
/// planTmaStaging accepts (and nothing else reads), the block is copied
/// into a buffer of its own with TMA instead: one mbarrier, armed, waited
/// on at phase 0 and invalidated after a barrier. Returns whether it did.
bool copyStagedBlockWithTma(LocalAllocOp alloc);

/// The kernel argument of type !tilegpu.tensormap with the description
/// `map`: an existing one, else a new last argument of `func`.
Value getOrAddTensorMap(func::FuncOp func, DictionaryAttr map);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_PIPELINETMA_H
