//===- ElementwiseOpToLLVM.cpp - Elementwise and shape ops ----------------===//
//
// Ops whose per-thread work needs no communication: arith/math applied to
// each element a thread holds, constants, splat, make_range, broadcast and
// expand_dims (which only re-index the thread's own elements), pointer
// arithmetic and casts, and the program id queries.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

bool hasEncodedTensor(TypeRange types) {
  return llvm::any_of(types, [](Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    return rt && rt.getEncoding();
  });
}

/// arith/math ops on tiles (or on !tile.ptr scalars): the scalar op once per
/// element. The scalar ops are lowered to LLVM by the standard patterns
/// afterwards.
struct ElementwiseOpConversion : ConversionPattern {
  ElementwiseOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
      return failure();
    if (isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    if (getTypeConverter()->isLegal(op))
      return failure();
    Location loc = op->getLoc();
    if (!hasEncodedTensor(op->getResultTypes()) &&
        !hasEncodedTensor(op->getOperandTypes())) {
      // A scalar op on converted types (e.g. a select of pointers).
      SmallVector<Type> types;
      if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
        return failure();
      OperationState state(loc, op->getName(), operands, types, op->getAttrs());
      rewriter.replaceOp(op, rewriter.create(state)->getResults());
      return success();
    }
    if (op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "multi-result elementwise op");
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type scalarResult = getTypeConverter()->convertType(resultType.getElementType());
    SmallVector<SmallVector<Value>> elems;
    for (Value v : operands)
      elems.push_back(unpackStruct(rewriter, loc, v));
    unsigned n = LayoutInfo(resultType).numElems();
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<Value> args;
      for (auto &e : elems)
        args.push_back(e[i]);
      OperationState state(loc, op->getName(), args, scalarResult,
                           op->getAttrs());
      results.push_back(rewriter.create(state)->getResult(0));
    }
    Type structTy = getTypeConverter()->convertType(resultType);
    rewriter.replaceOp(op, packStruct(rewriter, loc, structTy, results));
    return success();
  }
};

/// A dense splat constant tile: one scalar constant, repeated.
struct ConstantOpConversion : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.getEncoding())
      return failure();
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return rewriter.notifyMatchFailure(op, "non-splat tile constants are "
                                             "not supported yet");
    Location loc = op.getLoc();
    Value scalar = rewriter.create<LLVM::ConstantOp>(
        loc, type.getElementType(),
        cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    SmallVector<Value> elems(LayoutInfo(type).numElems(), scalar);
    rewriter.replaceOp(op, packStruct(rewriter, loc,
                                      getTypeConverter()->convertType(type),
                                      elems));
    return success();
  }
};

struct SplatOpConversion : OpConversionPattern<tile::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> elems(LayoutInfo(type).numElems(), adaptor.getSrc());
    rewriter.replaceOp(op, packStruct(rewriter, op.getLoc(),
                                      getTypeConverter()->convertType(type),
                                      elems));
    return success();
  }
};

struct MakeRangeOpConversion : OpConversionPattern<tile::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    LayoutInfo info(type);
    Location loc = op.getLoc();
    auto tc = info.emitThreadCoords(rewriter, loc);
    Value start = i32Const(rewriter, loc, op.getStart());
    SmallVector<Value> elems;
    for (unsigned k = 0; k < info.numElems(); ++k)
      elems.push_back(rewriter.create<LLVM::AddOp>(
          loc, info.emitIndices(rewriter, loc, tc, k)[0], start));
    rewriter.replaceOp(op, packStruct(rewriter, loc,
                                      getTypeConverter()->convertType(type),
                                      elems));
    return success();
  }
};

/// Builds a result tile whose elements are some of the source's own
/// elements: result element k takes the source element at the thread-local
/// coordinates `toSource(coords of k)`. No data leaves the thread.
Value remapElements(ConversionPatternRewriter &rewriter, Location loc,
                    const TypeConverter &converter, Value src,
                    RankedTensorType srcType, RankedTensorType dstType,
                    llvm::function_ref<void(SmallVector<unsigned> &)> toSource) {
  LayoutInfo srcInfo(srcType), dstInfo(dstType);
  SmallVector<Value> in = unpackStruct(rewriter, loc, src);
  SmallVector<Value> out;
  for (unsigned k = 0; k < dstInfo.numElems(); ++k) {
    SmallVector<unsigned> c = dstInfo.elemCoords(k);
    toSource(c);
    out.push_back(in[srcInfo.elemIndex(c)]);
  }
  return packStruct(rewriter, loc, converter.convertType(dstType), out);
}

