//===- SortOpToLLVM.cpp - tile.sort: a bitonic network in registers --------===//
//
// tile.sort on a blocked (or slice) layout, the result in the operand's
// layout. Along the sorted (last) dimension a thread holds R chunks of S
// consecutive elements, one CTA tile apart, over L lanes and W warps
// (CombineRegion.h's AxisGeometry); all are powers of two, so each bit of a
// position p along the axis (p < n) is one bit of the hardware:
//
//   bits [0, log S)                 the element within its chunk (a register),
//   bits [log S, log SL)            the lane's coordinate along the axis,
//   bits [log SL, log SLW)          the warp's coordinate along the axis,
//   bits [log SLW, ...)             the chunk (a register).
//
// The network is tile.sort's (Triton's): in stage s, the rounds on bit
// s-1 down to 0. In a round on bit b each element meets its partner at
// p ^ 2^b: a register of the same thread; the same register of lane
// lane ^ (2^(b - log S) * laneStride), by shfl.sync.bfly; or, for a warp
// bit, through shared memory (every thread stores its elements at their
// row-major places, a barrier, each loads its partner's place, a barrier
// before the next such round). Both elements of a pair compute
// `(left > right) != flip` and keep the partner's value when it holds.
// No conversion of layout, no reshape: Triton infers layouts that make its
// network's reshapes free; here the op is lowered as one.
//
// A tile shorter than the CTA tile along the axis is replicated in
// segments of n positions; the bits of p below log n never leave one
// segment, so every copy sorts alike.
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// Where bit `bit` of a position along the sorted axis lives.
enum class BitPlace { Elem, Lane, Warp, Chunk };

struct SortGeometry {
  const AxisGeometry &g;
  unsigned logS, logSL, logSLW;

  explicit SortGeometry(const AxisGeometry &g)
      : g(g), logS(llvm::Log2_32(g.S)), logSL(logS + llvm::Log2_32(g.L)),
        logSLW(logSL + llvm::Log2_32(g.W)) {}

  BitPlace place(unsigned bit) const {
    if (bit < logS)
      return BitPlace::Elem;
    if (bit < logSL)
      return BitPlace::Lane;
    if (bit < logSLW)
      return BitPlace::Warp;
    return BitPlace::Chunk;
  }
  /// The thread-local axis coordinate (r * S + s) whose position differs
  /// from that of `e` in `bit` (a register bit).
  unsigned registerPartner(unsigned e, unsigned bit) const {
    if (place(bit) == BitPlace::Elem)
      return e ^ (1u << bit);
    return e ^ ((1u << (bit - logSLW)) * g.S);
  }
};

bool sortNeedsShared(const AxisGeometry &g) {
  SortGeometry sg(g);
  unsigned logN = llvm::Log2_32(g.N);
  return logN > sg.logSL && g.W > 1;
}

