//===- GenericReduceOpToLLVM.cpp - tile.generic_reduce: thread, lanes, warps
//===//
//
// A reduction of n tiles (a blocked or slice layout; the results in its
// slice along `axis`, scalars for 1-D operands) with the op's combine
// region c inlined at every step. With the geometry of CombineRegion.h:
//
//  1. Within a thread: each row's elements along the axis are folded in
//     order (only the first segment's when a chunk holds several copies).
//  2. Across lanes: a butterfly (shfl.sync.bfly by m * laneStride, m = 1,
//     2, ... < Lseg); the partners combine c(lower lane, upper lane), so
//     both get the same bits.
//  3. Across warps (Wseg > 1): one lane per group stores its value in its
//     slot of shared memory (predicated st.shared), barrier, and every
//     thread folds the Wseg values of its segment's warps in warp order.
//     No barrier before the stores (tilegpu-insert-barriers) nor after.
//
// Replicas (a tile shorter than the CTA tile) are whole copies of the
// segment: each reduces its own, so no identity of c is needed. c must be
// associative and commutative: the elements of a thread's chunks are
// folded before those of other lanes.
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct GenericReduceOpConversion : OpConversionPattern<tile::GenericReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::GenericReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    unsigned axis = op.getAxis();
    std::optional<AxisGeometry> geo = getAxisGeometry(srcType, axis, op);
    if (!geo)
      return rewriter.notifyMatchFailure(op, "operand not in a blocked layout");
    for (Value v : op.getSrcs())
      if (cast<RankedTensorType>(v.getType()).getEncoding() !=
          srcType.getEncoding())
        return rewriter.notifyMatchFailure(op, "operands in different layouts");
    auto dstType = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    std::optional<LayoutInfo> dst;
    if (dstType) {
      for (Value v : op.getResults()) {
        auto slice = dyn_cast_or_null<SliceAttr>(
            cast<RankedTensorType>(v.getType()).getEncoding());
        if (!slice || slice.getDim() != axis ||
            slice.getParent() != srcType.getEncoding())
          return rewriter.notifyMatchFailure(
              op, "result is not in the slice of the operand's layout");
      }
      dst.emplace(dstType);
    }
    const AxisGeometry &g = *geo;
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    unsigned n = op.getSrcs().size();
    Region &region = op.getCombine();
    auto comb = [&](ValueRange x, ValueRange y) {
      return applyCombine(b, loc, region, x, y);
    };
    auto i32c = [&](int64_t v) { return i32Const(b, loc, v); };
    using P = LLVM::ICmpPredicate;

    LayoutInfo src(srcType);
    SmallVector<Tuple> x(src.numElems(), Tuple(n));
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<Value> elems = unpackStruct(b, loc, adaptor.getSrcs()[i]);
      for (unsigned k = 0; k < elems.size(); ++k)
        x[k][i] = elems[k];
    }

    // ---- 1. within the thread, one accumulator per result element.
    unsigned numOut = dst ? dst->numElems() : 1;
    unsigned along = src.elemsAlong(axis);
    unsigned count = g.S >= g.N ? std::min(along, g.N) : along;
    SmallVector<Tuple> accs;
    for (unsigned k2 = 0; k2 < numOut; ++k2) {
      SmallVector<unsigned> c;
      if (dst)
        c = dst->elemCoords(k2);
      c.insert(c.begin() + axis, 0);
      Tuple acc;
      for (unsigned e = 0; e < count; ++e) {
        c[axis] = e;
        Tuple &v = x[src.elemIndex(c)];
        acc = e == 0 ? v : comb(acc, v);
      }
      accs.push_back(acc);
    }

    if (g.S < g.N) {
      auto tc = src.emitThreadCoords(b, loc);
      Value l = tc.lane[g.D], w = tc.warp[g.D];
      // ---- 2. across the lanes of a segment.
      for (unsigned m = 1; m < g.Lseg; m *= 2) {
        Value upper = b.create<LLVM::ICmpOp>(
            loc, P::ne, b.create<LLVM::AndOp>(loc, l, i32c(m)), i32c(0));
        for (Tuple &acc : accs) {
          Tuple p = shuffleTuple(b, loc, acc, i32c(m * g.laneStride),
                                 NVVM::ShflKind::bfly);
          acc = comb(selectTuple(b, loc, upper, p, acc),
                     selectTuple(b, loc, upper, acc, p));
        }
      }
      // ---- 3. across the warps of a segment, through shared memory.
      if (g.Wseg > 1) {
        WarpSlots ws(b, loc, op, g, getCombineScratch(op, g, numOut), w);
        Value warp = ws.warp, warp0 = ws.warp0;
        Value wBase = b.create<LLVM::SubOp>(
            loc, w, b.create<LLVM::AndOp>(loc, w, i32c(g.Wseg - 1)));
        auto slot = [&](unsigned row, Value warpId) {
          return ws.slot(row, warpId);
        };
        auto ptrOf = [&](unsigned i, Value s) {
          return ws.ptr(i, accs[0][i].getType(), s);
        };
        leadingBarrier(b, loc, op); // see TileGPUToLLVM.h
        Value writer =
            g.L > 1 ? b.create<LLVM::ICmpOp>(loc, P::eq, l, i32c(0)) : Value();
        for (unsigned k2 = 0; k2 < numOut; ++k2) {
          Value s = slot(k2, warp);
          for (unsigned i = 0; i < n; ++i) {
            Value v = toSharedStorage(b, loc, accs[k2][i]);
            if (writer)
              storeSharedIf(b, loc, ptrOf(i, s), v, writer);
            else
              b.create<LLVM::StoreOp>(loc, v, ptrOf(i, s));
          }
        }
        barrier(b, loc);
        for (unsigned k2 = 0; k2 < numOut; ++k2) {
          Tuple acc;
          for (unsigned j = 0; j < g.Wseg; ++j) {
            Value wj = b.create<LLVM::AddOp>(
                loc, warp0,
                b.create<LLVM::MulOp>(
                    loc, b.create<LLVM::AddOp>(loc, wBase, i32c(j)),
                    i32c(g.warpStride)));
            Value s = slot(k2, wj);
            Tuple v;
            for (unsigned i = 0; i < n; ++i) {
              Type vt = accs[k2][i].getType();
              Value ld = b.create<LLVM::LoadOp>(loc, sharedStorageType(vt),
                                                ptrOf(i, s));
              v.push_back(fromSharedStorage(b, loc, ld, vt));
            }
            acc = j == 0 ? v : comb(acc, v);
          }
          accs[k2] = acc;
        }
      }
    }

    rewriter.replaceOp(op,
                       packTupleResults(b, loc, *getTypeConverter(), op, accs));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateGenericReduceOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GenericReduceOpConversion>(converter, patterns.getContext());
}
