//===- LoadStoreOpToLLVM.cpp - Predicated global loads and stores ---------===//
//
// tile.load / tile.store on tiles become, per element a thread holds, a
// predicated PTX ld.global / st.global in inline assembly (as Triton does):
// a masked-off lane never touches memory, and `other` (or zero) fills it.
// The `tilegpu.vector` attribute set by -tilegpu-coalesce (elements per
// access) is not used yet: every access is scalar.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// The PTX register class and constraint letter of a scalar of `bits`.
struct RegClass {
  const char *constraint;
  const char *ptxType;
};

RegClass regClass(unsigned bits) {
  switch (bits) {
  case 8:
  case 16: return {"h", "b16"};
  case 64: return {"l", "b64"};
  default: return {"r", "b32"};
  }
}

/// Integer type of the same width as `t` (pointers: i64).
Type bitsType(OpBuilder &b, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return b.getI64Type();
  return b.getIntegerType(t.getIntOrFloatBitWidth());
}

Value toBits(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::PtrToIntOp>(loc, b.getI64Type(), v);
  if (t.isInteger(1))
    return b.create<LLVM::ZExtOp>(loc, b.getI8Type(), v);
  if (isa<FloatType>(t))
    return b.create<LLVM::BitcastOp>(loc, bitsType(b, t), v);
  return v;
}

Value fromBits(OpBuilder &b, Location loc, Value v, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::IntToPtrOp>(loc, t, v);
  if (t.isInteger(1))
    return b.create<LLVM::TruncOp>(loc, t, v);
  if (isa<FloatType>(t))
    return b.create<LLVM::BitcastOp>(loc, t, v);
  return v;
}

/// Storage width in bits of an element type (i1 is stored as a byte).
unsigned storageBits(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 64;
  unsigned w = t.getIntOrFloatBitWidth();
  return w < 8 ? 8 : w;
}

/// One predicated scalar load: `mov other; @p ld.global.bN`.
Value emitLoad(OpBuilder &b, Location loc, Value ptr, Value pred, Value other,
               Type eltType) {
  unsigned bits = storageBits(eltType);
  RegClass rc = regClass(bits);
  Type regType = bits <= 16 ? b.getI16Type() : b.getIntegerType(bits);
  Value init;
  if (other) {
    Value ob = toBits(b, loc, other);
    init = ob.getType() == regType ? ob
                                   : b.create<LLVM::ZExtOp>(loc, regType, ob).getResult();
  } else {
    init = b.create<LLVM::ConstantOp>(loc, regType, b.getIntegerAttr(regType, 0));
  }
  std::string ld = bits == 8 ? "ld.global.u8" : std::string("ld.global.") + rc.ptxType;
  std::string asmStr = "mov." + std::string(rc.ptxType) + " $0, $3;\n\t@$2 " +
                       ld + " $0, [ $1 + 0 ];";
  std::string cons = std::string("=") + rc.constraint + ",l,b," + rc.constraint;
  auto op = b.create<LLVM::InlineAsmOp>(
      loc, regType, ValueRange{ptr, pred, init}, asmStr, cons,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::AsmDialectAttr(), ArrayAttr());
  Value r = op.getResult(0);
  Type storeType = b.getIntegerType(bits);
  if (regType != storeType)
    r = b.create<LLVM::TruncOp>(loc, storeType, r);
  if (eltType.isInteger(1))
    return b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::ne, r,
                                  b.create<LLVM::ConstantOp>(loc, storeType,
                                                             b.getIntegerAttr(storeType, 0)));
  return fromBits(b, loc, r, eltType);
}

void emitStore(OpBuilder &b, Location loc, Value ptr, Value value, Value pred) {
  unsigned bits = storageBits(value.getType());
  RegClass rc = regClass(bits);
  Value v = toBits(b, loc, value);
  if (bits <= 16 && v.getType() != b.getI16Type())
    v = b.create<LLVM::ZExtOp>(loc, b.getI16Type(), v);
  std::string st = bits == 8 ? "st.global.u8" : std::string("st.global.") + rc.ptxType;
  std::string asmStr = "@$2 " + st + " [ $0 + 0 ], $1;";
  std::string cons = std::string("l,") + rc.constraint + ",b";
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, ValueRange{ptr, v, pred}, asmStr,
                              cons, /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

Value trueValue(OpBuilder &b, Location loc) {
  return b.create<LLVM::ConstantOp>(loc, b.getI1Type(), b.getBoolAttr(true));
}

struct LoadOpConversion : OpConversionPattern<tile::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!isa<RankedTensorType>(op.getType())) {
      Type elt = resultType;
      Value pred = adaptor.getMask() ? adaptor.getMask() : trueValue(rewriter, loc);
      rewriter.replaceOp(op, emitLoad(rewriter, loc, adaptor.getPtr(), pred,
                                      adaptor.getOther(), elt));
      return success();
    }
    auto st = cast<LLVM::LLVMStructType>(resultType);
    Type elt = st.getBody()[0];
    SmallVector<Value> ptrs = unpackStruct(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackStruct(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther())
      others = unpackStruct(rewriter, loc, adaptor.getOther());
    Value always = trueValue(rewriter, loc);
    SmallVector<Value> out;
    for (unsigned i = 0; i < ptrs.size(); ++i)
      out.push_back(emitLoad(rewriter, loc, ptrs[i],
                             masks.empty() ? always : masks[i],
                             others.empty() ? Value() : others[i], elt));
    rewriter.replaceOp(op, packStruct(rewriter, loc, resultType, out));
    return success();
  }
};

/// Replicated elements (several threads holding the same element) are
/// stored by every holder: the same value to the same address.
struct StoreOpConversion : OpConversionPattern<tile::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value always = trueValue(rewriter, loc);
    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      emitStore(rewriter, loc, adaptor.getPtr(), adaptor.getValue(),
                adaptor.getMask() ? adaptor.getMask() : always);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> ptrs = unpackStruct(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> vals = unpackStruct(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackStruct(rewriter, loc, adaptor.getMask());
    for (unsigned i = 0; i < ptrs.size(); ++i)
      emitStore(rewriter, loc, ptrs[i], vals[i],
                masks.empty() ? always : masks[i]);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateLoadStoreOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LoadOpConversion, StoreOpConversion>(converter,
                                                    patterns.getContext());
}
