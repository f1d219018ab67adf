//===- AxisInfo.cpp - Contiguity, divisibility and constancy of tiles -----===//
//
// See include/tilec/Analysis/AxisInfo.h for the meaning of the three
// properties. All of them are powers of two, so gcd is min.
//
//===----------------------------------------------------------------------===//

#include "tilec/Analysis/AxisInfo.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr int64_t kMax = AxisInfo::kMaxDivisibility;

/// Largest power of two dividing c (kMax for 0), at most kMax.
int64_t lowbit(int64_t c) {
  if (c == 0)
    return kMax;
  uint64_t u = static_cast<uint64_t>(c);
  uint64_t l = u & (~u + 1);
  return l > static_cast<uint64_t>(kMax) ? kMax : static_cast<int64_t>(l);
}

/// Largest power of two <= x (x >= 1).
int64_t floorPow2(int64_t x) {
  if (x <= 1)
    return 1;
  return int64_t(1) << llvm::Log2_64(static_cast<uint64_t>(x));
}

int64_t capMul(int64_t a, int64_t b) {
  if (a >= kMax || b >= kMax || a * b >= kMax)
    return kMax;
  return a * b;
}

SmallVector<int64_t> shapeOf(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return SmallVector<int64_t>(t.getShape());
  return {1};
}

bool isScalarValue(Value v) { return !isa<RankedTensorType>(v.getType()); }

bool isPointerType(Type t) {
  return isa<tile::PointerType>(getElementTypeOrSelf(t));
}

bool isIntOrPtr(Type t) {
  Type e = getElementTypeOrSelf(t);
  return isa<IntegerType, IndexType, tile::PointerType>(e);
}

/// Is `res`, the result of `op`, a program index (see AxisInfo.h): a
/// program id, or a scalar integer that integer arithmetic, min/max, a cast
/// or a select computes from one (a quotient or remainder from a dividend
/// that is one)?
bool isProgramIndexOp(Operation *op, Value res,
                      function_ref<bool(unsigned)> operandIsIndex) {
  if (isa<tile::ProgramIdOp>(op))
    return true;
  if (!isScalarValue(res) || !isa<IntegerType>(res.getType()))
    return false;
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
           arith::DivUIOp, arith::RemSIOp, arith::RemUIOp, arith::FloorDivSIOp,
           arith::CeilDivSIOp, arith::CeilDivUIOp, arith::MinSIOp,
           arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp, arith::ExtSIOp,
           arith::ExtUIOp, arith::TruncIOp, arith::SelectOp>(op))
    return false;
  // A quotient or remainder is an index of what its dividend indexes; a
  // select picks one of its values.
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::FloorDivSIOp, arith::CeilDivSIOp, arith::CeilDivUIOp>(op))
    return operandIsIndex(0);
  if (isa<arith::SelectOp>(op))
    return operandIsIndex(1) || operandIsIndex(2);
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (operandIsIndex(i))
      return true;
  return false;
}

} // namespace

unsigned mlir::tilegpu::pointeeBytes(Type ptrType) {
  auto p = dyn_cast<tile::PointerType>(getElementTypeOrSelf(ptrType));
  if (!p)
    return 1;
  Type e = p.getPointeeType();
  if (isa<tile::PointerType>(e))
    return 8;
  if (e.isIntOrFloat())
    return std::max<unsigned>(1, e.getIntOrFloatBitWidth() / 8);
  return 1;
}

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo AxisInfo::unknown(unsigned rank, int64_t div) {
  rank = std::max(rank, 1u);
  return AxisInfo(SmallVector<int64_t>(rank, 1), SmallVector<int64_t>(rank, div),
                  SmallVector<int64_t>(rank, 1));
}

AxisInfo AxisInfo::constantValue(int64_t c, ArrayRef<int64_t> shape) {
  unsigned rank = std::max<unsigned>(shape.size(), 1);
  SmallVector<int64_t> k(rank, 1);
  for (unsigned d = 0; d < shape.size(); ++d)
    k[d] = shape[d];
  return AxisInfo(SmallVector<int64_t>(rank, 1),
                  SmallVector<int64_t>(rank, lowbit(c)), k, c);
}

