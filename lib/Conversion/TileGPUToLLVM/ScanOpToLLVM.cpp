//===- ScanOpToLLVM.cpp - tile.scan: in a thread, across lanes, warps, chunks
//===//
//
// An inclusive scan of n tiles (a blocked or slice layout, the results in
// the operands' layout) along `axis`, with the op's combine region c
// inlined at every step. In scan order (positions ascending; descending
// with `reverse`), the value at a position is c(earlier, later) of
// everything before it and itself. With the geometry of CombineRegion.h
// (per row of the thread: R chunks of S elements; L lanes and W warps along
// the axis; segments of N positions), four steps:
//
//  1. Within a thread: each chunk is scanned sequentially (a chunk holding
//     several segments restarts at each).
//  2. Across lanes (segments longer than a chunk): the chunks' totals t are
//     scanned by Hillis-Steele steps of shfl.sync.up (down for reverse) by
//     i * laneStride, i = 1, 2, ... < Lseg, taken where the partner lies in
//     the lane's segment; the chunk's last element (in scan order) is then
//     its lane's t, and the others get the exclusive prefix, t of the
//     previous lane (shfl.sync.up by laneStride; none for one-element
//     chunks).
//  3. Across warps (Wseg > 1): the lanes last in scan order store their t
//     (a warp's total) in their slot of shared memory (predicated
//     st.shared), barrier, and every thread loads the totals of its
//     segment's warps. The totals are folded in scan order, over the warps
//     of each chunk and on through the chunks (R > 1: the segment is longer
//     than the CTA tile, so L, W and the tile are all one segment); a
//     thread's prefix is the fold up to its warp in its chunk, selected by
//     its warp's position: one combine a warp total and one an element, as
//     Triton's lowering folds them. No barrier before the stores
//     (tilegpu-insert-barriers; see TileGPUToLLVM.h) nor after the loads.
//  4. Across chunks with one warp along the axis (R > 1): a carry of the
//     totals of the chunks before (in scan order), t of the last lane
//     (shfl.sync.idx), is applied to each chunk.
//
// Replicas of a tile shorter than the CTA tile hold their segment's scan,
// so every copy of an element has the same value (a later layout
// conversion may read any of them).
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct ScanOpConversion : OpConversionPattern<tile::ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<AxisGeometry> geo =
        getAxisGeometry(srcType, op.getAxis(), op);
    if (!geo)
      return rewriter.notifyMatchFailure(op, "operand not in a blocked layout");
    for (OpOperand &o : op->getOpOperands())
      if (cast<RankedTensorType>(o.get().getType()).getEncoding() !=
          srcType.getEncoding())
        return rewriter.notifyMatchFailure(op, "operands in different layouts");
    for (Value v : op.getResults())
      if (cast<RankedTensorType>(v.getType()).getEncoding() !=
          srcType.getEncoding())
        return rewriter.notifyMatchFailure(op, "results in another layout");
    const AxisGeometry &g = *geo;
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    unsigned n = op.getSrcs().size();
    bool rev = op.getReverse();
    Region &region = op.getCombine();
    auto comb = [&](ValueRange x, ValueRange y) {
      return applyCombine(b, loc, region, x, y);
    };

    // x[k]: the tuple of element k.
    unsigned numElems = g.rows.size() * g.R * g.S;
    SmallVector<Tuple> x(numElems, Tuple(n));
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<Value> elems = unpackStruct(b, loc, adaptor.getSrcs()[i]);
      for (unsigned k = 0; k < numElems; ++k)
        x[k][i] = elems[k];
    }
    auto at = [&](unsigned row, unsigned r, unsigned s) -> Tuple & {
      return x[g.rows[row][r * g.S + s]];
    };
    auto i32c = [&](int64_t v) { return i32Const(b, loc, v); };
    auto cmp = [&](LLVM::ICmpPredicate p, Value a, int64_t c) -> Value {
      return b.create<LLVM::ICmpOp>(loc, p, a, i32c(c));
    };
    using P = LLVM::ICmpPredicate;

    // ---- 1. within the thread.
    for (unsigned row = 0; row < g.rows.size(); ++row)
      for (unsigned r = 0; r < g.R; ++r) {
        if (!rev) {
          for (unsigned s = 1; s < g.S; ++s)
            if (g.S <= g.N || s % g.N)
              at(row, r, s) = comb(at(row, r, s - 1), at(row, r, s));
        } else {
          for (int s = int(g.S) - 2; s >= 0; --s)
            if (g.S <= g.N || (s + 1) % g.N)
              at(row, r, s) = comb(at(row, r, s + 1), at(row, r, s));
        }
      }

    if (g.S < g.N) {
      LayoutInfo info(srcType);
      auto tc = info.emitThreadCoords(b, loc);
      Value l = tc.lane[g.D], w = tc.warp[g.D];
      unsigned last = rev ? 0 : g.S - 1;
      NVVM::ShflKind toLater = rev ? NVVM::ShflKind::down : NVVM::ShflKind::up;
      // t[row][r]: the scan of the chunk totals over the lanes.
      SmallVector<SmallVector<Tuple>> t(g.rows.size());
      for (unsigned row = 0; row < g.rows.size(); ++row)
        for (unsigned r = 0; r < g.R; ++r)
          t[row].push_back(at(row, r, last));

      // ---- 2. across the lanes of a segment.
      if (g.Lseg > 1) {
        Value lPos = b.create<LLVM::AndOp>(loc, l, i32c(g.Lseg - 1));
        for (unsigned i = 1; i < g.Lseg; i *= 2) {
          Value take =
              rev ? cmp(P::ult, lPos, g.Lseg - i) : cmp(P::uge, lPos, i);
          for (auto &rowT : t)
            for (Tuple &tt : rowT) {
              Tuple p =
                  shuffleTuple(b, loc, tt, i32c(i * g.laneStride), toLater);
              tt = selectTuple(b, loc, take, comb(p, tt), tt);
            }
        }
        // The chunk's last element is t itself; the others take the
        // exclusive prefix.
        Value take;
        if (g.S > 1)
          take = rev ? cmp(P::ult, lPos, g.Lseg - 1) : cmp(P::uge, lPos, 1);
        for (unsigned row = 0; row < g.rows.size(); ++row)
          for (unsigned r = 0; r < g.R; ++r) {
            Tuple ex;
            if (g.S > 1)
              ex = shuffleTuple(b, loc, t[row][r], i32c(g.laneStride), toLater);
            for (unsigned s = 0; s < g.S; ++s)
              at(row, r, s) =
                  s == last ? t[row][r]
                            : selectTuple(b, loc, take, comb(ex, at(row, r, s)),
                                          at(row, r, s));
          }
      }

      // ---- 3. across the warps of a segment (and its chunks), through
      // shared memory. The warps' totals are folded in scan order over the
      // chunks and the warps; a thread's prefix is the fold up to its warp.
      if (g.Wseg > 1) {
        WarpSlots ws(b, loc, op, g,
                     getCombineScratch(op, g, g.rows.size() * g.R), w);
        Value warp = ws.warp, warp0 = ws.warp0;
        Value wPos = b.create<LLVM::AndOp>(loc, w, i32c(g.Wseg - 1));
        Value wBase = b.create<LLVM::SubOp>(loc, w, wPos);
        auto slot = [&](unsigned row, Value warpId) {
          return ws.slot(row, warpId);
        };
        auto ptrOf = [&](unsigned i, Value s) {
          return ws.ptr(i, x[0][i].getType(), s);
        };
        leadingBarrier(b, loc, op); // see TileGPUToLLVM.h
        Value writer = g.L > 1 ? cmp(P::eq, l, rev ? 0 : g.L - 1) : Value();
        for (unsigned row = 0; row < g.rows.size(); ++row)
          for (unsigned r = 0; r < g.R; ++r) {
            Value s = slot(row * g.R + r, warp);
            for (unsigned i = 0; i < n; ++i) {
              Value v = toSharedStorage(b, loc, t[row][r][i]);
              if (writer)
                storeSharedIf(b, loc, ptrOf(i, s), v, writer);
              else
                b.create<LLVM::StoreOp>(loc, v, ptrOf(i, s));
            }
          }
        barrier(b, loc);
        // after[p]: this thread's warp lies after scan position p.
        SmallVector<Value> after;
        for (unsigned p = 0; p + 1 < g.Wseg; ++p)
          after.push_back(rev ? cmp(P::ult, wPos, g.Wseg - 1 - p)
                              : cmp(P::ugt, wPos, p));
        for (unsigned row = 0; row < g.rows.size(); ++row) {
          // run: the fold of every warp total before the chunk.
          Tuple run;
          for (unsigned q = 0; q < g.R; ++q) {
            unsigned r = rev ? g.R - 1 - q : q;
            Tuple acc = run, prefix = run;
            for (unsigned p = 0; p < g.Wseg; ++p) {
              if (q + 1 == g.R && p + 1 == g.Wseg)
                break; // no later chunk needs the whole fold
              unsigned j = rev ? g.Wseg - 1 - p : p;
              Value wj = b.create<LLVM::AddOp>(
                  loc, warp0,
                  b.create<LLVM::MulOp>(
                      loc, b.create<LLVM::AddOp>(loc, wBase, i32c(j)),
                      i32c(g.warpStride)));
              Value s = slot(row * g.R + r, wj);
              Tuple tj;
              for (unsigned i = 0; i < n; ++i) {
                Type vt = x[0][i].getType();
                Value v = b.create<LLVM::LoadOp>(loc, sharedStorageType(vt),
                                                 ptrOf(i, s));
                tj.push_back(fromSharedStorage(b, loc, v, vt));
              }
              acc = acc.empty() ? tj : comb(acc, tj);
              if (p + 1 < g.Wseg)
                prefix = prefix.empty()
                             ? acc
                             : selectTuple(b, loc, after[p], acc, prefix);
            }
            // The first warp of the first chunk has no prefix.
            Value apply = q == 0 ? after[0] : Value();
            for (unsigned s = 0; s < g.S; ++s) {
              Tuple &e = at(row, r, s);
              e = apply ? selectTuple(b, loc, apply, comb(prefix, e), e)
                        : comb(prefix, e);
            }
            run = acc;
          }
        }
      } else if (g.R > 1) {
        // ---- 4. one warp along the axis, across the chunks: each chunk's
        // total is t of the last lane, applied as a carry in scan order.
        SmallVector<SmallVector<Tuple>> total(g.rows.size());
        Value src;
        if (g.L > 1) {
          Value lane = b.create<LLVM::URemOp>(loc, threadId(b, loc), i32c(32));
          src = b.create<LLVM::AddOp>(
              loc,
              b.create<LLVM::SubOp>(
                  loc, lane, b.create<LLVM::MulOp>(loc, l, i32c(g.laneStride))),
              i32c(int64_t(rev ? 0 : g.L - 1) * g.laneStride));
        }
        for (unsigned row = 0; row < g.rows.size(); ++row)
          for (unsigned r = 0; r < g.R; ++r)
            total[row].push_back(
                src ? shuffleTuple(b, loc, t[row][r], src, NVVM::ShflKind::idx)
                    : t[row][r]);
        for (unsigned row = 0; row < g.rows.size(); ++row) {
          Tuple carry;
          for (unsigned q = 0; q < g.R; ++q) {
            unsigned r = rev ? g.R - 1 - q : q;
            if (q > 0)
              for (unsigned s = 0; s < g.S; ++s)
                at(row, r, s) = comb(carry, at(row, r, s));
            carry = q == 0 ? total[row][r] : comb(carry, total[row][r]);
          }
        }
      }
    }

    rewriter.replaceOp(op,
                       packTupleResults(b, loc, *getTypeConverter(), op, x));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateScanOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ScanOpConversion>(converter, patterns.getContext());
}
