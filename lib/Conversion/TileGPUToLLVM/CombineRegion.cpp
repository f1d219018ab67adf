//===- CombineRegion.cpp - What tile.scan and tile.generic_reduce share ---===//
//
// See CombineRegion.h.
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;

std::optional<AxisGeometry>
mlir::tilegpu::getAxisGeometry(RankedTensorType type, unsigned axis,
                               Operation *op) {
  if (!type.getEncoding())
    return std::nullopt;
  LayoutInfo info(type);
  if (!info.isBlocked())
    return std::nullopt;
  BlockedAttr base = info.getBase();
  AxisGeometry g;
  g.axis = axis;
  g.D = info.baseDim(axis);
  g.S = base.getSizePerThread()[g.D];
  g.L = base.getThreadsPerWarp()[g.D];
  g.W = base.getWarpsPerCTA()[g.D];
  g.N = type.getDimSize(axis);
  unsigned along = info.elemsAlong(axis);
  g.R = along / g.S;
  for (unsigned d : base.getOrder()) {
    if (d == g.D)
      break;
    g.laneStride *= base.getThreadsPerWarp()[d];
    g.warpStride *= base.getWarpsPerCTA()[d];
  }
  if (g.S < g.N) {
    unsigned segChunks = g.N / g.S;
    g.Lseg = std::min(g.L, segChunks);
    if (segChunks > g.L)
      g.Wseg = std::min(g.W, segChunks / g.L);
  }
  g.numWarps = 1;
  for (unsigned w : base.getWarpsPerCTA())
    g.numWarps *= w;
  g.numWarps = std::max<unsigned>(g.numWarps, tile::getNumWarps(op, 0));
  for (unsigned k = 0; k < info.numElems(); ++k) {
    SmallVector<unsigned> c = info.elemCoords(k);
    if (c[axis] != 0)
      continue;
    SmallVector<unsigned> row;
    for (unsigned e = 0; e < along; ++e) {
      c[axis] = e;
      row.push_back(info.elemIndex(c));
    }
    g.rows.push_back(std::move(row));
  }
  return g;
}

CombineScratch mlir::tilegpu::getCombineScratch(Operation *op,
                                                const AxisGeometry &g,
                                                unsigned slotRows) {
  CombineScratch s;
  s.laneGroups = 32 / g.L;
  s.numWarps = g.numWarps;
  uint64_t slots = uint64_t(slotRows) * s.laneGroups * s.numWarps;
  for (Value v : op->getOperands()) {
    Type elt = cast<RankedTensorType>(v.getType()).getElementType();
    unsigned bytes = (elt.getIntOrFloatBitWidth() + 7) / 8;
    s.bytes = llvm::alignTo(s.bytes, 8);
    s.offsets.push_back(s.bytes);
    s.bytes += slots * bytes;
  }
  return s;
}

WarpSlots::WarpSlots(OpBuilder &b, Location loc, Operation *op,
                     const AxisGeometry &g, CombineScratch cs, Value w)
    : b(b), loc(loc), cs(std::move(cs)) {
  auto i32c = [&](int64_t v) { return i32Const(b, loc, v); };
  smem = sharedScratch(b, loc, op);
  Value tid = threadId(b, loc);
  lane = b.create<LLVM::URemOp>(loc, tid, i32c(32));
  warp = b.create<LLVM::UDivOp>(loc, tid, i32c(32));
  unsigned lo = llvm::Log2_32(g.laneStride);
  unsigned hi = llvm::Log2_32(g.laneStride * g.L);
  laneC = b.create<LLVM::OrOp>(
      loc, b.create<LLVM::AndOp>(loc, lane, i32c(g.laneStride - 1)),
      b.create<LLVM::ShlOp>(loc, b.create<LLVM::LShrOp>(loc, lane, i32c(hi)),
                            i32c(lo)));
  warp0 = b.create<LLVM::SubOp>(
      loc, warp, b.create<LLVM::MulOp>(loc, w, i32c(g.warpStride)));
}

Value WarpSlots::slot(unsigned row, Value warpId) {
  Value s = b.create<LLVM::AddOp>(
      loc, laneC, i32Const(b, loc, int64_t(row) * cs.laneGroups));
  s = b.create<LLVM::MulOp>(loc, s, i32Const(b, loc, cs.numWarps));
  return b.create<LLVM::AddOp>(loc, s, warpId);
}

Value WarpSlots::ptr(unsigned i, Type elt, Value slot) {
  Type st = sharedStorageType(elt);
  Value base = smem;
  if (cs.offsets[i])
    base = b.create<LLVM::GEPOp>(
        loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace),
        b.getI8Type(), smem, ArrayRef<LLVM::GEPArg>{int32_t(cs.offsets[i])});
  return sharedElemPtr(b, loc, base, st, slot);
}

