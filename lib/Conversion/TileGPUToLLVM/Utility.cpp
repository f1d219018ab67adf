//===- Utility.cpp - Layout arithmetic and helpers of the LLVM lowering ---===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tilegpu;

//===----------------------------------------------------------------------===//
// LayoutInfo
//===----------------------------------------------------------------------===//

bool mlir::tilegpu::isMmaFamilyLayout(Attribute layout) {
  return isa_and_nonnull<MmaAttr, DotOperandAttr>(layout);
}

/// The base dimensions of a rank-R layout that survive `slices` (recorded
/// outermost first, in the parent's numbering), in tensor order.
static SmallVector<unsigned> survivingDims(unsigned R,
                                           ArrayRef<unsigned> slices) {
  SmallVector<unsigned> dims;
  for (unsigned d = 0; d < R; ++d)
    dims.push_back(d);
  // The innermost (last) slice applies to the base first.
  for (int i = slices.size() - 1; i >= 0; --i)
    dims.erase(dims.begin() + slices[i]);
  return dims;
}

LayoutInfo::LayoutInfo(RankedTensorType type)
    : shape(type.getShape().begin(), type.getShape().end()) {
  Attribute layout = type.getEncoding();
  // Peel slices down to the base, collecting the sliced dims (outermost
  // first, in the parent's numbering).
  SmallVector<unsigned> slices;
  Attribute root = layout;
  while (auto s = dyn_cast_or_null<SliceAttr>(root)) {
    slices.push_back(s.getDim());
    root = s.getParent();
  }
  if (auto mma = dyn_cast_or_null<MmaAttr>(root))
    if (!mma.getTransposed()) {
      initAccumulator(mma, slices, type.getElementType());
      return;
    }
  if (isMmaFamilyLayout(layout)) {
    // Tensor-core layouts: see MmaAttr / DotOperandAttr.
    assert(shape.size() == 2 && "tensor-core layouts are 2-D");
    MmaAttr mma = dyn_cast<MmaAttr>(layout);
    if (auto dop = dyn_cast<DotOperandAttr>(layout)) {
      mma = cast<MmaAttr>(dop.getParent());
      kind_ = dop.getOpIdx() == 0 ? Kind::DotA : Kind::DotB;
    } else {
      kind_ = Kind::Mma;
    }
    // Transposed (MmaAttr): the layout of the transposed tile in the
    // plain layout, the operands' roles swapped; indices swapped back in
    // emitMmaIndices.
    if (mma.getTransposed()) {
      trans = true;
      std::swap(shape[0], shape[1]);
      if (kind_ == Kind::DotA)
        kind_ = Kind::DotB;
      else if (kind_ == Kind::DotB)
        kind_ = Kind::DotA;
    }
    wm = mma.getWarpsPerCTA()[0];
    wn = mma.getWarpsPerCTA()[1];
    warpsMFirst = mma.isHopper();
    Type elt = type.getElementType();
    eltBits = elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 64;
    auto ceilDiv = [](int64_t a, int64_t b) {
      return unsigned((a + b - 1) / b);
    };
    unsigned kBlock = eltBits == 16 ? 16 : 8;
    switch (kind_) {
    case Kind::Mma:
      repMN = ceilDiv(shape[0], 16 * wm);
      repN = ceilDiv(shape[1], 8 * wn);
      perBlock = 4;
      numElems_ = repMN * repN * 4;
      break;
    case Kind::DotA:
      repMN = ceilDiv(shape[0], 16 * wm);
      repK = ceilDiv(shape[1], kBlock);
      perBlock = eltBits == 16 ? 8 : 4;
      numElems_ = repMN * repK * perBlock;
      break;
    case Kind::DotB:
      repMN = ceilDiv(shape[1], 8 * wn);
      repK = ceilDiv(shape[0], kBlock);
      perBlock = eltBits == 16 ? 4 : 2;
      numElems_ = repMN * repK * perBlock;
      break;
    case Kind::Blocked:
      break;
    }
    return;
  }
  // 1. The blocked base.
  base = cast<BlockedAttr>(root);
  unsigned R = base.getRank();
  // 2. Map tensor dims to base dims.
  dimMap = survivingDims(R, slices);
  baseToTensor.assign(R, -1);
  for (unsigned i = 0; i < dimMap.size(); ++i)
    baseToTensor[dimMap[i]] = i;
  baseShape.assign(R, 1);
  for (unsigned i = 0; i < dimMap.size(); ++i)
    baseShape[dimMap[i]] = shape[i];
  // 3. Elements per thread.
  for (unsigned d = 0; d < R; ++d) {
    unsigned c = base.getSizePerThread()[d] * base.getThreadsPerWarp()[d] *
                 base.getWarpsPerCTA()[d];
    cta.push_back(c);
    if (baseToTensor[d] < 0) {
      elemsPerThread.push_back(1);
      continue;
    }
    unsigned reps = (baseShape[d] + c - 1) / c;
    unsigned n = base.getSizePerThread()[d] * reps;
    elemsPerThread.push_back(n);
    numElems_ *= n;
  }
  // 4. Lanes and warps per dimension; the first of `order` varies fastest
  // in the lane and warp ids.
  lanes.assign(R, 1);
  laneStrides.assign(R, 1);
  warps.assign(R, 1);
  warpStrides.assign(R, 1);
  warpExtents.assign(R, 1);
  unsigned ls = 1, ws = 1;
  for (unsigned d : base.getOrder()) {
    lanes[d] = base.getThreadsPerWarp()[d];
    warps[d] = base.getWarpsPerCTA()[d];
    laneStrides[d] = ls;
    warpStrides[d] = ws;
    ls *= lanes[d];
    ws *= warps[d];
    warpExtents[d] = base.getSizePerThread()[d] * lanes[d];
  }
}

