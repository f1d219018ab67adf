//===- PipelineTma.cpp - TMA copies for tilegpu-pipeline
//-------------------===//
//
// A block of a host tensor descriptor that a pipelined loop stages for a
// tensor-core dot is copied by one thread with cp.async.bulk.tensor instead
// of by every thread with 16-byte cp.async: no addresses or bounds masks in
// registers (the tensor map holds the base, shape and strides; elements
// outside the tensor read as zero, as the load's mask says), and the
// hardware writes the buffer's swizzle itself.
//
//===----------------------------------------------------------------------===//

#include "PipelineTma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tilegpu;

std::string mlir::tilegpu::tensorMapDType(Type t) {
  if (t.isF16())
    return "fp16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return "fp32";
  if (t.isF64())
    return "fp64";
  if (isa<Float8E4M3FNType>(t))
    return "fp8e4nv";
  if (isa<Float8E5M2Type>(t))
    return "fp8e5";
  if (auto i = dyn_cast<IntegerType>(t))
    if (i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32 ||
        i.getWidth() == 64)
      return "i" + std::to_string(i.getWidth());
  return "";
}

BlockArgument mlir::tilegpu::kernelArgumentOf(Value p, bool throughViews) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(p))
      return isa<func::FuncOp>(arg.getOwner()->getParentOp()) ? arg : nullptr;
    Operation *d = p.getDefiningOp();
    if (auto add = dyn_cast_or_null<tile::AddPtrOp>(d))
      p = add.getPtr();
    else if (d && isa<tile::SplatOp, tile::BroadcastOp, tile::ExpandDimsOp,
                      ConvertLayoutOp>(d))
      p = d->getOperand(0);
    else if (throughViews && d && isa<tile::TransOp, tile::AxisHintOp>(d))
      p = d->getOperand(0);
    else
      return nullptr;
  }
}

std::optional<TmaStaging> mlir::tilegpu::planTmaStaging(tile::LoadOp load,
                                                        MemDescType slot) {
  // A 2-D block, or one of a tensor of rank 3 to 5 with leading unit
  // dimensions (tile.load's blockCoords).
  size_t rank = load.getBlockCoords().size();
  if (rank < 2 || rank > 5 || slot.getRank() != 2)
    return std::nullopt;
  BlockArgument base = kernelArgumentOf(load.getPtr(), /*throughViews=*/true);
  if (!base)
    return std::nullopt;
  auto func = cast<func::FuncOp>(base.getOwner()->getParentOp());
  auto desc = func.getArgAttrOfType<StringAttr>(base.getArgNumber(),
                                                "tile.host_descriptor");
  std::optional<TmaLayout> l = getTmaLayout(slot);
  std::string dtype = tensorMapDType(slot.getElementType());
  if (!desc || !l || dtype.empty() || l->swizzleBytes == 0)
    return std::nullopt;
  // The block lands as the slot stores its rows: a transposed slot holds
  // the transpose of the tile it is read as.
  auto shared = cast<SharedAttr>(slot.getEncoding());
  if (shared.getTransposed() != load.getBlockTransposed())
    return std::nullopt;
  // Swizzled buffers start at 1024 bytes (tilegpu-allocate-shared); each
  // copy's destination must too, as the swizzle is that of its address.
  int64_t elemBytes = slot.getElementType().getIntOrFloatBitWidth() / 8;
  int64_t blockBytes = l->rows * l->rowElems * elemBytes;
  if (blockBytes % 1024 != 0)
    return std::nullopt;
  Builder b(load.getContext());
  SmallVector<int64_t> box(rank - 2, 1);
  box.append({l->rows, l->rowElems});
  NamedAttribute entries[] = {
      b.getNamedAttr("desc", desc),
      b.getNamedAttr("dtype", b.getStringAttr(dtype)),
      b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
      b.getNamedAttr("swizzle", b.getI32IntegerAttr(l->swizzleBytes))};
  return TmaStaging{b.getDictionaryAttr(entries), blockBytes * l->blocks};
}

bool mlir::tilegpu::copyStagedBlockWithTma(LocalAllocOp alloc) {
  Value init = alloc.getInit();
  auto load = init ? init.getDefiningOp<tile::LoadOp>() : tile::LoadOp();
  if (!load || !load->hasOneUse() || load.getIsVolatile() ||
      load->getBlock() != alloc->getBlock())
    return false;
  if (load.getOther() && !matchPattern(load.getOther(), m_Zero()) &&
      !matchPattern(load.getOther(), m_AnyZeroFloat()))
    return false;
  MemDescType type = alloc.getType();
  std::optional<TmaStaging> t = planTmaStaging(load, type);
  if (!t)
    return false;
  auto func = alloc->getParentOfType<func::FuncOp>();
  Value map = getOrAddTensorMap(func, t->map);
  OpBuilder b(alloc);
  Location loc = alloc.getLoc();
  auto buf = b.create<LocalAllocOp>(loc, type, Value());
  auto bar = b.create<LocalAllocOp>(
      loc, MemDescType::get({1}, b.getI64Type(), Attribute()), Value());
  b.create<MBarrierInitOp>(loc, bar, b.getI32IntegerAttr(1));
  b.create<BarrierOp>(loc);
  b.create<MBarrierExpectOp>(loc, bar, b.getI32IntegerAttr(t->bytes), Value());
  b.create<TmaCopyOp>(loc, map, load.getBlockCoords(), buf, bar, Value());
  Value zero = b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(0));
  b.create<MBarrierWaitOp>(loc, bar, zero);
  b.create<BarrierOp>(loc); // every thread has waited: the mbarrier's bytes
  b.create<MBarrierInvalOp>(loc, bar); // may hold other data
  alloc.replaceAllUsesWith(buf.getResult());
  alloc.erase();
  load.erase();
  return true;
}

Value mlir::tilegpu::getOrAddTensorMap(func::FuncOp func, DictionaryAttr map) {
  for (BlockArgument arg : func.getArguments())
    if (func.getArgAttr(arg.getArgNumber(), kTensorMapAttr) == map)
      return arg;
  unsigned n = func.getNumArguments();
  Builder b(func.getContext());
  (void)func.insertArgument(
      n, TensorMapType::get(func.getContext()),
      b.getDictionaryAttr({b.getNamedAttr(kTensorMapAttr, map)}),
      func.getLoc());
  return func.getArgument(n);
}
