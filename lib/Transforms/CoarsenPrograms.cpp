//===- CoarsenPrograms.cpp - Several programs per CTA ---------------------===//
//
// A memory-bound kernel whose program loads little (GeLU's 1024 bf16
// elements over 128 threads: one 16-byte load per thread) cannot keep enough
// bytes in flight: an SM holds at most 2048 threads, so 32 KB, and each CTA
// waits for its one load before it stores and exits. Running several programs
// in one CTA, their loads issued together, multiplies what each thread has in
// flight without changing what any program computes.
//
// The function body is cloned `factor` times in lockstep (op by op, program 0
// to factor - 1), with program_id 0 replaced by ctaid * factor + i. Programs
// past the grid (the last CTA, when factor does not divide G) run as program
// G - 1 with their stores masked off. G reaches the kernel as a new last
// parameter; the launcher (rt::Kernel::launch, or whoever reads
// programs_per_cta in the metadata) starts ceil(G / factor) CTAs.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECOARSENPROGRAMS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

constexpr unsigned kMaxFactor = 8;

/// The most reductions a program may do and still be coarsened: beyond
/// them its time goes to its reductions' shuffle and barrier chains, which
/// a second program in the same threads only lengthens while doubling its
/// registers. Measured on an H100 (2026-12-06, examples/topk_gating.py over
/// 64 experts, 16 bytes loaded a thread): 7 reductions (top-2) 756 -> 726
/// GB/s at 1 -> 2 programs, 19 (top-8) 440 -> 431; softmax's 2 gained
/// (above).
constexpr unsigned kMaxCoarsenedReductions = 4;

/// Bytes of one value of `t` (a scalar or a tensor of scalars; pointers 8).
uint64_t bytesOf(Type t) {
  uint64_t n = 1;
  if (auto rt = dyn_cast<RankedTensorType>(t)) {
    n = rt.getNumElements();
    t = rt.getElementType();
  }
  unsigned bits = t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 64;
  return n * std::max(1u, bits / 8);
}

