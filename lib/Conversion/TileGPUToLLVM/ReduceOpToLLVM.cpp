//===- ReduceOpToLLVM.cpp - tile.reduce: within a thread, across lanes
//(shfl.sync.bfly), across warps (shared memory) ===//
//
// tile.reduce of a tile in any blocked, mma accumulator or slice layout
// along `axis` (tensor dimension; base dimension D of the layout). The result
// is in the slice of the operand's layout along `axis` (a scalar for a rank-1
// operand: then every thread ends with the value). Three steps:
//
//  (a) Within a thread: the elements that share all coordinates but `axis`
//      are combined; the thread then has one accumulator per result element
//      it holds (result element k' <-> operand coordinates of k' with the
//      axis coordinate re-inserted).
//  (b) Across lanes: a butterfly (shfl.sync.bfly) over the lane bits that
//      encode D's lane coordinate. After it every lane of a group holds the
//      same, bitwise identical, value (each step combines the same two values
//      in both partners and every combine is commutative).
//  (c) Across warps, if warpsPerCTA[D] > 1 and one warp does not cover the
//      tile along D (then each warp holds a whole copy: its replicas within
//      the warp become the identity, the others are kept, and every warp
//      has the result after (b); warpLocalReduce): the threads whose lane
//      coordinate along D is zero store their accumulators into their own
//      slot of shared memory (predicated st.shared),
//        slot(k', lane, warp) = (k' * 32 + lane) * numWarps + warp,
//      (no two threads write the same address), barrier, then every thread
//      reads the warpsPerCTA[D] slots of the threads with its own lane and
//      its own warp coordinates except along D, and combines them in warp
//      order (so all threads get the same bits). When all 32 lanes lie
//      along D, lane l instead reads the slot of warp l % warpsPerCTA[D] and
//      a butterfly over the low lane bits combines the warps. No barrier before
//      the writes (tilegpu-insert-barriers puts one before the op where another
//      op's accesses may overlap; see TileGPUToLLVM.h) nor after the reads.
//
// Replicas: a tile smaller than the CTA tile along `axis` is replicated
// (emitIndices' unwrapped index >= shape); such elements are replaced by the
// identity before (a) so each element is counted once. Replication along the
// other dimensions is left alone: it only makes several threads compute the
// same result element, which the result layout replicates the same way.
//
// Semantics:
//  - sum: in the element type; f16/bf16 are accumulated in f32 and rounded
//    once at the end (the interpreter rounds after every add, so results can
//    differ in the last bits; more accurate here, as Triton does).
//  - max/min: floats with llvm.maxnum/minnum (NaN ignored unless all NaN;
//    identity -inf/+inf); integers signed (identity INT_MIN/INT_MAX). Half
//    types go through f32 (exact).
//  - argmax/argmin: (value, i32 index) pairs; the better value wins, ties go
//    to the smaller index; a NaN loses against any number and two NaNs tie
//    (so an all-NaN row gives index 0, like the interpreter). The identity
//    is (-inf/+inf or INT_MIN/INT_MAX, index INT_MAX), which never beats a
//    real element. A thread's first element enters as the identity when it
//    is NaN, and each later one is combined in as the challenger, which an
//    ordered compare never lets win when it is NaN: partials are never NaN,
//    so the combination is a plain ordered compare, as Triton's (half the
//    instructions of one that tests both operands for NaN). A result index
//    of INT_MAX then means that every element was NaN, and becomes 0.
//    Within a thread whose elements' indices along the axis grow with their
//    number (checked for every thread; no replicas), they are combined from
//    the last to the first: the challenger then has the smaller index, so
//    it wins when it is at least as good (`y >= x`: one compare and two
//    selects an element, where the general combination needs three compares
//    and two predicate operations), and the last element is the one that
//    enters as the identity when it is NaN.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/APFloat.h"

#include <climits>

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

using tile::ReduceKind;

bool isArg(ReduceKind k) {
  return k == ReduceKind::argmax || k == ReduceKind::argmin;
}
bool isMaxLike(ReduceKind k) {
  return k == ReduceKind::max || k == ReduceKind::argmax;
}

/// One partial result: the value and, for argmax/argmin, its index.
struct Acc {
  Value v, idx;
};

