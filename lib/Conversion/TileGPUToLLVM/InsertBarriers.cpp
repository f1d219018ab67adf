//===- InsertBarriers.cpp - Barriers between overlapping shared accesses --===//
//
// Runs after tilegpu-allocate-shared. A shared-memory user (an op with
// scratch, getScratchBytes) writes its range [offset, offset + bytes), has
// a barrier of its own, then reads the range (see the BARRIER CONVENTION in
// TileGPUToLLVM.h). Its writes race with any access of an overlapping range
// by another op since the last barrier, so the pass tracks the set of
// ranges that may have been accessed since the last barrier (the "pending"
// set) and puts a `tilegpu.barrier` right before a user whose range
// overlaps it:
//  - a user: barrier first if it overlaps; after it only its own range is
//    pending (its own barrier fenced everything before its reads); a
//    warp-local move (isWarpLocalMove: a bar.warp.sync of its own) adds its
//    range to what is pending;
//  - tilegpu.barrier: nothing is pending;
//  - scf.if: the join (union) of the branches (a missing else passes the
//    state through);
//  - scf.for / scf.while: the body's entry state is the union of the state
//    before the loop and the state at the end of the body (iteration i's
//    reads meet iteration i+1's writes), iterated to a fixed point (at most
//    kMaxIterations, then "everything"); barriers are then inserted with
//    that entry state; after the loop: the union of the state before it
//    (zero trips) and the end of the body (scf.while: the end of `before`);
//  - a call whose callee may use shared memory: barrier first if anything
//    is pending, and everything is pending after it (the callee starts with
//    nothing pending, as a kernel does);
//  - any other op with regions that contain users: each region starts with
//    everything pending (so its first user gets a barrier) and everything
//    is pending after it.
// Explicit buffers (tilegpu.local_alloc, see EXPLICIT BUFFERS in
// TileGPUToLLVM.h) are accessed without a barrier of their own, so the
// pending set keeps reads and writes apart: local_store and local_alloc
// with an initial value write the buffer's range and get a barrier first if
// it overlaps any pending read or write (WAR, WAW); local_load reads it and
// gets one if it overlaps a pending write (RAW); a barrier inserted there
// clears the set, then the access is added to it. tma_store reads its
// buffer (the storing thread waits until the copy has read it); mbarrier_inval
// writes its mbarrier (thread 0, while the other threads go on to ops that may
// reuse those bytes). A tile.dot whose operand
// is a local_load reads that buffer again at the dot (wgmma and deferred
// ldmatrix read there), so a later write to it waits for every warp's dot.
// Scratch users count as reads after them (they end with reads). A buffer not
// defined by a local_alloc (a block argument) counts as all of shared memory; a
// slot (memdesc_subview) as its whole buffer. The cp.async copies of the
// software pipeliner (tilegpu.async_copy) are not tracked: tilegpu-pipeline
// places their barriers itself (see Pipeline.cpp).
// Ops without an offset count as offset 0. Barriers are only ever inserted
// right before a user, in the user's block, so they run under the same
// (uniform) control flow as the user's own barrier. Finally the module is
// marked `tilegpu.barriers_inserted`: the lowerings then no longer start
// every user with a barrier.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <limits>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUINSERTBARRIERS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr unsigned kMaxIterations = 32;

/// A set of shared-memory ranges [lo, hi); sorted, disjoint and not
/// touching (so == is set equality).
struct RangeSet {
  bool all = false;
  SmallVector<std::pair<uint64_t, uint64_t>> ranges;

  bool empty() const { return !all && ranges.empty(); }
  void clear() {
    all = false;
    ranges.clear();
  }
  bool overlaps(uint64_t lo, uint64_t hi) const {
    if (all)
      return true;
    for (auto [a, b] : ranges)
      if (a < hi && lo < b)
        return true;
    return false;
  }
  void add(uint64_t lo, uint64_t hi) {
    if (all || lo >= hi)
      return;
    ranges.push_back({lo, hi});
    normalize();
  }
  void join(const RangeSet &o) {
    if (o.all)
      all = true;
    if (all) {
      ranges.clear();
      return;
    }
    ranges.append(o.ranges.begin(), o.ranges.end());
    normalize();
  }
  void normalize() {
    llvm::sort(ranges);
    SmallVector<std::pair<uint64_t, uint64_t>> merged;
    for (auto r : ranges) {
      if (!merged.empty() && r.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, r.second);
      else
        merged.push_back(r);
    }
    ranges = std::move(merged);
  }
  bool operator==(const RangeSet &o) const {
    return all == o.all && ranges == o.ranges;
  }
};

/// The ranges that may have been read, and written, since the last barrier.
struct Pending {
  RangeSet reads, writes;

