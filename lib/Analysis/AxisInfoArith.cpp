//===- AxisInfoArith.cpp - AxisInfo of constants, arithmetic, pointers ----===//
//
// Transfer functions of the ops that compute new values: constants and
// ranges, integer arithmetic (add, sub, mul, div, rem), bitwise ops and
// shifts, integer casts, and the pointer ops (tile.addptr, tile.cast).
// Binary ops of two known constants fold to the constant of the result's
// width.
//
//===----------------------------------------------------------------------===//

#include "AxisInfoUtils.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::axisinfo;

namespace {

/// a + b (and a - b when `sub`: only a may be the contiguous side).
AxisInfo addInfo(const AxisInfo &a, const AxisInfo &b, bool sub) {
  AxisInfo r = AxisInfo::unknown(a.rank());
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t c = std::min(a.contiguity[d], b.constancy[d]);
    if (!sub)
      c = std::max(c, std::min(a.constancy[d], b.contiguity[d]));
    r.contiguity[d] = c;
    r.divisibility[d] =
        std::min(a.divisibilityAt(d, c), b.divisibilityAt(d, c));
    r.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
  }
  return r;
}

/// Elementwise op whose result is only known to be constant where both
/// operands are, with the given per-element divisibility.
AxisInfo elementwise(const AxisInfo &a, const AxisInfo &b,
                     function_ref<int64_t(int64_t, int64_t)> div) {
  AxisInfo r = AxisInfo::unknown(a.rank());
  for (unsigned d = 0; d < a.rank(); ++d) {
    r.divisibility[d] = div(a.divisibilityAt(d, 1), b.divisibilityAt(d, 1));
    r.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
  }
  return r;
}

/// `x mod 2^k` (floor modulo: andi with 2^k-1, remui by 2^k): keeps
/// aligned contiguous groups of at most 2^k.
AxisInfo modPow2(const AxisInfo &a, const AxisInfo &b, int64_t m) {
  AxisInfo r =
      elementwise(a, b, [&](int64_t x, int64_t) { return std::min(x, m); });
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t l = floorPow2(std::min(a.contiguity[d], m));
    while (l > 1 && a.divisibilityAt(d, l) < l)
      l /= 2;
    r.contiguity[d] = l;
    r.divisibility[d] = std::min(a.divisibilityAt(d, l), m);
  }
  return r;
}

/// The constant f(a, b) in the result's width and shape, when both
/// operands are known constants.
std::optional<AxisInfo> constFold(const OpView &v, const AxisInfo &a,
                                  const AxisInfo &b,
                                  function_ref<int64_t(uint64_t, uint64_t)> f) {
  if (!a.constant || !b.constant)
    return std::nullopt;
  int64_t c =
      f(static_cast<uint64_t>(*a.constant), static_cast<uint64_t>(*b.constant));
  unsigned bits = getElementTypeOrSelf(v.res.getType()).getIntOrFloatBitWidth();
  if (bits < 64)
    c = llvm::SignExtend64(static_cast<uint64_t>(c), bits);
  if (isScalarValue(v.res))
    return AxisInfo::constantValue(c, {});
  return AxisInfo::constantValue(c, v.shape);
}

