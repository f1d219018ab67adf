//===- TmaStores.cpp - TMA stores of host-descriptor blocks ---------------===//
//
// See the pass description (Passes.td). A store of a descriptor block
// (tile.store with blockCoords) in the layout its value is computed in:
//
//   %buf = tilegpu.local_alloc %acc16 : tensor<128x128xf16, #mma> -> memdesc
//   tilegpu.tma_store %map[%row, %col], %buf
//
// instead of every thread storing its elements (after a conversion to a
// coalesced layout through shared memory, which the buffer replaces). The
// map is a kernel parameter the runtime makes from the descriptor
// (getOrAddTensorMap), as for TMA loads.
//
//===----------------------------------------------------------------------===//

#include "PipelineTma.h"
#include "tilec/Conversion/Passes.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUTMASTORES
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// The descriptor base argument a block store writes through, if it is
/// one (tile.host_descriptor).
BlockArgument descriptorBase(tile::StoreOp store) {
  BlockArgument base = kernelArgumentOf(store.getPtr(), /*throughViews=*/true);
  if (!base)
    return nullptr;
  auto func = cast<func::FuncOp>(base.getOwner()->getParentOp());
  if (!func.getArgAttrOfType<StringAttr>(base.getArgNumber(),
                                         "tile.host_descriptor"))
    return nullptr;
  return base;
}

/// Whether the kernel accesses `base`'s tensor in a way that a TMA store
/// (an async-proxy write, complete only some time after the kernel moves
/// on) may race with: a read (a load, a cp.async or TMA copy), a store
/// without block coordinates, or an atomic anywhere (which may publish the
/// data to other programs).
bool hasConflictingAccess(func::FuncOp func, BlockArgument base,
                          StringAttr desc) {
  auto through = [&](Value p) {
    return kernelArgumentOf(p, /*throughViews=*/true) == base;
  };
  WalkResult r = func.walk([&](Operation *op) {
    bool conflict =
        TypeSwitch<Operation *, bool>(op)
            .Case([&](tile::LoadOp l) { return through(l.getPtr()); })
            .Case([&](tile::StoreOp s) {
              return s.getBlockCoords().empty() && through(s.getPtr());
            })
            .Case([&](AsyncCopyOp c) { return through(c.getPtrs()); })
            .Case([&](TmaCopyOp c) {
              auto arg = dyn_cast<BlockArgument>(c.getMap());
              auto map = arg ? func.getArgAttrOfType<DictionaryAttr>(
                                   arg.getArgNumber(), kTensorMapAttr)
                             : DictionaryAttr();
              return !map || map.get("desc") == desc;
            })
            .Case<tile::AtomicRMWOp, tile::AtomicCASOp>(
                [](Operation *) { return true; })
            .Default([](Operation *) { return false; });
    return conflict ? WalkResult::interrupt() : WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// Bytes of the shared buffers (local_alloc) live at `at`: allocated
/// before it, with a use (through views) at or after it in the allocation's
/// block.
uint64_t liveBufferBytes(func::FuncOp func, Operation *at) {
  uint64_t bytes = 0;
  func.walk([&](LocalAllocOp alloc) {
    Block *block = alloc->getBlock();
    Operation *here = block->findAncestorOpInBlock(*at);
    if (!here || !alloc->isBeforeInBlock(here))
      return;
    SmallVector<Value> work{alloc.getResult()};
    bool live = false;
    while (!work.empty() && !live) {
      Value v = work.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (isBufferView(user))
          work.push_back(user->getResult(0));
        Operation *anc = block->findAncestorOpInBlock(*user);
        if (anc && (anc == here || here->isBeforeInBlock(anc)))
          live = true;
      }
    }
    if (live)
      bytes += getBufferBytes(alloc.getType());
  });
  return bytes;
}

/// The condition under which TMA may write the rows of `base`'s blocks
/// (elements of `elemBytes`): they end on whole 16-byte chunks (the inner
/// size a multiple of 16 / elemBytes). Null where the size's divisibility
/// proves it.
Value wholeChunks(OpBuilder &b, Location loc, BlockArgument base, unsigned rank,
                  int64_t elemBytes) {
  auto func = cast<func::FuncOp>(base.getOwner()->getParentOp());
  // The descriptor's arguments: base, shape (i32, outermost first),
  // strides (MLIRGen.cpp).
  unsigned inner = base.getArgNumber() + rank;
  int64_t chunk = 16 / elemBytes;
  if (auto d = func.getArgAttrOfType<IntegerAttr>(inner, "tile.divisibility"))
    if (d.getInt() % chunk == 0)
      return Value();
  Value size = func.getArgument(inner);
  Value low = b.create<arith::AndIOp>(
      loc, size,
      b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(chunk - 1)));
  return b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq, low,
      b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(0)));
}

