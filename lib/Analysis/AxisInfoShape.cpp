//===- AxisInfoShape.cpp - AxisInfo of the shape ops ----------------------===//
//
// Transfer functions of the ops that move a tile's elements without
// changing them: splat, broadcast, expand_dims, reshape, trans and
// convert_layout. Each dimension the op keeps keeps its info; a new or
// broadcast dimension is constant along its length.
//
//===----------------------------------------------------------------------===//

#include "AxisInfoUtils.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::axisinfo;

SmallVector<std::pair<unsigned, unsigned>>
axisinfo::keptReshapeDims(ArrayRef<int64_t> src, ArrayRef<int64_t> dst) {
  SmallVector<unsigned> from, to;
  for (unsigned d = 0; d < src.size(); ++d)
    if (src[d] != 1)
      from.push_back(d);
  for (unsigned d = 0; d < dst.size(); ++d)
    if (dst[d] != 1)
      to.push_back(d);
  SmallVector<std::pair<unsigned, unsigned>> kept;
  bool same = from.size() == to.size();
  for (unsigned i = 0; same && i < from.size(); ++i)
    same = src[from[i]] == dst[to[i]];
  if (same) {
    for (unsigned i = 0; i < from.size(); ++i)
      kept.push_back({to[i], from[i]});
  } else if (!src.empty() && !dst.empty() && src.back() == dst.back()) {
    kept.push_back({unsigned(dst.size() - 1), unsigned(src.size() - 1)});
  }
  return kept;
}

/// A scalar splat over the tile: constant along every dimension.
std::optional<AxisInfo> axisinfo::visitSplat(const OpView &v) {
  AxisInfo s = v.in(0);
  unsigned rank = v.rank();
  AxisInfo r = AxisInfo::unknown(rank, s.divisibilityAt(0, 1));
  for (unsigned d = 0; d < rank; ++d)
    r.constancy[d] = v.shape[d];
  r.constant = s.constant;
  r.unit = s.unit;
  return r;
}

/// Broadcast dimensions (1 -> n) are constant along n; the others keep
/// their info.
std::optional<AxisInfo> axisinfo::visitBroadcast(tile::BroadcastOp op,
                                                 const OpView &v) {
  AxisInfo s = v.in(0);
  auto srcShape = shapeOf(op.getSrc());
  unsigned rank = v.rank();
  if (s.rank() != rank)
    return std::nullopt;
  for (unsigned d = 0; d < rank; ++d)
    if (srcShape[d] == 1 && v.shape[d] != 1) {
      s.divisibility[d] = s.divisibilityAt(d, 1);
      s.contiguity[d] = 1;
      s.constancy[d] = v.shape[d];
    }
  return s;
}

/// The new unit dimension holds single elements: their divisibility is
/// the best any dimension gives for one element.
std::optional<AxisInfo> axisinfo::visitExpandDims(tile::ExpandDimsOp op,
                                                  const OpView &v) {
  AxisInfo s = v.in(0);
  unsigned axis = op.getAxis();
  if (s.rank() + 1 != v.rank() || axis > s.rank())
    return std::nullopt;
  int64_t elemDiv = 1;
  for (unsigned d = 0; d < s.rank(); ++d)
    elemDiv = std::max(elemDiv, s.divisibilityAt(d, 1));
  s.contiguity.insert(s.contiguity.begin() + axis, 1);
  s.divisibility.insert(s.divisibility.begin() + axis, elemDiv);
  s.constancy.insert(s.constancy.begin() + axis, 1);
  return s;
}

/// Row-major: the dimensions other than 1 keep their order. When those
/// are the same (unit dimensions inserted or removed), each keeps its info;
/// otherwise an equal last dimension keeps its own. The rest: every
/// element's divisibility only.
std::optional<AxisInfo> axisinfo::visitReshape(tile::ReshapeOp op,
                                               const OpView &v) {
  AxisInfo s = v.in(0);
  auto srcShape = shapeOf(op.getSrc());
  if (s.rank() != srcShape.size())
    return std::nullopt;
  int64_t elemDiv = 1;
  for (unsigned d = 0; d < s.rank(); ++d)
    elemDiv = std::max(elemDiv, s.divisibilityAt(d, 1));
  AxisInfo r = AxisInfo::unknown(v.rank(), elemDiv);
  r.unit = s.unit;
  r.nonNegative = s.nonNegative;
  r.constant = s.constant;
  for (auto [to, from] : keptReshapeDims(srcShape, v.shape)) {
    r.contiguity[to] = s.contiguity[from];
    r.divisibility[to] = s.divisibility[from];
    r.constancy[to] = s.constancy[from];
  }
  return r;
}

/// Dimension i of the result is dimension order[i] of the source.
std::optional<AxisInfo> axisinfo::visitTrans(tile::TransOp op,
                                             const OpView &v) {
  AxisInfo s = v.in(0);
  ArrayRef<int32_t> order = op.getOrder();
  unsigned rank = v.rank();
  if (s.rank() != rank || order.size() != rank)
    return std::nullopt;
  AxisInfo r = s;
  for (unsigned i = 0; i < rank; ++i) {
    r.contiguity[i] = s.contiguity[order[i]];
    r.divisibility[i] = s.divisibility[order[i]];
    r.constancy[i] = s.constancy[order[i]];
  }
  return r;
}

/// The same values in another layout.
std::optional<AxisInfo> axisinfo::visitConvertLayout(const OpView &v) {
  return v.in(0);
}
