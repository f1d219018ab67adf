//===- TmaOps.cpp - Verifiers of the mbarrier and TMA ops ---------------===//
//
// Hopper's asynchronous copies: mbarriers in shared memory and TMA copies
// of a tensor map's blocks into buffers laid out as a hardware swizzle mode
// writes them.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

using namespace mlir;
using namespace mlir::tilegpu;

std::optional<TmaLayout> mlir::tilegpu::getTmaLayout(MemDescType buffer) {
  if (buffer.getRank() != 2 || !buffer.getElementType().isIntOrFloat())
    return std::nullopt;
  unsigned bits = buffer.getElementType().getIntOrFloatBitWidth();
  if (bits % 8 != 0)
    return std::nullopt;
  int64_t elemBytes = bits / 8;
  auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding());
  if (buffer.getEncoding() && !shared)
    return std::nullopt;
  // The stored rows: a transposed buffer holds its columns as rows.
  int64_t rows = buffer.getShape()[0], cols = buffer.getShape()[1];
  if (shared && shared.getTransposed())
    std::swap(rows, cols);
  TmaLayout l;
  l.rows = rows;
  l.rowElems = cols;
  if (shared && shared.getBlockCols() &&
      cols > int64_t(shared.getBlockCols())) {
    if (cols % shared.getBlockCols() != 0)
      return std::nullopt;
    l.rowElems = shared.getBlockCols();
    l.blocks = cols / shared.getBlockCols();
  }
  int64_t rowBytes = l.rowElems * elemBytes;
  if (rows > 256 || l.rowElems > 256 || rowBytes % 16 != 0)
    return std::nullopt;
  if (!shared || shared.getMaxPhase() == 1)
    return l;
  // The swizzle modes permute the 16-byte chunks of a row by the row's
  // place in a 1024-byte group: 128-byte rows by row % 8, 64-byte rows by
  // (row / 2) % 4, 32-byte rows by (row / 4) % 2.
  if (int64_t(shared.getVec()) * elemBytes != 16)
    return std::nullopt;
  struct Mode {
    int64_t rowBytes;
    unsigned perPhase, maxPhase;
  };
  for (Mode m : {Mode{128, 1, 8}, Mode{64, 2, 4}, Mode{32, 4, 2}})
    if (rowBytes == m.rowBytes && shared.getPerPhase() == m.perPhase &&
        shared.getMaxPhase() == m.maxPhase) {
      l.swizzleBytes = unsigned(m.rowBytes);
      return l;
    }
  return std::nullopt;
}

/// One 8-byte mbarrier: a buffer of one i64.
static LogicalResult verifyBarrier(Operation *op, MemDescType bar) {
  if (bar.getShape() != ArrayRef<int64_t>{1} ||
      !bar.getElementType().isInteger(64) || bar.getEncoding())
    return op->emitOpError() << "needs one mbarrier, a !tilegpu.memdesc<1xi64>,"
                             << " got " << bar;
  return success();
}

LogicalResult MBarrierInitOp::verify() {
  if (getCount() < 1)
    return emitOpError() << "expects at least one arrival, got " << getCount();
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult MBarrierExpectOp::verify() {
  // The transaction count of a phase is at most 2^20 - 1 bytes.
  if (getBytes() < 1 || getBytes() >= (1 << 20))
    return emitOpError() << "expects 1 to 2^20 - 1 bytes, got " << getBytes();
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult MBarrierWaitOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult MBarrierArriveOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult MBarrierInvalOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

/// A TMA copy's buffer and coordinates (tma_copy, tma_store).
static LogicalResult verifyTmaBlock(Operation *op, MemDescType buffer,
                                    size_t coords) {
  if (!getTmaLayout(buffer))
    return op->emitOpError()
           << "cannot copy " << buffer
           << ": TMA copies 2-D buffers of numbers unswizzled or with a "
              "32/64/128-byte swizzle (rows of that many bytes, 16-byte "
              "chunks), at most 256 elements a dimension";
  if (coords < 2 || coords > 5)
    return op->emitOpError()
           << "expects 2 coordinates for a 2-D block, or 3 to 5 for one of a "
              "tensor of that rank with leading unit dimensions, got "
           << coords;
  return success();
}

/// The box of a block of `buffer` in a tensor of rank `coords`: the
/// leading dimensions 1, then the buffer's stored rows and a column
/// block's elements.
static SmallVector<int64_t> tmaBox(MemDescType buffer, size_t coords) {
  TmaLayout l = *getTmaLayout(buffer);
  SmallVector<int64_t> box(coords - 2, 1);
  box.append({l.rows, l.rowElems});
  return box;
}

LogicalResult TmaCopyOp::verify() {
  if (failed(verifyBarrier(*this, getBar().getType())))
    return failure();
  return verifyTmaBlock(*this, getDst().getType(), getCoords().size());
}

LogicalResult TmaStoreOp::verify() {
  return verifyTmaBlock(*this, getSrc().getType(), getCoords().size());
}

SmallVector<int64_t> TmaStoreOp::getBox() {
  return tmaBox(getSrc().getType(), getCoords().size());
}

SmallVector<int64_t> TmaCopyOp::getBox() {
  return tmaBox(getDst().getType(), getCoords().size());
}