struct ReduceOpConversion : OpConversionPattern<tile::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  /// The type the combination is carried out in.
  static Type accType(OpBuilder &b, Type elt) {
    if (elt.isF16() || elt.isBF16())
      return b.getF32Type();
    return elt;
  }

  static Value identity(OpBuilder &b, Location loc, ReduceKind kind, Type t) {
    if (auto ft = dyn_cast<FloatType>(t)) {
      const llvm::fltSemantics &sem = ft.getFloatSemantics();
      llvm::APFloat v = llvm::APFloat::getZero(sem);
      switch (kind) {
      case ReduceKind::sum:
        break;
      default:
        v = llvm::APFloat::getInf(sem, /*Negative=*/isMaxLike(kind));
        break;
      }
      return b.create<LLVM::ConstantOp>(loc, t, b.getFloatAttr(t, v));
    }
    unsigned bits = t.getIntOrFloatBitWidth();
    llvm::APInt v = llvm::APInt::getZero(bits);
    if (isMaxLike(kind))
      v = llvm::APInt::getSignedMinValue(bits);
    else if (kind != ReduceKind::sum)
      v = llvm::APInt::getSignedMaxValue(bits);
    return b.create<LLVM::ConstantOp>(loc, t, b.getIntegerAttr(t, v));
  }

  static Acc combine(OpBuilder &b, Location loc, ReduceKind kind, Acc x,
                     Acc y) {
    Type t = x.v.getType();
    bool isFloat = isa<FloatType>(t);
    switch (kind) {
    case ReduceKind::sum:
      if (isFloat)
        return {b.create<LLVM::FAddOp>(loc, x.v, y.v), {}};
      return {b.create<LLVM::AddOp>(loc, x.v, y.v), {}};
    case ReduceKind::max:
      if (isFloat)
        return {b.create<LLVM::MaxNumOp>(loc, x.v, y.v), {}};
      return {b.create<LLVM::SMaxOp>(loc, x.v, y.v), {}};
    case ReduceKind::min:
      if (isFloat)
        return {b.create<LLVM::MinNumOp>(loc, x.v, y.v), {}};
      return {b.create<LLVM::SMinOp>(loc, x.v, y.v), {}};
    default:
      break;
    }
    // argmax / argmin: does y beat x?
    bool mx = isMaxLike(kind);
    Value better, tie;
    if (isFloat) {
      // x (a partial) is not NaN; a NaN y loses every compare (see the file
      // comment).
      better = b.create<LLVM::FCmpOp>(
          loc, mx ? LLVM::FCmpPredicate::ogt : LLVM::FCmpPredicate::olt, y.v,
          x.v);
      tie = b.create<LLVM::FCmpOp>(loc, LLVM::FCmpPredicate::oeq, y.v, x.v);
    } else {
      better = b.create<LLVM::ICmpOp>(
          loc, mx ? LLVM::ICmpPredicate::sgt : LLVM::ICmpPredicate::slt, y.v,
          x.v);
      tie = b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq, y.v, x.v);
    }
    Value smaller =
        b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::slt, y.idx, x.idx);
    Value takeY = b.create<LLVM::OrOp>(
        loc, better, b.create<LLVM::AndOp>(loc, tie, smaller));
    return {b.create<LLVM::SelectOp>(loc, takeY, y.v, x.v),
            b.create<LLVM::SelectOp>(loc, takeY, y.idx, x.idx)};
  }

  /// `y` combined into the partial `x` of argmax / argmin where y's index
  /// is the smaller: y wins when it is at least as good (a NaN y never
  /// does: ordered compares).
  static Acc combineBefore(OpBuilder &b, Location loc, ReduceKind kind, Acc x,
                           Acc y) {
    bool mx = isMaxLike(kind);
    Value takeY;
    if (isa<FloatType>(x.v.getType()))
      takeY = b.create<LLVM::FCmpOp>(
          loc, mx ? LLVM::FCmpPredicate::oge : LLVM::FCmpPredicate::ole, y.v,
          x.v);
    else
      takeY = b.create<LLVM::ICmpOp>(
          loc, mx ? LLVM::ICmpPredicate::sge : LLVM::ICmpPredicate::sle, y.v,
          x.v);
    return {b.create<LLVM::SelectOp>(loc, takeY, y.v, x.v),
            b.create<LLVM::SelectOp>(loc, takeY, y.idx, x.idx)};
  }

  /// Whether, in every thread, the elements of each result element along
  /// `axis` (thread-local coordinates 0 .. n-1 there) have indices along
  /// `axis` that grow with the coordinate.
  static bool indicesGrowAlong(const LayoutInfo &src, unsigned axis,
                               const std::optional<LayoutInfo> &dst,
                               unsigned numOut) {
    unsigned n = src.elemsAlong(axis);
    if (n < 2 || !hostEvaluable(src.numThreads(), src.numElems()))
      return false;
    for (unsigned t = 0; t < src.numThreads(); ++t)
      for (unsigned k2 = 0; k2 < numOut; ++k2) {
        SmallVector<unsigned> c;
        if (dst)
          c = dst->elemCoords(k2);
        c.insert(c.begin() + axis, 0);
        int64_t prev = 0;
        for (unsigned e = 0; e < n; ++e) {
          c[axis] = e;
          int64_t at = src.hostIndices(t, src.elemIndex(c))[axis];
          if (e > 0 && at <= prev)
            return false;
          prev = at;
        }
      }
    return true;
  }

  LogicalResult
  matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    if (!srcType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operand without a layout");
    ReduceKind kind = op.getKind();
    unsigned axis = op.getAxis();
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;

    Type elt = getTypeConverter()->convertType(srcType.getElementType());
    if (!elt || !elt.isIntOrFloat() || elt.isInteger(1))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Type acT = accType(b, elt);
    bool arg = isArg(kind);
    Type i32 = b.getI32Type();

    LayoutInfo src(srcType);
    if (!src.hasDims())
      return rewriter.notifyMatchFailure(op, "operand in an operand layout");
    unsigned D = src.baseDim(axis);

    // The result's layout: the slice of the operand's along `axis`.
    auto dstType = dyn_cast<RankedTensorType>(op.getType());
    std::optional<LayoutInfo> dst;
    if (dstType) {
      auto slice = dyn_cast_or_null<SliceAttr>(dstType.getEncoding());
      if (!slice || slice.getDim() != axis ||
          slice.getParent() != srcType.getEncoding())
        return rewriter.notifyMatchFailure(
            op, "result is not in the slice of the operand's layout");
      dst.emplace(dstType);
    }
    unsigned numOut = dst ? dst->numElems() : 1;

    // ---- (a) within the thread.
    SmallVector<Value> in = unpackStruct(b, loc, adaptor.getSrc());
    auto tc = src.emitThreadCoords(b, loc);
    bool mayReplicate = src.ctaTile(D) > uint64_t(srcType.getDimSize(axis));
    // A tile that one warp covers along D (a few elements on many warps):
    // every warp holds all of it, so only the replicas within a warp become
    // the identity and step (c) is skipped (warpLocalReduce).
    unsigned warpCover = src.warpExtent(D);
    bool warpLocal = warpLocalReduce(op);
    unsigned nAxis = src.elemsAlong(axis);
    Value idIdx = i32Const(b, loc, INT_MAX);
    // argmax / argmin over elements whose indices grow: last to first.
    bool backwards =
        arg && !mayReplicate && indicesGrowAlong(src, axis, dst, numOut);
    SmallVector<Acc> accs;
    for (unsigned k2 = 0; k2 < numOut; ++k2) {
      SmallVector<unsigned> c;
      if (dst)
        c = dst->elemCoords(k2);
      c.insert(c.begin() + axis, 0);
      Acc acc;
      for (unsigned step = 0; step < nAxis; ++step) {
        unsigned e = backwards ? nAxis - 1 - step : step;
        c[axis] = e;
        unsigned k = src.elemIndex(c);
        Acc x{in[k], {}};
        if (acT != elt)
          x.v = b.create<LLVM::FPExtOp>(loc, acT, x.v);
        if (arg || mayReplicate) {
          SmallVector<Value> unwrapped;
          SmallVector<Value> idx = src.emitIndices(b, loc, tc, k, &unwrapped);
          if (arg)
            x.idx = idx[axis];
          if (arg && isa<FloatType>(acT) && step == 0) {
            // A NaN enters as the identity: it loses against any number.
            // Only the thread's first element needs it: every later one is
            // combined in as the challenger (`y` of combine), and a NaN
            // challenger never wins, so the partial is never NaN.
            Value nan = b.create<LLVM::FCmpOp>(loc, LLVM::FCmpPredicate::uno,
                                               x.v, x.v);
            x.v = b.create<LLVM::SelectOp>(loc, nan,
                                           identity(b, loc, kind, acT), x.v);
            x.idx = b.create<LLVM::SelectOp>(loc, nan, idIdx, x.idx);
          }
          if (mayReplicate) {
            Value at = unwrapped[axis];
            if (warpLocal)
              at = b.create<LLVM::URemOp>(loc, at, i32Const(b, loc, warpCover));
            Value replica = b.create<LLVM::ICmpOp>(
                loc, LLVM::ICmpPredicate::uge, at,
                i32Const(b, loc, srcType.getDimSize(axis)));
            x.v = b.create<LLVM::SelectOp>(loc, replica,
                                           identity(b, loc, kind, acT), x.v);
            if (arg)
              x.idx = b.create<LLVM::SelectOp>(loc, replica, idIdx, x.idx);
          }
        }
        acc = step == 0    ? x
              : backwards ? combineBefore(b, loc, kind, acc, x)
                          : combine(b, loc, kind, acc, x);
      }
      accs.push_back(acc);
    }

    // ---- (b) across the lanes along D.
    unsigned laneStride = src.laneStride(D), warpStride = src.warpStride(D);
    unsigned lanesD = src.lanesAlong(D);
    for (unsigned m = 1; m < lanesD; m *= 2) {
      for (Acc &acc : accs) {
        Acc other{shuffleXor(b, loc, acc.v, m * laneStride), {}};
        if (arg)
          other.idx = shuffleXor(b, loc, acc.idx, m * laneStride);
        acc = combine(b, loc, kind, acc, other);
      }
    }

    // ---- (c) across the warps along D, through shared memory.
    unsigned warpsD = src.warpsAlong(D);
    if (warpsD > 1 && !warpLocal) {
      // The scratch's layout (getReduceScratch: the same numbers that size
      // it for the allocation).
      std::optional<ReduceScratch> rs = getReduceScratch(op);
      assert(rs && rs->valueBytes * 8 == acT.getIntOrFloatBitWidth() &&
             rs->withIndex == arg && "scratch layout mismatch");
      unsigned numWarps = rs->numWarps;
      unsigned slots = rs->slots;
      unsigned vBytes = rs->valueBytes;
      assert(slots == numOut * 32 * numWarps);
      Value smem = sharedScratch(b, loc, op);
      Value idxBase;
      if (arg)
        idxBase = b.create<LLVM::GEPOp>(
            loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace),
            b.getI8Type(), smem,
            ArrayRef<LLVM::GEPArg>{int32_t(uint64_t(slots) * vBytes)});
      Value tid = threadId(b, loc);
      Value lane = b.create<LLVM::URemOp>(loc, tid, i32Const(b, loc, 32));
      Value warp = b.create<LLVM::UDivOp>(loc, tid, i32Const(b, loc, 32));
      // The warp with D's warp coordinate set to zero.
      Value warp0 = b.create<LLVM::SubOp>(
          loc, warp,
          b.create<LLVM::MulOp>(loc, tc.warp[D], i32Const(b, loc, warpStride)));
      Value laneRow =
          b.create<LLVM::MulOp>(loc, lane, i32Const(b, loc, numWarps));
      // Lanes that differ only along D hold bit-identical partials after the
      // butterfly, so every lane reads the slots written by the lane whose D
      // coordinate is zero: the lanes of a warp then read the same addresses
      // (one shared-memory broadcast) instead of 32 different ones, which
      // kept the L1/shared-memory pipe saturated (ncu, softmax 4096x4096).
      Value laneD0 = b.create<LLVM::SubOp>(
          loc, lane,
          b.create<LLVM::MulOp>(loc, tc.lane[D], i32Const(b, loc, laneStride)));
      Value readRow =
          b.create<LLVM::MulOp>(loc, laneD0, i32Const(b, loc, numWarps));
      auto slotOf = [&](unsigned k2, Value w, Value row) -> Value {
        // (k2 * 32 + lane) * numWarps + w
        Value s = b.create<LLVM::AddOp>(
            loc, row, i32Const(b, loc, int64_t(k2) * 32 * numWarps));
        return b.create<LLVM::AddOp>(loc, s, w);
      };
      leadingBarrier(b, loc, op); // see TileGPUToLLVM.h
      // Only the lanes whose D coordinate is zero write (the others hold the
      // same bits and nobody reads their slots): one lane per warp when all
      // 32 lie along D. Every lane writing its own slot made the stores 16-way
      // bank conflicts with 16 warps (ncu, bf16 softmax 4096x4096: 9% slower
      // than Triton, which writes from lane 0 only).
      Value writer;
      if (lanesD > 1)
        writer = b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq,
                                        tc.lane[D], i32Const(b, loc, 0));
      auto store = [&](Value v, Value ptr) {
        if (writer)
          storeSharedIf(b, loc, ptr, v, writer);
        else
          b.create<LLVM::StoreOp>(loc, v, ptr);
      };
      for (unsigned k2 = 0; k2 < numOut; ++k2) {
        Value s = slotOf(k2, warp, laneRow);
        store(accs[k2].v, sharedElemPtr(b, loc, smem, acT, s));
        if (arg)
          store(accs[k2].idx, sharedElemPtr(b, loc, idxBase, i32, s));
      }
      barrier(b, loc);
      // The partial (and index) of result element k2 in slot s.
      auto loadPartial = [&](Value s) {
        Acc x{b.create<LLVM::LoadOp>(loc, acT,
                                     sharedElemPtr(b, loc, smem, acT, s)),
              {}};
        if (arg)
          x.idx = b.create<LLVM::LoadOp>(
              loc, i32, sharedElemPtr(b, loc, idxBase, i32, s));
        return x;
      };
      // When all 32 lanes lie along D (they then hold the same partials),
      // lane l reads only the partial of warp l % warpsD and a butterfly over
      // the low lane bits combines the warps: one load instead of warpsD
      // (ncu: the loop of loads kept the shared-memory pipe busy in softmax
      // with 16 warps). The butterfly leaves the same bits in every lane.
      if (lanesD == 32) {
        Value wl = b.create<LLVM::AddOp>(
            loc, warp0,
            b.create<LLVM::MulOp>(
                loc,
                b.create<LLVM::URemOp>(loc, lane, i32Const(b, loc, warpsD)),
                i32Const(b, loc, warpStride)));
        for (unsigned k2 = 0; k2 < numOut; ++k2) {
          Acc acc = loadPartial(slotOf(k2, wl, readRow));
          for (unsigned m = 1; m < warpsD; m *= 2) {
            Acc other{shuffleXor(b, loc, acc.v, m), {}};
            if (arg)
              other.idx = shuffleXor(b, loc, acc.idx, m);
            acc = combine(b, loc, kind, acc, other);
          }
          accs[k2] = acc;
        }
      }
      for (unsigned k2 = 0; k2 < numOut && lanesD != 32; ++k2) {
        Acc acc;
        for (unsigned w = 0; w < warpsD; ++w) {
          Value wv = b.create<LLVM::AddOp>(
              loc, warp0, i32Const(b, loc, int64_t(w) * warpStride));
          Acc x = loadPartial(slotOf(k2, wv, readRow));
          acc = w == 0 ? x : combine(b, loc, kind, acc, x);
        }
        accs[k2] = acc;
      }
    }

    // ---- results.
    SmallVector<Value> out;
    for (Acc &acc : accs) {
      if (arg && isa<FloatType>(acT)) {
        // Only NaNs (entered as the identity): the first of them.
        Value allNaN = b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq,
                                              acc.idx, idIdx);
        out.push_back(b.create<LLVM::SelectOp>(loc, allNaN,
                                               i32Const(b, loc, 0), acc.idx));
      } else if (arg)
        out.push_back(acc.idx);
      else if (acT != elt)
        out.push_back(b.create<LLVM::FPTruncOp>(loc, elt, acc.v));
      else
        out.push_back(acc.v);
    }
    if (!dst) {
      rewriter.replaceOp(op, out[0]);
      return success();
    }
    rewriter.replaceOp(
        op, packStruct(b, loc, getTypeConverter()->convertType(dstType), out));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateReduceOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceOpConversion>(converter, patterns.getContext());
}
