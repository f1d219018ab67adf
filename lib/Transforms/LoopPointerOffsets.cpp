//===- LoopPointerOffsets.cpp - One scalar offset for a loop's pointer tiles
//===//
//
// See the pass description (Passes.td). For an iter_arg p of a loop with a
// tile.dot, yielded as addptr(p, splat(s)) with s invariant in the loop:
//
//   for ... iter_args(p = p0):         for ... iter_args(o = 0 : i64):
//     ... use p ...               ->     p = addptr(p0, splat(o))
//     yield addptr(p, splat(s))          ... use p ...
//                                        yield o + sext(s)
//   (uses of the result: addptr(p0, splat(final o)))
//
// The old iter_arg is made a pass-through, which the canonicalizer drops.
// The splat of the offset in the body carries `tile.opaque`: the GPU
// lowering passes the offset through a move LLVM cannot see into, so that
// its loop strength reduction keeps the addresses base + offset (in Triton's
// tutorial matmul it made each of them an induction variable again, and the
// 4-stage 128x256x64 loop ran 10% slower).
//
//===----------------------------------------------------------------------===//

#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILELOOPPOINTEROFFSETS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The loop-invariant scalar step s of `inc` = splat(s) or a splat integer
/// constant, as an i64 built before `loop`; null otherwise.
Value scalarStep(OpBuilder &b, scf::ForOp loop, Value inc) {
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  if (auto splat = inc.getDefiningOp<SplatOp>()) {
    Value s = splat.getSrc();
    if (!loop.isDefinedOutsideOfLoop(s) || !isa<IntegerType>(s.getType()))
      return {};
    if (s.getType() == i64)
      return s;
    return b.create<arith::ExtSIOp>(loc, i64, s);
  }
  DenseIntElementsAttr dense;
  if (matchPattern(inc, m_Constant(&dense)) && dense.isSplat())
    return b.create<arith::ConstantOp>(
        loc, b.getI64IntegerAttr(dense.getSplatValue<APInt>().getSExtValue()));
  return {};
}

/// `v` without the tile.axis_hint ops around it (a hinted iteration
/// argument advanced by `ptrs += step` yields addptr(axis_hint(arg), step)).
Value stripHints(Value v) {
  while (auto hint = v.getDefiningOp<AxisHintOp>())
    v = hint.getSrc();
  return v;
}

/// The 64-bit addresses a thread holds of the tile `arg` of `loop`: its
/// elements over the CTA's `threads`, over the widest access (elements) a
/// load of it in the loop may use along any dimension (1 when it has no
/// load there).
int64_t addressesPerThread(BlockArgument arg, int64_t threads,
                           const tilegpu::AxisInfoAnalysis &analysis) {
  auto type = cast<RankedTensorType>(arg.getType());
  unsigned vec = 1;
  SmallVector<Value> worklist{arg};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto hint = dyn_cast<AxisHintOp>(user))
        worklist.push_back(hint.getResult());
      else if (auto load = dyn_cast<LoadOp>(user))
        for (unsigned d = 0; d < type.getRank(); ++d)
          vec = std::max(
              vec, analysis.getVectorWidth(load.getPtr(), load.getMask(), d));
    }
  }
  return std::max<int64_t>(1, type.getNumElements() / threads / vec);
}

