//===- BuiltinsShape.cpp - Tiles made, cast and reshaped ------------------===//
//
// tl.program_id / num_programs, tl.arange, tl.zeros / full (and _like),
// tl.cast, tl.reshape / view, tl.trans / permute, tl.broadcast(_to),
// tl.expand_dims, tl.ravel, tl.join / split / interleave / cat,
// tl.pointer_type;
// readShape / readDType.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"
#include "BuiltinUtils.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

/// Reads a shape given as a tuple/list of constants.
bool tilec::readShape(CodeGen &cg, const Val &v, const Expr &where,
                      llvm::SmallVector<int64_t> &shape) {
  std::vector<Val> dims = v.kind == Val::Tuple ? v.elems : std::vector<Val>{v};
  for (auto &d : dims) {
    int64_t n;
    if (!cg.requireInt(d, where, "each dimension of a shape", n))
      return false;
    if (n <= 0 || (n & (n - 1)) != 0) {
      cg.error(where, "shape dimension " + llvm::Twine(n) +
                          " is not a power of two; every tile dimension must "
                          "be a power of two");
      return false;
    }
    shape.push_back(n);
  }
  return true;
}

bool tilec::readDType(CodeGen &cg, const Val &v, const Expr &where,
                      DType &out) {
  if (v.kind == Val::DTypeV && !v.s.empty()) {
    cg.error(where, describeType(v) + " is an fp8 type not supported on "
                                      "NVIDIA GPUs (fp8e4nv and fp8e5 are)");
    return false;
  }
  if (v.kind == Val::DTypeV && v.blockShape.empty()) {
    out = v.dtype;
    return true;
  }
  if (v.kind == Val::Str)
    if (auto k = parseTLDTypeName(v.s)) {
      out = DType::scalar(*k);
      return true;
    }
  cg.error(where, "expected a dtype such as tl.float32, got " + describe(v));
  return false;
}

namespace {

/// tl.program_id and tl.num_programs.
enum class ProgramQuery { Id, Count };
/// tl.zeros / tl.full and tl.zeros_like / tl.full_like.
enum class FullKind { Zeros, Full };
/// The builtins of joinSplit.
enum class JoinSplitKind { Cat, Join, Interleave, Split };

} // namespace