struct SortOpConversion : OpConversionPattern<tile::SortOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    unsigned axis = type.getRank() - 1;
    std::optional<AxisGeometry> geo = getAxisGeometry(type, axis, op);
    if (!geo)
      return rewriter.notifyMatchFailure(op, "operand not in a blocked layout");
    const AxisGeometry &g = *geo;
    SortGeometry sg(g);
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    auto i32c = [&](int64_t v) { return i32Const(b, loc, v); };

    SmallVector<Value> x = unpackStruct(b, loc, adaptor.getSrc());
    Type elt = x.front().getType();
    LayoutInfo info(type);
    LayoutInfo::ThreadCoords tc = info.emitThreadCoords(b, loc);
    Value lane = tc.lane[g.D], warp = tc.warp[g.D];

    auto i1c = [&](bool v) {
      return b.create<LLVM::ConstantOp>(loc, b.getI1Type(), b.getBoolAttr(v));
    };
    // Bit `bit` of the position of the thread-local coordinate e (i1).
    auto positionBit = [&](unsigned e, unsigned bit) -> Value {
      auto runtimeBit = [&](Value coord, unsigned shift) -> Value {
        Value v = b.create<LLVM::LShrOp>(loc, coord, i32c(shift));
        return b.create<LLVM::TruncOp>(loc, b.getI1Type(), v);
      };
      switch (sg.place(bit)) {
      case BitPlace::Elem:
        return i1c(((e % g.S) >> bit) & 1);
      case BitPlace::Lane:
        return runtimeBit(lane, bit - sg.logS);
      case BitPlace::Warp:
        return runtimeBit(warp, bit - sg.logSL);
      case BitPlace::Chunk:
        return i1c(((e / g.S) >> (bit - sg.logSLW)) & 1);
      }
      llvm_unreachable("bit place");
    };
    auto greater = [&](Value a, Value c) -> Value {
      if (isa<FloatType>(elt))
        return b.create<LLVM::FCmpOp>(loc, LLVM::FCmpPredicate::ogt, a, c);
      return b.create<LLVM::ICmpOp>(loc,
                                    op.getUnsignedCompare() ? LLVM::ICmpPredicate::ugt
                                                     : LLVM::ICmpPredicate::sgt,
                                    a, c);
    };

    // The shared-memory places of the elements (warp rounds only).
    Value smem;
    SmallVector<Value> place;
    Type storage = sharedStorageType(elt);
    bool sharedUsed = false;
    if (sortNeedsShared(g)) {
      smem = sharedScratch(b, loc, op);
      for (unsigned k = 0; k < x.size(); ++k)
        place.push_back(
            linearIndex(b, loc, info.emitIndices(b, loc, tc, k), type.getShape()));
    }

    unsigned logN = llvm::Log2_32(g.N);
    for (unsigned stage = 1; stage <= logN; ++stage)
      for (int bit = int(stage) - 1; bit >= 0; --bit) {
        BitPlace where = sg.place(bit);
        SmallVector<Value> partner(x.size());
        if (where == BitPlace::Lane) {
          unsigned mask = (1u << (bit - sg.logS)) * g.laneStride;
          for (unsigned k = 0; k < x.size(); ++k)
            partner[k] = shuffleTuple(b, loc, ValueRange{x[k]}, i32c(mask),
                                      NVVM::ShflKind::bfly)[0];
        } else if (where == BitPlace::Warp) {
          if (!sharedUsed)
            leadingBarrier(b, loc, op);
          else
            barrier(b, loc);
          sharedUsed = true;
          for (unsigned k = 0; k < x.size(); ++k)
            b.create<LLVM::StoreOp>(loc, toSharedStorage(b, loc, x[k]),
                                    sharedElemPtr(b, loc, smem, storage,
                                                  place[k]));
          barrier(b, loc);
          for (unsigned k = 0; k < x.size(); ++k) {
            Value at = b.create<LLVM::XOrOp>(loc, place[k], i32c(1 << bit));
            Value v = b.create<LLVM::LoadOp>(
                loc, storage, sharedElemPtr(b, loc, smem, storage, at));
            partner[k] = fromSharedStorage(b, loc, v, elt);
          }
        }
        SmallVector<Value> next(x.size());
        for (const SmallVector<unsigned> &row : g.rows)
          for (unsigned e = 0; e < row.size(); ++e) {
            unsigned k = row[e];
            Value mine = x[k];
            Value other = partner[k];
            if (where == BitPlace::Elem || where == BitPlace::Chunk)
              other = x[row[sg.registerPartner(e, bit)]];
            Value isRight = positionBit(e, bit);
            Value left = b.create<LLVM::SelectOp>(loc, isRight, other, mine);
            Value right = b.create<LLVM::SelectOp>(loc, isRight, mine, other);
            Value cond = greater(left, right);
            Value flip = stage < logN ? positionBit(e, stage)
                                      : i1c(op.getDescending());
            cond = b.create<LLVM::XOrOp>(loc, cond, flip);
            next[k] = b.create<LLVM::SelectOp>(loc, cond, other, mine);
          }
        x = std::move(next);
      }

    rewriter.replaceOp(
        op, packStruct(b, loc, getTypeConverter()->convertType(type), x));
    return success();
  }
};

} // namespace

uint64_t mlir::tilegpu::sortScratchBytes(tile::SortOp op) {
  auto type = cast<RankedTensorType>(op.getSrc().getType());
  std::optional<AxisGeometry> g = getAxisGeometry(type, type.getRank() - 1, op);
  if (!g || !sortNeedsShared(*g))
    return 0;
  return uint64_t(type.getNumElements()) *
         sharedStorageBytes(type.getElementType());
}

void mlir::tilegpu::populateSortOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<SortOpConversion>(converter, patterns.getContext());
}
