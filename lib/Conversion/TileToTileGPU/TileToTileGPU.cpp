//===- TileToTileGPU.cpp - Assign layouts to tile IR ----------------------===//
//
// Gives every tile a place on the CTA. Tiles of one rank share the default
// blocked layout of that rank (getDefaultBlockedLayout), so elementwise ops,
// splats and broadcasts need no data movement; a reduction's result is the
// slice of its operand's layout along the reduced axis; an expand_dims
// operand must be the slice of its result's layout; a tile.split's results
// are registers of its operand (getSplitResultLayout). Where an operand's
// layout differs from the one its user needs, a tilegpu.convert_layout is
// inserted. The walk rewrites types in place: ops keep their identity. Dots the
// tensor cores can compute get mma layouts (see the pass description in
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "AccumulatorLayouts.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_CONVERTTILETOTILEGPU
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct ConvertTileToTileGPUPass
    : mlir::tilegpu::impl::ConvertTileToTileGPUBase<ConvertTileToTileGPUPass> {
  using ConvertTileToTileGPUBase::ConvertTileToTileGPUBase;

  unsigned warps = 4;

  Attribute defaultLayout(unsigned rank) {
    return getDefaultBlockedLayout(&getContext(), rank, warps);
  }

  /// `t` with the default layout of its rank (scalars unchanged).
  Type withDefault(Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt)
      return t;
    return withLayout(rt, defaultLayout(rt.getRank()));
  }

  /// Along which dimension a dot's operands are loaded 16 bytes at a time,
  /// decided before the pass changes the IR.
  struct OperandMajors {
    bool aK = false; // A along K (dimension 1): as usual
    bool aM = false; // A only along M (given transposed)
    bool bK = false; // B along K (dimension 0: given transposed)
    bool bN = false; // B along N (dimension 1): as usual
    /// Loaded along K in runs of at least 16 bytes, but not 16 bytes at a
    /// time (rows of an unaligned stride: cp.async copies of one element).
    bool aKRuns = false, bKRuns = false, bNRuns = false;
    /// Computed in registers, not loaded (through a transpose): staged by a
    /// local_alloc, which writes any order as fast, so K-major costs
    /// nothing more than the other.
    bool aComputed = false, bComputed = false;
  };
  DenseMap<Operation *, OperandMajors> majors;
  /// The values that stay in a dot's accumulator layout or a slice of it
  /// (findAccumulatorLayouts), decided before the pass changes the IR.
  DenseMap<Value, Attribute> accLayouts;

  /// `v`'s type in the layout the accumulator analysis gave it, or null.
  Type accumulatorType(Value v) {
    Attribute l = accLayouts.lookup(v);
    return l ? withLayout(v.getType(), l) : Type();
  }

  /// `v`'s tile.load and its element bits (8 or more), if it is one.
  static std::optional<std::pair<tile::LoadOp, unsigned>> loadOf(Value v) {
    auto load = v.getDefiningOp<tile::LoadOp>();
    if (!load)
      return std::nullopt;
    Type elt = cast<RankedTensorType>(load.getType()).getElementType();
    if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8)
      return std::nullopt;
    return std::make_pair(load, elt.getIntOrFloatBitWidth());
  }

  /// The tile whose dimension `dim` is `v`'s: `v` itself, or the operand of
  /// a 2-D tile.trans (staged as that operand, stageDotOperands).
  static std::pair<Value, unsigned> throughTrans(Value v, unsigned dim) {
    if (auto tr = v.getDefiningOp<tile::TransOp>())
      if (cast<RankedTensorType>(v.getType()).getRank() == 2)
        return {tr.getSrc(), 1 - dim};
    return {v, dim};
  }

  /// Is `v` a tile.load (or its transpose) that can be read 16 bytes at a
  /// time along dimension `dim`?
  static bool contiguousLoad(const AxisInfoAnalysis &axis, Value v,
                             unsigned dim) {
    std::tie(v, dim) = throughTrans(v, dim);
    auto l = loadOf(v);
    return l && axis.getVectorWidth(l->first.getPtr(), l->first.getMask(), dim,
                                    /*prefixMask=*/true) *
                        l->second ==
                    128;
  }

  /// The loads of the full-shape tiles that the single-use elementwise ops
  /// computing `v` start from (through casts and arith / math ops;
  /// broadcasts of smaller tiles, splats and constants left out), or
  /// nothing when `v` is not computed that way from loads alone (the
  /// chains that tilegpu-load-layouts' SinkIntoStaging moves).
  static SmallVector<Value> chainLoads(Value v) {
    SmallVector<Value> loads, work{v};
    llvm::SmallPtrSet<Operation *, 16> seen;
    auto shape = cast<RankedTensorType>(v.getType()).getShape();
    while (!work.empty()) {
      Value x = work.pop_back_val();
      Operation *op = x.getDefiningOp();
      if (!op || !seen.insert(op).second)
        continue;
      if (loadOf(x)) {
        loads.push_back(x);
        continue;
      }
      if (isa<tile::BroadcastOp, tile::SplatOp, arith::ConstantOp>(op))
        continue;
      bool elementwise =
          op->getNumResults() == 1 && op->getNumRegions() == 0 &&
          isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
          OpTrait::hasElementwiseMappableTraits(op);
      if (!elementwise || !x.hasOneUse() || seen.size() > 32)
        return {};
      for (Value o : op->getOperands()) {
        auto t = dyn_cast<RankedTensorType>(o.getType());
        if (t && t.getShape() == shape)
          work.push_back(o);
      }
    }
    return loads;
  }

  /// Is `v` computed by elementwise ops from loads some of which can be
  /// read 16 bytes at a time along dimension `dim` and none along the
  /// other (fla's chunk_h: `k * exp2(gk_last[:, None] - gk)`, k and gk
  /// read down their columns)?
  static bool contiguousChain(const AxisInfoAnalysis &axis, Value v,
                              unsigned dim) {
    // The widths tilegpu-load-layouts gives a load that is not staged
    // (no prefix masks), which decide its order.
    auto vector = [&](Value l, unsigned d) {
      auto load = l.getDefiningOp<tile::LoadOp>();
      return axis.getVectorWidth(load.getPtr(), load.getMask(), d,
                                 /*prefixMask=*/false) *
             getElementTypeOrSelf(l.getType()).getIntOrFloatBitWidth();
    };
    bool along = false;
    for (Value l : chainLoads(v)) {
      if (vector(l, 1 - dim) >= vector(l, dim))
        return false;
      along |= vector(l, dim) == 128;
    }
    return along;
  }

  /// Is `v` a tile.load (or its transpose) whose addresses run on for at
  /// least 16 bytes along dimension `dim` (whatever their alignment)?
  static bool contiguousRuns(const AxisInfoAnalysis &axis, Value v,
                             unsigned dim) {
    std::tie(v, dim) = throughTrans(v, dim);
    auto l = loadOf(v);
    return l &&
           axis.getInfo(l->first.getPtr()).getContiguity(dim) * l->second >=
               128;
  }

  /// Is `dot`'s result (through the ops computed from it) an operand of
  /// another dot?
  static bool feedsAnotherDot(tile::DotOp dot) {
    SetVector<Operation *> slice;
    getForwardSlice(dot.getResult(), &slice);
    return llvm::any_of(slice,
                        [](Operation *op) { return isa<tile::DotOp>(op); });
  }

  /// The mma layout of `dot` if the tensor cores can compute it (see the
  /// pass description), else null.
  MmaAttr mmaLayoutFor(tile::DotOp dot) {
    if (computeCapability < 80)
      return {};
    auto aT = cast<RankedTensorType>(dot.getA().getType());
    auto bT = cast<RankedTensorType>(dot.getB().getType());
    auto cT = cast<RankedTensorType>(dot.getAcc().getType());
    if (aT.getRank() != 2 || bT.getRank() != 2 || cT.getRank() != 2)
      return {};
    Type a = aT.getElementType(), b = bT.getElementType();
    if (a != b || !cT.getElementType().isF32())
      return {};
    int64_t kBlock;
    if (a.isF16() || a.isBF16())
      kBlock = 16;
    else if (a.isF32() && dot.getInputPrecision() == tile::InputPrecision::tf32)
      kBlock = 8;
    else
      return {};
    int64_t M = aT.getDimSize(0), K = aT.getDimSize(1), N = bT.getDimSize(1);
    if (M % 16 || N % 8 || K % kBlock)
      return {};
    // Hopper: whole warpgroups along M, one wgmma m64nNk16 (k8 for tf32)
    // per 64 rows. tf32 reads both operands K-major: B is staged in a
    // transposed buffer (stageDotOperands; 128-byte swizzle rows need
    // K % 32 == 0), which only 16-byte copies fill fast: B must be loaded
    // from memory where K is contiguous (given transposed, e.g. x @ W.T),
    // A where K is. (B row-major through 4-byte copies measured slower than
    // mma.sync: 57-112 against 97-131 TFLOP/s on the H200.)
    OperandMajors m = majors.lookup(dot);
    // Loaded or computed operands alike (flash attention's q * scale and p:
    // staged by local_alloc; their buffers live, and are fenced by barriers,
    // until the dot, where wgmma reads them: tilegpu-allocate-shared,
    // tilegpu-insert-barriers).
    //
    // The warpgroups go along M while M has 64 rows for each, the rest along
    // N, each warpgroup computing N / wn consecutive columns (Triton's rule:
    // BLOCK_M = 64 on 8 warps is two warpgroups side by side along N).
    // A dot whose result feeds another dot (attention's scores) keeps all
    // warps along M, so that its accumulator is the next dot's A in
    // registers. A B that is N-major in shared memory is split at whole
    // 128-byte swizzle rows; a K-major one (a transposed buffer: B K-major
    // in memory, and every tf32 B) at any 8 columns.
    // A tf32 dot whose operands run along K in memory but at strides of no
    // 16-byte alignment (ragged rows) is staged the same way by one-element
    // copies, as Triton does. An operand computed in registers (a scaled
    // or cast tile) is staged by a local_alloc, K-major as cheaply as not:
    // it takes wgmma too (chunked linear attention's state updates, whose
    // accumulators then share the bf16 dots' layout instead of converting).
    bool aK = m.aK || m.aKRuns || m.aComputed,
         bK = m.bK || m.bKRuns || m.bComputed;
    if (useWgmma && warps % 4 == 0 && K % 16 == 0 &&
        (kBlock == 16 || (K % 32 == 0 && aK && bK))) {
      unsigned wm = 4, wn = 1;
      if (feedsAnotherDot(dot))
        wm = warps;
      while (wm * wn < warps) {
        if (M > 16 * wm)
          wm *= 2;
        else
          wn *= 2;
      }
      int64_t cols = N / wn;
      unsigned bits = a.getIntOrFloatBitWidth();
      if (M % (16 * wm) == 0 && N % wn == 0 && cols % 16 == 0 && cols <= 256 &&
          (wn == 1 || m.bK || kBlock == 8 || (cols * bits / 8) % 128 == 0))
        return MmaAttr::get(&getContext(), {wm, wn}, 3, /*transposed=*/false,
                            wn == 1 ? 0 : unsigned(cols));
    }
    // tf32 with B N-major in memory (row-major, as usual): the transposed
    // product C^T = B^T A^T, whose shared operand is A (K-major, filled by
    // 16-byte copies) and whose register operand is B^T, read from a plain
    // buffer that 16-byte copies fill too. Warpgroups split N; wgmma's n is
    // M. (mma.sync measured 97-131 TFLOP/s there on the H200.)
    if (useWgmma && kBlock == 8 && warps % 4 == 0 && N % (16 * warps) == 0 &&
        M <= 256 && K % 32 == 0 && aK && (m.bN || m.bNRuns))
      return MmaAttr::get(&getContext(), {warps, 1}, 3, /*transposed=*/true);
    // Warps: along whichever of M, N has more 16-wide blocks left per warp,
    // never past the tile (no replicated warps).
    unsigned wm = 1, wn = 1;
    while (wm * wn < warps) {
      bool mFits = 16 * wm * 2 <= M, nFits = 8 * wn * 2 <= N;
      if (mFits && (M / (16 * wm) >= N / (16 * wn) || !nFits))
        wm *= 2;
      else if (nFits)
        wn *= 2;
      else
        return {};
    }
    if (M % (16 * wm) || N % (8 * wn))
      return {};
    return MmaAttr::get(&getContext(), {wm, wn});
  }

  /// The outermost of the loops around `user` (directly nested, no other
  /// op between) that `v` is defined outside of, or `user` itself.
  static Operation *outsideInvariantLoops(Value v, Operation *user) {
    Operation *at = user;
    for (Operation *p = user->getParentOp();
         p && isa<scf::ForOp, scf::WhileOp>(p); p = p->getParentOp()) {
      if (p->isAncestor(v.getParentRegion()->getParentOp()))
        break;
      at = p;
    }
    return at;
  }

  /// Stages the operands of an mma dot through swizzled shared buffers and
  /// reads them back in the dot-operand layouts, right before the dot: both
  /// buffers are written before either is read, so they never share a range
  /// (their reads happen at the dot: the LLVM lowering reads them there,
  /// TileGPUToLLVM.h's isDeferredDotOperand).
  void stageDotOperands(tile::DotOp dot, MmaAttr mma) {
    OpBuilder b(dot);
    SmallVector<Value> buffers;
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto t = cast<RankedTensorType>(operand->get().getType());
      // An A computed in the accumulator layout of this mma layout (flash
      // attention's p) goes to its operand layout in registers.
      if (operand == &dot.getAMutable()) {
        auto want = withLayout(t, DotOperandAttr::get(&getContext(), 0, mma));
        if (isRegisterConversion(t, want)) {
          buffers.push_back({});
          continue;
        }
      }
      Type elt = t.getElementType();
      unsigned bits = elt.getIntOrFloatBitWidth();
      bool isB = operand == &dot.getBMutable();
      OperandMajors m = majors.lookup(dot);
      // Stored column by column: B (K x N) K-major, as wgmma reads tf32
      // only, and whenever B is K-major in memory (given transposed), so
      // that 16-byte copies fill it (wgmma transpose-b = 0; mma.sync:
      // ldmatrix without .trans). Likewise a 16-bit A (M x K) that is
      // M-major in memory (wgmma transpose-a = 1; mma.sync: ldmatrix .trans).
      bool transposed =
          isB ? (mma.isHopper() && bits == 32 && !mma.getTransposed()) || m.bK
              : bits == 16 && m.aM;
      SharedAttr shared = getSwizzledSharedLayout(&getContext(), t.getShape(),
                                                  bits, transposed);
      // B of a transposed wgmma product is read into registers by the
      // threads (lane l: k rows l % 4 (+4), 8 consecutive columns l / 4):
      // 32-byte chunks XORed with k % 4 put those 4 rows on distinct banks
      // (16-byte chunks XORed with k % 8 would pair rows k and k ^ 1).
      if (isB && mma.getTransposed() && shared.getBlockCols() &&
          shared.getMaxPhase() == 8)
        shared = SharedAttr::get(&getContext(), 2 * shared.getVec(), 1, 4,
                                 shared.getBlockCols());
      // The transpose of a 2-D tile (attention's backward: tl.trans(qT),
      // tl.trans(do)) is staged as the tile itself, in the buffer layout
      // whose transpose is `shared` (the same bytes), and read through a
      // transposed view: no transpose through scratch memory.
      Value staged = operand->get();
      auto type = MemDescType::get(t.getShape(), elt, shared);
      bool viaTrans = false;
      if (auto tr = staged.getDefiningOp<tile::TransOp>();
          tr && t.getRank() == 2) {
        staged = tr.getSrc();
        type = getTransposedBuffer(type);
        viaTrans = true;
      }
      // Staged once before the loops it does not change in (attention's
      // q): the buffer then lives through them (tilegpu-allocate-shared).
      Value buffer;
      {
        OpBuilder::InsertionGuard guard(b);
        Operation *at = outsideInvariantLoops(staged, dot);
        // The same value staged the same way for an earlier dot (the A both
        // products of a gated MLP share, attention's qT and its transpose):
        // one buffer, written once.
        LocalAllocOp earlier;
        for (Operation *u : staged.getUsers())
          if (auto a = dyn_cast<LocalAllocOp>(u))
            if (a.getType() == type && a->getBlock() == at->getBlock() &&
                a->isBeforeInBlock(at))
              earlier = a;
        if (earlier) {
          buffer = earlier;
        } else {
          b.setInsertionPoint(at);
          buffer = b.create<LocalAllocOp>(dot.getLoc(), type, staged);
        }
      }
      if (viaTrans)
        buffer = b.create<MemDescTransOp>(dot.getLoc(), buffer);
      buffers.push_back(buffer);
    }
    unsigned opIdx = 0;
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto t = cast<RankedTensorType>(operand->get().getType());
      auto layout = DotOperandAttr::get(&getContext(), opIdx, mma);
      if (buffers[opIdx])
        operand->set(b.create<LocalLoadOp>(dot.getLoc(), withLayout(t, layout),
                                           buffers[opIdx]));
      else
        operand->set(b.create<ConvertLayoutOp>(
            dot.getLoc(), withLayout(t, layout), operand->get()));
      ++opIdx;
    }
  }

  /// Makes `operand` of `user` have type `want`, inserting a conversion.
  void require(Operation *user, OpOperand &operand, Type want) {
    Value v = operand.get();
    if (v.getType() == want)
      return;
    // One conversion of a value serves its later users in the block (a
    // broadcast row factor multiplying both halves of an accumulator): a
    // single-use tile whose conversion tilegpu-remove-layout-conversions
    // can move up to its smaller source.
    for (Operation *u : v.getUsers())
      if (auto cvt = dyn_cast<ConvertLayoutOp>(u))
        if (cvt.getType() == want && cvt->getBlock() == user->getBlock() &&
            cvt->isBeforeInBlock(user)) {
          operand.set(cvt);
          return;
        }
    OpBuilder b(user);
    operand.set(b.create<ConvertLayoutOp>(user->getLoc(), want, v));
  }

  void processBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      processOp(&op);
  }

  void processOp(Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      Operation *body = forOp.getBody()->getTerminator();
      for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
        OpOperand &init = forOp.getInitArgsMutable()[i];
        // An accumulator of a tensor-core dot stays in the mma layout.
        auto dot = body->getOperand(i).getDefiningOp<tile::DotOp>();
        if (Type t = accumulatorType(arg))
          require(forOp, init, t);
        else if (dot && dot.getAcc() == arg)
          if (MmaAttr mma = mmaLayoutFor(dot))
            require(forOp, init, withLayout(init.get().getType(), mma));
        arg.setType(init.get().getType());
      }
      processBlock(*forOp.getBody());
      Operation *yield = forOp.getBody()->getTerminator();
      for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
        require(yield, yield->getOpOperand(i), arg.getType());
        forOp.getResult(i).setType(arg.getType());
      }
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      processBlock(*ifOp.thenBlock());
      if (ifOp.elseBlock())
        processBlock(*ifOp.elseBlock());
      if (ifOp.getNumResults() == 0)
        return;
      Operation *thenYield = ifOp.thenBlock()->getTerminator();
      Operation *elseYield = ifOp.elseBlock()->getTerminator();
      for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
        Type t = thenYield->getOperand(i).getType();
        if (Type acc = accumulatorType(ifOp.getResult(i))) {
          t = acc;
          require(thenYield, thenYield->getOpOperand(i), t);
        }
        require(elseYield, elseYield->getOpOperand(i), t);
        ifOp.getResult(i).setType(t);
      }
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      Block &before = whileOp.getBefore().front();
      Block &after = whileOp.getAfter().front();
      for (auto [arg, init] :
           llvm::zip(before.getArguments(), whileOp.getInits()))
        arg.setType(init.getType());
      processBlock(before);
      auto cond = cast<scf::ConditionOp>(before.getTerminator());
      for (unsigned i = 0; i < cond.getArgs().size(); ++i) {
        // The forwarded values keep the loop's types when they match them.
        Type t = i < before.getNumArguments() &&
                         stripLayout(before.getArgument(i).getType()) ==
                             stripLayout(cond.getArgs()[i].getType())
                     ? before.getArgument(i).getType()
                     : cond.getArgs()[i].getType();
        require(cond, cond->getOpOperand(i + 1), t);
        after.getArgument(i).setType(t);
        whileOp.getResult(i).setType(t);
      }
      processBlock(after);
      Operation *yield = after.getTerminator();
      for (unsigned i = 0; i < yield->getNumOperands(); ++i)
        require(yield, yield->getOpOperand(i), before.getArgument(i).getType());
      return;
    }
    if (isa<scf::YieldOp, scf::ConditionOp, func::ReturnOp, ConvertLayoutOp>(
            op))
      return;

    // A select of tiles on a scalar condition (canonicalization makes one
    // of an `if` that only picks a tile): the condition becomes a splat tile
    // so that the select is elementwise like every other.
    if (auto sel = dyn_cast<arith::SelectOp>(op))
      if (auto t = dyn_cast<RankedTensorType>(sel.getType()))
        if (!isa<ShapedType>(sel.getCondition().getType())) {
          OpBuilder b(op);
          auto condT = RankedTensorType::get(t.getShape(), b.getI1Type());
          sel.getConditionMutable().set(
              b.create<tile::SplatOp>(op->getLoc(), condT, sel.getCondition()));
          processOp(sel.getCondition().getDefiningOp());
        }

    if (auto dot = dyn_cast<tile::DotOp>(op))
      if (MmaAttr mma = mmaLayoutFor(dot)) {
        stageDotOperands(dot, mma);
        require(op, dot.getAccMutable(),
                withLayout(dot.getAcc().getType(), mma));
        dot.getResult().setType(withLayout(dot.getType(), mma));
        return;
      }

    // tile.split: the halves are registers of the operand in its own
    // layout where that can be, else of a blocked layout whose vector holds
    // the split bit.
    if (auto split = dyn_cast<tile::SplitOp>(op)) {
      auto t = cast<RankedTensorType>(split.getSrc().getType());
      unsigned axis = split.getAxis();
      int64_t stride = split.getStride();
      if (!t.getEncoding() || !getSplitResultLayout(t, axis, stride)) {
        auto base = cast<BlockedAttr>(defaultLayout(t.getRank()));
        require(op, split.getSrcMutable(),
                withLayout(t, getSplitOperandLayout(base, t.getShape(), axis,
                                                    stride)));
        t = cast<RankedTensorType>(split.getSrc().getType());
      }
      Attribute l = getSplitResultLayout(t, axis, stride);
      for (OpResult r : op->getResults())
        r.setType(withLayout(r.getType(), l));
      return;
    }

    // tile.join: its operands are registers of the result, in their own
    // layout where one exists that holds them so, else in a blocked one
    // whose vector holds the bit.
    if (auto join = dyn_cast<tile::JoinOp>(op)) {
      auto half = cast<RankedTensorType>(join.getLo().getType());
      auto whole = cast<RankedTensorType>(join.getType());
      unsigned axis = join.getAxis();
      int64_t stride = join.getStride();
      Attribute r =
          half.getEncoding()
              ? getJoinResultLayout(half, whole.getShape(), axis, stride)
              : Attribute();
      if (!r)
        r = getSplitOperandLayout(
            cast<BlockedAttr>(defaultLayout(whole.getRank())), whole.getShape(),
            axis, stride);
      whole = withLayout(whole, r);
      Attribute want = getSplitResultLayout(whole, axis, stride);
      for (OpOperand &operand : op->getOpOperands())
        require(op, operand, withLayout(operand.get().getType(), want));
      join.getResult().setType(whole);
      return;
    }

    // Computed where a dot left its result (findAccumulatorLayouts).
    if (op->getNumResults() == 1)
      if (Type want = accumulatorType(op->getResult(0))) {
        Attribute l = getLayout(want);
        for (OpOperand &operand : op->getOpOperands()) {
          auto t = dyn_cast<RankedTensorType>(operand.get().getType());
          if (!t)
            continue;
          if (isa<tile::BroadcastOp>(op) || isElementwiseTileOp(op))
            require(op, operand, withLayout(t, l));
          else if (auto expand = dyn_cast<tile::ExpandDimsOp>(op))
            require(op, operand,
                    withLayout(
                        t, SliceAttr::get(&getContext(), expand.getAxis(), l)));
          // tile.reduce: its operand's layout, of which `l` is the slice.
        }
        op->getResult(0).setType(want);
        if (auto cst = dyn_cast<arith::ConstantOp>(op))
          if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
            cst.setValueAttr(dense.reshape(cast<ShapedType>(want)));
        return;
      }

    // 1. Operands: the layout each one must have.
    for (OpOperand &operand : op->getOpOperands()) {
      auto t = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!t)
        continue;
      if (isa<tile::ReduceOp, tile::DotOp, tile::TransOp, tile::ReshapeOp>(
              op)) {
        // Lowered through shared memory from a blocked or slice layout (a
        // reduction also from a dot's accumulator layout).
        if (isa_and_nonnull<MmaAttr, DotOperandAttr>(t.getEncoding()) &&
            !(isa<tile::ReduceOp>(op) && accLayouts.count(operand.get())))
          require(op, operand, withDefault(t));
        continue;
      }
      if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
        auto slice = SliceAttr::get(&getContext(), expand.getAxis(),
                                    defaultLayout(t.getRank() + 1));
        require(op, operand, withLayout(t, slice));
        continue;
      }
      require(op, operand, withDefault(t));
    }
    // 2. Results.
    for (OpResult r : op->getResults()) {
      auto t = dyn_cast<RankedTensorType>(r.getType());
      if (!t)
        continue;
      if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
        Attribute src = getLayout(reduce.getSrc().getType());
        r.setType(withLayout(
            t, SliceAttr::get(&getContext(), reduce.getAxis(), src)));
        continue;
      }
      if (auto red = dyn_cast<tile::GenericReduceOp>(op)) { // operands: default
        r.setType(
            withLayout(t, SliceAttr::get(&getContext(), red.getAxis(),
                                         defaultLayout(t.getRank() + 1))));
        continue;
      }
      r.setType(withDefault(t));
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
        cst.setValueAttr(dense.reshape(cast<ShapedType>(cst.getType())));
  }

  static Type stripLayout(Type t) {
    if (auto rt = dyn_cast<RankedTensorType>(t))
      return RankedTensorType::get(rt.getShape(), rt.getElementType());
    return t;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    {
      AxisInfoAnalysis axis(module);
      module.walk([&](tile::DotOp dot) {
        OperandMajors m;
        m.aK = contiguousLoad(axis, dot.getA(), 1);
        m.aM = !m.aK && contiguousLoad(axis, dot.getA(), 0);
        m.bK = contiguousLoad(axis, dot.getB(), 0);
        m.bN = !m.bK && contiguousLoad(axis, dot.getB(), 1);
        m.aKRuns = !m.aK && !m.aM && contiguousRuns(axis, dot.getA(), 1);
        m.bKRuns = !m.bK && !m.bN && contiguousRuns(axis, dot.getB(), 0);
        m.bNRuns =
            !m.bK && !m.bN && !m.bKRuns && contiguousRuns(axis, dot.getB(), 1);
        m.aComputed = !loadOf(throughTrans(dot.getA(), 1).first);
        m.bComputed = !loadOf(throughTrans(dot.getB(), 0).first);
        // The transpose of a tile computed in registers is staged as that
        // tile, whose threads hold runs along its last dimension: the
        // operand's K for B (K-major), its M for A (M-major), so that the
        // local_alloc stores whole vectors.
        if (m.bComputed && throughTrans(dot.getB(), 0).second == 1)
          m.bK = true;
        if (m.aComputed && !m.aK && throughTrans(dot.getA(), 1).second == 0)
          m.aM = true;
        // A computed by elementwise ops from loads read down its columns
        // is staged M-major (B: K-major) in the loads' order: the ops are
        // computed in the loads' layout (tilegpu-load-layouts), which
        // stores whole vectors there.
        if (m.aComputed && !m.aK && !m.aM &&
            contiguousChain(axis, dot.getA(), 0))
          m.aM = true;
        if (m.bComputed && !m.bK && !m.bN &&
            contiguousChain(axis, dot.getB(), 0))
          m.bK = true;
        majors[dot] = m;
      });
    }
    warps = numWarps;
    if (warps == 0)
      warps = tile::getNumWarps(module, 4);
    module->setAttr(
        "tile.num_warps",
        IntegerAttr::get(IntegerType::get(&getContext(), 32), warps));
    accLayouts = findAccumulatorLayouts(
        module, [&](tile::DotOp dot) { return mmaLayoutFor(dot); });
    module.walk([&](func::FuncOp fn) {
      for (Block &block : fn.getBody())
        processBlock(block);
    });
  }
};

} // namespace
