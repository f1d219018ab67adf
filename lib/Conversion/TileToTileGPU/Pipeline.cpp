//===- Pipeline.cpp - Software pipelining of dot-operand loads ------------===//
//
// See the pass description (Passes.td). The loop
//
//   for iv in [lb, ub) step st, iter_args(x...):
//     p, m = f(iv, carried)        <- stage 0: the loads' pointers and masks
//     a = tile.load p, m, 0
//     buf = local_alloc a          <- staging of a tensor-core dot operand
//     ... local_load buf ... dot ... (stage 1: everything else)
//     yield carried' = g(carried), rest'
//
// becomes, with S stages,
//
//   bufs = local_alloc : memdesc<S x ...>; barrier
//   for s in 0 .. S-2: stage 0 at lb + s*st, copies into slot s (predicated
//                      on lb + s*st < ub); commit
//   for iv ..., iter_args(carried (S-1 iterations ahead), rest, r = 0, w =
//   S-1):
//     async_wait S-2; barrier
//     stage 0 at iv + (S-1)*st: copies into slot w (predicated); commit
//     stage 1 with buf = slot r
//     yield g(carried), rest', (r+1) % S, (w+1) % S
//   async_wait 0; barrier
//
// (with 4 or more stages, an async Hopper dot and several warpgroups or
// dots, below: S-2 iterations ahead, async_wait S-3, w = S-2, the copies
// still right after the barrier).
//
// A Hopper dot (wgmma) on the staged buffers (or transposed views of them,
// memdesc_trans) whose result is the loop-carried accumulator runs
// asynchronously into the next iteration
// (tilegpu.wgmma_pendings = 1: wgmma.wait_group 1 after issuing it, which
// retires the previous iteration's group). With 2 or 3 stages the copies of
// iteration i then move after the dot: they refill slot (i - 1) % S, whose
// last reader was that retired group (with several warpgroups, after a
// barrier, so that every warpgroup has retired it). With 4 or more and
// several warpgroups or dots, they run S - 2 iterations ahead and stay
// right after the loop's barrier: slot (i - 2) % S was last read by
// iteration i - 2, retired by the waits of iteration i - 1, which every
// thread has passed at that barrier. After the loop, tilegpu.wgmma_wait 0.
//
// The same holds for a Hopper dot whose result is carried and read first,
// in the next iteration, by other ops after another (synchronous) wgmma dot
// of the body: flash attention's P V, whose accumulator is rescaled after
// the next Q K^T. Its group runs on behind the barrier and the copies at the
// end of the iteration and the next iteration's first dot (whose
// wait_group 0 retires it); a tilegpu.wgmma_wait 0 right before the first
// read of the carried value passes it through, so that nothing reads the
// registers before a wait.
//
// In a tile loop marked flatten (a persistent kernel), the prologue of a
// loop of cp.async copies moves to the end of the previous tile, before its
// epilogue (PipelineNextTile.h).
//
// The loop's other loads are staged the same way first (stageOtherLoads:
// load -> local_alloc -> local_load in the layout of the conversion that
// read the load), where they read nothing the loop writes (their kernel
// argument is no store's or atomic's), their addresses come from the
// induction variable alone, and the slots of all stages still fit; a loop
// that cannot be rewritten with them is rewritten without them.
//
// Stage 0 is the closure of the loads' operands and of the loop-carried
// values they use (and their updates) within the body. Where code after the
// loop uses such a carried value (it ends S-1 iterations ahead), the loop
// also carries it at the current iteration, advanced by a copy of its
// update. Pure values of the closure that stage 1 uses too are computed
// again for it (from the current iteration). Another load in the closure
// (the index table of a gathered operand: Liger's MoE weight gradients
// read rows by token index) runs in stage 0 with the copies, masked off
// where its iteration is past the end, when nothing in the loop writes
// global memory. The loop is left as it is when
// that closure has side effects, nested regions or volatile loads (or other
// loads in a loop that writes global memory), or feeds
// stage 1 through a loop-carried value, when a load's `other` is not zero,
// its access is not 4, 8 or 16 bytes, the step is not a positive constant,
// or the buffers do not fit even with 2 stages.
//
//===----------------------------------------------------------------------===//

#include "PipelineNextTile.h"
#include "PipelineStaging.h"
#include "PipelineWarpSpec.h"