void LayoutInfo::initAccumulator(MmaAttr mma, ArrayRef<unsigned> slices,
                                 Type elt) {
  acc_ = true;
  kind_ = Kind::Mma;
  wm = mma.getWarpsPerCTA()[0];
  wn = mma.getWarpsPerCTA()[1];
  warpsMFirst = mma.isHopper();
  eltBits = elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 64;
  dimMap = survivingDims(2, slices);
  baseToTensor.assign(2, -1);
  baseShape.assign(2, 1);
  for (unsigned i = 0; i < dimMap.size(); ++i) {
    baseToTensor[dimMap[i]] = i;
    baseShape[dimMap[i]] = shape[i];
  }
  // Rows: lane / 4 (8 lanes, lane-id stride 4), a pair of rows 8 apart per
  // 16-row block. Columns: lane % 4 (pairs of adjacent columns), 8 columns
  // a block, warpCols / 8 blocks of a warp side by side. mma.sync numbers
  // the warps along N fastest, wgmma along M (whole warpgroups of rows).
  unsigned warpCols = mma.getWarpCols();
  cta = {16 * wm, warpCols * wn};
  lanes = {8, 4};
  laneStrides = {4, 1};
  warps = {wm, wn};
  warpStrides = mma.isHopper() ? SmallVector<unsigned>{1, wm}
                               : SmallVector<unsigned>{wn, 1};
  warpExtents = {16, warpCols};
  pairStep = {8, 1};
  laneStep = {1, 2};
  blocksPerWarp = {1, warpCols / 8};
  for (unsigned d = 0; d < 2; ++d) {
    unsigned n = 1;
    if (baseToTensor[d] >= 0)
      n = 2 * blocksPerWarp[d] * unsigned((baseShape[d] + cta[d] - 1) / cta[d]);
    elemsPerThread.push_back(n);
    numElems_ *= n;
  }
  repMN = elemsPerThread[0] / 2 ? elemsPerThread[0] / 2 : 1;
  repN = elemsPerThread[1] / 2 ? elemsPerThread[1] / 2 : 1;
  perBlock = 4;
}