uint64_t mlir::tilegpu::combineScratchBytes(Operation *op) {
  auto scan = dyn_cast<tile::ScanOp>(op);
  auto red = dyn_cast<tile::GenericReduceOp>(op);
  if (!scan && !red)
    return 0;
  auto t = cast<RankedTensorType>(op->getOperand(0).getType());
  unsigned axis = scan ? scan.getAxis() : red.getAxis();
  std::optional<AxisGeometry> g = getAxisGeometry(t, axis, op);
  if (!g || g->Wseg <= 1)
    return 0;
  unsigned slotRows = g->rows.size() * (scan ? g->R : 1);
  return getCombineScratch(op, *g, slotRows).bytes;
}

Tuple mlir::tilegpu::applyCombine(OpBuilder &b, Location loc, Region &combine,
                                  ValueRange lhs, ValueRange rhs) {
  Block &blk = combine.front();
  IRMapping map;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    map.map(blk.getArgument(i), lhs[i]);
    map.map(blk.getArgument(n + i), rhs[i]);
  }
  for (Operation &op : blk.without_terminator())
    b.clone(op, map);
  Tuple out;
  for (Value v : blk.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

Tuple mlir::tilegpu::selectTuple(OpBuilder &b, Location loc, Value pred,
                                 ValueRange a, ValueRange c) {
  Tuple out;
  for (auto [x, y] : llvm::zip(a, c))
    out.push_back(b.create<LLVM::SelectOp>(loc, pred, x, y));
  return out;
}

namespace {

Value shuffle32(OpBuilder &b, Location loc, Value x, Value delta,
                NVVM::ShflKind kind) {
  // The clamp operand: lanes below 0 for `up`, the warp's last lane else.
  int32_t clamp = kind == NVVM::ShflKind::up ? 0 : 0x1f;
  return b.create<NVVM::ShflOp>(loc, b.getI32Type(), i32Const(b, loc, -1), x,
                                delta, i32Const(b, loc, clamp), kind,
                                UnitAttr());
}

Value shuffleValue(OpBuilder &b, Location loc, Value v, Value delta,
                   NVVM::ShflKind kind) {
  Type t = v.getType();
  Type i32 = b.getI32Type();
  unsigned bits = t.getIntOrFloatBitWidth();
  Type it = b.getIntegerType(bits);
  Value x = t.isInteger(bits) ? v : b.create<LLVM::BitcastOp>(loc, it, v);
  Value r;
  if (bits == 64) {
    Value lo = b.create<LLVM::TruncOp>(loc, i32, x);
    Value hi = b.create<LLVM::TruncOp>(
        loc, i32,
        b.create<LLVM::LShrOp>(
            loc, x,
            b.create<LLVM::ConstantOp>(loc, it, b.getI64IntegerAttr(32))));
    lo = shuffle32(b, loc, lo, delta, kind);
    hi = shuffle32(b, loc, hi, delta, kind);
    r = b.create<LLVM::OrOp>(
        loc, b.create<LLVM::ZExtOp>(loc, it, lo),
        b.create<LLVM::ShlOp>(
            loc, b.create<LLVM::ZExtOp>(loc, it, hi),
            b.create<LLVM::ConstantOp>(loc, it, b.getI64IntegerAttr(32))));
  } else if (bits < 32) {
    r = b.create<LLVM::TruncOp>(
        loc, it,
        shuffle32(b, loc, b.create<LLVM::ZExtOp>(loc, i32, x), delta, kind));
  } else {
    r = shuffle32(b, loc, x, delta, kind);
  }
  return t.isInteger(bits) ? r : b.create<LLVM::BitcastOp>(loc, t, r);
}

} // namespace

Tuple mlir::tilegpu::shuffleTuple(OpBuilder &b, Location loc, ValueRange v,
                                  Value delta, NVVM::ShflKind kind) {
  Tuple out;
  for (Value x : v)
    out.push_back(shuffleValue(b, loc, x, delta, kind));
  return out;
}

SmallVector<Value>
mlir::tilegpu::packTupleResults(OpBuilder &b, Location loc,
                                const TypeConverter &converter, Operation *op,
                                ArrayRef<Tuple> tuples) {
  SmallVector<Value> results;
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    if (!isa<RankedTensorType>(op->getResult(i).getType())) {
      results.push_back(tuples[0][i]);
      continue;
    }
    SmallVector<Value> elems;
    for (const Tuple &t : tuples)
      elems.push_back(t[i]);
    results.push_back(packStruct(
        b, loc, converter.convertType(op->getResult(i).getType()), elems));
  }
  return results;
}