/// Kernels whose programs must not share a CTA's threads: an atomic or a
/// barrier would be done by programs past the grid too (only their stores
/// are masked), and a program that waits for another one (a `while` loop
/// polling memory, a lock) would wait for a program that runs after it in
/// the same threads. Never coarsened, whatever the factor asked.
bool mustStayAlone(func::FuncOp fn) {
  return fn
      .walk([](Operation *op) {
        return isa<scf::WhileOp, AtomicRMWOp, AtomicCASOp, BarrierOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The factor that `factor = 0` picks for `fn` (see Passes.td). Measured on
/// the H200 (docs/benchmarks.md): a program whose threads load under 32 bytes
/// each leaves DRAM idle; streaming kernels (no reduction) kept gaining up to
/// 8 programs (GeLU bf16: 16 bytes a thread, 3.48 -> 3.80 -> 3.94 -> 4.00
/// TB/s at 1, 2, 4, 8), while with reductions every program adds its own
/// cross-warp exchange and barriers, and 2 was best (softmax bf16 4096 x
/// 4096: 2.59 -> 2.89 TB/s, 2.66 at 4). Kernels that already load 32 bytes a
/// thread lost a few percent to any coarsening (GeLU fp32 4.22 -> 4.12).
unsigned chooseFactor(func::FuncOp fn, unsigned numWarps, unsigned targetBytes,
                      unsigned streamTargetBytes) {
  bool usesPid = false, blocked = false;
  unsigned reductions = 0;
  uint64_t loadBytes = 0;
  fn.walk([&](Operation *op) {
    if (isa<DotOp>(op))
      blocked = true;
    reductions += isa<ReduceOp>(op);
    if (auto p = dyn_cast<ProgramIdOp>(op))
      usesPid |= p.getAxis() == 0;
    if (auto l = dyn_cast<LoadOp>(op))
      loadBytes += bytesOf(l.getType());
  });
  if (blocked || !usesPid || loadBytes == 0 ||
      reductions > kMaxCoarsenedReductions)
    return 1;
  bool reduces = reductions > 0;
  uint64_t threads = uint64_t(numWarps) * 32;
  uint64_t perThread = std::max<uint64_t>(1, loadBytes / threads);
  if (perThread >= targetBytes)
    return 1;
  unsigned most = reduces ? 2 : kMaxFactor;
  uint64_t want = reduces ? targetBytes : streamTargetBytes;
  unsigned f = 1;
  while (f < most && perThread * f < want)
    f *= 2;
  return f;
}

/// Lockstep cloning of a block for `maps.size()` programs.
class Coarsener {
public:
  Coarsener(OpBuilder &b, MutableArrayRef<IRMapping> maps, ArrayRef<Value> pids,
            ArrayRef<Value> valid, Value numPrograms)
      : b(b), maps(maps), pids(pids), valid(valid), numPrograms(numPrograms) {}

  /// Clones every op of `src` but its terminator at b's insertion point.
  void cloneBody(Block &src) {
    for (Operation &op : src.without_terminator())
      cloneOp(op);
  }

private:
  unsigned count() const { return maps.size(); }

  bool sameForAll(ValueRange vs) const {
    for (Value v : vs) {
      Value v0 = maps[0].lookupOrDefault(v);
      for (unsigned i = 1; i < count(); ++i)
        if (maps[i].lookupOrDefault(v) != v0)
          return false;
    }
    return true;
  }

  SmallVector<Value> forAll(ValueRange vs) const {
    SmallVector<Value> out;
    for (unsigned i = 0; i < count(); ++i)
      for (Value v : vs)
        out.push_back(maps[i].lookupOrDefault(v));
    return out;
  }

  void mapResults(Operation *old, ValueRange fused) {
    unsigned n = old->getNumResults();
    for (unsigned i = 0; i < count(); ++i)
      for (unsigned j = 0; j < n; ++j)
        maps[i].map(old->getResult(j), fused[i * n + j]);
  }

  /// ANDs the mask of every store in `op` (itself included) with `ok`.
  void maskStores(Operation *op, Value ok) {
    op->walk([&](StoreOp s) {
      OpBuilder mb(s);
      Value m = ok;
      if (auto tt = dyn_cast<RankedTensorType>(s.getPtr().getType()))
        m = mb.create<SplatOp>(
            s.getLoc(), RankedTensorType::get(tt.getShape(), mb.getI1Type()),
            ok);
      if (Value old = s.getMask())
        m = mb.create<arith::AndIOp>(s.getLoc(), old, m);
      s.getMaskMutable().assign(m);
    });
  }

  void cloneOp(Operation &op) {
    if (auto p = dyn_cast<ProgramIdOp>(op); p && p.getAxis() == 0) {
      for (unsigned i = 0; i < count(); ++i)
        maps[i].map(p.getResult(), pids[i]);
      return;
    }
    if (auto n = dyn_cast<NumProgramsOp>(op); n && n.getAxis() == 0) {
      for (unsigned i = 0; i < count(); ++i)
        maps[i].map(n.getResult(), numPrograms);
      return;
    }
    if (auto f = dyn_cast<scf::ForOp>(op);
        f && sameForAll({f.getLowerBound(), f.getUpperBound(), f.getStep()}))
      return fuseFor(f);
    if (auto i = dyn_cast<scf::IfOp>(op); i && sameForAll(i.getCondition()))
      return fuseIf(i);
    // What every program computes alike (constants, ranges, splats of
    // arguments) is built once, so that bounds derived from it stay shared.
    if (op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
        sameForAll(op.getOperands())) {
      Operation *c = b.clone(op, maps[0]);
      for (unsigned i = 1; i < count(); ++i)
        for (auto [o, n] : llvm::zip(op.getResults(), c->getResults()))
          maps[i].map(o, n);
      return;
    }
    for (unsigned i = 0; i < count(); ++i) {
      Operation *c = b.clone(op, maps[i]);
      if (valid[i])
        maskStores(c, valid[i]);
    }
  }

  void fuseFor(scf::ForOp old) {
    Location loc = old.getLoc();
    auto fused = b.create<scf::ForOp>(
        loc, maps[0].lookupOrDefault(old.getLowerBound()),
        maps[0].lookupOrDefault(old.getUpperBound()),
        maps[0].lookupOrDefault(old.getStep()), forAll(old.getInitArgs()));
    fused->setDiscardableAttrs(old->getDiscardableAttrDictionary());
    Block *body = fused.getBody();
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      body->back().erase();
    unsigned n = old.getNumRegionIterArgs();
    for (unsigned i = 0; i < count(); ++i) {
      maps[i].map(old.getInductionVar(), fused.getInductionVar());
      for (unsigned j = 0; j < n; ++j)
        maps[i].map(old.getRegionIterArgs()[j],
                    fused.getRegionIterArgs()[i * n + j]);
    }
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToEnd(body);
      cloneBody(*old.getBody());
      b.create<scf::YieldOp>(
          loc, forAll(old.getBody()->getTerminator()->getOperands()));
    }
    mapResults(old, fused.getResults());
  }

  void fuseIf(scf::IfOp old) {
    Location loc = old.getLoc();
    SmallVector<Type> types;
    for (unsigned i = 0; i < count(); ++i)
      llvm::append_range(types, old.getResultTypes());
    bool hasElse = !old.getElseRegion().empty();
    auto fused = b.create<scf::IfOp>(
        loc, types, maps[0].lookupOrDefault(old.getCondition()), hasElse);
    fused->setDiscardableAttrs(old->getDiscardableAttrDictionary());
    auto fill = [&](Region &from, Region &to) {
      Block *blk = &to.front();
      if (!blk->empty() && blk->back().hasTrait<OpTrait::IsTerminator>())
        blk->back().erase();
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToEnd(blk);
      cloneBody(from.front());
      b.create<scf::YieldOp>(
          loc, forAll(from.front().getTerminator()->getOperands()));
    };
    fill(old.getThenRegion(), fused.getThenRegion());
    if (hasElse)
      fill(old.getElseRegion(), fused.getElseRegion());
    mapResults(old, fused.getResults());
  }

  OpBuilder &b;
  MutableArrayRef<IRMapping> maps;
  ArrayRef<Value> pids, valid;
  Value numPrograms;
};

/// Rewrites `fn` to run `factor` programs per CTA (see the file header).
LogicalResult coarsen(func::FuncOp fn, unsigned factor) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitError("tile-coarsen-programs: the kernel body must be one "
                        "block (structured control flow)");
  Block &src = fn.getBody().front();
  // Program ids used inside regions are moved to the top first, so that the
  // lockstep cloner sees (and replaces) every one of them.
  SmallVector<Operation *> grid;
  fn.walk([&](Operation *op) {
    if (isa<ProgramIdOp, NumProgramsOp>(op))
      grid.push_back(op);
  });
  for (Operation *op : llvm::reverse(grid))
    op->moveBefore(&src, src.begin());

  Location loc = fn.getLoc();
  unsigned numArgs = fn.getNumArguments();
  OpBuilder b(fn.getContext());
  fn.insertArgument(numArgs, b.getI32Type(), b.getDictionaryAttr({}), loc);

  Block *dst = new Block();
  fn.getBody().push_front(dst);
  SmallVector<IRMapping> maps(factor);
  for (BlockArgument a : src.getArguments()) {
    Value n = dst->addArgument(a.getType(), a.getLoc());
    for (IRMapping &m : maps)
      m.map(a, n);
  }
  b.setInsertionPointToStart(dst);
  Value numPrograms = dst->getArgument(numArgs);
  Value cta = b.create<ProgramIdOp>(loc, int32_t(0));
  Value base = b.create<arith::MulIOp>(
      loc, cta, b.create<arith::ConstantIntOp>(loc, factor, 32));
  Value last = b.create<arith::SubIOp>(
      loc, numPrograms, b.create<arith::ConstantIntOp>(loc, 1, 32));
  SmallVector<Value> pids{base}, valid{Value()};
  for (unsigned i = 1; i < factor; ++i) {
    Value raw = b.create<arith::AddIOp>(
        loc, base, b.create<arith::ConstantIntOp>(loc, i, 32));
    valid.push_back(b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, raw,
                                            numPrograms));
    pids.push_back(b.create<arith::MinSIOp>(loc, raw, last));
  }
  Coarsener(b, maps, pids, valid, numPrograms).cloneBody(src);
  b.clone(*src.getTerminator(), maps[0]);
  src.erase();
  return success();
}

struct TileCoarsenProgramsPass
    : mlir::tile::impl::TileCoarsenProgramsBase<TileCoarsenProgramsPass> {
  using TileCoarsenProgramsBase::TileCoarsenProgramsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (factor < 0 || factor > int(kMaxFactor)) {
      module.emitError() << "tile-coarsen-programs: factor must be from 0 to "
                         << kMaxFactor << ", got " << int(factor);
      return signalPassFailure();
    }
    unsigned warps = unsigned(tile::getNumWarps(module, 4));
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (!fn->hasAttr("tile.kernel") || fn.isExternal())
        continue;
      unsigned f = mustStayAlone(fn) ? 1
                   : factor          ? unsigned(factor)
                            : chooseFactor(fn, warps, unsigned(targetBytes),
                                           unsigned(streamTargetBytes));
      if (f <= 1)
        continue;
      if (failed(coarsen(fn, f)))
        return signalPassFailure();
      module->setAttr("tile.programs_per_cta",
                      IntegerAttr::get(IntegerType::get(&getContext(), 32), f));
    }
  }
};

} // namespace
