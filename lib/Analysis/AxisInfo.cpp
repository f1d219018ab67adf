//===- AxisInfo.cpp - Contiguity, divisibility and constancy of tiles -----===//
//
// See include/tilec/Analysis/AxisInfo.h for the meaning of the three
// properties. All of them are powers of two, so gcd is min.
//
// This file holds the lattice value (AxisInfo: join, print) and the driver:
// a walk over each function that gives every integer or pointer result the
// info its op's transfer function computes, iterates scf.for bodies to a
// fixpoint, joins scf.if branches, applies tile.axis_hint, and adds
// non-negativity and mask prefixes. The transfer functions live by op
// family in AxisInfoShape.cpp, AxisInfoArith.cpp and AxisInfoCompare.cpp;
// `transfer` below is the one table that maps each op to its function.
//
// The walk is hand-written rather than a SparseForwardDataFlowAnalysis
// because its infos are those of the last round over a loop body, while
// the framework joins every visit's result into a value's lattice state.
// Several transfer functions are not monotone in their operands (constant
// folding, a factor or divisor of one returning the other side, the
// remainder rule that needs a non-negative dividend, the low-mask rule of
// andi), so inside scf.for bodies the framework's accumulated joins can be
// coarser than this walk's infos, and so can the vector widths derived
// from them. The framework also visits only the blocks DeadCodeAnalysis
// (with constant propagation) proves live, so an scf.if on a constant
// condition gives the taken branch's info instead of the join of both.
// A port therefore either makes every transfer function monotone, which
// can change the generated code, or rebuilds this walk's order inside the
// framework, which gains nothing over the walk.
//
//===----------------------------------------------------------------------===//

#include "AxisInfoUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::axisinfo;

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
  return AxisInfo(SmallVector<int64_t>(rank, 1),
                  SmallVector<int64_t>(rank, div),
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
    r.divisibility[d] =
        std::min(a.divisibilityAt(d, c), b.divisibilityAt(d, c));
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
// Hints, program indices, dispatch
//===----------------------------------------------------------------------===//

namespace {

/// Nothing known about `v` (pointers: naturally aligned).
AxisInfo unknownOf(Value v) {
  unsigned rank = shapeOf(v).size();
  if (!isPointerType(v.getType()))
    return AxisInfo::unknown(rank);
  int64_t eb = pointeeBytes(v.getType());
  AxisInfo r = AxisInfo::unknown(rank, eb);
  r.unit = eb;
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

/// Whether the result of `v`'s op is non-negative (see AxisInfo.h), given
/// its info `r` (if any) and whether it is a program index.
bool isNonNegativeResult(const OpView &v, const std::optional<AxisInfo> &r,
                         bool programIndex) {
  if (isPointerType(v.res.getType()))
    return false;
  if (programIndex || v.op->hasAttr("tile.nonnegative"))
    return true;
  if (r && r->constant && *r->constant >= 0)
    return true;
  auto nn = [&](unsigned i) { return v.in(i).nonNegative; };
  if (isa<ConvertLayoutOp>(v.op))
    return nn(0);
  return tile::nonNegativeByRule(v.op, nn,
                                 [&](unsigned i) { return v.in(i).constant; });
}

/// The info of the result of `v`'s op by its op's transfer function, or
/// nullopt where nothing is known. The table of every op the analysis
/// knows, by family.
std::optional<AxisInfo> transfer(const OpView &v) {
  using R = std::optional<AxisInfo>;
  return llvm::TypeSwitch<Operation *, R>(v.op)
      // Constants and ranges.
      .Case<arith::ConstantOp>([&](auto op) { return visitConstant(op, v); })
      .Case<tile::MakeRangeOp>([&](auto op) { return visitMakeRange(op); })
      // Shape ops.
      .Case<tile::SplatOp>([&](auto) { return visitSplat(v); })
      .Case<tile::BroadcastOp>([&](auto op) { return visitBroadcast(op, v); })
      .Case<tile::ExpandDimsOp>([&](auto op) { return visitExpandDims(op, v); })
      .Case<tile::ReshapeOp>([&](auto op) { return visitReshape(op, v); })
      .Case<tile::TransOp>([&](auto op) { return visitTrans(op, v); })
      .Case<ConvertLayoutOp>([&](auto) { return visitConvertLayout(v); })
      // Pointer ops.
      .Case<tile::AddPtrOp>([&](auto) { return visitAddPtr(v); })
      .Case<tile::CastOp>([&](auto) { return visitPtrCast(v); })
      // Hints.
      .Case<tile::AxisHintOp>(
          [&](auto hint) -> R { return applyHint(v.in(0), hint, v.shape); })
      // Integer arithmetic.
      .Case<arith::AddIOp>([&](auto) { return visitAddI(v); })
      .Case<arith::SubIOp>([&](auto) { return visitSubI(v); })
      .Case<arith::MulIOp>([&](auto) { return visitMulI(v); })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](auto) { return visitDiv(v); })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](auto) { return visitRem(v); })
      // Bitwise ops and shifts.
      .Case<arith::AndIOp>([&](auto) { return visitAndI(v); })
      .Case<arith::OrIOp, arith::XOrIOp>([&](auto) { return visitOrXOr(v); })
      .Case<arith::ShLIOp>([&](auto) { return visitShL(v); })
      .Case<arith::ShRSIOp, arith::ShRUIOp>([&](auto) { return visitShR(v); })
      // Integer casts.
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(
          [&](auto) { return visitExt(v); })
      .Case<arith::TruncIOp>([&](auto) { return visitTruncI(v); })
      // Compares and selects.
      .Case<arith::SelectOp>([&](auto op) { return visitSelect(op, v); })
      .Case<arith::CmpIOp>([&](auto op) { return visitCmpI(op, v); })
      .Default([](Operation *) -> R { return std::nullopt; });
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
      if (!isIntOrPtr(arg.getType()) || !isScalarValue(arg))
        continue;
      bool ptr = isPointerType(arg.getType());
      int64_t div = ptr ? pointeeBytes(arg.getType()) : 1;
      if (auto a = fn.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                    "tile.divisibility"))
        div = std::max<int64_t>(div, lowbit(a.getInt()));
      AxisInfo info = AxisInfo::unknown(1, div);
      if (ptr)
        info.unit = pointeeBytes(arg.getType());
      info.nonNegative =
          fn.getArgAttr(arg.getArgNumber(), "tile.nonnegative") != nullptr;
      setInfo(arg, info);
    }
    visitRegion(fn.getBody());
  });
}