#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUPIPELINE
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct PipelinePass : mlir::tilegpu::impl::TileGPUPipelineBase<PipelinePass> {
  using TileGPUPipelineBase::TileGPUPipelineBase;

  /// Loops a rewrite replaced (the tile loop around a warp-specialized
  /// one), still in the walk's list.
  llvm::SmallPtrSet<Operation *, 4> erased;

  void runOnOperation() override {
    erased.clear();
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp f) { loops.push_back(f); });
    for (scf::ForOp f : loops)
      if (!erased.contains(f))
        pipeline(f);
    // Descriptor blocks staged once (attention's q before its loop).
    getOperation().walk(
        [](LocalAllocOp alloc) { copyStagedBlockWithTma(alloc); });
  }

  void pipeline(scf::ForOp loop) {
    int stages = numStages;
    if (auto a = loop->getAttrOfType<IntegerAttr>("tile.num_stages"))
      stages = a.getInt();
    if (stages <= 1)
      return;
    Block *body = loop.getBody();

    // 1. The staged loads.
    SmallVector<StagedLoad> staged;
    for (Operation &op : *body)
      if (auto load = dyn_cast<tile::LoadOp>(op))
        if (auto s = asStagedLoad(load))
          staged.push_back(*s);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step <= 0)
      return;
    // A dot whose operands are computed from the loaded tiles (scaled,
    // cast) stages no load directly: the loop is pipelined with its other
    // loads alone.
    if (staged.empty()) {
      bool hasDot = !body->getOps<tile::DotOp>().empty();
      SmallVector<StagedLoad> others;
      if (hasDot)
        others = stageOtherLoads(loop, staged, stages, sharedLimit);
      if (!others.empty() && !rewrite(loop, others, stages))
        unstage(others);
      return;
    }
    // The loop's other loads go through the same slots where they can
    // (stageOtherLoads); where the loop is then left alone, it is tried
    // again with the dot operands alone.
    SmallVector<StagedLoad> others =
        stageOtherLoads(loop, staged, stages, sharedLimit);
    if (!others.empty()) {
      SmallVector<StagedLoad> all = staged;
      all.append(others);
      if (rewrite(loop, all, stages))
        return;
      unstage(others);
    }
    rewrite(loop, staged, stages);
  }

  /// Pipelines `loop` with the loads of `staged` (at most `stages` slots);
  /// false where it leaves the loop as it is.
  bool rewrite(scf::ForOp loop, SmallVector<StagedLoad> staged, int stages) {
    Block *body = loop.getBody();
    auto yield = cast<scf::YieldOp>(body->getTerminator());

    // 2. Stage 0: the closure of the loads' operands and of the carried
    // values they use.
    llvm::SetVector<Operation *> stage0;
    llvm::SetVector<unsigned> carried; // iter arg numbers
    SmallVector<Operation *> work;
    for (StagedLoad &s : staged) {
      stage0.insert(s.load);
      work.push_back(s.load);
    }
    // A value stage 0 uses: its defining op in the body, or, for an iter
    // arg, the value yielded for it (itself another iter arg when carried
    // values trade places).
    std::function<void(Value)> use = [&](Value v) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() != body || arg == loop.getInductionVar())
          return;
        unsigned j = arg.getArgNumber() - 1;
        if (carried.insert(j))
          use(yield.getOperand(j));
        return;
      }
      Operation *d = v.getDefiningOp();
      if (d && d->getBlock() == body && stage0.insert(d))
        work.push_back(d);
    };
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      if (op->getNumRegions() != 0)
        return false;
      for (Value v : op->getOperands())
        use(v);
    }
    llvm::SmallPtrSet<Operation *, 8> loads;
    for (StagedLoad &s : staged)
      loads.insert(s.load);
    // Stage 0 runs S-1 iterations ahead, so stage 1 cannot use its values:
    // the pure ops stage 1 also needs (an offset shared by a staged and an
    // unstaged load) are computed again for it, with their stage-0 operands.
    auto usedByStage1 = [&](Operation *op) {
      for (OpOperand &use : op->getUses()) {
        Operation *user = use.getOwner();
        if (stage0.contains(user))
          continue;
        if (user == yield && carried.contains(use.getOperandNumber()))
          continue;
        return true;
      }
      return false;
    };
    // Another load of global memory that the copies' addresses depend on
    // (an index table of a gather) runs in stage 0 too, S-1 iterations
    // early, predicated on its iteration being in range, when nothing in
    // the loop writes global memory (it reads what it would have read).
    bool writesGlobal = false;
    body->walk([&](Operation *op) { writesGlobal |= mayWriteGlobal(op); });
    llvm::SetVector<Operation *> shared;
    for (Operation *op : stage0) {
      if (loads.contains(op))
        continue;
      if (!isPure(op)) {
        auto l = dyn_cast<tile::LoadOp>(op);
        if (!l || l.getIsVolatile() || writesGlobal)
          return false; // another load, a store, ...
      }
      if (usedByStage1(op))
        shared.insert(op);
    }
    for (size_t i = 0; i < shared.size(); ++i)
      for (Value v : shared[i]->getOperands())
        if (Operation *d = v.getDefiningOp())
          if (stage0.contains(d) && !loads.contains(d))
            shared.insert(d);
    for (Operation *op : shared)
      for (Value v : op->getOperands())
        if (isa<BlockArgument>(v) && v != loop.getInductionVar() &&
            cast<BlockArgument>(v).getOwner() == body)
          return false; // a carried value stage 0 advances
    if (!shared.empty()) {
      IRMapping copies;
      OpBuilder cb(loop.getContext());
      for (Operation &op : llvm::make_early_inc_range(*body)) {
        if (!shared.contains(&op))
          continue;
        cb.setInsertionPointAfter(&op);
        Operation *copy = cb.clone(op, copies);
        op.replaceUsesWithIf(copy->getResults(), [&](OpOperand &use) {
          Operation *user = use.getOwner();
          return user != copy && !stage0.contains(user) &&
                 !(user == yield && carried.contains(use.getOperandNumber()));
        });
      }
    }
    bool carriedUsedAfter = false;
    for (unsigned j : carried) {
      for (Operation *user : loop.getRegionIterArgs()[j].getUsers())
        if (!stage0.contains(user) && user != yield)
          return false;
      carriedUsedAfter |= !loop.getResult(j).use_empty();
    }
    // The pipelined loop ends with the carried values S-1 iterations ahead.
    // Where code after the loop uses them, the loop also carries them at the
    // current iteration: `update` (the ops of stage 0 that compute the
    // yielded carried values, pure, no loads) is applied to those copies too.
    SmallVector<Operation *> update;
    if (carriedUsedAfter) {
      llvm::SetVector<Operation *> need;
      SmallVector<Operation *> todo;
      for (unsigned j : carried)
        if (Operation *d = yield.getOperand(j).getDefiningOp())
          if (d->getBlock() == body && need.insert(d))
            todo.push_back(d);
      while (!todo.empty()) {
        Operation *op = todo.pop_back_val();
        if (loads.contains(op))
          return false;
        for (Value v : op->getOperands())
          if (Operation *d = v.getDefiningOp())
            if (d->getBlock() == body && need.insert(d))
              todo.push_back(d);
      }
      for (Operation &op : *body)
        if (need.contains(&op))
          update.push_back(&op);
    }

    Builder b0(loop.getContext());
    // Hopper dots fed by the staged buffers keep one wgmma group in flight
    // across iterations; the copies of an iteration then follow the dot, so
    // that they refill only the slot whose last reader has retired. The
    // transposed ones (tf32, B N-major) wait for their k steps one by one
    // (their register operands); with only two stages (128x256x64 fp32
    // tiles) they retire all at the end instead, so that the copies can be
    // issued before the dot and overlap a whole iteration (below). H200,
    // TFLOP/s at 8192^3: async 255-279 against 246-259 at 128x256x32 and
    // 256x128x32 (4 stages), 207 against 197 at 128x128x64 (3); with two
    // stages 225-227 against 272-277.
    // Not a dot with an operand whose buffer the body writes itself (a
    // computed operand: local_alloc of a value, or local_store, in the
    // loop): the next iteration's stores would race with a group in flight.
    llvm::SmallPtrSet<Operation *, 4> stagedAllocs;
    for (StagedLoad &s : staged)
      stagedAllocs.insert(s.alloc.getOperation());
    auto rewrittenInBody = [&](Value v) {
      auto ll = v.getDefiningOp<LocalLoadOp>();
      if (!ll)
        return false;
      Value buf = rootBuffer(ll.getSrc());
      Operation *root = buf.getDefiningOp();
      if (!root)
        return true; // a buffer from elsewhere: assume the worst
      if (stagedAllocs.contains(root))
        return false;
      if (loop->isProperAncestor(root))
        return true;
      bool stored = false;
      loop->walk(
          [&](LocalStoreOp st) { stored |= rootBuffer(st.getDst()) == buf; });
      return stored;
    };
    SmallVector<tile::DotOp> wgmmaDots;
    // The reads of a staged buffer, also through its transposed views.
    auto readsOf = [](LocalAllocOp alloc) {
      SmallVector<LocalLoadOp> reads;
      SmallVector<Value> views{alloc.getResult()};
      while (!views.empty())
        for (Operation *u : views.pop_back_val().getUsers()) {
          if (auto ll = dyn_cast<LocalLoadOp>(u))
            reads.push_back(ll);
          else if (isa<MemDescTransOp>(u))
            views.push_back(u->getResult(0));
        }
      return reads;
    };
    for (StagedLoad &s : staged)
      for (LocalLoadOp ll : readsOf(s.alloc))
        for (Operation *uu : ll->getUsers())
          if (auto dot = dyn_cast<tile::DotOp>(uu))
            if (auto mma = dyn_cast_or_null<MmaAttr>(
                    cast<RankedTensorType>(dot.getType()).getEncoding()))
              if (mma.isHopper() && dot->getBlock() == body &&
                  !rewrittenInBody(dot.getA()) &&
                  !rewrittenInBody(dot.getB()) &&
                  !llvm::is_contained(wgmmaDots, dot))
                wgmmaDots.push_back(dot);

    // 3. Stages that fit.
    int64_t bytesPerStage = 0;
    for (StagedLoad &s : staged)
      bytesPerStage += int64_t(getBufferBytes(s.alloc.getType()));
    while (stages > 1 && stages * bytesPerStage > sharedLimit)
      --stages;
    if (stages <= 1)
      return false;
    if (stages < 3)
      llvm::erase_if(wgmmaDots, [](tile::DotOp dot) {
        return cast<MmaAttr>(
                   cast<RankedTensorType>(dot.getType()).getEncoding())
            .getTransposed();
      });
    int slots = stages;
    // The in-flight wgmma of a dot whose result is the loop-carried
    // accumulator (and nothing else in the body reads it).
    SmallVector<unsigned> asyncAcc; // iter arg numbers
    // Of those, the ones whose carried value the body reads first (flash
    // attention's accumulator, rescaled before the second dot): the read
    // waits for the group (tilegpu.wgmma_wait right before it), which the
    // wait of an earlier dot of the next iteration has mostly retired.
    llvm::SmallSetVector<unsigned, 2> waitAtUse;
    for (tile::DotOp dot : wgmmaDots) {
      bool transposed =
          cast<MmaAttr>(cast<RankedTensorType>(dot.getType()).getEncoding())
              .getTransposed();
      for (OpOperand &use : dot->getUses()) {
        if (use.getOwner() != yield || !dot->hasOneUse())
          continue;
        unsigned j = use.getOperandNumber();
        Value arg = loop.getRegionIterArgs()[j];
        bool direct = dot.getAcc() == arg && dot.getAcc().hasOneUse();
        // Read first by other ops of the body, after another wgmma dot (its
        // wait retires this group, so that the copies after this dot, below,
        // refill a retired slot).
        bool readAfterDot = !direct && !transposed && !arg.use_empty() && [&] {
          Operation *first = nullptr;
          for (Operation *user : arg.getUsers())
            if (user->getBlock() != body || stage0.contains(user))
              return false;
            else if (!first || user->isBeforeInBlock(first))
              first = user;
          return llvm::any_of(wgmmaDots, [&](tile::DotOp other) {
            return other != dot && other->isBeforeInBlock(first) &&
                   !other->hasAttr("tilegpu.wgmma_pendings");
          });
        }();
        if (!direct && !readAfterDot)
          continue;
        dot->setAttr("tilegpu.wgmma_pendings", b0.getI32IntegerAttr(1));
        asyncAcc.push_back(j);
        if (readAfterDot)
          waitAtUse.insert(j);
      }
    }

    // Copies run `ahead` iterations ahead, into the slot read by the
    // previous iteration (two iterations back when early).
    // With 4 or more stages and async dots, the copies run S - 2 ahead
    // instead, into the slot read two iterations back (retired by the
    // previous iteration's waits: see below), issued before the dot: one
    // barrier per iteration instead of two. H200, fp32 256x128x32 / 4
    // stages at 4096^3: 296 -> 323 TFLOP/s; 16-bit 128x256x64 / 4 stages
    // within 2%; with 3 stages (one iteration ahead) 16-bit 128x256x64
    // fell from 677 to 524, so 3 stages keep the copies after the dot. A
    // loop of one wgmma dot in a CTA of one warpgroup needs no barrier of
    // its own after the dot (its wgmma.wait_group retires the group for all
    // its warps), so it keeps the copies after the dot, S - 1 iterations
    // ahead, at any stage count (Triton's distance; H100, 2026-12-07,
    // Triton's tutorial matmul at 128x128x64 with 4 stages: 547-583 ->
    // 619-652 TFLOP/s). With more dots in the loop, copies after them keep
    // their addresses live across all of them (the fused-attention
    // backward's two-accumulator loop spilled 1284 -> 1536 bytes and ran
    // 0.78x), so those run early.
    bool early = !asyncAcc.empty() && stages >= 4 &&
                 (tile::getNumWarps(loop, 4) > 4 || wgmmaDots.size() > 1);
    int ahead = early ? stages - 2 : stages - 1;

    // Descriptor blocks copied with TMA (PipelineTma.cpp): one mbarrier a
    // slot, which one thread arms with the bytes of the stage's TMA copies;
    // every thread waits on it (phase: the slot's use count, mod 2) before
    // reading the slot.
    SmallVector<std::optional<TmaStaging>> tma;
    int64_t tmaBytes = 0;
    for (StagedLoad &s : staged) {
      tma.push_back(planTmaStaging(s.load, s.alloc.getType()));
      if (tma.back())
        tmaBytes += tma.back()->bytes;
    }
    if (tmaBytes >= (1 << 20))
      for (auto &t : tma)
        t.reset();
    bool useTma = llvm::any_of(tma, [](auto &t) { return t.has_value(); });
    // cp.async groups only where some stage copies with cp.async.
    bool useCpAsync = llvm::any_of(tma, [](auto &t) { return !t.has_value(); });

    // A loop marked warp_specialize (or inside a loop so marked: a
    // persistent kernel's tile loop; or marked flatten, a request to
    // pipeline across the tiles, which the producer does) whose operands
    // all come through TMA: a producer warpgroup issues the copies
    // (PipelineWarpSpec.cpp).
    auto outer = dyn_cast<scf::ForOp>(loop->getParentOp());
    if (outer && !outer->hasAttr("tile.warp_specialize") &&
        !outer->hasAttr("tile.flatten"))
      outer = nullptr;
    if ((outer || loop->hasAttr("tile.warp_specialize")) && useTma &&
        !useCpAsync && waitAtUse.empty()) {
      WarpSpecializedLoop w;
      w.loop = loop;
      w.outer = outer;
      for (auto [s, t] : llvm::zip(staged, tma)) {
        w.loads.push_back(s.load);
        w.allocs.push_back(s.alloc);
        w.tma.push_back(*t);
      }
      w.dots = wgmmaDots;
      w.asyncAcc = asyncAcc;
      w.slots = slots;
      // The rewrite erases the tile loop and every loop in it.
      SmallVector<Operation *> nest;
      if (outer)
        outer->walk([&](scf::ForOp f) { nest.push_back(f); });
      if (warpSpecializeTmaLoop(w)) {
        erased.insert(nest.begin(), nest.end());
        return true;
      }
    }

    // In a tile loop marked flatten, the prologue of the next tile runs
    // during the epilogue of this one (PipelineNextTile.cpp).
    std::optional<NextTilePrefetch> nextTile;
    if (!useTma && carried.empty())
      nextTile = planNextTilePrefetch(loop, stage0.getArrayRef(),
                                      uint64_t(slots * bytesPerStage),
                                      uint64_t(sharedLimit));

    // 4. Rewrite.
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    // Where the slots are allocated: before the tile loop when its
    // iterations issue each other's prologue.
    OpBuilder ab = nextTile ? OpBuilder(nextTile->outer) : b;
    Type ivType = loop.getInductionVar().getType();
    auto cst = [&](OpBuilder &bb, int64_t v) -> Value {
      return bb.create<arith::ConstantOp>(loc, bb.getIntegerAttr(ivType, v));
    };
    auto i32 = [&](OpBuilder &bb, int64_t v) -> Value {
      return bb.create<arith::ConstantOp>(loc, bb.getI32IntegerAttr(v));
    };
    SmallVector<Value> buffers;
    for (StagedLoad &s : staged) {
      MemDescType t = s.alloc.getType();
      SmallVector<int64_t> shape = {slots};
      shape.append(t.getShape().begin(), t.getShape().end());
      buffers.push_back(ab.create<LocalAllocOp>(
          loc, MemDescType::get(shape, t.getElementType(), t.getEncoding()),
          Value()));
    }
    SmallVector<Value> maps(staged.size());
    Value bars;
    auto barSlot = [&](OpBuilder &bb, Value slot) -> Value {
      return bb.create<MemDescSubviewOp>(
          loc, MemDescType::get({1}, bb.getI64Type(), Attribute()), bars, slot);
    };
    if (useTma) {
      auto func = loop->getParentOfType<func::FuncOp>();
      for (auto [k, t] : llvm::enumerate(tma))
        if (t)
          maps[k] = getOrAddTensorMap(func, t->map);
      bars = b.create<LocalAllocOp>(
          loc, MemDescType::get({slots, 1}, b.getI64Type(), Attribute()),
          Value());
      for (int s = 0; s < slots; ++s)
        b.create<MBarrierInitOp>(loc, barSlot(b, i32(b, s)),
                                 b.getI32IntegerAttr(1));
    }
    ab.create<BarrierOp>(loc); // earlier users of these ranges are done

    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
          st = loop.getStep();
    // Stage 0 of the iteration at `iv` (carried values from `args`) into
    // slot `slot`; returns the carried values after it.
    auto emitStage0 = [&](OpBuilder &bb, Value iv, ArrayRef<Value> args,
                          Value slot, IRMapping &m) {
      m.map(loop.getInductionVar(), iv);
      for (unsigned j : carried)
        m.map(loop.getRegionIterArgs()[j], args[j]);
      Value pred = bb.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, iv,
                                            m.lookupOrDefault(ub));
      Value bar = useTma ? barSlot(bb, slot) : Value();
      if (useTma)
        bb.create<MBarrierExpectOp>(loc, bar, bb.getI32IntegerAttr(tmaBytes),
                                    pred);
      for (Operation &op : *body) {
        if (!stage0.contains(&op))
          continue;
        auto load = dyn_cast<tile::LoadOp>(op);
        if (load && !loads.contains(load)) {
          // An index load run early: off where its iteration is not.
          Value on = pred;
          if (auto t = dyn_cast<RankedTensorType>(load.getPtr().getType()))
            on = bb.create<tile::SplatOp>(
                loc,
                RankedTensorType::get(t.getShape(), bb.getI1Type(),
                                      t.getEncoding()),
                pred);
          if (Value mask = load.getMask())
            on = bb.create<arith::AndIOp>(loc, m.lookupOrDefault(mask), on);
          auto early = cast<tile::LoadOp>(bb.clone(op, m));
          early.getMaskMutable().assign(on);
          continue;
        }
        if (!load) {
          bb.clone(op, m);
          continue;
        }
        unsigned k =
            llvm::find_if(staged,
                          [&](StagedLoad &s) { return s.load == load; }) -
            staged.begin();
        Value dst = bb.create<MemDescSubviewOp>(loc, staged[k].alloc.getType(),
                                                buffers[k], slot);
        if (maps[k]) {
          SmallVector<Value> coords;
          for (Value c : load.getBlockCoords())
            coords.push_back(m.lookupOrDefault(c));
          bb.create<TmaCopyOp>(loc, maps[k], coords, dst, bar, pred);
          continue;
        }
        Value mask =
            load.getMask() ? m.lookupOrDefault(load.getMask()) : Value();
        auto copy = bb.create<AsyncCopyOp>(
            loc, m.lookupOrDefault(load.getPtr()), dst, mask, pred,
            bb.getI32IntegerAttr(staged[k].vector));
        setMaskPrefixAttr(copy,
                          mask && staged[k].vector > 1 && hasMaskPrefix(load));
      }
      if (useCpAsync)
        bb.create<AsyncCommitGroupOp>(loc);
    };

    SmallVector<Value> args(loop.getInitArgs().begin(),
                            loop.getInitArgs().end());
    // The copies of the first `ahead` iterations; `seed` maps the values of
    // the tile loop's body they read (its next iteration's, for nextTile).
    auto emitPrologue = [&](OpBuilder &pb, const IRMapping &seed) {
      for (int s = 0; s < ahead; ++s) {
        IRMapping m = seed;
        Value iv = pb.create<arith::AddIOp>(
            loc, m.lookupOrDefault(lb),
            pb.create<arith::MulIOp>(loc, m.lookupOrDefault(st), cst(pb, s)));
        emitStage0(pb, iv, args, i32(pb, s), m);
        SmallVector<Value> next = args;
        for (unsigned j : carried)
          next[j] = m.lookupOrDefault(yield.getOperand(j));
        args = next;
      }
    };
    // The prologue of tile loop iteration `tile`, where it exists.
    auto emitTilePrologue = [&](OpBuilder &at, Value tile) {
      scf::ForOp outer = nextTile->outer;
      Value exists = at.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                              tile, outer.getUpperBound());
      auto ifOp = at.create<scf::IfOp>(loc, exists, /*withElseRegion=*/false);
      OpBuilder tb = ifOp.getThenBodyBuilder();
      IRMapping seed;
      nextTile->cloneSlice(tb, tile, seed);
      emitPrologue(tb, seed);
    };
    if (nextTile)
      emitTilePrologue(ab, nextTile->outer.getLowerBound());
    else
      emitPrologue(b, IRMapping());

    SmallVector<Value> inits = args;
    // The accumulators of async wgmmas enter the loop through a (no-op)
    // wgmma_wait: an opaque value, defined once before the loop guard, that
    // LLVM cannot rematerialize as constant moves on the zero-trip path to
    // the wait after the loop. Such moves between the loop and that wait
    // make ptxas serialize every wgmma of the kernel (its C7515).
    for (unsigned j : asyncAcc)
      inits[j] = b.create<WgmmaWaitOp>(loc, inits[j].getType(), inits[j],
                                       b.getI32IntegerAttr(0))
                     .getResult(0);
    inits.push_back(i32(b, 0));
    inits.push_back(i32(b, ahead));
    if (useTma)
      inits.push_back(i32(b, 0)); // the read slot's mbarrier phase
    unsigned curBase =
        inits.size(); // the carried values at the current iteration
    if (carriedUsedAfter)
      for (unsigned j : carried)
        inits.push_back(loop.getInitArgs()[j]);
    auto newLoop = b.create<scf::ForOp>(loc, lb, ub, st, inits);
    for (NamedAttribute a : loop->getAttrs())
      newLoop->setAttr(a.getName(), a.getValue());
    Block *nb = newLoop.getBody();
    OpBuilder bb = OpBuilder::atBlockBegin(nb);
    unsigned n = loop.getNumRegionIterArgs();
    SmallVector<Value> newArgs(newLoop.getRegionIterArgs().begin(),
                               newLoop.getRegionIterArgs().end());
    Value readSlot = newArgs[n], writeSlot = newArgs[n + 1];

    // The barrier at the top of the iteration makes the cp.async copies of
    // every thread visible to all, and keeps the copies issued right after
    // it from overwriting a slot another warp still reads. Where every copy
    // is TMA (the mbarrier wait makes its bytes visible) and the copies run
    // after the dot behind a barrier of their own (several warpgroups,
    // below), neither is left to it.
    bool copiesBehindBarrier =
        !asyncAcc.empty() && !early && tile::getNumWarps(loop, 4) > 4;
    if (useCpAsync)
      bb.create<AsyncWaitOp>(loc, bb.getI32IntegerAttr(ahead - 1));
    if (useCpAsync || !copiesBehindBarrier)
      bb.create<BarrierOp>(loc);
    IRMapping aheadMap;
    auto emitCopies = [&]() {
      Value ivAhead = bb.create<arith::AddIOp>(
          loc, newLoop.getInductionVar(),
          bb.create<arith::MulIOp>(loc, st, cst(bb, ahead)));
      emitStage0(bb, ivAhead, newArgs, writeSlot, aheadMap);
    };
    if (asyncAcc.empty() || early)
      emitCopies();
    if (useTma)
      bb.create<MBarrierWaitOp>(loc, barSlot(bb, readSlot), newArgs[n + 2]);

    IRMapping m1;
    m1.map(loop.getInductionVar(), newLoop.getInductionVar());
    for (unsigned j = 0; j < n; ++j)
      m1.map(loop.getRegionIterArgs()[j], newArgs[j]);
    for (auto [k, s] : llvm::enumerate(staged))
      m1.map(s.alloc.getResult(),
             bb.create<MemDescSubviewOp>(loc, s.alloc.getType(), buffers[k],
                                         readSlot));
    llvm::SmallPtrSet<Operation *, 8> allocs;
    for (StagedLoad &s : staged)
      allocs.insert(s.alloc);
    for (Operation &op : *body) {
      if (stage0.contains(&op) || allocs.contains(&op) || &op == yield)
        continue;
      for (unsigned j : waitAtUse) {
        Value arg = loop.getRegionIterArgs()[j];
        if (!llvm::is_contained(op.getOperands(), arg) ||
            m1.lookup(arg) != newArgs[j])
          continue;
        m1.map(arg, bb.create<WgmmaWaitOp>(loc, arg.getType(), newArgs[j],
                                           bb.getI32IntegerAttr(0))
                        .getResult(0));
      }
      bb.clone(op, m1);
    }
    if (!asyncAcc.empty() && !early) {
      // After the dot: its wgmma.wait_group 1 has retired the previous
      // iteration's group, the last reader of the slot the copies refill;
      // with several warpgroups, a barrier waits for all of them.
      if (copiesBehindBarrier)
        bb.create<BarrierOp>(loc);
      emitCopies();
    }
    SmallVector<Value> results;
    for (unsigned j = 0; j < n; ++j)
      results.push_back(carried.contains(j)
                            ? aheadMap.lookupOrDefault(yield.getOperand(j))
                            : m1.lookupOrDefault(yield.getOperand(j)));
    auto bump = [&](Value slot) -> Value {
      Value next = bb.create<arith::AddIOp>(loc, slot, i32(bb, 1));
      Value wrap = bb.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, next,
                                            i32(bb, slots));
      return bb.create<arith::SelectOp>(loc, wrap, i32(bb, 0), next);
    };
    results.push_back(bump(readSlot));
    results.push_back(bump(writeSlot));
    if (useTma) {
      // The next slot's use count is odd when the read slot wraps.
      Value wrapped = bb.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                               results[n], i32(bb, 0));
      Value flipped = bb.create<arith::XOrIOp>(loc, newArgs[n + 2], i32(bb, 1));
      results.push_back(
          bb.create<arith::SelectOp>(loc, wrapped, flipped, newArgs[n + 2]));
    }
    if (carriedUsedAfter) {
      IRMapping mc;
      mc.map(loop.getInductionVar(), newLoop.getInductionVar());
      for (auto [k, j] : llvm::enumerate(carried))
        mc.map(loop.getRegionIterArgs()[j], newArgs[curBase + k]);
      for (Operation *op : update)
        bb.clone(*op, mc);
      for (unsigned j : carried)
        results.push_back(mc.lookupOrDefault(yield.getOperand(j)));
    }
    bb.create<scf::YieldOp>(loc, results);

    b.setInsertionPointAfter(newLoop);
    SmallVector<Value> finals(newLoop.getResults().take_front(n));
    if (carriedUsedAfter)
      for (auto [k, j] : llvm::enumerate(carried))
        finals[j] = newLoop.getResult(curBase + k);
    if (!asyncAcc.empty()) {
      SmallVector<Value> vals;
      for (unsigned j : asyncAcc)
        vals.push_back(finals[j]);
      auto wait = b.create<WgmmaWaitOp>(loc, ValueRange(vals).getTypes(), vals,
                                        b.getI32IntegerAttr(0));
      for (auto [k, j] : llvm::enumerate(asyncAcc))
        finals[j] = wait.getResult(k);
    }
    if (useCpAsync)
      b.create<AsyncWaitOp>(loc, b.getI32IntegerAttr(0));
    b.create<BarrierOp>(loc);
    if (nextTile) {
      scf::ForOp outer = nextTile->outer;
      emitTilePrologue(b, b.create<arith::AddIOp>(loc, outer.getInductionVar(),
                                                  outer.getStep()));
    }
    // Every thread is done with the mbarriers (the copies of iterations past
    // the end were never issued).
    if (useTma)
      for (int s = 0; s < slots; ++s)
        b.create<MBarrierInvalOp>(loc, barSlot(b, i32(b, s)));
    for (unsigned j = 0; j < n; ++j)
      loop.getResult(j).replaceAllUsesWith(finals[j]);
    loop.erase();
    return true;
  }
};

} // namespace
