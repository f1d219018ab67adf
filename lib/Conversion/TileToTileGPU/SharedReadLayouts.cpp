//===- SharedReadLayouts.cpp - Read staged tiles in their users' layout ---===//
//
// See the pass description (Passes.td). After tilegpu-pipeline, a tile that
// a loop loads is read from its stage's shared buffer (tilegpu.local_load)
// in the load's blocked layout, and elementwise ops computed from it that a
// dot's result needs are converted to the accumulator's layout through
// shared memory (a store, a barrier and a load each): fla's WY-representation
// backward multiplies its dots' results by the loaded k tile three times.
// For each convert_layout C to a register layout T whose source is built by
// elementwise ops from such reads (or from tiles also copied into a buffer
// nothing else writes: a dot operand's staging copy), loop-invariant tiles
// and scalars:
//
//   - each read is made again in T, right after the original read or the
//     copy (the same point relative to the stage's wait and barriers);
//   - each loop-invariant tile is converted to T once, right after its
//     definition (outside the loop);
//   - each elementwise op is cloned in T where C was;
//
// and C's uses take the clone of its source. The originals stay for their
// other users. A conversion of a loop-invariant tile in a loop is moved
// right after the tile's definition.
//
//===----------------------------------------------------------------------===//

#include "AccumulatorLayouts.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUSHAREDREADLAYOUTS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr unsigned kMaxOps = 32;

bool isRegisterLayout(Attribute a) {
  return isa_and_nonnull<BlockedAttr, MmaAttr>(a);
}

/// A read of a shared buffer into a register layout.
LocalLoadOp registerRead(Value v) {
  auto ll = v.getDefiningOp<LocalLoadOp>();
  return ll && isRegisterLayout(getLayout(ll.getType())) ? ll : LocalLoadOp();
}

/// Whether the buffer (or view) `m` is only read: its users are reads and
/// views (a transposed operand's memdesc_trans) that are only read.
bool onlyRead(Value m) {
  return llvm::all_of(m.getUsers(), [](Operation *u) {
    if (isa<LocalLoadOp>(u))
      return true;
    return isBufferView(u) && onlyRead(u->getResult(0));
  });
}

/// A buffer that `v` initializes and nothing else writes (a dot operand's
/// staging copy of a loaded tile), in v's block before `before`, if any.
LocalAllocOp sharedCopy(Value v, Operation *before) {
  for (Operation *user : v.getUsers()) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc || alloc.getInit() != v ||
        alloc->getBlock() != v.getParentBlock() ||
        alloc->getBlock() != before->getBlock() ||
        !alloc->isBeforeInBlock(before))
      continue;
    if (onlyRead(alloc.getResult()))
      return alloc;
  }
  return LocalAllocOp();
}

/// Whether `v` can be read from shared memory in another layout before
/// `before`: a read of a buffer, or a tile with a copy there.
bool readable(Value v, Operation *before) {
  return registerRead(v) ||
         (isRegisterLayout(getLayout(v.getType())) && sharedCopy(v, before));
}

/// Whether `v` is a tile defined outside `loop`.
bool invariantTile(Value v, scf::ForOp loop) {
  return loop && isa<RankedTensorType>(v.getType()) &&
         loop.isDefinedOutsideOfLoop(v);
}

/// Collects, in def-before-use order, the ops of the tree that `v` is
/// computed by inside `loop` from register reads, loop-invariant tiles and
/// scalars; false if some other value feeds it. `reads` counts the reads.
bool collect(Value v, scf::ForOp loop, Operation *before,
             llvm::SetVector<Operation *> &ops, unsigned &reads) {
  if (!isa<RankedTensorType>(v.getType()) || invariantTile(v, loop))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return false;
  if (ops.contains(def))
    return true;
  if (readable(v, before)) {
    ++reads;
    ops.insert(def);
    return true;
  }
  if (!isElementwiseTileOp(def))
    return false;
  for (Value x : def->getOperands())
    if (!collect(x, loop, before, ops, reads))
      return false;
  ops.insert(def);
  return ops.size() <= kMaxOps;
}

