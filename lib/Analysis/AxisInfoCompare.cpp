//===- AxisInfoCompare.cpp - AxisInfo of compares, selects and masks ------===//
//
// Transfer functions of arith.cmpi and arith.select, and the mask-prefix
// rules of i1 tiles (AxisInfo.h): a bound check `index < n` of contiguous
// indices has one, and broadcast, expand_dims, trans, reshape,
// convert_layout, and and or of masks keep it.
//
//===----------------------------------------------------------------------===//

#include "AxisInfoUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::axisinfo;

using Prefix = SmallVector<int64_t>;

namespace {

/// Constancy of `x < y` (or >=): x contiguous in aligned groups, y constant
/// over them and a multiple of the group length.
int64_t alignedCompareConstancy(const AxisInfo &x, const AxisInfo &y,
                                unsigned d) {
  int64_t l = floorPow2(std::min(x.contiguity[d], y.constancy[d]));
  while (l > 1 && (x.divisibilityAt(d, l) < l || y.divisibilityAt(d, l) < l))
    l /= 2;
  return l;
}

} // namespace

//===----------------------------------------------------------------------===//
// Compares and selects
//===----------------------------------------------------------------------===//

/// A select keeps what both values share over groups where the condition
/// is constant (a scalar condition: everywhere).
std::optional<AxisInfo> axisinfo::visitSelect(arith::SelectOp op,
                                              const OpView &v) {
  AxisInfo c = v.in(0), a = v.in(1), b = v.in(2);
  bool scalarCond = isScalarValue(op.getCondition());
  AxisInfo r = AxisInfo::unknown(v.rank());
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t kc = scalarCond ? kMax : c.constancy[d];
    int64_t cg = std::min({a.contiguity[d], b.contiguity[d], kc});
    r.contiguity[d] = cg;
    r.divisibility[d] =
        std::min(a.divisibilityAt(d, cg), b.divisibilityAt(d, cg));
    r.constancy[d] = std::min({a.constancy[d], b.constancy[d], kc});
  }
  if (a.constant && b.constant && *a.constant == *b.constant)
    r.constant = a.constant;
  r.unit = a.unit;
  return r;
}