int64_t AxisInfo::divisibilityAt(unsigned d, int64_t len) const {
  if (len >= contiguity[d])
    return divisibility[d];
  return std::min(divisibility[d], capMul(len, unit));
}

AxisInfo AxisInfo::join(const AxisInfo &a, const AxisInfo &b) {
  if (a.rank() != b.rank())
    return unknown(std::min(a.rank(), b.rank()));
  AxisInfo r = unknown(a.rank());
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t c = std::min(a.contiguity[d], b.contiguity[d]);
    r.contiguity[d] = c;
    r.divisibility[d] = std::min(a.divisibilityAt(d, c), b.divisibilityAt(d, c));
    r.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
  }
  if (!a.maskPrefix.empty() || !b.maskPrefix.empty()) {
    r.maskPrefix.resize(a.rank());
    for (unsigned d = 0; d < a.rank(); ++d)
      r.maskPrefix[d] = std::min(a.getMaskPrefix(d), b.getMaskPrefix(d));
    if (r.maskPrefix == r.constancy)
      r.maskPrefix.clear();
  }
  if (a.constant && b.constant && *a.constant == *b.constant)
    r.constant = a.constant;
  r.unit = a.unit;
  r.nonNegative = a.nonNegative && b.nonNegative;
  r.programIndex = a.programIndex && b.programIndex;
  return r;
}

void AxisInfo::print(raw_ostream &os) const {
  auto list = [&](ArrayRef<int64_t> v) {
    os << "[";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  os << "contiguity = ";
  list(contiguity);
  os << ", divisibility = ";
  list(divisibility);
  os << ", constancy = ";
  list(constancy);
  if (constant)
    os << ", constant = " << *constant;
  if (!maskPrefix.empty()) {
    os << ", mask prefix = ";
    list(maskPrefix);
  }
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

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
  AxisInfo r = elementwise(a, b, [&](int64_t x, int64_t) {
    return std::min(x, m);
  });
  for (unsigned d = 0; d < a.rank(); ++d) {
    int64_t l = floorPow2(std::min(a.contiguity[d], m));
    while (l > 1 && a.divisibilityAt(d, l) < l)
      l /= 2;
    r.contiguity[d] = l;
    r.divisibility[d] = std::min(a.divisibilityAt(d, l), m);
  }
  return r;
}

/// `a` with what `hint` states where that is more; contiguity and constancy
/// stay within the dimension.
AxisInfo applyHint(AxisInfo a, tile::AxisHintOp hint, ArrayRef<int64_t> shape) {
  auto raise = [&](SmallVector<int64_t> &field,
                   std::optional<ArrayRef<int64_t>> values, bool inShape) {
    if (!values || values->size() != field.size())
      return;
    for (unsigned d = 0; d < field.size(); ++d) {
      int64_t v = lowbit((*values)[d]);
      if (inShape)
        v = std::min(v, floorPow2(d < shape.size() ? shape[d] : 1));
      field[d] = std::max(field[d], v);
    }
  };
  raise(a.divisibility, hint.getDivisibility(), /*inShape=*/false);
  raise(a.contiguity, hint.getContiguity(), /*inShape=*/true);
  raise(a.constancy, hint.getConstancy(), /*inShape=*/true);
  return a;
}

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
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(ModuleOp module) {
  module.walk([&](func::FuncOp fn) {
    if (fn.isExternal())
      return;
    for (BlockArgument arg : fn.getArguments()) {
      if (!isIntOrPtr(arg.getType()))
        continue;
      int64_t div = isPointerType(arg.getType()) ? pointeeBytes(arg.getType()) : 1;
      if (auto a = fn.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                   "tile.divisibility"))
        div = std::max<int64_t>(div, lowbit(a.getInt()));
      if (isScalarValue(arg)) {
        AxisInfo info = AxisInfo::unknown(1, div);
        if (isPointerType(arg.getType()))
          info.unit = pointeeBytes(arg.getType());
        info.nonNegative =
            fn.getArgAttr(arg.getArgNumber(), "tile.nonnegative") != nullptr;
        setInfo(arg, info);
      }
    }
    visitRegion(fn.getBody());
  });
}