void CodeGen::registerShapeBuiltins(BuiltinRegistry &r) {
  const unsigned moves = TakesFP8, method = TakesFP8 | TensorMethod,
                 shaped = TakesFP8 | TensorMethod | VariadicShape;
  r.add("tl.program_id", {"axis"}, 1, &CodeGen::emitProgramId, NoBuiltinFlags,
        unsigned(ProgramQuery::Id));
  r.add("tl.num_programs", {"axis"}, 1, &CodeGen::emitProgramId, NoBuiltinFlags,
        unsigned(ProgramQuery::Count));
  r.add("tl.arange", {"start", "end"}, 2, &CodeGen::emitArange);
  r.add("tl.zeros", {"shape", "dtype"}, 2, &CodeGen::emitFull, moves,
        unsigned(FullKind::Zeros));
  r.add("tl.full", {"shape", "value", "dtype"}, 3, &CodeGen::emitFull, moves,
        unsigned(FullKind::Full));
  r.add("tl.zeros_like", {"input", "dtype"}, 1, &CodeGen::emitFullLike, moves,
        unsigned(FullKind::Zeros));
  r.add("tl.full_like", {"input", "value", "dtype"}, 2, &CodeGen::emitFullLike,
        moves, unsigned(FullKind::Full));
  r.add("tl.cast", {"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2,
        &CodeGen::emitCast, method);
  r.add("tl.reshape", {"input", "shape", "can_reorder"}, 2,
        &CodeGen::emitReshape, shaped);
  r.add("tl.view", {"input", "shape"}, 2, &CodeGen::emitReshape, shaped);
  r.add("tl.trans", {"input", "dims"}, 1, &CodeGen::emitPermute, shaped);
  r.add("tl.permute", {"input", "dims"}, 2, &CodeGen::emitPermute, shaped);
  r.add("tl.broadcast_to", {"input", "shape"}, 2, &CodeGen::emitBroadcastTo,
        shaped);
  r.add("tl.broadcast", {"input", "other"}, 2, &CodeGen::emitBroadcast, moves);
  r.add("tl.expand_dims", {"input", "axis"}, 2, &CodeGen::emitExpandDims,
        method);
  r.add("tl.ravel", {"x", "can_reorder"}, 1, &CodeGen::emitRavel, method);
  r.add("tl.item", {"input"}, 1, &CodeGen::emitItem, method);
  r.add("tl.cat", {"input", "other", "can_reorder"}, 2, &CodeGen::emitJoinSplit,
        moves, unsigned(JoinSplitKind::Cat));
  r.add("tl.join", {"a", "b"}, 2, &CodeGen::emitJoinSplit, moves,
        unsigned(JoinSplitKind::Join));
  r.add("tl.interleave", {"a", "b"}, 2, &CodeGen::emitJoinSplit, moves,
        unsigned(JoinSplitKind::Interleave));
  r.add("tl.split", {"a"}, 1, &CodeGen::emitJoinSplit, method,
        unsigned(JoinSplitKind::Split));
  r.add("tl.pointer_type", {"element_ty", "address_space", "const"}, 1,
        &CodeGen::emitPointerType);
}

Val CodeGen::emitProgramId(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  const DType i32 = DType::scalar(ScalarKind::I32);
  int64_t axis;
  if (!requireInt(a[0], call, "the axis", axis))
    return Val::error();
  if (axis < 0 || axis > 2)
    return error(call,
                 shown + " axis must be 0, 1 or 2, got " + llvm::Twine(axis));
  if (ProgramQuery(entry.variant) == ProgramQuery::Id)
    return Val::ir(b.create<mlir::tile::ProgramIdOp>(l, int32_t(axis)), i32);
  return Val::ir(b.create<mlir::tile::NumProgramsOp>(l, int32_t(axis)), i32);
}

Val CodeGen::emitArange(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  int64_t start, end;
  if (!requireInt(a[0], call, "the start of tl.arange", start) ||
      !requireInt(a[1], call, "the end of tl.arange", end))
    return Val::error();
  if (end <= start)
    return error(call, "tl.arange(" + llvm::Twine(start) + ", " +
                           llvm::Twine(end) +
                           ") is empty: end must be greater than start");
  int64_t n = end - start;
  if ((n & (n - 1)) != 0)
    return error(call, "tl.arange(" + llvm::Twine(start) + ", " +
                           llvm::Twine(end) + ") has " + llvm::Twine(n) +
                           " elements, which is not a power of two");
  if (start < std::numeric_limits<int32_t>::min() ||
      end > std::numeric_limits<int32_t>::max() || n > (1 << 20))
    return error(call, "tl.arange range is too large (at most 2**20 "
                       "elements within int32)");
  return Val::ir(
      b.create<mlir::tile::MakeRangeOp>(l, int32_t(start), int32_t(end)),
      DType::scalar(ScalarKind::I32));
}

Val CodeGen::emitFull(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  bool zeros = FullKind(entry.variant) == FullKind::Zeros;
  llvm::SmallVector<int64_t> shape;
  Val value = zeros ? Val::integer(0) : a[1];
  DType dt;
  if (!readShape(*this, a[0], call, shape) ||
      !readDType(*this, zeros ? a[1] : a[2], call, dt))
    return Val::error();
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  if (n > (1 << 24))
    return error(call, shown + " shape " + shapeStr(shape) +
                           " has too many elements");
  if (dt.isPointer)
    return error(call, shown + " cannot create a tensor of pointers");
  if (value.isNumber() && !value.isIR()) {
    Val scalar = materialize(value, dt, l);
    if (shape.empty())
      return scalar;
    auto cst = scalar.v.getDefiningOp<arith::ConstantOp>();
    auto t = mlir::RankedTensorType::get(shape, dt.toMLIR(&ctx));
    mlir::Value dense = b.create<arith::ConstantOp>(
        l, mlir::SplatElementsAttr::get(t, cst.getValue()));
    cst.erase();
    return Val::ir(dense, dt);
  }
  Val scalar = cast(value, dt, l, call);
  if (scalar.isError())
    return scalar;
  if (!scalar.shape().empty())
    return error(call,
                 shown + " value must be a scalar, got " + describe(value));
  return broadcastTo(scalar, shape, l, call);
}

Val CodeGen::emitFullLike(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  bool zeros = FullKind(entry.variant) == FullKind::Zeros;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  DType dt = x.dtype;
  Val dtv = zeros ? a[1] : a[2];
  if (dtv.kind != Val::None && !readDType(*this, dtv, call, dt))
    return Val::error();
  std::vector<Val> shapeVals;
  for (int64_t d : x.shape())
    shapeVals.push_back(Val::integer(d));
  std::vector<Val> fargs{Val::tuple(shapeVals), zeros ? Val::integer(0) : a[1],
                         Val::dtypeVal(dt)};
  if (x.shape().empty()) {
    return cast(fargs[1], dt, l, call);
  }
  return callBuiltin("tl.full", call, fargs, {});
}

Val CodeGen::emitCast(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  DType to;
  if (!readDType(*this, a[1], call, to))
    return Val::error();
  bool bitcast = false;
  if (a[3].kind != Val::None && !truthy(a[3], call, bitcast))
    return Val::error();
  // Rounding of a float narrowing: to nearest even (Triton's "rtne", its
  // default); "rtz" is not implemented.
  if (a[2].kind != Val::None && !(a[2].kind == Val::Str && a[2].s == "rtne"))
    return error(call, "fp_downcast_rounding=" +
                           (a[2].kind == Val::Str ? "'" + a[2].s + "'"
                                                  : describe(a[2])) +
                           " is not supported: tilec rounds float "
                           "conversions to nearest even ('rtne')");
  if (a[0].isNumber() && !bitcast) {
    Val x = a[0];
    return cast(x, to, l, call);
  }
  return cast(tensorArg(c, a[0]), to, l, call, bitcast);
}

/// `x` seen through a tile.trans: the value it permutes and the
/// permutation (dimension i of x is its dimension perm[i]); the identity
/// when x is no transpose.
static std::pair<mlir::Value, llvm::SmallVector<int32_t>>
throughPermute(mlir::Value x) {
  unsigned rank = mlir::cast<mlir::RankedTensorType>(x.getType()).getRank();
  llvm::SmallVector<int32_t> perm;
  for (unsigned i = 0; i < rank; ++i)
    perm.push_back(i);
  if (auto tr = x.getDefiningOp<mlir::tile::TransOp>()) {
    perm.assign(tr.getOrder().begin(), tr.getOrder().end());
    return {tr.getSrc(), perm};
  }
  return {x, perm};
}

namespace {
/// A tile.split that computes tl.split(x) from the tile x was reshaped
/// (and permuted) from.
struct IndexBit {
  mlir::Value src;
  int32_t axis;
  int64_t stride;
};
} // namespace

/// When x (last dimension 2) is tl.reshape(z) or tl.permute(tl.reshape(z)),
/// its last dimension one bit of z's row-major index and its other
/// dimensions z's other bits in their order, with z's shape but for the
/// halved dimension that holds the bit: tl.split(x) takes that bit of z.
/// tl.split(tl.permute(tl.reshape(acc, (M, 2, N // 2)), (0, 2, 1))) is
/// acc's column halves (stride N / 2), tl.split(tl.reshape(x, (M, N // 2,
/// 2))) its even and odd columns (stride 1). Taken on z, they stay in the
/// registers of z's layout where that bit is a register bit.
static std::optional<IndexBit> splitOfIndexBit(mlir::Value x) {
  auto xt = mlir::cast<mlir::RankedTensorType>(x.getType());
  unsigned rank = xt.getRank();
  auto [y, perm] = throughPermute(x);
  auto reshape = y.getDefiningOp<mlir::tile::ReshapeOp>();
  if (!reshape)
    return std::nullopt;
  mlir::Value z = reshape.getSrc();
  auto yt = mlir::cast<mlir::RankedTensorType>(y.getType());
  auto zt = mlir::cast<mlir::RankedTensorType>(z.getType());
  // The lowest bit of the row-major index that each dimension covers.
  auto lowBits = [](llvm::ArrayRef<int64_t> shape) {
    llvm::SmallVector<int64_t> low(shape.size());
    int64_t bits = 0;
    for (int i = int(shape.size()) - 1; i >= 0; --i) {
      low[i] = bits;
      bits += llvm::Log2_64(shape[i]);
    }
    return low;
  };
  for (int64_t d : llvm::concat<const int64_t>(yt.getShape(), zt.getShape()))
    if (!llvm::isPowerOf2_64(d))
      return std::nullopt;
  auto yLow = lowBits(yt.getShape());
  int64_t bit = yLow[perm[rank - 1]];
  // The result's dimensions must take the other bits from high to low:
  // each dimension's bits above the next one's.
  int64_t below = std::numeric_limits<int64_t>::max();
  for (unsigned i = 0; i + 1 < rank; ++i) {
    int64_t lo = yLow[perm[i]], n = llvm::Log2_64(yt.getDimSize(perm[i]));
    if (n == 0)
      continue;
    if (lo + n > below)
      return std::nullopt;
    below = lo;
  }
  auto zLow = lowBits(zt.getShape());
  for (unsigned a = 0; a < zt.getRank(); ++a) {
    int64_t lo = zLow[a], n = llvm::Log2_64(zt.getDimSize(a));
    if (bit < lo || bit >= lo + n)
      continue;
    llvm::SmallVector<int64_t> half(zt.getShape());
    half[a] /= 2;
    if (llvm::ArrayRef<int64_t>(half) != xt.getShape().drop_back())
      return std::nullopt;
    return IndexBit{z, int32_t(a), int64_t(1) << (bit - lo)};
  }
  return std::nullopt;
}

namespace {
/// A tile.join that computes a reshape of tl.join(lo, hi).
struct JoinBit {
  mlir::Value lo, hi;
  int32_t axis;
  int64_t stride;
};
} // namespace

/// The operands of `y` if it is what emitJoinSplit makes of tl.join(lo,
/// hi): select(arange(0, 2) == 0 along a new last dimension,
/// broadcast(expand_dims(lo)), broadcast(expand_dims(hi))).
static std::optional<std::pair<mlir::Value, mlir::Value>>
joinedPair(mlir::Value y) {
  auto sel = y.getDefiningOp<mlir::arith::SelectOp>();
  if (!sel)
    return std::nullopt;
  unsigned last = mlir::cast<mlir::RankedTensorType>(y.getType()).getRank() - 1;
  auto side = [&](mlir::Value v) -> mlir::Value {
    if (auto bc = v.getDefiningOp<mlir::tile::BroadcastOp>())
      if (auto ex = bc.getSrc().getDefiningOp<mlir::tile::ExpandDimsOp>())
        if (unsigned(ex.getAxis()) == last)
          return ex.getSrc();
    return {};
  };
  mlir::Value lo = side(sel.getTrueValue()), hi = side(sel.getFalseValue());
  auto cmp = sel.getCondition().getDefiningOp<mlir::arith::CmpIOp>();
  if (!lo || !hi || !cmp ||
      cmp.getPredicate() != mlir::arith::CmpIPredicate::eq)
    return std::nullopt;
  // The index of the pair: arange(0, 2), expanded and broadcast.
  mlir::Value idx = cmp.getLhs();
  while (mlir::Operation *def = idx.getDefiningOp()) {
    if (!mlir::isa<mlir::tile::BroadcastOp, mlir::tile::ExpandDimsOp>(def))
      break;
    idx = def->getOperand(0);
  }
  auto range = idx.getDefiningOp<mlir::tile::MakeRangeOp>();
  auto zero = cmp.getRhs().getDefiningOp<mlir::tile::SplatOp>();
  if (!range || range.getStart() != 0 || range.getEnd() != 2 || !zero ||
      !mlir::matchPattern(zero.getSrc(), mlir::m_Zero()))
    return std::nullopt;
  return std::make_pair(lo, hi);
}

/// When x is tl.join(lo, hi) (joinedPair), or tl.permute of it, whose
/// reshape to `shape` keeps lo's dimensions in their order and makes the
/// pair dimension one index bit of the dimension it doubles: that
/// tile.join. `tl.reshape(tl.join(a, b), (M, 2 * N))` interleaves a's and
/// b's columns (stride 1); `tl.join(a0, a1).permute(0, 2, 1).reshape([M,
/// 2 * N])` puts a1's columns after a0's (stride N).
static std::optional<JoinBit> joinAsIndexBit(mlir::Value x,
                                             llvm::ArrayRef<int64_t> shape) {
  auto xt = mlir::cast<mlir::RankedTensorType>(x.getType());
  unsigned rank = xt.getRank(); // the operands' rank + 1
  auto [y, perm] = throughPermute(x);
  std::optional<std::pair<mlir::Value, mlir::Value>> pair = joinedPair(y);
  if (!pair)
    return std::nullopt;
  auto [lo, hi] = *pair;
  auto at = mlir::cast<mlir::RankedTensorType>(lo.getType());
  if (at.getRank() + 1 != rank || at.getRank() == 0)
    return std::nullopt;
  // x's dimensions other than the pair keep lo's order; the pair's bit in
  // x's row-major index is b.
  int64_t b = 0;
  bool below = false;
  unsigned next = 0;
  for (unsigned i = 0; i < rank; ++i) {
    if (perm[i] == int32_t(rank - 1)) {
      below = true;
      continue;
    }
    if (perm[i] != int32_t(next++))
      return std::nullopt;
    if (below)
      b += llvm::Log2_64(xt.getDimSize(i));
  }
  for (int64_t d : llvm::concat<const int64_t>(at.getShape(), shape))
    if (!llvm::isPowerOf2_64(d))
      return std::nullopt;
  if (shape.size() != at.getShape().size())
    return std::nullopt;
  // `shape` is lo's with one dimension doubled, which holds bit b.
  int64_t low = 0;
  for (int a = int(shape.size()) - 1; a >= 0; --a) {
    int64_t n = llvm::Log2_64(shape[a]);
    if (b >= low && b < low + n) {
      llvm::SmallVector<int64_t> want(at.getShape());
      want[a] *= 2;
      if (llvm::ArrayRef<int64_t>(want) != shape)
        return std::nullopt;
      return JoinBit{lo, hi, int32_t(a), int64_t(1) << (b - low)};
    }
    low += n;
  }
  return std::nullopt;
}

Val CodeGen::emitReshape(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  llvm::SmallVector<int64_t> shape;
  if (x.isError() || !readShape(*this, a[1], call, shape))
    return Val::error();
  int64_t n = 1, m = 1;
  for (int64_t d : shape)
    n *= d;
  for (int64_t d : x.shape())
    m *= d;
  if (n != m)
    return error(call, "cannot reshape " + describe(x) + " to shape " +
                           shapeStr(shape) + ": the element counts differ");
  if (x.shape().empty())
    return broadcastTo(x, shape, l, call);
  if (shape.empty())
    return error(call, "cannot reshape a tensor to a scalar");
  if (auto bit = joinAsIndexBit(x.v, shape))
    return Val::ir(b.create<mlir::tile::JoinOp>(l, bit->lo, bit->hi, bit->axis,
                                                bit->stride),
                   x.dtype);
  return Val::ir(
      b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, shape), x.v), x.dtype);
}