void AxisInfoAnalysis::setInfo(Value v, AxisInfo info) {
  infos.insert_or_assign(v, std::move(info));
}

AxisInfo AxisInfoAnalysis::getInfo(Value v) const {
  auto it = infos.find(v);
  if (it != infos.end())
    return it->second;
  return unknownOf(v);
}

unsigned AxisInfoAnalysis::getVectorWidth(Value ptr, Value mask, unsigned dim,
                                          bool prefixMask) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || dim >= type.getRank())
    return 1;
  int64_t eb = pointeeBytes(type);
  AxisInfo p = getInfo(ptr);
  int64_t v = floorPow2(
      std::min<int64_t>({p.getContiguity(dim), std::max<int64_t>(1, 16 / eb),
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

void AxisInfoAnalysis::visitRegion(Region &region) {
  for (Block &block : region)
    visitBlock(block);
}

void AxisInfoAnalysis::visitBlock(Block &block) {
  for (Operation &op : block)
    visitOp(&op);
}

/// The induction variable is divisible as the lower bound and the step;
/// the carried values are the join of the init value and the yielded one,
/// iterated to a fixpoint (at most 16 rounds, else nothing is known).
void AxisInfoAnalysis::visitFor(scf::ForOp forOp) {
  AxisInfo lb = getInfo(forOp.getLowerBound());
  AxisInfo step = getInfo(forOp.getStep());
  AxisInfo iv = AxisInfo::unknown(
      1, std::min(lb.divisibilityAt(0, 1), step.divisibilityAt(0, 1)));
  // The step is positive (the frontend's loops).
  iv.nonNegative = lb.nonNegative;
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
}

/// The results are the join of what both branches yield.
void AxisInfoAnalysis::visitIf(scf::IfOp ifOp) {
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
}

void AxisInfoAnalysis::visitOp(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return visitFor(forOp);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return visitIf(ifOp);
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

  auto in = [&](unsigned i) { return getInfo(op->getOperand(i)); };
  OpView v{op, res, shapeOf(res), in};
  std::optional<AxisInfo> r = transfer(v);
  bool programIndex =
      isProgramIndexOp(op, res, [&](unsigned i) { return in(i).programIndex; });
  bool nonNeg = isNonNegativeResult(v, r, programIndex);
  if (!r || r->rank() != v.rank()) {
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
    setMaskPrefix(v, *r);
  setInfo(res, std::move(*r));
}