void AxisInfoAnalysis::setInfo(Value v, AxisInfo info) {
  infos.insert_or_assign(v, std::move(info));
}

/// Nothing known about `v` (pointers: naturally aligned).
static AxisInfo unknownOf(Value v) {
  unsigned rank = shapeOf(v).size();
  if (!isPointerType(v.getType()))
    return AxisInfo::unknown(rank);
  int64_t eb = pointeeBytes(v.getType());
  AxisInfo r = AxisInfo::unknown(rank, eb);
  r.unit = eb;
  return r;
}

AxisInfo AxisInfoAnalysis::getInfo(Value v) const {
  auto it = infos.find(v);
  if (it != infos.end())
    return it->second;
  return unknownOf(v);
}

void AxisInfoAnalysis::visitRegion(Region &region) {
  for (Block &block : region)
    visitBlock(block);
}

void AxisInfoAnalysis::visitBlock(Block &block) {
  for (Operation &op : block)
    visitOp(&op);
}

unsigned AxisInfoAnalysis::getVectorWidth(Value ptr, Value mask,
                                          unsigned dim, bool prefixMask) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || dim >= type.getRank())
    return 1;
  int64_t eb = pointeeBytes(type);
  AxisInfo p = getInfo(ptr);
  int64_t v = floorPow2(std::min<int64_t>(
      {p.getContiguity(dim), std::max<int64_t>(1, 16 / eb),
       type.getShape()[dim]}));
  std::optional<AxisInfo> m;
  if (mask)
    m = getInfo(mask);
  auto ok = [&](int64_t v) {
    if (p.divisibilityAt(dim, v) < v * eb)
      return false;
    if (m && m->rank() == p.rank() &&
        (prefixMask ? m->getMaskPrefix(dim) : m->getConstancy(dim)) < v)
      return false;
    return true;
  };
  while (v > 1 && !ok(v))
    v /= 2;
  return static_cast<unsigned>(v);
}

bool AxisInfoAnalysis::maskConstantOver(Value mask, unsigned dim,
                                        unsigned v) const {
  if (!mask || v <= 1)
    return true;
  AxisInfo m = getInfo(mask);
  return dim < m.rank() && m.getConstancy(dim) >= v;
}