SmallVector<Value>
LayoutInfo::emitMmaIndices(OpBuilder &b, Location loc, const ThreadCoords &tc,
                           unsigned k,
                           SmallVectorImpl<Value> *unwrapped) const {
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  auto add = [&](Value x, Value y) {
    return b.create<LLVM::AddOp>(loc, x, y).getResult();
  };
  auto mul = [&](Value x, int64_t y) {
    return b.create<LLVM::MulOp>(loc, x, c(y)).getResult();
  };
  Value lane = tc.lane[0];
  Value g = b.create<LLVM::UDivOp>(loc, lane, c(4));
  Value t = b.create<LLVM::URemOp>(loc, lane, c(4));
  Value rowBase, colBase; // the warp's origin plus the lane's part
  int64_t row = 0, col = 0;
  unsigned i = k % perBlock, blk = k / perBlock;
  switch (kind_) {
  // Transposed layouts interleave the rows of each warp's 16: the
  // registers of rows g and g + 8 hold rows 2g and 2g + 1 (MmaAttr).
  case Kind::Mma: { // transposed only (isAccumulator() otherwise)
    unsigned rn = blk % repN, rm = blk / repN;
    rowBase = add(mul(tc.warp[0], 16), trans ? mul(g, 2) : g);
    colBase = add(mul(tc.warp[1], 8), mul(t, 2));
    row = rm * 16 * wm + (trans ? 1 : 8) * (i / 2);
    col = rn * 8 * wn + i % 2;
    break;
  }
  case Kind::DotA: {
    unsigned rk = blk % repK, rm = blk / repK;
    rowBase = add(mul(tc.warp[0], 16), trans ? mul(g, 2) : g);
    int64_t half = trans ? 1 : 8; // the row of registers g + 8
    if (eltBits == 16) {
      colBase = mul(t, 2);
      row = rm * 16 * wm + half * ((i / 2) % 2);
      col = rk * 16 + i % 2 + 8 * (i / 4);
    } else {
      colBase = t;
      row = rm * 16 * wm + half * (i % 2);
      col = rk * 8 + 4 * (i / 2);
    }
    break;
  }
  case Kind::DotB: {
    unsigned rk = blk % repK, rn = blk / repK;
    colBase = add(mul(tc.warp[1], 8), g);
    if (eltBits == 16) {
      rowBase = mul(t, 2);
      row = rk * 16 + i % 2 + 8 * (i / 2);
    } else {
      rowBase = t;
      row = rk * 8 + 4 * i;
    }
    col = rn * 8 * wn;
    break;
  }
  case Kind::Blocked:
    llvm_unreachable("blocked layouts use emitIndices");
  }
  SmallVector<Value> idx = {add(rowBase, c(row)), add(colBase, c(col))};
  if (unwrapped)
    unwrapped->append(idx.begin(), idx.end());
  // Tiles smaller than the warps' tile are replicated.
  int64_t tileRows = kind_ == Kind::DotB ? shape[0] : 16 * wm;
  int64_t tileCols = kind_ == Kind::DotA ? shape[1] : 8 * wn;
  if (tileRows > shape[0])
    idx[0] = b.create<LLVM::URemOp>(loc, idx[0], c(shape[0]));
  if (tileCols > shape[1])
    idx[1] = b.create<LLVM::URemOp>(loc, idx[1], c(shape[1]));
  if (trans) {
    std::swap(idx[0], idx[1]);
    if (unwrapped) {
      size_t n = unwrapped->size();
      std::swap((*unwrapped)[n - 2], (*unwrapped)[n - 1]);
    }
  }
  return idx;
}

unsigned LayoutInfo::threadsAlong(unsigned d) const {
  return lanes[d] * warps[d];
}

SmallVector<unsigned> LayoutInfo::elemCoords(unsigned k) const {
  SmallVector<unsigned> coords(rank(), 0);
  if (acc_) {
    // k = pairs (row-major) * 2^rank + bits (row-major).
    unsigned bits = k % (1u << rank()), pairs = k >> rank();
    for (int i = rank() - 1; i >= 0; --i) {
      unsigned n = elemsAlong(i) / 2;
      coords[i] = 2 * (pairs % n) + (bits & 1);
      pairs /= n;
      bits >>= 1;
    }
    return coords;
  }
  for (unsigned d : base.getOrder()) {
    int t = baseToTensor[d];
    if (t < 0)
      continue;
    coords[t] = k % elemsPerThread[d];
    k /= elemsPerThread[d];
  }
  return coords;
}

unsigned LayoutInfo::elemIndex(ArrayRef<unsigned> coords) const {
  if (acc_) {
    unsigned pairs = 0, bits = 0;
    for (unsigned i = 0; i < rank(); ++i) {
      pairs = pairs * (elemsAlong(i) / 2) + coords[i] / 2;
      bits = bits * 2 + coords[i] % 2;
    }
    return (pairs << rank()) + bits;
  }
  unsigned k = 0, stride = 1;
  for (unsigned d : base.getOrder()) {
    int t = baseToTensor[d];
    if (t < 0)
      continue;
    k += coords[t] * stride;
    stride *= elemsPerThread[d];
  }
  return k;
}

