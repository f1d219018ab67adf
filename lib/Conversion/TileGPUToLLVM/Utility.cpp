//===- Utility.cpp - Layout arithmetic and helpers of the LLVM lowering ---===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tilegpu;

//===----------------------------------------------------------------------===//
// LayoutInfo
//===----------------------------------------------------------------------===//

LayoutInfo::LayoutInfo(RankedTensorType type)
    : shape(type.getShape().begin(), type.getShape().end()) {
  // 1. Peel slices down to the blocked base, collecting the sliced dims.
  Attribute layout = type.getEncoding();
  SmallVector<unsigned> slices; // outermost first, in the parent's numbering
  while (auto s = dyn_cast_or_null<SliceAttr>(layout)) {
    slices.push_back(s.getDim());
    layout = s.getParent();
  }
  base = cast<BlockedAttr>(layout);
  unsigned R = base.getRank();
  // 2. Map tensor dims to base dims: re-insert sliced dims innermost first.
  SmallVector<unsigned> dims; // base dims surviving, in tensor order
  for (unsigned d = 0; d < R; ++d)
    dims.push_back(d);
  // Slices were recorded outermost first; the innermost (last) applies to
  // the base first.
  for (int i = slices.size() - 1; i >= 0; --i)
    dims.erase(dims.begin() + slices[i]);
  dimMap = dims;
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
}

unsigned LayoutInfo::threadsAlong(unsigned d) const {
  return base.getThreadsPerWarp()[d] * base.getWarpsPerCTA()[d];
}

SmallVector<unsigned> LayoutInfo::elemCoords(unsigned k) const {
  SmallVector<unsigned> coords(rank(), 0);
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

LayoutInfo::ThreadCoords LayoutInfo::emitThreadCoords(OpBuilder &b,
                                                      Location loc) const {
  ThreadCoords tc;
  unsigned R = baseRank();
  tc.lane.resize(R);
  tc.warp.resize(R);
  Value tid = threadId(b, loc);
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
  SmallVector<unsigned> e = elemCoords(k);
  SmallVector<Value> idx;
  for (unsigned i = 0; i < rank(); ++i) {
    unsigned d = dimMap[i];
    unsigned spt = base.getSizePerThread()[d], tpw = base.getThreadsPerWarp()[d];
    // (warp * tpw + lane) * spt + (e / spt) * cta + e % spt
    Value thread = b.create<LLVM::AddOp>(
        loc, b.create<LLVM::MulOp>(loc, tc.warp[d], i32Const(b, loc, tpw)),
        tc.lane[d]);
    Value v = b.create<LLVM::AddOp>(
        loc, b.create<LLVM::MulOp>(loc, thread, i32Const(b, loc, spt)),
        i32Const(b, loc, (e[i] / spt) * cta[d] + e[i] % spt));
    if (unwrapped)
      unwrapped->push_back(v);
    if (cta[d] > shape[i])
      v = b.create<LLVM::URemOp>(loc, v, i32Const(b, loc, shape[i]));
    idx.push_back(v);
  }
  return idx;
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
  unsigned bits = isa<LLVM::LLVMPointerType>(t) ? 64 : t.getIntOrFloatBitWidth();
  if (bits == 64) {
    // Two 32-bit shuffles.
    Type i64 = b.getI64Type();
    Value x = isa<LLVM::LLVMPointerType>(t)
                  ? b.create<LLVM::PtrToIntOp>(loc, i64, v).getResult()
                  : b.create<LLVM::BitcastOp>(loc, i64, v).getResult();
    Value lo = b.create<LLVM::TruncOp>(loc, i32, x);
    Value hi = b.create<LLVM::TruncOp>(
        loc, i32, b.create<LLVM::LShrOp>(loc, x, b.create<LLVM::ConstantOp>(
                                                     loc, i64, b.getI64IntegerAttr(32))));
    lo = shuffleXor(b, loc, lo, laneMask);
    hi = shuffleXor(b, loc, hi, laneMask);
    Value r = b.create<LLVM::OrOp>(
        loc, b.create<LLVM::ZExtOp>(loc, i64, lo),
        b.create<LLVM::ShlOp>(loc, b.create<LLVM::ZExtOp>(loc, i64, hi),
                              b.create<LLVM::ConstantOp>(loc, i64, b.getI64IntegerAttr(32))));
    if (isa<LLVM::LLVMPointerType>(t))
      return b.create<LLVM::IntToPtrOp>(loc, t, r);
    return b.create<LLVM::BitcastOp>(loc, t, r);
  }
  Value x = v;
  if (bits < 32) {
    Value asInt = t.isInteger(bits) ? v
                                    : b.create<LLVM::BitcastOp>(
                                          loc, b.getIntegerType(bits), v).getResult();
    x = b.create<LLVM::ZExtOp>(loc, i32, asInt);
  } else if (!t.isInteger(32)) {
    x = b.create<LLVM::BitcastOp>(loc, i32, v);
  }
  Value r = b.create<NVVM::ShflOp>(
      loc, i32, i32Const(b, loc, -1), x, i32Const(b, loc, laneMask),
      i32Const(b, loc, 0x1f), NVVM::ShflKind::bfly, UnitAttr());
  if (bits < 32) {
    Value narrow = b.create<LLVM::TruncOp>(loc, b.getIntegerType(bits), r);
    return t.isInteger(bits) ? narrow
                             : b.create<LLVM::BitcastOp>(loc, t, narrow).getResult();
  }
  if (!t.isInteger(32))
    return b.create<LLVM::BitcastOp>(loc, t, r);
  return r;
}

void mlir::tilegpu::barrier(OpBuilder &b, Location loc) {
  b.create<NVVM::Barrier0Op>(loc);
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
        Attribute(), /*alignment=*/16, kSharedAddrSpace);
  }
  return b.create<LLVM::AddressOfOp>(loc, global);
}

Value mlir::tilegpu::sharedElemPtr(OpBuilder &b, Location loc, Value base,
                                   Type elemType, Value idx) {
  return b.create<LLVM::GEPOp>(
      loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace),
      elemType, base, ValueRange{idx});
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
    lin = i == int(shape.size()) - 1 ? term
                                     : b.create<LLVM::AddOp>(loc, lin, term)
                                           .getResult();
    stride *= shape[i];
  }
  return lin;
}