/// A positive constant of the form 2^k - 1.
bool isLowMask(const AxisInfo &x) {
  return x.constant && *x.constant > 0 &&
         llvm::isPowerOf2_64(static_cast<uint64_t>(*x.constant) + 1);
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants and ranges
//===----------------------------------------------------------------------===//

/// Integer constants and splat dense constants.
std::optional<AxisInfo> axisinfo::visitConstant(arith::ConstantOp op,
                                                const OpView &v) {
  Attribute value = op.getValue();
  if (auto i = dyn_cast<IntegerAttr>(value))
    return AxisInfo::constantValue(i.getValue().getSExtValue(), {});
  if (auto dense = dyn_cast<DenseIntElementsAttr>(value))
    if (dense.isSplat())
      return AxisInfo::constantValue(
          dense.getSplatValue<APInt>().getSExtValue(), v.shape);
  return std::nullopt;
}

/// start, start+1, ...: contiguous over the length, divisible as start.
std::optional<AxisInfo> axisinfo::visitMakeRange(tile::MakeRangeOp op) {
  int64_t len = op.getEnd() - op.getStart();
  return AxisInfo({floorPow2(len)}, {lowbit(op.getStart())}, {1});
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

std::optional<AxisInfo> axisinfo::visitAddI(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (auto c = constFold(v, a, b, [](uint64_t x, uint64_t y) {
        return static_cast<int64_t>(x + y);
      }))
    return c;
  return addInfo(a, b, /*sub=*/false);
}

std::optional<AxisInfo> axisinfo::visitSubI(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (auto c = constFold(v, a, b, [](uint64_t x, uint64_t y) {
        return static_cast<int64_t>(x - y);
      }))
    return c;
  return addInfo(a, b, /*sub=*/true);
}

/// A product is divisible by the product of the divisibilities; a factor
/// of one keeps the other side's info.
std::optional<AxisInfo> axisinfo::visitMulI(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (auto c = constFold(v, a, b, [](uint64_t x, uint64_t y) {
        return static_cast<int64_t>(x * y);
      }))
    return c;
  if (b.constant && *b.constant == 1)
    return a;
  if (a.constant && *a.constant == 1)
    return b;
  return elementwise(a, b, capMul);
}

/// Aligned groups of `a` that are contiguous and start at a multiple of
/// their length, over which `b` is constant and a multiple of the length:
/// the largest such length along each dimension (1: none). Over such a
/// group a quotient by b is constant and a remainder contiguous, where a
/// does not change sign in it: unsigned ops, or signed ones of a >= 0.
static int64_t alignedGroup(const AxisInfo &a, const AxisInfo &b, unsigned d) {
  int64_t l = floorPow2(std::min(a.contiguity[d], b.constancy[d]));
  while (l > 1 && (a.divisibilityAt(d, l) < l || b.divisibilityAt(d, l) < l))
    l /= 2;
  return l;
}

/// Whether `a`'s aligned contiguous groups keep their sign (see
/// alignedGroup) for the integer op of `v`.
static bool groupsKeepOrder(const OpView &v, const AxisInfo &a, const AxisInfo &b) {
  if (a.rank() != b.rank())
    return false;
  return isa<arith::DivUIOp, arith::RemUIOp>(v.op) || a.nonNegative;
}

/// divsi, divui: exact division by a power of two keeps the quotient's
/// divisibility; a quotient of aligned contiguous groups by a constant
/// multiple of their length is constant over each (`offs // D` of a flat
/// index: the row of `D`-wide rows, computed once a group by the LLVM
/// lowering, as Triton's axis analysis gives it).
std::optional<AxisInfo> axisinfo::visitDiv(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (b.constant && *b.constant == 1)
    return a;
  int64_t c = b.constant ? *b.constant : 0;
  AxisInfo r = elementwise(a, b, [&](int64_t x, int64_t) -> int64_t {
    if (c > 0 && llvm::isPowerOf2_64(c) && x >= c && x < kMax)
      return x / c;
    return 1;
  });
  if (!groupsKeepOrder(v, a, b))
    return r;
  for (unsigned d = 0; d < a.rank(); ++d)
    r.constancy[d] = std::max(r.constancy[d], alignedGroup(a, b, d));
  return r;
}

/// remsi, remui: x - q*y is divisible by what divides both. An unsigned
/// remainder by 2^k is a floor modulo; one of x (x >= 0 if signed)
/// contiguous in aligned groups of l starting at multiples of l, by y
/// constant over them and a multiple of l, stays contiguous within each
/// group (it neither wraps inside one nor changes sign).
std::optional<AxisInfo> axisinfo::visitRem(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  int64_t c = b.constant ? *b.constant : 0;
  if (isa<arith::RemUIOp>(v.op) && c > 0 && llvm::isPowerOf2_64(c))
    return modPow2(a, b, c);
  AxisInfo r =
      elementwise(a, b, [](int64_t x, int64_t y) { return std::min(x, y); });
  if (!groupsKeepOrder(v, a, b))
    return r;
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t l = alignedGroup(a, b, d);
    if (l > 1) {
      r.contiguity[d] = l;
      r.divisibility[d] =
          std::min(a.divisibilityAt(d, l), b.divisibilityAt(d, l));
    }
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Bitwise ops and shifts
//===----------------------------------------------------------------------===//

/// `x & (2^k - 1)` of integers is `x mod 2^k`; otherwise the result is
/// divisible by what divides either operand.
std::optional<AxisInfo> axisinfo::visitAndI(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (!getElementTypeOrSelf(v.res.getType()).isInteger(1)) {
    if (isLowMask(b))
      return modPow2(a, b, *b.constant + 1);
    if (isLowMask(a))
      return modPow2(b, a, *a.constant + 1);
  }
  return elementwise(a, b, [](int64_t x, int64_t y) { return std::max(x, y); });
}

/// ori, xori: divisible by what divides both operands.
std::optional<AxisInfo> axisinfo::visitOrXOr(const OpView &v) {
  return elementwise(v.in(0), v.in(1),
                     [](int64_t x, int64_t y) { return std::min(x, y); });
}

/// `x << k` by a known k multiplies the divisibility by 2^k.
std::optional<AxisInfo> axisinfo::visitShL(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (!b.constant || *b.constant < 0 || *b.constant > 30)
    return elementwise(a, b, [](int64_t, int64_t) { return 1; });
  if (*b.constant == 0)
    return a;
  int64_t s = int64_t(1) << *b.constant;
  return elementwise(a, b, [&](int64_t x, int64_t) { return capMul(x, s); });
}

/// shrsi, shrui: `x >> k` by a known k divides the divisibility by 2^k.
std::optional<AxisInfo> axisinfo::visitShR(const OpView &v) {
  AxisInfo a = v.in(0), b = v.in(1);
  if (!b.constant || *b.constant < 0 || *b.constant > 62)
    return elementwise(a, b, [](int64_t, int64_t) { return 1; });
  if (*b.constant == 0)
    return a;
  int64_t s = *b.constant;
  return elementwise(a, b, [&](int64_t x, int64_t) -> int64_t {
    return x >= kMax ? kMax : std::max<int64_t>(1, x >> s);
  });
}

//===----------------------------------------------------------------------===//
// Integer casts
//===----------------------------------------------------------------------===//

/// extsi, extui, index_cast: the same values (zero extension drops a
/// negative constant); nothing known of extended i1.
std::optional<AxisInfo> axisinfo::visitExt(const OpView &v) {
  AxisInfo a = v.in(0);
  if (getElementTypeOrSelf(v.op->getOperand(0).getType()).isInteger(1))
    return AxisInfo::unknown(v.rank());
  if (isa<arith::ExtUIOp>(v.op))
    a.constant.reset();
  return a;
}

/// Truncation to b bits keeps contiguity and divisibility up to 2^(b-1).
std::optional<AxisInfo> axisinfo::visitTruncI(const OpView &v) {
  AxisInfo a = v.in(0);
  unsigned bits = getElementTypeOrSelf(v.res.getType()).getIntOrFloatBitWidth();
  if (bits < 8)
    return AxisInfo::unknown(v.rank());
  int64_t lim = bits >= 31 ? kMax : (int64_t(1) << (bits - 1));
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t c = std::min(a.contiguity[d], lim);
    a.divisibility[d] = std::min(a.divisibilityAt(d, c), lim);
    a.contiguity[d] = c;
  }
  a.constant.reset();
  return a;
}

//===----------------------------------------------------------------------===//
// Pointer ops
//===----------------------------------------------------------------------===//

/// ptr + offset: an add in bytes, the offset scaled by the pointee size.
std::optional<AxisInfo> axisinfo::visitAddPtr(const OpView &v) {
  AxisInfo p = v.in(0), o = v.in(1);
  if (p.rank() != o.rank())
    return std::nullopt;
  int64_t eb = pointeeBytes(v.res.getType());
  for (unsigned d = 0; d < o.rank(); ++d)
    o.divisibility[d] = capMul(o.divisibility[d], eb);
  o.unit = eb; // the offset in bytes
  o.constant.reset();
  p.constant.reset();
  AxisInfo r = addInfo(p, o, /*sub=*/false);
  r.unit = eb;
  return r;
}

/// tile.cast between pointers keeps the addresses, contiguous only when
/// the pointee size stays; pointer <-> i64 keeps the address, not
/// contiguous in either unit.
std::optional<AxisInfo> axisinfo::visitPtrCast(const OpView &v) {
  AxisInfo s = v.in(0);
  bool srcPtr = isPointerType(v.op->getOperand(0).getType());
  bool dstPtr = isPointerType(v.res.getType());
  if (srcPtr && dstPtr) {
    int64_t eb = pointeeBytes(v.res.getType());
    if (s.unit != eb)
      for (unsigned d = 0; d < s.rank(); ++d) {
        s.divisibility[d] = s.divisibilityAt(d, 1);
        s.contiguity[d] = 1;
      }
    s.unit = eb;
    return s;
  }
  for (unsigned d = 0; d < s.rank(); ++d) {
    s.divisibility[d] = s.divisibilityAt(d, 1);
    s.contiguity[d] = 1;
  }
  s.constant.reset();
  s.unit = dstPtr ? pointeeBytes(v.res.getType()) : 1;
  return s;
}
