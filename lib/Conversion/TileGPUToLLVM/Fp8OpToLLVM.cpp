//===- Fp8OpToLLVM.cpp - Conversions to and from fp8 ----------------------===//
//
// LLVM has no fp8 types: fp8 elements are i8 (their bits) after type
// conversion, and arith.truncf / arith.extf with an fp8 side become the
// PTX conversions, two elements at a time (a thread's elements padded with a
// zero to an even count):
//   to fp8:   each element to f32 (exact from f16 / bf16), then
//             cvt.rn.satfinite.{e4m3,e5m2}x2.f32: to nearest even, a
//             magnitude above the largest finite value (infinities
//             included) to that value, NaN to NaN, as Triton's conversions;
//   from fp8: cvt.rn.f16x2.{e4m3,e5m2}x2 (exact), then f16 to the target.
// Both need sm_89 or later.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

const char *fp8Name(Type t) {
  return isa<Float8E4M3FNType>(t) ? "e4m3" : "e5m2";
}

/// The elements of a converted operand (a tile's struct or a scalar).
SmallVector<Value> elementsOf(OpBuilder &b, Location loc, Value v,
                              bool isTile) {
  return isTile ? unpackStruct(b, loc, v) : SmallVector<Value>{v};
}

Value inlineAsm(OpBuilder &b, Location loc, Type result, ValueRange operands,
                StringRef text, StringRef constraints) {
  return b
      .create<LLVM::InlineAsmOp>(loc, result, operands, text, constraints,
                                 /*has_side_effects=*/false,
                                 /*is_align_stack=*/false,
                                 LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

SmallVector<Value> toFp8(OpBuilder &b, Location loc, ArrayRef<Value> in,
                         Type fp8) {
  Type f32 = b.getF32Type(), i8 = b.getI8Type(), i16 = b.getI16Type();
  SmallVector<Value> wide;
  for (Value v : in)
    wide.push_back(
        v.getType().isF32() ? v : Value(b.create<LLVM::FPExtOp>(loc, f32, v)));
  if (wide.size() % 2)
    wide.push_back(b.create<LLVM::ConstantOp>(loc, f32, b.getF32FloatAttr(0)));
  std::string text =
      std::string("cvt.rn.satfinite.") + fp8Name(fp8) + "x2.f32 $0, $2, $1;";
  SmallVector<Value> out;
  for (size_t i = 0; i < wide.size(); i += 2) {
    Value pair = inlineAsm(b, loc, i16, {wide[i], wide[i + 1]}, text, "=h,f,f");
    out.push_back(b.create<LLVM::TruncOp>(loc, i8, pair));
    Value hi = b.create<LLVM::LShrOp>(
        loc, pair,
        b.create<LLVM::ConstantOp>(loc, i16, b.getI16IntegerAttr(8)));
    out.push_back(b.create<LLVM::TruncOp>(loc, i8, hi));
  }
  out.resize(in.size());
  return out;
}

SmallVector<Value> fromFp8(OpBuilder &b, Location loc, ArrayRef<Value> in,
                           Type fp8, Type to) {
  Type i8 = b.getI8Type(), i16 = b.getI16Type(), i32 = b.getI32Type(),
       f16 = b.getF16Type(), f32 = b.getF32Type();
  SmallVector<Value> bytes(in.begin(), in.end());
  if (bytes.size() % 2)
    bytes.push_back(b.create<LLVM::ConstantOp>(loc, i8, b.getI8IntegerAttr(0)));
  std::string text = std::string("cvt.rn.f16x2.") + fp8Name(fp8) + "x2 $0, $1;";
  SmallVector<Value> halves;
  for (size_t i = 0; i < bytes.size(); i += 2) {
    Value lo = b.create<LLVM::ZExtOp>(loc, i16, bytes[i]);
    Value hi = b.create<LLVM::ShlOp>(
        loc, b.create<LLVM::ZExtOp>(loc, i16, bytes[i + 1]),
        b.create<LLVM::ConstantOp>(loc, i16, b.getI16IntegerAttr(8)));
    Value pair = b.create<LLVM::OrOp>(loc, lo, hi);
    Value h2 = inlineAsm(b, loc, i32, {pair}, text, "=r,h");
    Value l16 = b.create<LLVM::TruncOp>(loc, i16, h2);
    Value h16 = b.create<LLVM::TruncOp>(
        loc, i16,
        b.create<LLVM::LShrOp>(
            loc, h2,
            b.create<LLVM::ConstantOp>(loc, i32, b.getI32IntegerAttr(16))));
    halves.push_back(b.create<LLVM::BitcastOp>(loc, f16, l16));
    halves.push_back(b.create<LLVM::BitcastOp>(loc, f16, h16));
  }
  halves.resize(in.size());
  SmallVector<Value> out;
  for (Value h : halves) {
    if (to.isF16()) {
      out.push_back(h);
      continue;
    }
    Value w = b.create<LLVM::FPExtOp>(loc, to.isF64() ? to : f32, h);
    if (to.isBF16())
      w = b.create<LLVM::FPTruncOp>(loc, to, w); // exact: fp8 fits bf16
    out.push_back(w);
  }
  return out;
}

template <typename OpTy>
struct Fp8ConversionPattern : OpConversionPattern<OpTy> {
  Fp8ConversionPattern(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : OpConversionPattern<OpTy>(tc, ctx, /*benefit=*/2), cc(cc) {}
  int cc;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (!isFp8Type(from) && !isFp8Type(to))
      return failure();
    if (isFp8Type(from) && isFp8Type(to))
      return rewriter.notifyMatchFailure(op, "fp8 to fp8 goes through f32");
    if (cc < 89)
      return op.emitError("conversions to and from fp8 need sm_89 or later");
    Location loc = op.getLoc();
    bool isTile = isa<RankedTensorType>(op.getType());
    SmallVector<Value> in = elementsOf(rewriter, loc, adaptor.getIn(), isTile);
    SmallVector<Value> out = isFp8Type(to)
                                 ? toFp8(rewriter, loc, in, to)
                                 : fromFp8(rewriter, loc, in, from, to);
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, isTile ? packStruct(rewriter, loc, resultType, out)
                                  : out[0]);
    return success();
  }
};

} // namespace

bool mlir::tilegpu::isFp8Type(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(t));
}

void mlir::tilegpu::populateFp8OpToLLVMPatterns(TileGPUTypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                int computeCapability) {
  patterns.add<Fp8ConversionPattern<arith::TruncFOp>,
               Fp8ConversionPattern<arith::ExtFOp>>(
      converter, patterns.getContext(), computeCapability);
}