LayoutInfo::ThreadCoords
LayoutInfo::emitThreadCoords(OpBuilder &b, Location loc, Value tid) const {
  ThreadCoords tc;
  if (!tid)
    tid = threadId(b, loc);
  // The warp's coordinates along M and N: mma.sync numbers the warps along
  // N fastest, wgmma along M (warpStrides).
  auto mmaWarpCoords = [&](Value warp) -> SmallVector<Value> {
    auto coord = [&](unsigned stride, unsigned n) -> Value {
      Value w = stride == 1 ? warp
                            : b.create<LLVM::UDivOp>(loc, warp,
                                                     i32Const(b, loc, stride));
      return b.create<LLVM::URemOp>(loc, w, i32Const(b, loc, n));
    };
    return {coord(warpsMFirst ? 1 : wn, wm), coord(warpsMFirst ? wm : 1, wn)};
  };
  if (acc_) {
    Value lane = b.create<LLVM::URemOp>(loc, tid, i32Const(b, loc, 32));
    Value warp = b.create<LLVM::UDivOp>(loc, tid, i32Const(b, loc, 32));
    tc.lane = {b.create<LLVM::UDivOp>(loc, lane, i32Const(b, loc, 4)),
               b.create<LLVM::URemOp>(loc, lane, i32Const(b, loc, 4))};
    tc.warp = mmaWarpCoords(warp);
    return tc;
  }
  if (!isBlocked()) {
    tc.lane.push_back(b.create<LLVM::URemOp>(loc, tid, i32Const(b, loc, 32)));
    tc.warp =
        mmaWarpCoords(b.create<LLVM::UDivOp>(loc, tid, i32Const(b, loc, 32)));
    return tc;
  }
  unsigned R = baseRank();
  tc.lane.resize(R);
  tc.warp.resize(R);
  Value lane = b.create<LLVM::URemOp>(loc, tid, i32Const(b, loc, 32));
  Value warp = b.create<LLVM::UDivOp>(loc, tid, i32Const(b, loc, 32));
  for (unsigned d : base.getOrder()) {
    unsigned t = base.getThreadsPerWarp()[d], w = base.getWarpsPerCTA()[d];
    tc.lane[d] = b.create<LLVM::URemOp>(loc, lane, i32Const(b, loc, t));
    lane = b.create<LLVM::UDivOp>(loc, lane, i32Const(b, loc, t));
    tc.warp[d] = b.create<LLVM::URemOp>(loc, warp, i32Const(b, loc, w));
    warp = b.create<LLVM::UDivOp>(loc, warp, i32Const(b, loc, w));
  }
  return tc;
}

SmallVector<Value>
LayoutInfo::emitIndices(OpBuilder &b, Location loc, const ThreadCoords &tc,
                        unsigned k, SmallVectorImpl<Value> *unwrapped) const {
  if (!hasDims())
    return emitMmaIndices(b, loc, tc, k, unwrapped);
  SmallVector<unsigned> e = elemCoords(k);
  SmallVector<Value> idx;
  for (unsigned i = 0; i < rank(); ++i) {
    unsigned d = dimMap[i];
    Value v;
    if (acc_) {
      // lane * laneStep + warp * warpExtent + (q / bpw) * cta + (q % bpw) *
      // 8 + (e % 2) * pairStep, q = e / 2 (bpw: blocks of a warp side by
      // side, 1 along M)
      Value thread = b.create<LLVM::AddOp>(
          loc,
          b.create<LLVM::MulOp>(loc, tc.warp[d],
                                i32Const(b, loc, warpExtents[d])),
          b.create<LLVM::MulOp>(loc, tc.lane[d],
                                i32Const(b, loc, laneStep[d])));
      unsigned q = e[i] / 2, bpw = blocksPerWarp[d];
      v = b.create<LLVM::AddOp>(loc, thread,
                                i32Const(b, loc,
                                         (q / bpw) * cta[d] + (q % bpw) * 8 +
                                             (e[i] % 2) * pairStep[d]));
    } else {
      unsigned spt = base.getSizePerThread()[d],
               tpw = base.getThreadsPerWarp()[d];
      // (warp * tpw + lane) * spt + (e / spt) * cta + e % spt
      Value thread = b.create<LLVM::AddOp>(
          loc, b.create<LLVM::MulOp>(loc, tc.warp[d], i32Const(b, loc, tpw)),
          tc.lane[d]);
      v = b.create<LLVM::AddOp>(
          loc, b.create<LLVM::MulOp>(loc, thread, i32Const(b, loc, spt)),
          i32Const(b, loc, (e[i] / spt) * cta[d] + e[i] % spt));
    }
    if (unwrapped)
      unwrapped->push_back(v);
    if (cta[d] > shape[i])
      v = b.create<LLVM::URemOp>(loc, v, i32Const(b, loc, shape[i]));
    idx.push_back(v);
  }
  return idx;
}

