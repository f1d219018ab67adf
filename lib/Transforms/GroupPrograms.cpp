//===- GroupPrograms.cpp - Grouped launch order of tensor-core kernels ----===//
//
// See the pass description (Passes.td). The program ids of axes 0 and 1 are
// replaced, at the top of the kernel, by the grouped permutation of the
// CTA's launch position; everything else is unchanged.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEGROUPPROGRAMS
#include "Tile/Passes.h.inc"
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

struct TileGroupPrograms
    : mlir::tile::impl::TileGroupProgramsBase<TileGroupPrograms> {
  using TileGroupProgramsBase::TileGroupProgramsBase;

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
      Value lin = b.create<arith::AddIOp>(loc, b.create<arith::MulIOp>(loc, y, nx), x);
      Value per = b.create<arith::MulIOp>(loc, g, ny);
      Value first = b.create<arith::MulIOp>(
          loc, b.create<arith::DivUIOp>(loc, lin, per), g);
      Value size = b.create<arith::MinUIOp>(
          loc, b.create<arith::SubIOp>(loc, nx, first), g);
      Value r = b.create<arith::RemUIOp>(loc, lin, per);
      Value id0 = b.create<arith::AddIOp>(
          loc, first, b.create<arith::RemUIOp>(loc, r, size));
      Value id1 = b.create<arith::DivUIOp>(loc, r, size);
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