/// The dimensions a row-major reshape from `src` to `dst` keeps, as
/// (dst dim, src dim): every dimension other than 1 when only unit
/// dimensions are inserted or removed, else an equal last dimension, else
/// none.
static SmallVector<std::pair<unsigned, unsigned>>
keptReshapeDims(ArrayRef<int64_t> src, ArrayRef<int64_t> dst) {
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

/// The mask prefix of an i1 tile `op` computes (see AxisInfo.h), given its
/// info `r` so far: bound checks of contiguous indices, and the shape ops,
/// ands and ors of such.
static void setMaskPrefix(Operation *op, AxisInfo &r, ArrayRef<int64_t> shape,
                          function_ref<AxisInfo(unsigned)> in,
                          function_ref<SmallVector<int64_t>(Value)> shapeOfV) {
  unsigned rank = r.rank();
  SmallVector<int64_t> p(r.constancy);
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    AxisInfo a = in(0), b = in(1);
    if (a.rank() != rank || b.rank() != rank)
      return;
    using P = arith::CmpIPredicate;
    P pr = cmp.getPredicate();
    // Increasing indices below (or at most) a bound, or a bound above them.
    // A group of contiguous indices must not wrap in the compare's order:
    // signed, 32 bits or more (i32 overflow is not considered, as above);
    // unsigned only for non-negative indices (-1, 0, 1 is contiguous but
    // not increasing as unsigned).
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
  } else if (isa<arith::AndIOp, arith::OrIOp>(op)) {
    AxisInfo a = in(0), b = in(1);
    if (a.rank() != rank || b.rank() != rank)
      return;
    for (unsigned d = 0; d < rank; ++d)
      p[d] = std::max(p[d], std::min(a.getMaskPrefix(d), b.getMaskPrefix(d)));
  } else if (auto bc = dyn_cast<tile::BroadcastOp>(op)) {
    AxisInfo s = in(0);
    if (s.rank() != rank)
      return;
    auto src = shapeOfV(bc.getSrc());
    for (unsigned d = 0; d < rank; ++d)
      p[d] = std::max(p[d], src[d] == 1 ? shape[d] : s.getMaskPrefix(d));
  } else if (auto ed = dyn_cast<tile::ExpandDimsOp>(op)) {
    AxisInfo s = in(0);
    if (s.rank() + 1 != rank)
      return;
    for (unsigned d = 0, k = 0; d < rank; ++d)
      if (d != ed.getAxis())
        p[d] = std::max(p[d], s.getMaskPrefix(k++));
  } else if (auto tr = dyn_cast<tile::TransOp>(op)) {
    AxisInfo s = in(0);
    if (s.rank() != rank)
      return;
    for (unsigned d = 0; d < rank; ++d)
      p[d] = std::max(p[d], s.getMaskPrefix(tr.getOrder()[d]));
  } else if (auto rs = dyn_cast<tile::ReshapeOp>(op)) {
    AxisInfo s = in(0);
    auto src = shapeOfV(rs.getSrc());
    if (s.rank() != src.size() || src.empty() || rank == 0)
      return;
    for (auto [to, from] : keptReshapeDims(src, shape))
      p[to] = std::max(p[to], s.getMaskPrefix(from));
  } else if (isa<ConvertLayoutOp>(op)) {
    AxisInfo s = in(0);
    if (s.rank() != rank)
      return;
    for (unsigned d = 0; d < rank; ++d)
      p[d] = std::max(p[d], s.getMaskPrefix(d));
  } else {
    return;
  }
  if (p != r.constancy)
    r.maskPrefix = std::move(p);
}