Value mlir::tilegpu::andPredicates(OpBuilder &b, Location loc, Value a,
                                   Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return b.create<LLVM::AndOp>(loc, a, c);
}

Value mlir::tilegpu::emitOwnerPredicate(OpBuilder &b, Location loc,
                                        const LayoutInfo &info,
                                        const LayoutInfo::ThreadCoords &tc,
                                        unsigned k) {
  Value owner =
      b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::ult, threadId(b, loc),
                             i32Const(b, loc, info.numThreads()));
  // A slice layout: the threads along a sliced dimension hold the same
  // elements; the one at coordinate 0 there accesses them.
  for (unsigned d = 0; d < info.baseRank(); ++d)
    if (info.tensorDim(d) < 0)
      for (Value c : {tc.lane[d], tc.warp[d]})
        owner = b.create<LLVM::AndOp>(
            loc, owner,
            b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq, c,
                                   i32Const(b, loc, 0)));
  SmallVector<Value> unwrapped;
  info.emitIndices(b, loc, tc, k, &unwrapped);
  for (unsigned d = 0; d < unwrapped.size(); ++d)
    if (info.ctaTile(info.baseDim(d)) > uint64_t(info.getShape()[d]))
      owner = b.create<LLVM::AndOp>(
          loc, owner,
          b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::ult, unwrapped[d],
                                 i32Const(b, loc, info.getShape()[d])));
  return owner;
}

SmallVector<int64_t> LayoutInfo::hostIndices(unsigned tid, unsigned k) const {
  assert(hasDims() && "hostIndices of a blocked or accumulator layout");
  unsigned R = baseRank();
  SmallVector<unsigned> lane(R), warp(R);
  unsigned l = tid % 32, w = tid / 32;
  if (acc_) {
    // emitThreadCoords and emitIndices of an accumulator layout.
    lane = {l / 4, l % 4};
    unsigned wmFirst = warpsMFirst ? 1 : wn, wnFirst = warpsMFirst ? wm : 1;
    warp = {(w / wmFirst) % wm, (w / wnFirst) % wn};
    SmallVector<unsigned> e = elemCoords(k);
    SmallVector<int64_t> idx;
    for (unsigned i = 0; i < rank(); ++i) {
      unsigned d = dimMap[i], q = e[i] / 2, bpw = blocksPerWarp[d];
      int64_t v = int64_t(warp[d]) * warpExtents[d] +
                  int64_t(lane[d]) * laneStep[d] + (q / bpw) * cta[d] +
                  (q % bpw) * 8 + (e[i] % 2) * pairStep[d];
      if (cta[d] > shape[i])
        v %= shape[i];
      idx.push_back(v);
    }
    return idx;
  }
  for (unsigned d : base.getOrder()) {
    unsigned t = base.getThreadsPerWarp()[d], wp = base.getWarpsPerCTA()[d];
    lane[d] = l % t;
    l /= t;
    warp[d] = w % wp;
    w /= wp;
  }
  SmallVector<unsigned> e = elemCoords(k);
  SmallVector<int64_t> idx;
  for (unsigned i = 0; i < rank(); ++i) {
    unsigned d = dimMap[i];
    unsigned spt = base.getSizePerThread()[d],
             tpw = base.getThreadsPerWarp()[d];
    int64_t v = int64_t(warp[d] * tpw + lane[d]) * spt +
                int64_t(e[i] / spt) * cta[d] + e[i] % spt;
    if (cta[d] > shape[i])
      v %= shape[i];
    idx.push_back(v);
  }
  return idx;
}

unsigned LayoutInfo::numThreads() const {
  unsigned n = 1;
  for (unsigned d = 0; d < baseRank(); ++d)
    n *= threadsAlong(d);
  return n;
}