Val CodeGen::emitPermute(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  int64_t rank = x.shape().size();
  llvm::SmallVector<int32_t> order;
  if (a[1].kind == Val::None ||
      (a[1].kind == Val::Tuple && a[1].elems.empty())) {
    if (rank != 2)
      return error(call, shown + " without dims needs a 2-D tensor, got " +
                             describe(x));
    order = {1, 0};
  } else {
    Val dims = a[1];
    if (dims.kind == Val::Tuple && dims.elems.size() == 1 &&
        dims.elems[0].kind == Val::Tuple)
      dims = dims.elems[0];
    std::vector<Val> ds =
        dims.kind == Val::Tuple ? dims.elems : std::vector<Val>{dims};
    std::vector<bool> seen(rank, false);
    for (auto &d : ds) {
      int64_t v;
      if (!requireInt(d, call, "each permutation index", v))
        return Val::error();
      if (v < 0 || v >= rank || seen[v])
        return error(call, shown + " dims must be a permutation of 0.." +
                               llvm::Twine(rank - 1));
      seen[v] = true;
      order.push_back(v);
    }
    if ((int64_t)order.size() != rank)
      return error(call, shown + " dims must be a permutation of 0.." +
                             llvm::Twine(rank - 1));
  }
  return Val::ir(b.create<mlir::tile::TransOp>(l, x.v, order), x.dtype);
}