  static Pending everything() {
    Pending p;
    p.reads.all = p.writes.all = true;
    return p;
  }
  bool empty() const { return reads.empty() && writes.empty(); }
  void clear() {
    reads.clear();
    writes.clear();
  }
  /// Whether a write of [lo, hi) may race with a pending access.
  bool conflictsWithWrite(uint64_t lo, uint64_t hi) const {
    return reads.overlaps(lo, hi) || writes.overlaps(lo, hi);
  }
  /// Whether a read of [lo, hi) may race with a pending write.
  bool conflictsWithRead(uint64_t lo, uint64_t hi) const {
    return writes.overlaps(lo, hi);
  }
  void join(const Pending &o) {
    reads.join(o.reads);
    writes.join(o.writes);
  }
  bool operator==(const Pending &o) const {
    return reads == o.reads && writes == o.writes;
  }
};

/// What an op does to shared memory: a scratch user writes its range, has
/// its own barrier, then reads it; an explicit-buffer access only reads or
/// only writes (no barrier of its own).
enum class AccessKind { Scratch, WarpScratch, Read, Write };
struct Access {
  AccessKind kind;
  uint64_t lo, hi;
};

struct BarrierInserter {
  DenseMap<Operation *, bool> mayUseShared;   // ops with regions, callees
  DenseMap<Operation *, bool> warpLocalMoves; // scratch users: isWarpLocalMove

  /// The range of the buffer `m` (a !tilegpu.memdesc): its local_alloc's
  /// range, or everything if it does not come from one.
  static std::pair<uint64_t, uint64_t> bufferRange(Value m) {
    if (Operation *def = m.getDefiningOp(); def && isBufferView(def))
      return bufferRange(def->getOperand(0)); // a slot or a transpose: the
                                              // whole buffer
    auto alloc = m.getDefiningOp<LocalAllocOp>();
    if (!alloc)
      return {0, std::numeric_limits<uint64_t>::max()};
    uint64_t off = 0;
    if (auto a = alloc->getAttrOfType<IntegerAttr>(kSharedOffsetAttr))
      off = a.getInt();
    return {off, off + getBufferBytes(alloc.getType())};
  }