SmallVector<std::pair<unsigned, int64_t>> mlir::tilegpu::findConstantOffsets(
    unsigned n, unsigned threads,
    function_ref<int64_t(unsigned t, unsigned e)> offset) {
  SmallVector<std::pair<unsigned, int64_t>> out;
  SmallVector<unsigned> bases;
  for (unsigned e = 0; e < n; ++e) {
    std::pair<unsigned, int64_t> mine = {e, 0};
    for (unsigned r : bases) {
      int64_t d = offset(0, e) - offset(0, r);
      bool same = true;
      for (unsigned t = 1; t < threads && same; ++t)
        same = offset(t, e) - offset(t, r) == d;
      if (same) {
        mine = {r, d};
        break;
      }
    }
    if (mine.first == e)
      bases.push_back(e);
    out.push_back(mine);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Type converter
//===----------------------------------------------------------------------===//

TileGPUTypeConverter::TileGPUTypeConverter(MLIRContext *ctx)
    : LLVMTypeConverter(ctx) {
  addConversion([ctx](tile::PointerType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, kGlobalAddrSpace);
  });
  addConversion([ctx](MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, kSharedAddrSpace);
  });
  // A tensor map parameter: the generic address of the .param it is.
  addConversion(
      [ctx](TensorMapType) -> Type { return LLVM::LLVMPointerType::get(ctx); });
  addConversion([this](RankedTensorType t) -> std::optional<Type> {
    if (!t.getEncoding())
      return std::nullopt;
    Type elt = convertType(t.getElementType());
    if (!elt)
      return std::nullopt;
    LayoutInfo info(t);
    SmallVector<Type> elems(info.numElems(), elt);
    return LLVM::LLVMStructType::getLiteral(&getContext(), elems);
  });
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

Value mlir::tilegpu::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return b.create<LLVM::ConstantOp>(loc, b.getI32Type(),
                                    b.getI32IntegerAttr(int32_t(v)));
}

Value mlir::tilegpu::threadId(OpBuilder &b, Location loc) {
  return b.create<NVVM::ThreadIdXOp>(loc, b.getI32Type());
}

/// tid / 32, broadcast from lane 0.
static Value uniformWarpOf(OpBuilder &b, Location loc, Value tid) {
  Value warp = b.create<LLVM::UDivOp>(loc, tid, i32Const(b, loc, 32));
  return b.create<NVVM::ShflOp>(loc, b.getI32Type(), i32Const(b, loc, -1), warp,
                                i32Const(b, loc, 0), i32Const(b, loc, 0x1f),
                                NVVM::ShflKind::idx, UnitAttr());
}

Value mlir::tilegpu::warpIndex(OpBuilder &b, Location loc) {
  return uniformWarpOf(b, loc, threadId(b, loc));
}

Value mlir::tilegpu::freshWarpIndex(OpBuilder &b, Location loc) {
  return uniformWarpOf(b, loc, freshThreadId(b, loc));
}

Value mlir::tilegpu::uniformWarpIndex(OpBuilder &b, Location loc) {
  constexpr StringLiteral kMark = "tilec.uniform_warp";
  Operation *func = b.getInsertionBlock()->getParentOp();
  while (func && !isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  assert(func && "uniformWarpIndex outside a function");
  Block &entry = func->getRegion(0).front();
  for (Operation &op : entry)
    if (op.hasAttr(kMark))
      return op.getResult(0);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&entry);
  Value warp = warpIndex(b, loc);
  warp.getDefiningOp()->setAttr(kMark, b.getUnitAttr());
  return warp;
}

SmallVector<Value> mlir::tilegpu::unpackStruct(OpBuilder &b, Location loc,
                                               Value packed) {
  auto st = cast<LLVM::LLVMStructType>(packed.getType());
  SmallVector<Value> out;
  for (unsigned i = 0; i < st.getBody().size(); ++i)
    out.push_back(b.create<LLVM::ExtractValueOp>(loc, packed, i));
  return out;
}

Value mlir::tilegpu::packStruct(OpBuilder &b, Location loc, Type structType,
                                ArrayRef<Value> elems) {
  Value s = b.create<LLVM::UndefOp>(loc, structType);
  for (unsigned i = 0; i < elems.size(); ++i)
    s = b.create<LLVM::InsertValueOp>(loc, s, elems[i], i);
  return s;
}