struct TileGPUTmaStores
    : public tilegpu::impl::TileGPUTmaStoresBase<TileGPUTmaStores> {
  using TileGPUTmaStoresBase::TileGPUTmaStoresBase;

  /// Rewrites `store` (through the descriptor base `base`, which nothing
  /// else in the kernel accesses: hasConflictingAccess) into a TMA store
  /// where it can; see Passes.td.
  void rewrite(tile::StoreOp store, BlockArgument base) {
    auto valueType = dyn_cast<RankedTensorType>(store.getValue().getType());
    if (!valueType || valueType.getRank() != 2 || !valueType.getEncoding())
      return;
    auto func = cast<func::FuncOp>(base.getOwner()->getParentOp());
    auto desc = func.getArgAttrOfType<StringAttr>(base.getArgNumber(),
                                                  "tile.host_descriptor");
    // 16-bit elements (fp16, bf16, i16): the types the stores run with
    // (test/GPU/tma-store.test); the others keep the plain store.
    Type elt = valueType.getElementType();
    std::string dtype = tensorMapDType(elt);
    if (dtype.empty() || elt.getIntOrFloatBitWidth() != 16)
      return;
    // The buffer: swizzled as TMA reads it, each column block of whole
    // 1024-byte swizzle groups (allocated 1024-byte aligned).
    MLIRContext *ctx = &getContext();
    unsigned bits = elt.getIntOrFloatBitWidth();
    auto bufType = MemDescType::get(
        valueType.getShape(), elt,
        getSwizzledSharedLayout(ctx, valueType.getShape(), bits));
    std::optional<TmaLayout> l = getTmaLayout(bufType);
    int64_t elemBytes = bits / 8;
    if (!l || l->swizzleBytes == 0 ||
        (l->rows * l->rowElems * elemBytes) % 1024 != 0)
      return;
    uint64_t bytes = getBufferBytes(bufType);
    if (bytes + liveBufferBytes(func, store) > uint64_t(sharedLimit))
      return;

    // The value as computed, before its conversions to the store's layout.
    Value value = store.getValue();
    while (auto cvt = value.getDefiningOp<ConvertLayoutOp>())
      value = cvt.getSrc();
    // The block's leading unit dimensions, if it has more than two.
    unsigned rank = store.getBlockCoords().size();
    SmallVector<int64_t> box(rank - 2, 1);
    box.append({l->rows, l->rowElems});
    Builder ab(ctx);
    NamedAttribute entries[] = {
        ab.getNamedAttr("desc", desc),
        ab.getNamedAttr("dtype", ab.getStringAttr(dtype)),
        ab.getNamedAttr("box", ab.getDenseI64ArrayAttr(box)),
        ab.getNamedAttr("swizzle", ab.getI32IntegerAttr(l->swizzleBytes))};
    Value map = getOrAddTensorMap(func, ab.getDictionaryAttr(entries));

    OpBuilder b(store);
    Location loc = store.getLoc();
    SmallVector<Value> coords(store.getBlockCoords());
    auto emitTmaStore = [&](OpBuilder &b) {
      auto buf = b.create<LocalAllocOp>(loc, bufType, value);
      b.create<TmaStoreOp>(loc, map, coords, buf);
    };
    Value ok = wholeChunks(b, loc, base, rank, elemBytes);
    if (!ok) {
      emitTmaStore(b);
      store.erase();
      return;
    }
    // Else the store as it was, without coordinates.
    auto branch = b.create<scf::IfOp>(loc, ok, /*withElseRegion=*/true);
    OpBuilder tb = branch.getThenBodyBuilder();
    emitTmaStore(tb);
    store->moveBefore(branch.elseBlock()->getTerminator());
    store.getBlockCoordsMutable().clear();
  }

  void runOnOperation() override {
    // Decided for every store before any is rewritten (a rewrite leaves a
    // store without coordinates behind in its branch).
    SmallVector<std::pair<tile::StoreOp, BlockArgument>> stores;
    DenseMap<BlockArgument, bool> conflicts;
    getOperation().walk([&](tile::StoreOp store) {
      if (store.getBlockCoords().size() < 2)
        return;
      BlockArgument base = descriptorBase(store);
      if (!base)
        return;
      auto [it, fresh] = conflicts.try_emplace(base, false);
      if (fresh) {
        auto func = cast<func::FuncOp>(base.getOwner()->getParentOp());
        it->second = hasConflictingAccess(
            func, base,
            func.getArgAttrOfType<StringAttr>(base.getArgNumber(),
                                              "tile.host_descriptor"));
      }
      if (!it->second)
        stores.push_back({store, base});
    });
    for (auto [store, base] : stores)
      rewrite(store, base);
  }
};

} // namespace