/// A compare is constant where both sides are, and over aligned groups of
/// contiguous indices below (or at least) a bound that is a multiple of
/// the group length.
std::optional<AxisInfo> axisinfo::visitCmpI(arith::CmpIOp op, const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  AxisInfo r = AxisInfo::unknown(v.rank());
  using P = arith::CmpIPredicate;
  P p = op.getPredicate();
  bool lhsContig = p == P::slt || p == P::sge || p == P::ult || p == P::uge;
  bool rhsContig = p == P::sgt || p == P::sle || p == P::ugt || p == P::ule;
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t k = std::min(a.constancy[d], b.constancy[d]);
    if (lhsContig)
      k = std::max(k, alignedCompareConstancy(a, b, d));
    if (rhsContig)
      k = std::max(k, alignedCompareConstancy(b, a, d));
    r.constancy[d] = k;
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Mask prefix
//===----------------------------------------------------------------------===//
//
// Each rule gives the mask prefix of the op's result from `p`, its
// constancy, or nullopt where the operands' ranks do not fit (the info
// then keeps the mask prefix it has).

namespace {

/// Increasing indices below (or at most) a bound, or a bound above them.
/// A group of contiguous indices must not wrap in the compare's order:
/// signed, 32 bits or more (i32 overflow is not considered, as in the
/// rest of the analysis); unsigned only for non-negative indices (-1, 0, 1
/// is contiguous but not increasing as unsigned).
std::optional<Prefix> cmpPrefix(arith::CmpIOp cmp, const OpView &v, Prefix p) {
  AxisInfo a = v.in(0), b = v.in(1);
  unsigned rank = p.size();
  if (a.rank() != rank || b.rank() != rank)
    return std::nullopt;
  using P = arith::CmpIPredicate;
  P pr = cmp.getPredicate();
  auto increasing = [&](const AxisInfo &idx, bool isUnsigned) {
    unsigned bits =
        getElementTypeOrSelf(cmp.getLhs().getType()).getIntOrFloatBitWidth();
    return bits >= 32 && (!isUnsigned || idx.nonNegative);
  };
  bool below = ((pr == P::slt || pr == P::sle) && increasing(a, false)) ||
               ((pr == P::ult || pr == P::ule) && increasing(a, true));
  bool above = ((pr == P::sgt || pr == P::sge) && increasing(b, false)) ||
               ((pr == P::ugt || pr == P::uge) && increasing(b, true));
  for (unsigned d = 0; d < rank; ++d) {
    if (below)
      p[d] = std::max(p[d], std::min(a.contiguity[d], b.constancy[d]));
    if (above)
      p[d] = std::max(p[d], std::min(b.contiguity[d], a.constancy[d]));
  }
  return p;
}

/// andi, ori of two masks: the shorter of their prefixes.
std::optional<Prefix> andOrPrefix(const OpView &v, Prefix p) {
  AxisInfo a = v.in(0), b = v.in(1);
  unsigned rank = p.size();
  if (a.rank() != rank || b.rank() != rank)
    return std::nullopt;
  for (unsigned d = 0; d < rank; ++d)
    p[d] = std::max(p[d], std::min(a.getMaskPrefix(d), b.getMaskPrefix(d)));
  return p;
}

/// A broadcast dimension is constant along its length.
std::optional<Prefix> broadcastPrefix(tile::BroadcastOp bc, const OpView &v,
                                      Prefix p) {
  AxisInfo s = v.in(0);
  unsigned rank = p.size();
  if (s.rank() != rank)
    return std::nullopt;
  auto src = shapeOf(bc.getSrc());
  for (unsigned d = 0; d < rank; ++d)
    p[d] = std::max(p[d], src[d] == 1 ? v.shape[d] : s.getMaskPrefix(d));
  return p;
}

std::optional<Prefix> expandDimsPrefix(tile::ExpandDimsOp ed, const OpView &v,
                                       Prefix p) {
  AxisInfo s = v.in(0);
  unsigned rank = p.size();
  if (s.rank() + 1 != rank)
    return std::nullopt;
  for (unsigned d = 0, k = 0; d < rank; ++d)
    if (d != ed.getAxis())
      p[d] = std::max(p[d], s.getMaskPrefix(k++));
  return p;
}

std::optional<Prefix> transPrefix(tile::TransOp tr, const OpView &v, Prefix p) {
  AxisInfo s = v.in(0);
  unsigned rank = p.size();
  if (s.rank() != rank)
    return std::nullopt;
  for (unsigned d = 0; d < rank; ++d)
    p[d] = std::max(p[d], s.getMaskPrefix(tr.getOrder()[d]));
  return p;
}

std::optional<Prefix> reshapePrefix(tile::ReshapeOp rs, const OpView &v,
                                    Prefix p) {
  AxisInfo s = v.in(0);
  auto src = shapeOf(rs.getSrc());
  if (s.rank() != src.size() || src.empty() || p.empty())
    return std::nullopt;
  for (auto [to, from] : keptReshapeDims(src, v.shape))
    p[to] = std::max(p[to], s.getMaskPrefix(from));
  return p;
}

std::optional<Prefix> convertLayoutPrefix(const OpView &v, Prefix p) {
  AxisInfo s = v.in(0);
  unsigned rank = p.size();
  if (s.rank() != rank)
    return std::nullopt;
  for (unsigned d = 0; d < rank; ++d)
    p[d] = std::max(p[d], s.getMaskPrefix(d));
  return p;
}

} // namespace

void axisinfo::setMaskPrefix(const OpView &v, AxisInfo &r) {
  Prefix k(r.constancy);
  std::optional<Prefix> p =
      llvm::TypeSwitch<Operation *, std::optional<Prefix>>(v.op)
          .Case<arith::CmpIOp>([&](auto op) { return cmpPrefix(op, v, k); })
          .Case<arith::AndIOp, arith::OrIOp>(
              [&](auto) { return andOrPrefix(v, k); })
          .Case<tile::BroadcastOp>(
              [&](auto op) { return broadcastPrefix(op, v, k); })
          .Case<tile::ExpandDimsOp>(
              [&](auto op) { return expandDimsPrefix(op, v, k); })
          .Case<tile::TransOp>([&](auto op) { return transPrefix(op, v, k); })
          .Case<tile::ReshapeOp>(
              [&](auto op) { return reshapePrefix(op, v, k); })
          .Case<ConvertLayoutOp>(
              [&](auto) { return convertLayoutPrefix(v, k); })
          .Default([](Operation *) { return std::nullopt; });
  if (p && *p != r.constancy)
    r.maskPrefix = std::move(*p);
}
