//===- Rematerializer.h - Recompute cheap tiles in another layout ---------===//
//
// Shared by tilegpu-load-layouts and tilegpu-store-layouts, which give one
// access a blocked layout of its own and recompute its operands in it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_REMATERIALIZER_H
#define TILEC_CONVERSION_TILETOTILEGPU_REMATERIALIZER_H

#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tilegpu {

/// Clones the pure producers of values into another layout (`cheap` ops,
/// loop-carried values through a rebuilt loop); anything else gets a
/// convert_layout.
struct Rematerializer {
  OpBuilder &b;
  BlockedAttr from, to;
  DenseMap<Value, Value> done;

  Attribute mapEncoding(Attribute enc) const {
    if (enc == from)
      return to;
    if (auto s = dyn_cast_or_null<SliceAttr>(enc))
      if (s.getParent() == from)
        return SliceAttr::get(s.getContext(), s.getDim(), to);
    return enc;
  }
  Type retype(Type t) const {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || !rt.getEncoding())
      return t;
    Attribute e = mapEncoding(rt.getEncoding());
    return e == rt.getEncoding()
               ? t
               : RankedTensorType::get(rt.getShape(), rt.getElementType(), e);
  }
  static bool cheap(Operation *op) {
    return isa<tile::SplatOp, tile::MakeRangeOp, tile::ExpandDimsOp,
               tile::BroadcastOp, tile::AddPtrOp, tile::AxisHintOp,
               arith::ConstantOp>(op) ||
           (isa<arith::ArithDialect>(op->getDialect()) &&
            op->getNumRegions() == 0 && isMemoryEffectFree(op));
  }

  bool inSurgery = false;
  unsigned surgeries = 0; // loops rebuilt so far

  Value get(Value v) {
    Type nt = retype(v.getType());
    if (nt == v.getType())
      return v;
    if (Value r = done.lookup(v))
      return r;
    Value r;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      // On success `v` is gone (the loop was rebuilt); loopCarried has
      // recorded the twin under the new loop's argument.
      if (loop && arg.getArgNumber() > 0)
        if (Value twin = loopCarried(loop, arg.getArgNumber() - 1))
          return twin;
    } else if (cheap(v.getDefiningOp()) &&
               v.getDefiningOp()->getNumResults() == 1) {
      r = cloneInto(v.getDefiningOp(), nt);
    }
    if (!r) {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointAfterValue(v);
      r = b.create<ConvertLayoutOp>(v.getLoc(), nt, v);
    }
    done[v] = r;
    return r;
  }

  /// The operands of `op` in the new layout. A loop rebuilt while getting
  /// one operand invalidates the block arguments got before it (twins of an
  /// earlier rebuild of the same loop): start again until no loop changes;
  /// the second round finds them in `done` under the new arguments.
  SmallVector<Value> getAll(Operation *op) {
    while (true) {
      unsigned before = surgeries;
      SmallVector<Value> out;
      for (Value o : op->getOperands())
        out.push_back(get(o));
      if (surgeries == before)
        return out;
    }
  }

  Value cloneInto(Operation *op, Type nt) {
    SmallVector<Value> operands = getAll(op);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(op);
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
      if (!dense || !dense.isSplat())
        return {};
      return b.create<arith::ConstantOp>(op->getLoc(), nt,
                                         dense.reshape(cast<ShapedType>(nt)));
    }
    Operation *clone = b.clone(*op);
    clone->setOperands(operands);
    clone->getResult(0).setType(nt);
    return clone->getResult(0);
  }

  /// Iter_arg `j` of `loop` in the new layout: a new iter_arg whose init and
  /// update are the old ones rematerialized. `loop` is replaced (its body
  /// moves to the new loop, whose block arguments take the old ones' place).
  Value loopCarried(scf::ForOp loop, unsigned j) {
    if (inSurgery)
      return {}; // one loop at a time: the caller converts instead
    Value init = get(loop.getInitArgs()[j]);
    Block *oldBody = loop.getBody();
    BlockArgument oldArg = loop.getRegionIterArgs()[j];
    auto yield = cast<scf::YieldOp>(oldBody->getTerminator());
    // Entries naming the old block arguments, by argument number (the old
    // block is gone afterwards).
    auto argNo = [&](Value v) -> int {
      auto a = dyn_cast<BlockArgument>(v);
      return a && a.getOwner() == oldBody ? int(a.getArgNumber()) : -1;
    };
    struct Entry {
      Value k, v;
      int ka, va;
    };
    SmallVector<Entry> moved;
    for (auto &[k, v] : done)
      if (argNo(k) >= 0 || argNo(v) >= 0)
        moved.push_back({k, v, argNo(k), argNo(v)});
    for (Entry &e : moved)
      done.erase(e.k);
    IRRewriter rw(b.getContext());
    inSurgery = true;
    FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
        rw, ValueRange{init}, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          // Called before the body moves: clones go into the old body and
          // move with it.
          done[oldArg] = args[0];
          return SmallVector<Value>{get(yield.getOperand(j))};
        });
    inSurgery = false;
    done.erase(oldArg); // compares the pointer only
    if (failed(replaced))
      return {};
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    Block *nb = newLoop.getBody();
    for (Entry &e : moved)
      done[e.ka >= 0 ? Value(nb->getArgument(e.ka)) : e.k] =
          e.va >= 0 ? Value(nb->getArgument(e.va)) : e.v;
    Value twin = newLoop.getRegionIterArgs().back();
    done[newLoop.getRegionIterArgs()[j]] = twin;
    ++surgeries;
    return twin;
  }
};

/// For an access to a rank-2 tile of `type` whose pointers are contiguous
/// along the other dimension than `cur`'s fastest one (a tile given
/// transposed by its strides): the layout with that dimension fastest, the
/// widest vector up to `vec` elements (at least 2, or `vec` where it is 1)
/// that holds no element twice (its sizePerThread there), lanes along it up
/// to one 128-byte line, warps along the other dimension as far as it goes.
/// Null when every such vector would hold elements twice
/// (LoadLayouts.cpp).
BlockedAttr transposedOrderLayout(RankedTensorType type, BlockedAttr cur,
                                  unsigned vec);

class AxisInfoAnalysis;

/// For a load of a rank-2 tile through pointers in layout `cur`: the vector
/// width along cur's slower dimension when its pointers (under `mask`) allow
/// wider vectors there than along the fastest one (a tile given transposed
/// by its strides), else 0. `prefixMask` as in
/// AxisInfoAnalysis::getVectorWidth. tilegpu-load-layouts moves a load that
/// is no staged operand's with such a width to transposedOrderLayout, where
/// one exists (LoadLayouts.cpp); tilegpu-coalesce leaves its layout alone.
unsigned slowerDimVector(const AxisInfoAnalysis &axis, Value ptr, Value mask,
                         BlockedAttr cur, bool prefixMask = false);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILETOTILEGPU_REMATERIALIZER_H
