//===- PipelineWarpSpec.cpp - Warp-specialized TMA loops ------------------===//
//
// A loop marked `tl.range(..., warp_specialize=True)` whose staged dot
// operands are all blocks of host descriptors copied with TMA runs as a
// producer and consumers, as Triton's and CUTLASS's Hopper kernels do:
//
//   full[S], empty[S] = mbarriers (full: 1 arrival + the stage's bytes;
//                       empty: one arrival a consumer warp)
//   tilegpu.warp_specialize producer_warps(4) {   <- at the kernel's top
//     (the coordinates' scalars, recomputed from the kernel arguments)
//     for i in [lb, ub): slot s = i % S, round r = i / S
//       wait empty[s] at parity !(r & 1)   (round 0 passes at once)
//       expect full[s] bytes; tma_copy ... -> slot s, full[s]
//   }
//   ... (the consumers: the kernel's warps)
//   for i in [lb, ub):
//     wait full[s] at parity r & 1
//     the body on slot s (wgmma; an accumulator's group stays in flight)
//     arrive empty[(i - 1) % S] (the groups of iteration i - 1 have
//                                retired; empty[s] with synchronous dots)
//   wgmma_wait 0; barrier; inval
//
// The producer's warps drop to a small register budget and the consumers
// take what they free (setmaxnreg, in the lowering); the consumers never
// wait for a copy to be issued, only for its bytes.
//
//===----------------------------------------------------------------------===//

#include "PipelineWarpSpec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr int kProducerWarps = 4;
/// The producer runs a loop of scalars: Triton and CUTLASS give it 24-40.
constexpr int kProducerRegs = 40;
constexpr int kRegistersPerSM = 65536;

/// What the producer recomputes: ops of the loop bodies (the copying loop,
/// and the tile loop around it) and of the kernel's entry block, and the
/// carried values they advance.
struct Slice {
  llvm::SetVector<Operation *> inner, outer, outside;
  llvm::SetVector<unsigned> innerCarried, outerCarried;
};

/// An op the producer may run again: no memory effects (a division by a
/// runtime value counts: it runs where it ran, unconditionally), no
/// regions, scalar results.
bool isScalarPure(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return t.isIntOrIndexOrFloat(); });
}

/// The loops of a warp-specialized nest: the one that copies, and the one
/// around it that carries the mark (none for a single loop).
struct Nest {
  scf::ForOp inner, outer;
  Block *entry;
};

/// Adds the computation of `v` to `s`; false where it is not pure scalar
/// code of the loop bodies, the entry block, kernel arguments and carried
/// values so computed.
bool collect(Value v, Nest n, Slice &s) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (arg.getOwner() == n.entry)
      return true; // a kernel argument
    for (scf::ForOp l : {n.inner, n.outer}) {
      if (!l || arg.getOwner() != l.getBody())
        continue;
      if (arg == l.getInductionVar())
        return true;
      unsigned j = arg.getArgNumber() - 1;
      auto &carried = l == n.inner ? s.innerCarried : s.outerCarried;
      if (!carried.insert(j))
        return true;
      return collect(l.getBody()->getTerminator()->getOperand(j), n, s) &&
             collect(l.getInitArgs()[j], n, s);
    }
    return false;
  }
  Operation *d = v.getDefiningOp();
  llvm::SetVector<Operation *> *set = nullptr;
  if (d->getBlock() == n.inner.getBody())
    set = &s.inner;
  else if (n.outer && d->getBlock() == n.outer.getBody())
    set = &s.outer;
  else if (d->getBlock() == n.entry)
    set = &s.outside;
  if (!set || !isScalarPure(d))
    return false;
  if (!set->insert(d))
    return true;
  return llvm::all_of(d->getOperands(),
                      [&](Value o) { return collect(o, n, s); });
}

/// Whether every read of `alloc` (through transposed views) is an operand
/// of one of `dots`.
bool readOnlyByDots(LocalAllocOp alloc, ArrayRef<tile::DotOp> dots) {
  SmallVector<Value> views{alloc.getResult()};
  while (!views.empty())
    for (Operation *u : views.pop_back_val().getUsers()) {
      if (isa<MemDescTransOp>(u)) {
        views.push_back(u->getResult(0));
        continue;
      }
      if (!isa<LocalLoadOp>(u))
        return false;
      for (Operation *uu : u->getUsers())
        if (!llvm::is_contained(dots, dyn_cast<tile::DotOp>(uu)))
          return false;
    }
  return true;
}

} // namespace