  /// The op's shared-memory access, or nullopt if it has none.
  std::optional<Access> accessOf(Operation *op) {
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      if (!alloc.getInit())
        return std::nullopt;
      auto [lo, hi] = bufferRange(alloc.getResult());
      return Access{AccessKind::Write, lo, hi};
    }
    if (auto st = dyn_cast<LocalStoreOp>(op)) {
      auto [lo, hi] = bufferRange(st.getDst());
      return Access{AccessKind::Write, lo, hi};
    }
    if (auto ld = dyn_cast<LocalLoadOp>(op)) {
      auto [lo, hi] = bufferRange(ld.getSrc());
      return Access{AccessKind::Read, lo, hi};
    }
    if (auto store = dyn_cast<TmaStoreOp>(op)) {
      // Read by the async proxy until the storing thread's wait_group.read.
      auto [lo, hi] = bufferRange(store.getSrc());
      return Access{AccessKind::Read, lo, hi};
    }
    if (auto inval = dyn_cast<MBarrierInvalOp>(op)) {
      // Thread 0 writes the mbarrier's 8 bytes, which later ops may reuse.
      auto [lo, hi] = bufferRange(inval.getBar());
      return Access{AccessKind::Write, lo, hi};
    }
    uint64_t bytes = getScratchBytes(op);
    if (!bytes)
      return std::nullopt;
    uint64_t off = 0;
    if (auto a = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr))
      off = a.getInt();
    // (Evaluated on the host per thread: once an op, as loops are walked
    // to a fixed point.)
    auto [it, fresh] = warpLocalMoves.try_emplace(op, false);
    if (fresh)
      it->second = isWarpLocalMove(op);
    return Access{it->second ? AccessKind::WarpScratch : AccessKind::Scratch,
                  off, off + bytes};
  }

  Operation *callee(CallOpInterface call) { return call.resolveCallable(); }

  /// Whether anything nested in `op` (or a function it calls) may access
  /// shared memory or be a barrier.
  bool touchesShared(Operation *op) {
    auto it = mayUseShared.find(op);
    if (it != mayUseShared.end())
      return it->second;
    mayUseShared[op] = true; // recursion: assume yes
    bool r = false;
    op->walk([&](Operation *o) {
      if (o == op)
        return WalkResult::advance();
      if (accessOf(o) || isa<BarrierOp, tile::BarrierOp>(o)) {
        r = true;
        return WalkResult::interrupt();
      }
      if (auto call = dyn_cast<CallOpInterface>(o)) {
        Operation *c = callee(call);
        if (!c || touchesShared(c)) {
          r = true;
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    mayUseShared[op] = r;
    return r;
  }

  void barrierBefore(Operation *op, bool insert) {
    if (!insert)
      return;
    OpBuilder b(op);
    b.create<BarrierOp>(op->getLoc());
  }

  Pending walkBlock(Block &block, Pending state, bool insert) {
    for (Operation &op : block)
      state = walkOp(&op, std::move(state), insert);
    return state;
  }

  Pending walkRegion(Region &region, Pending state, bool insert) {
    if (region.empty())
      return state;
    if (!region.hasOneBlock()) {
      // Unstructured control flow (not produced today): assume the worst.
      for (Block &blk : region)
        walkBlock(blk, Pending::everything(), insert);
      return Pending::everything();
    }
    return walkBlock(region.front(), std::move(state), insert);
  }

  Pending walkOp(Operation *op, Pending state, bool insert) {
    if (isa<BarrierOp, tile::BarrierOp>(op)) {
      state.clear();
      return state;
    }
    // A tensor-core dot reads its operands' buffers itself (wgmma; a
    // deferred ldmatrix): reads at the dot, after their local_loads. (A
    // warpgroup past its own wgmma.wait_group may otherwise overwrite a
    // buffer another warpgroup's wgmma still reads.)
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      for (Value v : {dot.getA(), dot.getB()}) {
        auto ld = v.getDefiningOp<LocalLoadOp>();
        if (!ld)
          continue;
        auto [lo, hi] = bufferRange(ld.getSrc());
        if (state.conflictsWithRead(lo, hi)) {
          barrierBefore(op, insert);
          state.clear();
        }
        state.reads.add(lo, hi);
      }
    }
    if (auto a = accessOf(op)) {
      switch (a->kind) {
      case AccessKind::Scratch:
        if (state.conflictsWithWrite(a->lo, a->hi))
          barrierBefore(op, insert);
        // Its own barrier fences everything before its reads.
        state.clear();
        state.reads.add(a->lo, a->hi);
        break;
      case AccessKind::WarpScratch:
        // Its bar.warp.sync orders only its own warp's accesses.
        if (state.conflictsWithWrite(a->lo, a->hi)) {
          barrierBefore(op, insert);
          state.clear();
        }
        state.writes.add(a->lo, a->hi);
        state.reads.add(a->lo, a->hi);
        break;
      case AccessKind::Write:
        if (state.conflictsWithWrite(a->lo, a->hi)) {
          barrierBefore(op, insert);
          state.clear();
        }
        state.writes.add(a->lo, a->hi);
        break;
      case AccessKind::Read:
        if (state.conflictsWithRead(a->lo, a->hi)) {
          barrierBefore(op, insert);
          state.clear();
        }
        state.reads.add(a->lo, a->hi);
        break;
      }
      return state;
    }
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      Operation *c = callee(call);
      if (c && !touchesShared(c))
        return state;
      if (!state.empty())
        barrierBefore(op, insert);
      return Pending::everything();
    }
    if (op->getNumRegions() == 0 || !touchesShared(op))
      return state;

    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      Pending t = walkRegion(ifOp.getThenRegion(), state, insert);
      Pending e = walkRegion(ifOp.getElseRegion(), state, insert);
      t.join(e);
      return t;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      Region &body = forOp.getRegion();
      Pending entry = state;
      bool converged = false;
      for (unsigned i = 0; i < kMaxIterations && !converged; ++i) {
        Pending next = state;
        next.join(walkRegion(body, entry, /*insert=*/false));
        converged = next == entry;
        entry = std::move(next);
      }
      if (!converged)
        entry = Pending::everything();
      Pending out = walkRegion(body, entry, insert);
      out.join(state);
      return out;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      Region &before = whileOp.getBefore(), &after = whileOp.getAfter();
      Pending entry = state;
      bool converged = false;
      for (unsigned i = 0; i < kMaxIterations && !converged; ++i) {
        Pending b = walkRegion(before, entry, /*insert=*/false);
        Pending next = state;
        next.join(walkRegion(after, b, /*insert=*/false));
        converged = next == entry;
        entry = std::move(next);
      }
      if (!converged)
        entry = Pending::everything();
      Pending b = walkRegion(before, entry, insert);
      walkRegion(after, b, insert);
      return b;
    }
    // Anything else with regions that use shared memory: no assumption on
    // how often or in which order its regions run.
    for (Region &r : op->getRegions())
      for (Block &blk : r)
        walkBlock(blk, Pending::everything(), insert);
    return Pending::everything();
  }
};

struct InsertBarriersPass
    : tilegpu::impl::TileGPUInsertBarriersBase<InsertBarriersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    BarrierInserter inserter;
    for (Operation &op : module.getBody()->getOperations()) {
      auto fn = dyn_cast<FunctionOpInterface>(&op);
      if (!fn || fn.isExternal())
        continue;
      // A function starts with nothing pending: a kernel because nothing
      // ran before it, a callee because calls are preceded by a barrier
      // when anything is pending.
      // (Blocks other than the entry, from unstructured control flow, which
      // is not produced today, start with everything pending.)
      for (Block &blk : fn.getFunctionBody())
        inserter.walkBlock(
            blk, blk.isEntryBlock() ? Pending() : Pending::everything(),
            /*insert=*/true);
    }
    module->setAttr(kBarriersInsertedAttr, UnitAttr::get(module.getContext()));
  }
};

} // namespace