Value mlir::tilegpu::shuffleXor(OpBuilder &b, Location loc, Value v,
                                unsigned laneMask) {
  Type t = v.getType();
  Type i32 = b.getI32Type();
  unsigned bits =
      isa<LLVM::LLVMPointerType>(t) ? 64 : t.getIntOrFloatBitWidth();
  if (bits == 64) {
    // Two 32-bit shuffles.
    Type i64 = b.getI64Type();
    Value x = isa<LLVM::LLVMPointerType>(t)
                  ? b.create<LLVM::PtrToIntOp>(loc, i64, v).getResult()
                  : b.create<LLVM::BitcastOp>(loc, i64, v).getResult();
    Value lo = b.create<LLVM::TruncOp>(loc, i32, x);
    Value hi = b.create<LLVM::TruncOp>(
        loc, i32,
        b.create<LLVM::LShrOp>(
            loc, x,
            b.create<LLVM::ConstantOp>(loc, i64, b.getI64IntegerAttr(32))));
    lo = shuffleXor(b, loc, lo, laneMask);
    hi = shuffleXor(b, loc, hi, laneMask);
    Value r = b.create<LLVM::OrOp>(
        loc, b.create<LLVM::ZExtOp>(loc, i64, lo),
        b.create<LLVM::ShlOp>(
            loc, b.create<LLVM::ZExtOp>(loc, i64, hi),
            b.create<LLVM::ConstantOp>(loc, i64, b.getI64IntegerAttr(32))));
    if (isa<LLVM::LLVMPointerType>(t))
      return b.create<LLVM::IntToPtrOp>(loc, t, r);
    return b.create<LLVM::BitcastOp>(loc, t, r);
  }
  Value x = v;
  if (bits < 32) {
    Value asInt =
        t.isInteger(bits)
            ? v
            : b.create<LLVM::BitcastOp>(loc, b.getIntegerType(bits), v)
                  .getResult();
    x = b.create<LLVM::ZExtOp>(loc, i32, asInt);
  } else if (!t.isInteger(32)) {
    x = b.create<LLVM::BitcastOp>(loc, i32, v);
  }
  Value r = b.create<NVVM::ShflOp>(
      loc, i32, i32Const(b, loc, -1), x, i32Const(b, loc, laneMask),
      i32Const(b, loc, 0x1f), NVVM::ShflKind::bfly, UnitAttr());
  if (bits < 32) {
    Value narrow = b.create<LLVM::TruncOp>(loc, b.getIntegerType(bits), r);
    return t.isInteger(bits)
               ? narrow
               : b.create<LLVM::BitcastOp>(loc, t, narrow).getResult();
  }
  if (!t.isInteger(32))
    return b.create<LLVM::BitcastOp>(loc, t, r);
  return r;
}

void mlir::tilegpu::barrier(OpBuilder &b, Location loc) {
  // In a warp-specialized kernel the code of the layouts runs on the
  // kernel's num_warps warps alone (the producer's have left): named
  // barrier 1 of that many threads.
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (module && module->hasAttr(kProducerWarpsAttr)) {
    int64_t threads = tile::getNumWarps(module, 4) * 32;
    b.create<NVVM::BarrierOp>(loc, i32Const(b, loc, 1),
                              i32Const(b, loc, threads));
    return;
  }
  b.create<NVVM::Barrier0Op>(loc);
}

void mlir::tilegpu::warpBarrier(OpBuilder &b, Location loc) {
  b.create<NVVM::SyncWarpOp>(
      loc, b.create<LLVM::ConstantOp>(loc, b.getI32Type(), int32_t(-1)));
}

Value mlir::tilegpu::sharedBase(OpBuilder &b, Location loc, Operation *user) {
  auto module = user->getParentOfType<ModuleOp>();
  MLIRContext *ctx = module.getContext();
  const char *name = "tilec_shared";
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrTy = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0);
    global = b.create<LLVM::GlobalOp>(
        loc, arrTy, /*isConstant=*/false, LLVM::Linkage::External, name,
        Attribute(), /*alignment=*/1024, kSharedAddrSpace);
  }
  return b.create<LLVM::AddressOfOp>(loc, global);
}

Value mlir::tilegpu::sharedElemPtr(OpBuilder &b, Location loc, Value base,
                                   Type elemType, Value idx) {
  return b.create<LLVM::GEPOp>(
      loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace),
      elemType, base, ValueRange{idx});
}