bool mlir::tilegpu::warpSpecializeTmaLoop(WarpSpecializedLoop &w) {
  scf::ForOp loop = w.loop, outer = w.outer;
  if (outer && loop->getParentOp() != outer)
    return false;
  auto func = dyn_cast<func::FuncOp>((outer ? outer : loop)->getParentOp());
  if (!func || w.dots.empty() || w.slots < 2)
    return false;
  auto module = func->getParentOfType<ModuleOp>();
  if (auto p = module->getAttrOfType<IntegerAttr>("tile.programs_per_cta"))
    if (p.getInt() > 1)
      return false; // a program's warps are not the CTA's first ones
  if (!func.getOps<WarpSpecializeOp>().empty())
    return false;
  int numWarps = int(tile::getNumWarps(loop, 4));
  int threads = (numWarps + kProducerWarps) * 32;
  if (numWarps % 4 != 0 || threads > 1024)
    return false;
  // What the consumers may take: the registers a thread has at launch
  // (ptxas fits the kernel into the SM's file for `threads`) plus their
  // share of what the producer frees; setmaxnreg.inc waits until the CTA
  // has them, so asking for more would never return.
  int atLaunch = std::min(256, kRegistersPerSM / threads / 8 * 8);
  int consumerRegs = std::min(240, atLaunch + kProducerWarps * 32 *
                                                  (atLaunch - kProducerRegs) /
                                                  (numWarps * 32) / 8 * 8);
  if (atLaunch <= kProducerRegs || consumerRegs < 24)
    return false;
  // A kernel asking for several CTAs an SM (tile-remat-across-reductions)
  // launches with fewer registers than that.
  if (module->hasAttr("tile.min_ctas_per_sm"))
    return false;
  for (LocalAllocOp alloc : w.allocs)
    if (!readOnlyByDots(alloc, w.dots))
      return false;

  Block *entry = &func.getBody().front();
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Nest nest{loop, outer, entry};
  Slice slice;
  SmallVector<Value> roots = {loop.getLowerBound(), loop.getUpperBound(),
                              loop.getStep()};
  if (outer)
    roots.append(
        {outer.getLowerBound(), outer.getUpperBound(), outer.getStep()});
  for (tile::LoadOp load : w.loads)
    llvm::append_range(roots, load.getBlockCoords());
  for (Value v : roots)
    if (!collect(v, nest, slice))
      return false;

  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  auto i32 = [&](OpBuilder &b, int64_t v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(v));
  };
  int slots = w.slots;
  auto barType = MemDescType::get({1}, IntegerType::get(ctx, 64), Attribute());
  auto barSlot = [&](OpBuilder &b, Value bars, Value slot) -> Value {
    return b.create<MemDescSubviewOp>(loc, barType, bars, slot);
  };
  // The next slot and the parity of its round: flipped when it wraps to 0.
  auto advance = [&](OpBuilder &b, Value slot, Value phase) {
    Value next = b.create<arith::AddIOp>(loc, slot, i32(b, 1));
    Value wrap = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, next,
                                         i32(b, slots));
    next = b.create<arith::SelectOp>(loc, wrap, i32(b, 0), next);
    Value flipped = b.create<arith::XOrIOp>(loc, phase, i32(b, 1));
    return std::pair{
        next, b.create<arith::SelectOp>(loc, wrap, flipped, phase).getResult()};
  };
  // The slot before `slot`.
  auto previous = [&](OpBuilder &b, Value slot) -> Value {
    Value atZero =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, slot, i32(b, 0));
    return b.create<arith::SelectOp>(
        loc, atZero, i32(b, slots - 1),
        b.create<arith::SubIOp>(loc, slot, i32(b, 1)));
  };

  // 1. At the top of the kernel: the slots, their mbarriers, the producer.
  OpBuilder fb = OpBuilder::atBlockBegin(entry);
  SmallVector<Value> buffers, maps;
  int64_t bytes = 0;
  for (auto [k, alloc] : llvm::enumerate(w.allocs)) {
    MemDescType t = alloc.getType();
    SmallVector<int64_t> shape = {slots};
    llvm::append_range(shape, t.getShape());
    buffers.push_back(fb.create<LocalAllocOp>(
        loc, MemDescType::get(shape, t.getElementType(), t.getEncoding()),
        Value()));
    maps.push_back(getOrAddTensorMap(func, w.tma[k].map));
    bytes += w.tma[k].bytes;
  }
  auto barsType = MemDescType::get({slots, 1}, fb.getI64Type(), Attribute());
  Value full = fb.create<LocalAllocOp>(loc, barsType, Value());
  Value empty = fb.create<LocalAllocOp>(loc, barsType, Value());
  for (int s = 0; s < slots; ++s) {
    fb.create<MBarrierInitOp>(loc, barSlot(fb, full, i32(fb, s)),
                              fb.getI32IntegerAttr(1));
    fb.create<MBarrierInitOp>(loc, barSlot(fb, empty, i32(fb, s)),
                              fb.getI32IntegerAttr(numWarps));
  }
  auto ws = fb.create<WarpSpecializeOp>(loc, kProducerWarps, kProducerRegs,
                                        consumerRegs);
  {
    OpBuilder pb = OpBuilder::atBlockBegin(&ws.getProducer().emplaceBlock());
    IRMapping m;
    for (Operation &op : *entry)
      if (slice.outside.contains(&op))
        pb.clone(op, m);
    // A loop like `like` that carries its values `carried` (computed again
    // through `m`, which maps its induction variable and arguments to the
    // new loop's) and then the slot and its round parity.
    auto recompute = [&](OpBuilder &b, scf::ForOp like,
                         ArrayRef<unsigned> carried, Value slot, Value phase) {
      SmallVector<Value> inits;
      for (unsigned j : carried)
        inits.push_back(m.lookupOrDefault(like.getInitArgs()[j]));
      inits.push_back(slot);
      inits.push_back(phase);
      auto l =
          b.create<scf::ForOp>(loc, m.lookupOrDefault(like.getLowerBound()),
                               m.lookupOrDefault(like.getUpperBound()),
                               m.lookupOrDefault(like.getStep()), inits);
      m.map(like.getInductionVar(), l.getInductionVar());
      for (auto [k, j] : llvm::enumerate(carried))
        m.map(like.getRegionIterArgs()[j], l.getRegionIterArgs()[k]);
      return l;
    };
    // The copying loop, from `slot` at round parity `phase`; returns the
    // slot and parity after it.
    auto produce = [&](OpBuilder &b, Value slot, Value phase) {
      auto prod =
          recompute(b, loop, slice.innerCarried.getArrayRef(), slot, phase);
      OpBuilder lb = OpBuilder::atBlockBegin(prod.getBody());
      unsigned n = slice.innerCarried.size();
      Value s = prod.getRegionIterArgs()[n],
            ph = prod.getRegionIterArgs()[n + 1];
      lb.create<MBarrierWaitOp>(loc, barSlot(lb, empty, s), ph);
      Value bar = barSlot(lb, full, s);
      lb.create<MBarrierExpectOp>(loc, bar, lb.getI32IntegerAttr(bytes),
                                  Value());
      for (Operation &op : *body)
        if (slice.inner.contains(&op))
          lb.clone(op, m);
      for (auto [k, load] : llvm::enumerate(w.loads)) {
        SmallVector<Value> coords;
        for (Value c : load.getBlockCoords())
          coords.push_back(m.lookupOrDefault(c));
        Value dst = lb.create<MemDescSubviewOp>(loc, w.allocs[k].getType(),
                                                buffers[k], s);
        lb.create<TmaCopyOp>(loc, maps[k], coords, dst, bar, Value());
      }
      SmallVector<Value> next;
      for (unsigned j : slice.innerCarried)
        next.push_back(m.lookupOrDefault(yield.getOperand(j)));
      auto [nextSlot, nextPhase] = advance(lb, s, ph);
      next.push_back(nextSlot);
      next.push_back(nextPhase);
      lb.create<scf::YieldOp>(loc, next);
      return std::pair<Value, Value>{prod.getResults()[n],
                                     prod.getResults()[n + 1]};
    };
    // Round 0 finds every slot empty (parity 1 has passed).
    if (!outer) {
      produce(pb, i32(pb, 0), i32(pb, 1));
    } else {
      auto outerYield = cast<scf::YieldOp>(outer.getBody()->getTerminator());
      auto tiles = recompute(pb, outer, slice.outerCarried.getArrayRef(),
                             i32(pb, 0), i32(pb, 1));
      OpBuilder tb = OpBuilder::atBlockBegin(tiles.getBody());
      unsigned n = slice.outerCarried.size();
      Value s = tiles.getRegionIterArgs()[n],
            ph = tiles.getRegionIterArgs()[n + 1];
      for (Operation &op : *outer.getBody()) {
        if (&op == loop.getOperation())
          std::tie(s, ph) = produce(tb, s, ph);
        else if (slice.outer.contains(&op))
          tb.clone(op, m);
      }
      SmallVector<Value> next;
      for (unsigned j : slice.outerCarried)
        next.push_back(m.lookupOrDefault(outerYield.getOperand(j)));
      next.push_back(s);
      next.push_back(ph);
      tb.create<scf::YieldOp>(loc, next);
    }
    pb.create<WarpYieldOp>(loc);
  }

  // 2. The consumers' loop, in place of the old one (with `m` mapping the
  // values around it), from `slot` at parity `phase`: its results go to
  // `m`; returns the slot and parity after it.
  unsigned n = loop.getNumRegionIterArgs();
  auto consume = [&](OpBuilder &b, IRMapping &m, Value slot, Value phase) {
    SmallVector<Value> inits;
    for (Value v : loop.getInitArgs())
      inits.push_back(m.lookupOrDefault(v));
    // As in the plain pipeline: an opaque accumulator, so that no constant
    // moves sit between the loop and the wait after it (ptxas's C7515).
    for (unsigned j : w.asyncAcc)
      inits[j] = b.create<WgmmaWaitOp>(loc, inits[j].getType(), inits[j],
                                       b.getI32IntegerAttr(0))
                     .getResult(0);
    inits.push_back(slot);
    inits.push_back(phase);
    Value lbv = m.lookupOrDefault(loop.getLowerBound());
    Value ubv = m.lookupOrDefault(loop.getUpperBound());
    auto cons = b.create<scf::ForOp>(loc, lbv, ubv,
                                     m.lookupOrDefault(loop.getStep()), inits);
    for (NamedAttribute a : loop->getAttrs())
      cons->setAttr(a.getName(), a.getValue());
    OpBuilder cb = OpBuilder::atBlockBegin(cons.getBody());
    Value s = cons.getRegionIterArgs()[n], ph = cons.getRegionIterArgs()[n + 1];
    cb.create<MBarrierWaitOp>(loc, barSlot(cb, full, s), ph);
    m.map(loop.getInductionVar(), cons.getInductionVar());
    for (unsigned j = 0; j < n; ++j)
      m.map(loop.getRegionIterArgs()[j], cons.getRegionIterArgs()[j]);
    for (auto [k, alloc] : llvm::enumerate(w.allocs))
      m.map(alloc.getResult(),
            cb.create<MemDescSubviewOp>(loc, alloc.getType(), buffers[k], s));
    llvm::SmallPtrSet<Operation *, 8> skip;
    for (auto [load, alloc] : llvm::zip(w.loads, w.allocs)) {
      skip.insert(load);
      skip.insert(alloc);
    }
    Operation *lastDot = nullptr;
    for (tile::DotOp dot : w.dots)
      if (!lastDot || lastDot->isBeforeInBlock(dot))
        lastDot = dot;
    for (Operation &op : *body) {
      if (skip.contains(&op) || &op == yield)
        continue;
      cb.clone(op, m);
      if (&op != lastDot)
        continue;
      // The slot whose readers have retired goes back to the producer:
      // with a group in flight, the previous iteration's (none before the
      // first).
      if (w.asyncAcc.empty()) {
        cb.create<MBarrierArriveOp>(loc, barSlot(cb, empty, s), Value());
        continue;
      }
      Value notFirst = cb.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne,
                                                cons.getInductionVar(), lbv);
      cb.create<MBarrierArriveOp>(loc, barSlot(cb, empty, previous(cb, s)),
                                  notFirst);
    }
    SmallVector<Value> results;
    for (Value v : yield.getOperands())
      results.push_back(m.lookupOrDefault(v));
    auto [nextSlot, nextPhase] = advance(cb, s, ph);
    results.push_back(nextSlot);
    results.push_back(nextPhase);
    cb.create<scf::YieldOp>(loc, results);

    SmallVector<Value> finals(cons.getResults().take_front(n));
    if (!w.asyncAcc.empty()) {
      SmallVector<Value> vals;
      for (unsigned j : w.asyncAcc)
        vals.push_back(finals[j]);
      auto wait = b.create<WgmmaWaitOp>(loc, ValueRange(vals).getTypes(), vals,
                                        b.getI32IntegerAttr(0));
      for (auto [k, j] : llvm::enumerate(w.asyncAcc))
        finals[j] = wait.getResult(k);
      // In a tile loop the producer goes on: the last iteration's slot,
      // retired by that wait, goes back too.
      if (outer) {
        Value ran =
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, lbv, ubv);
        b.create<MBarrierArriveOp>(
            loc, barSlot(b, empty, previous(b, cons.getResults()[n])), ran);
      }
    }
    for (unsigned j = 0; j < n; ++j)
      m.map(loop.getResult(j), finals[j]);
    return std::pair<Value, Value>{cons.getResults()[n],
                                   cons.getResults()[n + 1]};
  };

  scf::ForOp top = outer ? outer : loop;
  OpBuilder b(top);
  IRMapping m;
  SmallVector<Value> finals;
  if (!outer) {
    consume(b, m, i32(b, 0), i32(b, 0));
    for (unsigned j = 0; j < n; ++j)
      finals.push_back(m.lookup(loop.getResult(j)));
  } else {
    auto outerYield = cast<scf::YieldOp>(outer.getBody()->getTerminator());
    unsigned on = outer.getNumRegionIterArgs();
    SmallVector<Value> inits(outer.getInitArgs());
    inits.push_back(i32(b, 0));
    inits.push_back(i32(b, 0));
    auto tiles =
        b.create<scf::ForOp>(loc, outer.getLowerBound(), outer.getUpperBound(),
                             outer.getStep(), inits);
    for (NamedAttribute a : outer->getAttrs())
      tiles->setAttr(a.getName(), a.getValue());
    OpBuilder tb = OpBuilder::atBlockBegin(tiles.getBody());
    m.map(outer.getInductionVar(), tiles.getInductionVar());
    for (unsigned j = 0; j < on; ++j)
      m.map(outer.getRegionIterArgs()[j], tiles.getRegionIterArgs()[j]);
    Value s = tiles.getRegionIterArgs()[on],
          ph = tiles.getRegionIterArgs()[on + 1];
    for (Operation &op : *outer.getBody()) {
      if (&op == loop.getOperation())
        std::tie(s, ph) = consume(tb, m, s, ph);
      else if (&op != outerYield.getOperation())
        tb.clone(op, m);
    }
    SmallVector<Value> next;
    for (Value v : outerYield.getOperands())
      next.push_back(m.lookupOrDefault(v));
    next.push_back(s);
    next.push_back(ph);
    tb.create<scf::YieldOp>(loc, next);
    b.setInsertionPointAfter(tiles);
    finals.assign(tiles.getResults().begin(), tiles.getResults().begin() + on);
  }
  // Every consumer has waited on and arrived at the mbarriers for the last
  // time (the producer waited last before its last copy).
  b.create<BarrierOp>(loc);
  for (int s = 0; s < slots; ++s) {
    b.create<MBarrierInvalOp>(loc, barSlot(b, full, i32(b, s)));
    b.create<MBarrierInvalOp>(loc, barSlot(b, empty, i32(b, s)));
  }
  for (auto [j, v] : llvm::enumerate(finals))
    top.getResult(j).replaceAllUsesWith(v);
  top.erase();
  module->setAttr(kProducerWarpsAttr,
                  IntegerAttr::get(IntegerType::get(ctx, 32), kProducerWarps));
  return true;
}
