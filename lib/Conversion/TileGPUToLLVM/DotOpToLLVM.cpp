//===- DotOpToLLVM.cpp - tile.dot (FMA path) ===//
//
// d = a * b + acc with a : MxK, b : KxN, acc : MxN in any layouts, on the
// CUDA cores (tensor cores are a later issue):
//   [barrier                 (only when the lowering runs without
//                             tilegpu-insert-barriers; see TileGPUToLLVM.h)]
//   a and b are staged in shared memory, converted to the compute type,
//   row-major: a at [m*K + k], b after it at [M*K + k*N + n];
//   barrier
//   each thread computes its elements of acc's layout:
//     for k in 0..K (unrolled): load a[i][k] for each of its rows i and
//     b[k][j] for each of its columns j, then acc[i][j] = fma(a, b, acc)
//   (a thread's elements share rows and columns, so the loads per k are
//   rows + columns, not rows * columns).
// Compute type: f32 for float operands (f16/bf16/f32 exactly converted; f64
// if any of a, b, acc is f64), the accumulator's integer type for integers
// (int8 operands sign-extended to i32). The sum runs from acc over k in
// order with one rounding per fma, then rounds once to acc's type.
// Precision: this is IEEE fp32; input_precision = tf32 / tf32x3 are NOT
// emulated on this path (results are at least as accurate as tf32's).
// Shared memory needed (getScratchBytes), from the op's offset in the arena:
// (M*K + K*N) * bytes of the compute type (getDotComputeType).
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

Value convertScalar(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isa<FloatType>(to)) {
    if (isa<IntegerType>(from))
      return b.create<LLVM::SIToFPOp>(loc, to, v);
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return b.create<LLVM::FPExtOp>(loc, to, v);
    return b.create<LLVM::FPTruncOp>(loc, to, v);
  }
  if (isa<FloatType>(from))
    return b.create<LLVM::FPToSIOp>(loc, to, v);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return b.create<LLVM::SExtOp>(loc, to, v);
  return b.create<LLVM::TruncOp>(loc, to, v);
}

struct DotOpConversion : OpConversionPattern<tile::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    if (!aType.getEncoding() || !bType.getEncoding() || !cType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operand without a layout");
    if (aType.getRank() != 2 || bType.getRank() != 2 || cType.getRank() != 2)
      return rewriter.notifyMatchFailure(op, "only 2-D dots");
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    int64_t M = aType.getDimSize(0), K = aType.getDimSize(1),
            N = bType.getDimSize(1);

    const TypeConverter *tc = getTypeConverter();
    Type aElt = tc->convertType(aType.getElementType());
    Type bElt = tc->convertType(bType.getElementType());
    Type cElt = tc->convertType(cType.getElementType());
    bool isFloat = isa<FloatType>(cElt);
    Type ct = getDotComputeType(aElt, bElt, cElt);
    assert(ct.getIntOrFloatBitWidth() % 8 == 0);

    // getScratchBytes(op) = (M*K + K*N) * bytes of ct, from here.
    Value smem = sharedScratch(b, loc, op);
    auto sharedPtrT =
        LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace);
    Value bBase = b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, smem,
                                        ArrayRef<LLVM::GEPArg>{int32_t(M * K)});

    // ---- stage a and b.
    leadingBarrier(b, loc, op); // see TileGPUToLLVM.h
    auto stage = [&](Value packed, RankedTensorType type, Value base) {
      LayoutInfo info(type);
      auto thr = info.emitThreadCoords(b, loc);
      SmallVector<Value> elems = unpackStruct(b, loc, packed);
      for (unsigned k = 0; k < info.numElems(); ++k) {
        SmallVector<Value> idx = info.emitIndices(b, loc, thr, k);
        Value lin = linearIndex(b, loc, idx, type.getShape());
        b.create<LLVM::StoreOp>(loc, convertScalar(b, loc, elems[k], ct),
                                sharedElemPtr(b, loc, base, ct, lin));
      }
    };
    stage(adaptor.getA(), aType, smem);
    stage(adaptor.getB(), bType, bBase);
    barrier(b, loc);

    // ---- the thread's rows and columns of acc.
    LayoutInfo cInfo(cType);
    auto thr = cInfo.emitThreadCoords(b, loc);
    unsigned nRows = cInfo.elemsAlong(0), nCols = cInfo.elemsAlong(1);
    SmallVector<Value> aRow, bCol; // a + i*K, b + j
    for (unsigned r = 0; r < nRows; ++r) {
      Value i = cInfo.emitIndices(b, loc, thr, cInfo.elemIndex({r, 0}))[0];
      aRow.push_back(sharedElemPtr(
          b, loc, smem, ct, b.create<LLVM::MulOp>(loc, i, i32Const(b, loc, K))));
    }
    for (unsigned c = 0; c < nCols; ++c) {
      Value j = cInfo.emitIndices(b, loc, thr, cInfo.elemIndex({0, c}))[1];
      bCol.push_back(sharedElemPtr(b, loc, bBase, ct, j));
    }

    SmallVector<Value> acc;
    for (Value v : unpackStruct(b, loc, adaptor.getAcc()))
      acc.push_back(convertScalar(b, loc, v, ct));
    for (int64_t k = 0; k < K; ++k) {
      SmallVector<Value> av, bv;
      for (Value p : aRow)
        av.push_back(b.create<LLVM::LoadOp>(
            loc, ct,
            b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, p,
                                  ArrayRef<LLVM::GEPArg>{int32_t(k)})));
      for (Value p : bCol)
        bv.push_back(b.create<LLVM::LoadOp>(
            loc, ct,
            b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, p,
                                  ArrayRef<LLVM::GEPArg>{int32_t(k * N)})));
      for (unsigned e = 0; e < cInfo.numElems(); ++e) {
        SmallVector<unsigned> c = cInfo.elemCoords(e);
        Value x = av[c[0]], y = bv[c[1]];
        if (isFloat)
          acc[e] = b.create<LLVM::FMAOp>(loc, x, y, acc[e]);
        else
          acc[e] = b.create<LLVM::AddOp>(
              loc, acc[e], b.create<LLVM::MulOp>(loc, x, y));
      }
    }

    SmallVector<Value> out;
    for (Value v : acc)
      out.push_back(convertScalar(b, loc, v, cElt));
    rewriter.replaceOp(op, packStruct(b, loc, tc->convertType(cType), out));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateDotOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotOpConversion>(converter, patterns.getContext());
}