void mlir::tilegpu::storeSharedIf(OpBuilder &b, Location loc, Value ptr,
                                  Value v, Value pred) {
  unsigned bits = v.getType().getIntOrFloatBitWidth();
  assert((bits == 8 || bits == 16 || bits == 32 || bits == 64) &&
         "storeSharedIf: unsupported width");
  Type word = b.getIntegerType(bits == 8 ? 16 : bits);
  if (!v.getType().isInteger(bits))
    v = b.create<LLVM::BitcastOp>(loc, b.getIntegerType(bits), v);
  if (bits == 8)
    v = b.create<LLVM::ZExtOp>(loc, word, v);
  // Shared addresses are 32-bit (nvptx-short-ptr, lib/Target/PTX.cpp).
  const char *cons = bits == 64 ? "r,l,b" : bits == 32 ? "r,r,b" : "r,h,b";
  std::string text =
      "@$2 st.shared.b" + std::to_string(bits) + " [ $0 + 0 ], $1;";
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, ValueRange{ptr, v, pred}, text,
                              cons, /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

//===----------------------------------------------------------------------===//
// Shared-memory staging
//===----------------------------------------------------------------------===//

Type mlir::tilegpu::sharedStorageType(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return IntegerType::get(t.getContext(), 64);
  if (t.isInteger(1))
    return IntegerType::get(t.getContext(), 8);
  return t;
}

Value mlir::tilegpu::toSharedStorage(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  Type s = sharedStorageType(t);
  if (s == t)
    return v;
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::PtrToIntOp>(loc, s, v);
  return b.create<LLVM::ZExtOp>(loc, s, v);
}

Value mlir::tilegpu::fromSharedStorage(OpBuilder &b, Location loc, Value v,
                                       Type t) {
  if (v.getType() == t)
    return v;
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::IntToPtrOp>(loc, t, v);
  return b.create<LLVM::TruncOp>(loc, t, v);
}

unsigned mlir::tilegpu::sharedStorageBytes(Type t) {
  Type s = sharedStorageType(t);
  return (s.getIntOrFloatBitWidth() + 7) / 8;
}

Value mlir::tilegpu::linearIndex(OpBuilder &b, Location loc,
                                 ArrayRef<Value> idx, ArrayRef<int64_t> shape) {
  Value lin = i32Const(b, loc, 0);
  int64_t stride = 1;
  for (int i = int(shape.size()) - 1; i >= 0; --i) {
    Value term = stride == 1 ? idx[i]
                             : b.create<LLVM::MulOp>(loc, idx[i],
                                                     i32Const(b, loc, stride))
                                   .getResult();
    lin = i == int(shape.size()) - 1
              ? term
              : b.create<LLVM::AddOp>(loc, lin, term).getResult();
    stride *= shape[i];
  }
  return lin;
}

Value mlir::tilegpu::freshThreadId(OpBuilder &b, Location loc) {
  return b
      .create<LLVM::InlineAsmOp>(
          loc, b.getI32Type(), ValueRange{}, "mov.u32 $0, %tid.x;", "=r",
          /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

void mlir::tilegpu::emitAsm(OpBuilder &b, Location loc, StringRef text) {
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, ValueRange{}, text, "",
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

Value mlir::tilegpu::sharedOffset(OpBuilder &b, Location loc,
                                  MemDescType buffer, ArrayRef<Value> idx) {
  auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding());
  if (!shared || (shared.getMaxPhase() == 1 && !shared.getTransposed()))
    return linearIndex(b, loc, idx, buffer.getShape());
  // A transposed buffer stores its columns as the rows below.
  Value row = idx[0], col = idx[1];
  int64_t rows = buffer.getShape()[0], cols = buffer.getShape()[1];
  if (shared.getTransposed()) {
    std::swap(row, col);
    std::swap(rows, cols);
  }
  if (shared.getMaxPhase() == 1)
    return linearIndex(b, loc, {row, col}, {rows, cols});
  // r * C + ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec,
  // within a column block when the rows are split into blocks.
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  unsigned vec = shared.getVec();
  Value blockBase;
  if (shared.getBlockCols() && cols > int64_t(shared.getBlockCols())) {
    unsigned bc = shared.getBlockCols();
    blockBase = b.create<LLVM::MulOp>(
        loc, b.create<LLVM::UDivOp>(loc, col, c(bc)), c(rows * bc));
    col = b.create<LLVM::URemOp>(loc, col, c(bc));
    cols = bc;
  }
  Value chunk = b.create<LLVM::UDivOp>(loc, col, c(vec));
  Value phase = b.create<LLVM::URemOp>(
      loc, b.create<LLVM::UDivOp>(loc, row, c(shared.getPerPhase())),
      c(shared.getMaxPhase()));
  Value swz = b.create<LLVM::XOrOp>(loc, chunk, phase);
  Value inRow =
      b.create<LLVM::AddOp>(loc, b.create<LLVM::MulOp>(loc, swz, c(vec)),
                            b.create<LLVM::URemOp>(loc, col, c(vec)));
  Value off = b.create<LLVM::AddOp>(
      loc, b.create<LLVM::MulOp>(loc, row, c(cols)), inRow);
  if (blockBase)
    off = b.create<LLVM::AddOp>(loc, blockBase, off);
  return off;
}