/// Same layout for source and result: a result element reads the source
/// element with the broadcast dimensions' coordinates set to zero.
struct BroadcastOpConversion : OpConversionPattern<tile::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (srcType.getEncoding() != dstType.getEncoding())
      return rewriter.notifyMatchFailure(op, "broadcast changes the layout");
    LayoutInfo src(srcType);
    rewriter.replaceOp(
        op, remapElements(rewriter, op.getLoc(), *getTypeConverter(),
                          adaptor.getSrc(), srcType, dstType,
                          [&](SmallVector<unsigned> &c) {
                            for (unsigned i = 0; i < c.size(); ++i)
                              c[i] = srcType.getDimSize(i) == 1
                                         ? 0
                                         : std::min(c[i], src.elemsAlong(i) - 1);
                          }));
    return success();
  }
};

/// The source is in the slice of the result's layout along `axis`: the
/// result element's coordinates without `axis` name the source element.
struct ExpandDimsOpConversion : OpConversionPattern<tile::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    unsigned axis = op.getAxis();
    auto slice = dyn_cast_or_null<SliceAttr>(srcType.getEncoding());
    if (!slice || slice.getDim() != axis ||
        slice.getParent() != dstType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operand is not in the slice "
                                             "layout of the result");
    rewriter.replaceOp(
        op, remapElements(rewriter, op.getLoc(), *getTypeConverter(),
                          adaptor.getSrc(), srcType, dstType,
                          [&](SmallVector<unsigned> &c) {
                            c.erase(c.begin() + axis);
                          }));
    return success();
  }
};

struct AddPtrOpConversion : OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = getElementTypeOrSelf(op.getType());
    Type pointee = getTypeConverter()->convertType(
        cast<tile::PointerType>(ptrType).getPointeeType());
    auto llPtr = LLVM::LLVMPointerType::get(getContext(), kGlobalAddrSpace);
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, llPtr, pointee,
                                               adaptor.getPtr(),
                                               ValueRange{adaptor.getOffset()});
      return success();
    }
    SmallVector<Value> ptrs = unpackStruct(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> offs = unpackStruct(rewriter, loc, adaptor.getOffset());
    SmallVector<Value> out;
    for (unsigned i = 0; i < ptrs.size(); ++i)
      out.push_back(rewriter.create<LLVM::GEPOp>(loc, llPtr, pointee, ptrs[i],
                                                 ValueRange{offs[i]}));
    rewriter.replaceOp(op, packStruct(rewriter, loc,
                                      getTypeConverter()->convertType(op.getType()),
                                      out));
    return success();
  }
};

struct CastOpConversion : OpConversionPattern<tile::CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type dstElt = getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    auto castOne = [&](Value v) -> Value {
      bool srcPtr = isa<LLVM::LLVMPointerType>(v.getType());
      bool dstPtr = isa<LLVM::LLVMPointerType>(dstElt);
      if (srcPtr && dstPtr)
        return v;
      if (srcPtr)
        return rewriter.create<LLVM::PtrToIntOp>(loc, dstElt, v);
      return rewriter.create<LLVM::IntToPtrOp>(loc, dstElt, v);
    };
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, castOne(adaptor.getSrc()));
      return success();
    }
    SmallVector<Value> out;
    for (Value v : unpackStruct(rewriter, loc, adaptor.getSrc()))
      out.push_back(castOne(v));
    rewriter.replaceOp(op, packStruct(rewriter, loc,
                                      getTypeConverter()->convertType(op.getType()),
                                      out));
    return success();
  }
};

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryConversion : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxis()) {
    case 0: v = rewriter.create<X>(op.getLoc(), i32); break;
    case 1: v = rewriter.create<Y>(op.getLoc(), i32); break;
    default: v = rewriter.create<Z>(op.getLoc(), i32); break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct BarrierOpConversion : OpConversionPattern<BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Barrier0Op>(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateElementwiseOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion>(converter, ctx);
  patterns.add<ConstantOpConversion, SplatOpConversion, MakeRangeOpConversion,
               BroadcastOpConversion, ExpandDimsOpConversion, AddPtrOpConversion,
               CastOpConversion, BarrierOpConversion>(converter, ctx);
  patterns.add<GridQueryConversion<tile::ProgramIdOp, NVVM::BlockIdXOp,
                                   NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryConversion<tile::NumProgramsOp, NVVM::GridDimXOp,
                                   NVVM::GridDimYOp, NVVM::GridDimZOp>>(
      converter, ctx);
}