Val CodeGen::emitBroadcastTo(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  llvm::SmallVector<int64_t> shape;
  if (!readShape(*this, a[1], call, shape))
    return Val::error();
  return broadcastTo(tensorArg(c, a[0]), shape, l, call);
}

Val CodeGen::emitBroadcast(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]), y = tensorArg(c, a[1]);
  if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
    return Val::error();
  return Val::tuple({x, y});
}

Val CodeGen::emitExpandDims(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  std::vector<Val> axes =
      a[1].kind == Val::Tuple ? a[1].elems : std::vector<Val>{a[1]};
  for (auto &ax : axes) {
    int64_t axis;
    if (!requireInt(ax, call, "the axis", axis))
      return Val::error();
    int64_t rank = x.shape().size();
    if (axis < 0)
      axis += rank + 1;
    if (axis < 0 || axis > rank)
      return error(call, "expand_dims axis is out of range for " + describe(x));
    if (rank == 0)
      x = Val::ir(b.create<mlir::tile::SplatOp>(l, irType(x.dtype, {1}), x.v),
                  x.dtype);
    else
      x = Val::ir(b.create<mlir::tile::ExpandDimsOp>(l, x.v, int32_t(axis)),
                  x.dtype);
  }
  return x;
}

Val CodeGen::emitRavel(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  if (x.isError() || x.shape().size() <= 1)
    return x;
  int64_t n = 1;
  for (int64_t d : x.shape())
    n *= d;
  return Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {n}), x.v),
                 x.dtype);
}