void rewrite(scf::ForOp loop, int64_t threads, int64_t minAddresses,
             const tilegpu::AxisInfoAnalysis &analysis) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<unsigned> carried;
  SmallVector<Value> steps;
  OpBuilder b(loop);
  for (unsigned j = 0; j < loop.getNumRegionIterArgs(); ++j) {
    BlockArgument arg = loop.getRegionIterArgs()[j];
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || !isa<PointerType>(type.getElementType()))
      continue;
    auto add = yield.getOperand(j).getDefiningOp<AddPtrOp>();
    if (!add || stripHints(add.getPtr()) != arg)
      continue;
    if (Value step = scalarStep(b, loop, add.getOffset())) {
      carried.push_back(j);
      steps.push_back(step);
    }
  }
  if (carried.empty())
    return;
  int64_t addresses = 0;
  for (unsigned j : carried)
    addresses +=
        addressesPerThread(loop.getRegionIterArgs()[j], threads, analysis);
  bool atSplatBase = addresses > minAddresses;
  Location loc = loop.getLoc();
  Value zero = b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(0));
  SmallVector<Value> inits(carried.size(), zero);
  SmallVector<Value> ptrInits;
  for (unsigned j : carried)
    ptrInits.push_back(loop.getInitArgs()[j]);
  IRRewriter rw(loop.getContext());
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rw, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &yb, Location l, ArrayRef<BlockArgument> offs) {
        SmallVector<Value> next;
        for (auto [o, s] : llvm::zip(offs, steps))
          next.push_back(yb.create<arith::AddIOp>(l, o, s));
        return next;
      });
  if (failed(replaced))
    return;
  auto nl = cast<scf::ForOp>(replaced->getOperation());
  unsigned first = nl.getNumRegionIterArgs() - carried.size();
  auto nyield = cast<scf::YieldOp>(nl.getBody()->getTerminator());
  OpBuilder body = OpBuilder::atBlockBegin(nl.getBody());
  OpBuilder after(nl->getBlock(), std::next(nl->getIterator()));
  // addptr(p, splat(off)) in p's shape.
  auto advance = [&](OpBuilder &ob, Value p, Value off, bool opaque) -> Value {
    auto type = cast<RankedTensorType>(p.getType());
    auto offs = ob.create<SplatOp>(loc,
                                   RankedTensorType::get(type.getShape(),
                                                         ob.getI64Type(),
                                                         type.getEncoding()),
                                   off);
    if (opaque)
      offs->setAttr("tile.opaque", ob.getUnitAttr());
    return ob.create<AddPtrOp>(loc, p, offs);
  };
  // In the loop, p0 = addptr(splat(base), d) is rebuilt with the loop's
  // offset added to the splat first where the thread holds many addresses
  // (atSplatBase): each address is then base' + d, and only d's elements
  // stay live through the loop (an i32 d: one register an access instead of
  // a 64-bit address), as in Triton's code, where ptxas forms the addresses
  // with IMAD.WIDE. Triton's tutorial matmul on a ragged 1000 x 700 x 300,
  // whose 64 operand addresses a thread are loaded one element each: 640 ->
  // 64 bytes of spills with the widened offsets of the GPU lowering, 2.5x
  // faster (H200, 2026-12-06). With few addresses, forming them again each
  // iteration costs more than the registers it saves: the same kernel at
  // 128x256x64 (12 addresses a thread of 16-byte copies) ran 6% slower
  // (H100, 2026-12-06, three runs: 615 against 655 TFLOP/s at 8192^3).
  // Chains of addptrs through broadcasts (base + rows + columns) are left as
  // they are: rebuilding them in the loop made the attention tutorial's
  // backward at D = 128 spill more and run 20% slower.
  auto at = [&](OpBuilder &ob, Value p0, Value off, bool opaque) -> Value {
    if (opaque && atSplatBase)
      if (auto add = p0.getDefiningOp<AddPtrOp>())
        if (auto splat = add.getPtr().getDefiningOp<SplatOp>())
          return ob.create<AddPtrOp>(loc, add.getType(),
                                     advance(ob, splat, off, opaque),
                                     add.getOffset());
    return advance(ob, p0, off, opaque);
  };
  for (auto [k, j] : llvm::enumerate(carried)) {
    BlockArgument arg = nl.getRegionIterArgs()[j];
    Value cur = at(body, ptrInits[k], nl.getRegionIterArgs()[first + k],
                   /*opaque=*/true);
    arg.replaceAllUsesWith(cur);
    nyield.setOperand(j, arg); // a pass-through: dropped by the canonicalizer
    Value res = nl.getResult(j);
    if (!res.use_empty())
      res.replaceAllUsesWith(
          at(after, ptrInits[k], nl.getResult(first + k), /*opaque=*/false));
  }
}

struct TileLoopPointerOffsets
    : mlir::tile::impl::TileLoopPointerOffsetsBase<TileLoopPointerOffsets> {
  using TileLoopPointerOffsetsBase::TileLoopPointerOffsetsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    tilegpu::AxisInfoAnalysis analysis(module);
    int64_t threads = 32 * getNumWarps(module, 4);
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      bool dot = false;
      for (Operation &op : loop.getBody()->getOperations())
        dot |= isa<DotOp>(op);
      if (dot)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      rewrite(loop, threads, minAddresses, analysis);
  }
};

} // namespace