void AxisInfoAnalysis::visitOp(Operation *op) {
  auto in = [&](unsigned i) { return getInfo(op->getOperand(i)); };

  // ---- control flow
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    AxisInfo lb = getInfo(forOp.getLowerBound());
    AxisInfo step = getInfo(forOp.getStep());
    AxisInfo iv = AxisInfo::unknown(1, std::min(lb.divisibilityAt(0, 1),
                                                step.divisibilityAt(0, 1)));
    iv.nonNegative = lb.nonNegative; // the step is positive (the frontend's loops)
    iv.programIndex = lb.programIndex;
    setInfo(forOp.getInductionVar(), iv);
    SmallVector<AxisInfo, 4> cur;
    for (Value init : forOp.getInitArgs())
      cur.push_back(getInfo(init));
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    bool stable = false;
    for (int iter = 0; iter < 16 && !stable; ++iter) {
      for (auto [arg, info] : llvm::zip(forOp.getRegionIterArgs(), cur))
        setInfo(arg, info);
      visitBlock(*forOp.getBody());
      stable = true;
      for (unsigned i = 0; i < cur.size(); ++i) {
        AxisInfo next = AxisInfo::join(cur[i], getInfo(yield.getOperand(i)));
        if (next != cur[i]) {
          stable = false;
          cur[i] = next;
        }
      }
    }
    if (!stable) {
      // Give up on the carried values: nothing known.
      for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
        cur[i] = unknownOf(arg);
        setInfo(arg, cur[i]);
      }
      visitBlock(*forOp.getBody());
    }
    for (auto [res, info] : llvm::zip(forOp.getResults(), cur))
      setInfo(res, info);
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    visitRegion(ifOp.getThenRegion());
    visitRegion(ifOp.getElseRegion());
    if (ifOp.getNumResults() == 0)
      return;
    auto thenYield = ifOp.thenYield();
    auto elseYield = ifOp.elseYield();
    for (unsigned i = 0; i < ifOp.getNumResults(); ++i)
      setInfo(ifOp.getResult(i),
              AxisInfo::join(getInfo(thenYield.getOperand(i)),
                             getInfo(elseYield.getOperand(i))));
    return;
  }
  if (op->getNumRegions() != 0) {
    // scf.while and anything else with regions: block arguments and results
    // are unknown (getInfo's default); the bodies are still analyzed.
    for (Region &r : op->getRegions())
      visitRegion(r);
    return;
  }
  if (op->getNumResults() != 1)
    return;
  Value res = op->getResult(0);
  if (!isIntOrPtr(res.getType()))
    return;
  SmallVector<int64_t> shape = shapeOf(res);
  unsigned rank = shape.size();

  auto constFold = [&](const AxisInfo &a, const AxisInfo &b,
                       function_ref<std::optional<int64_t>(int64_t, int64_t)> f)
      -> std::optional<AxisInfo> {
    if (!a.constant || !b.constant)
      return std::nullopt;
    if (auto c = f(*a.constant, *b.constant)) {
      unsigned bits = getElementTypeOrSelf(res.getType()).getIntOrFloatBitWidth();
      if (bits < 64)
        c = llvm::SignExtend64(static_cast<uint64_t>(*c), bits);
      if (isScalarValue(res))
        return AxisInfo::constantValue(*c, {});
      return AxisInfo::constantValue(*c, shape);
    }
    return std::nullopt;
  };

  std::optional<AxisInfo> r =
      llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
          .Case<arith::ConstantOp>([&](auto cst) -> std::optional<AxisInfo> {
            Attribute v = cst.getValue();
            if (auto i = dyn_cast<IntegerAttr>(v))
              return AxisInfo::constantValue(i.getValue().getSExtValue(), {});
            if (auto dense = dyn_cast<DenseIntElementsAttr>(v))
              if (dense.isSplat())
                return AxisInfo::constantValue(
                    dense.getSplatValue<APInt>().getSExtValue(), shape);
            return std::nullopt;
          })
          .Case<tile::MakeRangeOp>([&](auto mr) -> std::optional<AxisInfo> {
            int64_t len = mr.getEnd() - mr.getStart();
            return AxisInfo({floorPow2(len)}, {lowbit(mr.getStart())}, {1});
          })
          .Case<tile::SplatOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo s = in(0);
            AxisInfo r = AxisInfo::unknown(rank, s.divisibilityAt(0, 1));
            for (unsigned d = 0; d < rank; ++d)
              r.constancy[d] = shape[d];
            r.constant = s.constant;
            r.unit = s.unit;
            return r;
          })
          .Case<tile::BroadcastOp>([&](auto bc) -> std::optional<AxisInfo> {
            AxisInfo s = in(0);
            auto srcShape = shapeOf(bc.getSrc());
            if (s.rank() != rank)
              return std::nullopt;
            for (unsigned d = 0; d < rank; ++d)
              if (srcShape[d] == 1 && shape[d] != 1) {
                s.divisibility[d] = s.divisibilityAt(d, 1);
                s.contiguity[d] = 1;
                s.constancy[d] = shape[d];
              }
            return s;
          })
          .Case<tile::ExpandDimsOp>([&](auto ed) -> std::optional<AxisInfo> {
            AxisInfo s = in(0);
            unsigned axis = ed.getAxis();
            if (s.rank() + 1 != rank || axis > s.rank())
              return std::nullopt;
            int64_t elemDiv = 1;
            for (unsigned d = 0; d < s.rank(); ++d)
              elemDiv = std::max(elemDiv, s.divisibilityAt(d, 1));
            s.contiguity.insert(s.contiguity.begin() + axis, 1);
            s.divisibility.insert(s.divisibility.begin() + axis, elemDiv);
            s.constancy.insert(s.constancy.begin() + axis, 1);
            return s;
          })
          .Case<tile::ReshapeOp>([&](auto rs) -> std::optional<AxisInfo> {
            // Row-major: the dimensions other than 1 keep their order. When
            // those are the same (unit dimensions inserted or removed),
            // each keeps its info; otherwise an equal last dimension keeps
            // its own. The rest: every element's divisibility only.
            AxisInfo s = in(0);
            auto srcShape = shapeOf(rs.getSrc());
            if (s.rank() != srcShape.size())
              return std::nullopt;
            int64_t elemDiv = 1;
            for (unsigned d = 0; d < s.rank(); ++d)
              elemDiv = std::max(elemDiv, s.divisibilityAt(d, 1));
            AxisInfo r = AxisInfo::unknown(rank, elemDiv);
            r.unit = s.unit;
            r.nonNegative = s.nonNegative;
            r.constant = s.constant;
            for (auto [to, from] : keptReshapeDims(srcShape, shape)) {
              r.contiguity[to] = s.contiguity[from];
              r.divisibility[to] = s.divisibility[from];
              r.constancy[to] = s.constancy[from];
            }
            return r;
          })
          .Case<tile::TransOp>([&](auto tr) -> std::optional<AxisInfo> {
            AxisInfo s = in(0);
            ArrayRef<int32_t> order = tr.getOrder();
            if (s.rank() != rank || order.size() != rank)
              return std::nullopt;
            AxisInfo r = s;
            for (unsigned i = 0; i < rank; ++i) {
              r.contiguity[i] = s.contiguity[order[i]];
              r.divisibility[i] = s.divisibility[order[i]];
              r.constancy[i] = s.constancy[order[i]];
            }
            return r;
          })
          .Case<ConvertLayoutOp>([&](auto) { return in(0); })
          .Case<tile::AddPtrOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo p = in(0), o = in(1);
            if (p.rank() != o.rank())
              return std::nullopt;
            int64_t eb = pointeeBytes(res.getType());
            for (unsigned d = 0; d < o.rank(); ++d)
              o.divisibility[d] = capMul(o.divisibility[d], eb);
            o.unit = eb; // the offset in bytes
            o.constant.reset();
            p.constant.reset();
            AxisInfo r = addInfo(p, o, /*sub=*/false);
            r.unit = eb;
            return r;
          })
          .Case<tile::CastOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo s = in(0);
            bool srcPtr = isPointerType(op->getOperand(0).getType());
            bool dstPtr = isPointerType(res.getType());
            if (srcPtr && dstPtr) {
              // Same addresses; contiguity counts elements of the pointee.
              int64_t eb = pointeeBytes(res.getType());
              if (s.unit != eb)
                for (unsigned d = 0; d < s.rank(); ++d) {
                  s.divisibility[d] = s.divisibilityAt(d, 1);
                  s.contiguity[d] = 1;
                }
              s.unit = eb;
              return s;
            }
            // pointer <-> i64: the address, not contiguous in either unit.
            for (unsigned d = 0; d < s.rank(); ++d) {
              s.divisibility[d] = s.divisibilityAt(d, 1);
              s.contiguity[d] = 1;
            }
            s.constant.reset();
            s.unit = dstPtr ? pointeeBytes(res.getType()) : 1;
            return s;
          })
          .Case<arith::AddIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            if (auto c = constFold(a, b, [](int64_t x, int64_t y) {
                  return std::optional<int64_t>(
                      static_cast<int64_t>(static_cast<uint64_t>(x) + y));
                }))
              return c;
            return addInfo(a, b, false);
          })
          .Case<arith::SubIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            if (auto c = constFold(a, b, [](int64_t x, int64_t y) {
                  return std::optional<int64_t>(
                      static_cast<int64_t>(static_cast<uint64_t>(x) - y));
                }))
              return c;
            return addInfo(a, b, true);
          })
          .Case<tile::AxisHintOp>([&](tile::AxisHintOp hint)
                                      -> std::optional<AxisInfo> {
            return applyHint(in(0), hint, shape);
          })
          .Case<arith::MulIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            if (auto c = constFold(a, b, [](int64_t x, int64_t y) {
                  return std::optional<int64_t>(static_cast<int64_t>(
                      static_cast<uint64_t>(x) * static_cast<uint64_t>(y)));
                }))
              return c;
            if (b.constant && *b.constant == 1)
              return a;
            if (a.constant && *a.constant == 1)
              return b;
            return elementwise(a, b, capMul);
          })
          .Case<arith::DivSIOp, arith::DivUIOp>(
              [&](auto) -> std::optional<AxisInfo> {
                AxisInfo a = in(0), b = in(1);
                if (b.constant && *b.constant == 1)
                  return a;
                // Exact division by a power of two keeps the quotient's
                // divisibility; nothing else is assumed (signs unknown).
                int64_t c = b.constant ? *b.constant : 0;
                return elementwise(a, b, [&](int64_t x, int64_t) -> int64_t {
                  if (c > 0 && llvm::isPowerOf2_64(c) && x >= c && x < kMax)
                    return x / c;
                  return 1;
                });
              })
          .Case<arith::RemSIOp, arith::RemUIOp>(
              [&](auto rem) -> std::optional<AxisInfo> {
                AxisInfo a = in(0), b = in(1);
                int64_t c = b.constant ? *b.constant : 0;
                if (isa<arith::RemUIOp>(op) && c > 0 && llvm::isPowerOf2_64(c))
                  return modPow2(a, b, c);
                // x - q*y: divisible by what divides both.
                AxisInfo r = elementwise(a, b, [](int64_t x, int64_t y) {
                  return std::min(x, y);
                });
                // x >= 0 contiguous in aligned groups of l starting at
                // multiples of l, y constant over them and a multiple of l:
                // x mod y stays contiguous within each group (it neither
                // wraps inside one nor changes sign).
                if (isa<arith::RemSIOp>(op) && a.nonNegative &&
                    a.rank() == b.rank())
                  for (unsigned d = 0; d < a.rank(); ++d) {
                    int64_t l = floorPow2(std::min(a.contiguity[d], b.constancy[d]));
                    while (l > 1 && (a.divisibilityAt(d, l) < l ||
                                     b.divisibilityAt(d, l) < l))
                      l /= 2;
                    if (l > 1) {
                      r.contiguity[d] = l;
                      r.divisibility[d] =
                          std::min(a.divisibilityAt(d, l), b.divisibilityAt(d, l));
                    }
                  }
                return r;
              })
          .Case<arith::AndIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            auto isLowMask = [](const AxisInfo &x) {
              return x.constant && *x.constant > 0 &&
                     llvm::isPowerOf2_64(static_cast<uint64_t>(*x.constant) + 1);
            };
            if (!getElementTypeOrSelf(res.getType()).isInteger(1)) {
              if (isLowMask(b))
                return modPow2(a, b, *b.constant + 1);
              if (isLowMask(a))
                return modPow2(b, a, *a.constant + 1);
            }
            return elementwise(a, b, [](int64_t x, int64_t y) {
              return std::max(x, y);
            });
          })
          .Case<arith::OrIOp, arith::XOrIOp>([&](auto) -> std::optional<AxisInfo> {
            return elementwise(in(0), in(1), [](int64_t x, int64_t y) {
              return std::min(x, y);
            });
          })
          .Case<arith::ShLIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            if (!b.constant || *b.constant < 0 || *b.constant > 30)
              return elementwise(a, b, [](int64_t, int64_t) { return 1; });
            if (*b.constant == 0)
              return a;
            int64_t s = int64_t(1) << *b.constant;
            return elementwise(a, b, [&](int64_t x, int64_t) {
              return capMul(x, s);
            });
          })
          .Case<arith::ShRSIOp, arith::ShRUIOp>(
              [&](auto) -> std::optional<AxisInfo> {
                AxisInfo a = in(0), b = in(1);
                if (!b.constant || *b.constant < 0 || *b.constant > 62)
                  return elementwise(a, b, [](int64_t, int64_t) { return 1; });
                if (*b.constant == 0)
                  return a;
                int64_t s = *b.constant;
                return elementwise(a, b, [&](int64_t x, int64_t) -> int64_t {
                  return x >= kMax ? kMax : std::max<int64_t>(1, x >> s);
                });
              })
          .Case<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(
              [&](auto) -> std::optional<AxisInfo> {
                AxisInfo a = in(0);
                if (getElementTypeOrSelf(op->getOperand(0).getType()).isInteger(1))
                  return AxisInfo::unknown(rank);
                if (isa<arith::ExtUIOp>(op))
                  a.constant.reset();
                return a;
              })
          .Case<arith::TruncIOp>([&](auto) -> std::optional<AxisInfo> {
            AxisInfo a = in(0);
            unsigned bits = getElementTypeOrSelf(res.getType()).getIntOrFloatBitWidth();
            if (bits < 8)
              return AxisInfo::unknown(rank);
            int64_t lim = bits >= 31 ? kMax : (int64_t(1) << (bits - 1));
            for (unsigned d = 0; d < a.rank(); ++d) {
              int64_t c = std::min(a.contiguity[d], lim);
              a.divisibility[d] = std::min(a.divisibilityAt(d, c), lim);
              a.contiguity[d] = c;
            }
            a.constant.reset();
            return a;
          })
          .Case<arith::SelectOp>([&](auto sel) -> std::optional<AxisInfo> {
            AxisInfo c = in(0), a = in(1), b = in(2);
            bool scalarCond = isScalarValue(sel.getCondition());
            AxisInfo r = AxisInfo::unknown(rank);
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
          })
          .Case<arith::CmpIOp>([&](auto cmp) -> std::optional<AxisInfo> {
            AxisInfo a = in(0), b = in(1);
            AxisInfo r = AxisInfo::unknown(rank);
            using P = arith::CmpIPredicate;
            P p = cmp.getPredicate();
            bool lhsContig = p == P::slt || p == P::sge || p == P::ult ||
                             p == P::uge;
            bool rhsContig = p == P::sgt || p == P::sle || p == P::ugt ||
                             p == P::ule;
            for (unsigned d = 0; d < a.rank(); ++d) {
              int64_t k = std::min(a.constancy[d], b.constancy[d]);
              if (lhsContig)
                k = std::max(k, alignedCompareConstancy(a, b, d));
              if (rhsContig)
                k = std::max(k, alignedCompareConstancy(b, a, d));
              r.constancy[d] = k;
            }
            return r;
          })
          .Default([&](Operation *) -> std::optional<AxisInfo> {
            return std::nullopt;
          });

  // Non-negativity (see AxisInfo.h).
  auto nn = [&](unsigned i) { return in(i).nonNegative; };
  bool nonNeg = isa<ConvertLayoutOp>(op)
                    ? nn(0)
                    : tile::nonNegativeByRule(
                          op, nn, [&](unsigned i) { return in(i).constant; });
  if (r && r->constant && *r->constant >= 0 && !isPointerType(res.getType()))
    nonNeg = true;
  if (op->hasAttr("tile.nonnegative"))
    nonNeg = true;
  bool programIndex = isProgramIndexOp(op, res, [&](unsigned i) {
    return in(i).programIndex;
  });
  if (programIndex)
    nonNeg = true;
  if (isPointerType(res.getType()))
    nonNeg = false;

  if (!r || r->rank() != rank) {
    if (!nonNeg) {
      infos.erase(res); // unknown (getInfo's default)
      return;
    }
    r = unknownOf(res);
  }
  r->nonNegative = nonNeg;
  r->programIndex = programIndex;
  if (getElementTypeOrSelf(res.getType()).isInteger(1) &&
      isa<RankedTensorType>(res.getType()))
    setMaskPrefix(op, *r, shape, in, [](Value v) { return shapeOf(v); });
  setInfo(res, std::move(*r));
}