Val CodeGen::emitItem(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  // The one element of a tile as a scalar (Triton's x.item()): summed as
  // its bits, which keeps them exactly (a -0.0, a NaN's payload).
  Val x = tensorArg(c, a[0]);
  if (x.isError() || x.shape().empty())
    return x;
  int64_t n = 1;
  for (int64_t d : x.shape())
    n *= d;
  if (n != 1)
    return error(call,
                 shown + " needs a tensor of one element, got " + describe(x));
  DType elem = x.dtype;
  Val flat = Val::ir(
      b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {1}), x.v), x.dtype);
  Val r = reduce(mlir::tile::ReduceKind::sum, toElementBits(flat, l, call),
                 Val::integer(0), /*keepDims=*/false, call);
  return r.isError() ? r : fromElementBits(r, elem, l, call);
}

Val CodeGen::emitPointerType(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  // The dtype of pointers to element_ty (Triton's tl.pointer_type), e.g.
  // for x.to(tl.pointer_type(tl.float16)) on addresses loaded as int64.
  DType dt;
  if (!readDType(*this, a[0], call, dt))
    return Val::error();
  if (dt.isPointer)
    return error(call, "tl.pointer_type of a pointer type (pointers to "
                       "pointers) is not supported by tilec");
  int64_t space = 1;
  if (a[1].kind != Val::None &&
      (!requireInt(a[1], call, "the address_space of tl.pointer_type", space) ||
       space != 1))
    return error(call, "tl.pointer_type supports global memory "
                       "(address_space 1) only");
  return Val::dtypeVal(DType::pointerTo(dt.kind));
}