/// `v` converted to `target` once, right after its definition. A
/// broadcast (a row factor) is made again in `target` from its operand
/// converted, and an expand_dims from its operand converted to the slice:
/// the conversion moves the unbroadcast elements only.
Value convertOnce(Value v, Attribute target,
                  DenseMap<std::pair<Value, Attribute>, Value> &done) {
  auto key = std::make_pair(v, target);
  if (Value c = done.lookup(key))
    return c;
  OpBuilder b(v.getContext());
  Operation *def = v.getDefiningOp();
  if (def)
    b.setInsertionPointAfter(def);
  else
    b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
  Type type = withLayout(v.getType(), target);
  Value c;
  if (auto bc = dyn_cast_or_null<tile::BroadcastOp>(def);
      bc && describedByDims(target)) {
    Value src = convertOnce(bc.getSrc(), target, done);
    c = b.create<tile::BroadcastOp>(v.getLoc(), type, src);
  } else if (auto ed = dyn_cast_or_null<tile::ExpandDimsOp>(def);
             ed && isRegisterLayout(target) && describedByDims(target)) {
    Attribute slice = SliceAttr::get(v.getContext(), ed.getAxis(), target);
    Value src = convertOnce(ed.getSrc(), slice, done);
    c = b.create<tile::ExpandDimsOp>(v.getLoc(), type, src, ed.getAxisAttr());
  } else {
    c = b.create<ConvertLayoutOp>(v.getLoc(), type, v);
  }
  done[key] = c;
  return c;
}

struct SharedReadLayoutsPass
    : tilegpu::impl::TileGPUSharedReadLayoutsBase<SharedReadLayoutsPass> {
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](ConvertLayoutOp c) {
      if (c->getParentOfType<scf::ForOp>() &&
          isa_and_nonnull<BlockedAttr, MmaAttr, SliceAttr>(
              getLayout(c.getType())))
        converts.push_back(c);
    });
    DenseMap<std::pair<Value, Attribute>, Value> invariant;
    for (ConvertLayoutOp c : converts) {
      auto loop = c->getParentOfType<scf::ForOp>();
      Attribute target = getLayout(c.getType());
      Value src = c.getSrc();
      if (invariantTile(src, loop)) {
        c.replaceAllUsesWith(convertOnce(src, target, invariant));
        c.erase();
        continue;
      }
      llvm::SetVector<Operation *> ops;
      unsigned reads = 0;
      if (!isRegisterLayout(target) || !collect(src, loop, c, ops, reads) ||
          reads == 0)
        continue;
      IRMapping map;
      for (Operation *op : ops) {
        OpBuilder b(op->getContext());
        b.setInsertionPointAfter(op);
        Value v = op->getResult(0);
        if (readable(v, c)) {
          // The buffer, read again right after the original read or the
          // copy into it.
          Value buffer;
          if (LocalLoadOp ll = registerRead(v)) {
            buffer = ll.getSrc();
          } else {
            LocalAllocOp alloc = sharedCopy(v, c);
            buffer = alloc.getResult();
            b.setInsertionPointAfter(alloc);
          }
          map.map(v, b.create<LocalLoadOp>(
                          op->getLoc(), withLayout(v.getType(), target), buffer)
                         .getResult());
          continue;
        }
        for (Value x : op->getOperands())
          if (invariantTile(x, loop) && !map.contains(x))
            map.map(x, convertOnce(x, target, invariant));
        // The ops themselves where the conversion was: after every read.
        b.setInsertionPoint(c);
        Operation *clone = b.clone(*op, map);
        clone->getResult(0).setType(
            withLayout(op->getResult(0).getType(), target));
      }
      c.replaceAllUsesWith(map.lookup(src));
      c.erase();
      for (Operation *op : llvm::reverse(ops))
        if (op->use_empty())
          op->erase();
    }
  }
};

} // namespace
