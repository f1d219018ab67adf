//===- RegisterMaps.cpp - Elements a thread holds in two layouts ----------===//
//
// Moves between layouts that need no data movement: where, in every thread
// of the CTA, each element a thread holds in one layout is held by the
// same thread in the other, at a register number that is the same in all
// threads, the move is a renumbering of registers (no shared memory, no
// shuffle, no instruction). The maps are computed here from the layouts'
// places (LayoutInfo::hostIndices) for blocked and accumulator layouts:
// tile.split and tile.join (SplitOpToLLVM.cpp) and convert_layout
// (ConvertLayoutOpToLLVM.cpp: a [16, 8] tile whose threads hold whole rows
// converted to one element a thread, lanes and warps unchanged, takes the
// thread's element of its column).
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

DenseMap<int64_t, unsigned>
mlir::tilegpu::registersByPlace(const LayoutInfo &l, unsigned t,
                                ArrayRef<int64_t> shape) {
  DenseMap<int64_t, unsigned> held;
  for (unsigned k = 0; k < l.numElems(); ++k)
    held.try_emplace(hostLinearIndex(l.hostIndices(t, k), shape), k);
  return held;
}

std::optional<SmallVector<unsigned>> mlir::tilegpu::uniformRegisters(
    const LayoutInfo &from, unsigned threads, unsigned n,
    function_ref<int64_t(unsigned t, unsigned k)> place) {
  SmallVector<unsigned> map;
  for (unsigned t = 0; t < threads; ++t) {
    DenseMap<int64_t, unsigned> held =
        registersByPlace(from, t, from.getShape());
    for (unsigned k = 0; k < n; ++k) {
      auto it = held.find(place(t, k));
      if (it == held.end())
        return std::nullopt;
      if (t == 0)
        map.push_back(it->second);
      else if (map[k] != it->second)
        return std::nullopt;
    }
  }
  return map;
}

std::optional<SmallVector<unsigned>>
mlir::tilegpu::threadLocalRegisters(RankedTensorType src,
                                    RankedTensorType dst) {
  auto distributed = [](Attribute l) {
    return isa_and_nonnull<BlockedAttr, SliceAttr, MmaAttr>(l);
  };
  if (src.getShape() != dst.getShape() || !distributed(src.getEncoding()) ||
      !distributed(dst.getEncoding()))
    return std::nullopt;
  LayoutInfo from(src), to(dst);
  if (!from.hasDims() || !to.hasDims())
    return std::nullopt;
  unsigned threads = std::max(from.numThreads(), to.numThreads());
  if (!hostEvaluable(threads, from.numElems() + to.numElems()))
    return std::nullopt;
  return uniformRegisters(
      from, threads, to.numElems(), [&](unsigned t, unsigned k) {
        return hostLinearIndex(to.hostIndices(t, k), dst.getShape());
      });
}