// tl.cat(a, b) puts b after a along the first dimension (Triton lets the
// compiler reorder the elements; tilec keeps this order whatever
// can_reorder says);
// tl.join(a, b) stacks two tensors along a new last dimension of 2;
// tl.split(x) undoes it; tl.interleave(a, b) is join then a reshape to twice
// the last dimension. They are built from ops every path lowers: join selects
// between the two broadcast along the new dimension, split sums the
// selected half of each pair in an integer of the element's width (exact:
// the other half is zero, and floats travel as their bits).
Val CodeGen::emitJoinSplit(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  auto kind = JoinSplitKind(entry.variant);
  Val pair =
      callBuiltin("tl.arange", call, {Val::integer(0), Val::integer(2)}, {});
  if (kind == JoinSplitKind::Cat) {
    Val x = tensorArg(c, a[0]), y = tensorArg(c, a[1]);
    if (x.isError() || y.isError())
      return Val::error();
    if (x.shape().empty() || x.shape() != y.shape())
      return error(call, shown +
                             " needs two tensors of one shape (the "
                             "result's dimensions are powers of two), got " +
                             describe(x) + " and " + describe(y));
    if (x.dtype != y.dtype) {
      auto common = promote(x, y, call, "cat", Promotion::Move);
      if (!common)
        return Val::error();
      x = cast(x, *common, l, call);
      y = cast(y, *common, l, call);
    }
    llvm::SmallVector<int64_t> shape(x.shape()), stacked = {2};
    stacked.append(shape.begin(), shape.end());
    Val idx = pair;
    for (size_t i = 0; i < shape.size(); ++i)
      idx = callBuiltin("tl.expand_dims", call,
                        {idx, Val::integer(int64_t(i) + 1)}, {});
    Val first = compareOp(CompareOpKind::Eq, broadcastTo(idx, stacked, l, call),
                          Val::integer(0), call);
    mlir::Location at = l;
    const Expr &site = call;
    auto lift = [&](const Val &v) {
      return broadcastTo(
          callBuiltin("tl.expand_dims", site, {v, Val::integer(0)}, {}),
          stacked, at, site);
    };
    Val r = callBuiltin("tl.where", call, {first, lift(x), lift(y)}, {});
    if (r.isError())
      return r;
    shape[0] *= 2;
    return Val::ir(
        b.create<mlir::tile::ReshapeOp>(l, irType(r.dtype, shape), r.v),
        r.dtype);
  }
  if (kind == JoinSplitKind::Join || kind == JoinSplitKind::Interleave) {
    Val x = tensorArg(c, a[0]), y = tensorArg(c, a[1]);
    if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
      return Val::error();
    if (x.dtype != y.dtype) {
      auto common = promote(x, y, call, "join", Promotion::Move);
      if (!common)
        return Val::error();
      x = cast(x, *common, l, call);
      y = cast(y, *common, l, call);
    }
    llvm::SmallVector<int64_t> shape(x.shape());
    if (shape.empty()) {
      x = broadcastTo(x, {1}, l, call);
      y = broadcastTo(y, {1}, l, call);
      shape = {1};
    }
    int64_t rank = shape.size();
    x = callBuiltin("tl.expand_dims", call, {x, Val::integer(rank)}, {});
    y = callBuiltin("tl.expand_dims", call, {y, Val::integer(rank)}, {});
    llvm::SmallVector<int64_t> joined(shape);
    joined.push_back(2);
    Val idx = pair;
    for (int64_t i = 0; i < rank; ++i)
      idx = callBuiltin("tl.expand_dims", call, {idx, Val::integer(0)}, {});
    Val first = compareOp(CompareOpKind::Eq, broadcastTo(idx, joined, l, call),
                          Val::integer(0), call);
    Val r = callBuiltin("tl.where", call,
                        {first, broadcastTo(x, joined, l, call),
                         broadcastTo(y, joined, l, call)},
                        {});
    if (r.isError() || kind == JoinSplitKind::Join)
      return r;
    llvm::SmallVector<int64_t> flat(shape);
    flat.back() *= 2;
    std::vector<Val> dims;
    for (int64_t d : flat)
      dims.push_back(Val::integer(d));
    return callBuiltin("tl.reshape", call, {r, Val::tuple(std::move(dims))},
                       {});
  }
  // tl.split
  Val x = reorderOperand(c);
  if (x.isError())
    return x;
  if (x.shape().back() != 2)
    return error(call, shown +
                           " needs a tensor whose last dimension is 2, "
                           "got " +
                           describe(x));
  if (auto bit = splitOfIndexBit(x.v)) {
    auto split =
        b.create<mlir::tile::SplitOp>(l, bit->src, bit->axis, bit->stride);
    return Val::tuple(
        {Val::ir(split.getLo(), x.dtype), Val::ir(split.getHi(), x.dtype)});
  }
  DType elem = x.dtype;
  Val xi = toElementBits(x, l, call);
  llvm::SmallVector<int64_t> shape(x.shape());
  Val idx = pair;
  for (size_t i = 0; i + 1 < shape.size(); ++i)
    idx = callBuiltin("tl.expand_dims", call, {idx, Val::integer(0)}, {});
  idx = broadcastTo(idx, shape, l, call);
  Val zero = zerosLike(xi.dtype, shape, l);
  std::vector<Val> halves;
  for (int k = 0; k < 2; ++k) {
    Val pick = compareOp(CompareOpKind::Eq, idx, Val::integer(k), call);
    Val sel = callBuiltin("tl.where", call, {pick, xi, zero}, {});
    Val h = reduce(mlir::tile::ReduceKind::sum, sel,
                   Val::integer(int64_t(shape.size()) - 1),
                   /*keepDims=*/false, call);
    if (h.isError())
      return h;
    halves.push_back(fromElementBits(h, elem, l, call));
  }
  return Val::tuple(std::move(halves));
}
