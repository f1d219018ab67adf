//===- GroupPrograms.cpp - Grouped launch order of tensor-core kernels ----===//
//
// See the pass description (Passes.td). The program ids of axes 0 and 1 are
// replaced, at the top of the kernel, by the grouped permutation of the
// CTA's launch position; everything else is unchanged.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEGROUPPROGRAMS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Does `fn` look like a tiled matmul: a tile.dot inside a loop, and program
/// ids of both axes 0 and 1 in use? Not with a volatile load: a kernel that
/// polls what other programs write may rely on the launch order.
bool isGroupable(func::FuncOp fn) {
  bool dotInLoop = false, axis0 = false, axis1 = false, polls = false;
  fn.walk([&](Operation *op) {
    if (auto l = dyn_cast<LoadOp>(op))
      polls |= l.getIsVolatile();
    if (isa<DotOp>(op) && op->getParentOfType<scf::ForOp>())
      dotInLoop = true;
    if (auto p = dyn_cast<ProgramIdOp>(op)) {
      axis0 |= p.getAxis() == 0 && !p->use_empty();
      axis1 |= p.getAxis() == 1 && !p->use_empty();
    }
  });
  return dotInLoop && axis0 && axis1 && !polls;
}

/// Can `v` be recomputed at the top of the kernel from its arguments and
/// constants by pure ops (not where it depends on a program id, a load, a
/// loop)? recomputeAtTop clones that computation at the builder's point.
bool recomputable(Value v, Block *entry, unsigned depth = 0) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == entry;
  Operation *op = v.getDefiningOp();
  if (depth > 16 || op->getNumRegions() || !isPure(op) || isa<ProgramIdOp>(op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return recomputable(operand, entry, depth + 1);
  });
}
Value recomputeAtTop(Value v, OpBuilder &b, IRMapping &m) {
  if (Value done = m.lookupOrNull(v))
    return done;
  if (isa<BlockArgument>(v))
    return v;
  Operation *op = v.getDefiningOp();
  for (Value operand : op->getOperands())
    recomputeAtTop(operand, b, m);
  Operation *copy = b.clone(*op, m);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

struct TileGroupPrograms
    : mlir::tile::impl::TileGroupProgramsBase<TileGroupPrograms> {
  using TileGroupProgramsBase::TileGroupProgramsBase;

  /// With minMiB > 0, an i1 computed at the builder's point: is the A
  /// operand that the CTAs of the plain order sweep at least minMiB MiB?
  /// Estimated as X (programs along axis 0, A's row blocks) times the bytes
  /// of the first looped dot's A tile times its loop's trip count (K / BK),
  /// where that count depends only on the kernel's arguments. Null (group
  /// always) otherwise.
  Value aboveMinBytes(func::FuncOp fn, OpBuilder &b, Value nx) {
    if (minMiB <= 0)
      return {};
    DotOp dot;
    fn.walk([&](DotOp d) {
      if (!dot && d->getParentOfType<scf::ForOp>())
        dot = d;
    });
    auto loop = dot->getParentOfType<scf::ForOp>();
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    Type elt = aType.getElementType();
    if (!loop.getInductionVar().getType().isIntOrIndex() ||
        !elt.isIntOrFloat() || !aType.hasStaticShape())
      return {};
    Block *entry = &fn.getBody().front();
    if (!recomputable(loop.getLowerBound(), entry) ||
        !recomputable(loop.getUpperBound(), entry) ||
        !recomputable(loop.getStep(), entry))
      return {};
    IRMapping m;
    Value ub = recomputeAtTop(loop.getUpperBound(), b, m);
    Value lb = recomputeAtTop(loop.getLowerBound(), b, m);
    Value st = recomputeAtTop(loop.getStep(), b, m);
    Location loc = fn.getLoc();
    auto c64 = [&](int64_t v) -> Value {
      return b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(v));
    };
    Value trips = emitTripCount(b, loc, lb, ub, st);
    int64_t tileBytes =
        aType.getNumElements() * ((elt.getIntOrFloatBitWidth() + 7) / 8);
    Value bytes = b.create<arith::MulIOp>(
        loc, b.create<arith::MulIOp>(loc, nx, trips), c64(tileBytes));
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, bytes,
                                   c64(int64_t(minMiB) << 20));
  }

  void runOnOperation() override {
    if (group <= 1)
      return;
    getOperation().walk([&](func::FuncOp fn) {
      if (!fn->hasAttr("tile.kernel") || fn.getBody().empty() ||
          !isGroupable(fn))
        return;
      SmallVector<ProgramIdOp> old;
      fn.walk([&](ProgramIdOp p) {
        if (p.getAxis() <= 1)
          old.push_back(p);
      });
      OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
      Location loc = fn.getLoc();
      Type i64 = b.getI64Type(), i32 = b.getI32Type();
      auto ext = [&](Value v) -> Value {
        return b.create<arith::ExtUIOp>(loc, i64, v);
      };
      auto c64 = [&](int64_t v) -> Value {
        return b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(v));
      };
      Value x = ext(b.create<ProgramIdOp>(loc, int32_t(0)));
      Value y = ext(b.create<ProgramIdOp>(loc, int32_t(1)));
      Value nx = ext(b.create<NumProgramsOp>(loc, int32_t(0)));
      Value ny = ext(b.create<NumProgramsOp>(loc, int32_t(1)));
      Value g = c64(group);
      Value lin =
          b.create<arith::AddIOp>(loc, b.create<arith::MulIOp>(loc, y, nx), x);
      Value per = b.create<arith::MulIOp>(loc, g, ny);
      Value first = b.create<arith::MulIOp>(
          loc, b.create<arith::DivUIOp>(loc, lin, per), g);
      Value size = b.create<arith::MinUIOp>(
          loc, b.create<arith::SubIOp>(loc, nx, first), g);
      Value r = b.create<arith::RemUIOp>(loc, lin, per);
      Value id0 = b.create<arith::AddIOp>(
          loc, first, b.create<arith::RemUIOp>(loc, r, size));
      Value id1 = b.create<arith::DivUIOp>(loc, r, size);
      if (Value big = aboveMinBytes(fn, b, nx)) {
        id0 = b.create<arith::SelectOp>(loc, big, id0, x);
        id1 = b.create<arith::SelectOp>(loc, big, id1, y);
      }
      Value new0 = b.create<arith::TruncIOp>(loc, i32, id0);
      Value new1 = b.create<arith::TruncIOp>(loc, i32, id1);
      for (ProgramIdOp p : old) {
        p.getResult().replaceAllUsesWith(p.getAxis() == 0 ? new0 : new1);
        p.erase();
      }
    });
  }
};

} // namespace
