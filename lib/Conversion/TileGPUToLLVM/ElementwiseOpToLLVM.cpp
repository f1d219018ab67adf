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

#include <numeric>

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
///
/// 16-bit floats go two at a time where the target has the paired
/// instruction (add/sub/mul/neg/fma/max/min: f16x2 from sm_80, bf16x2 from
/// sm_90; a truncation from f32: cvt.rn.{f16,bf16}x2.f32 from sm_80): the op
/// on vector<2 x T>, which NVPTX emits as one f16x2/bf16x2 instruction with
/// the same rounding as two scalar ones. Any two of a thread's elements
/// pair up (the ops are elementwise); LLVM folds the vector packing between
/// consecutive paired ops away.
struct ElementwiseOpConversion : ConversionPattern {
  ElementwiseOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx), cc(cc) {
  }
  int cc;

  /// How `op` (result element type `elt`) goes in pairs: 0 not at all,
  /// 1 as the same op on vector<2 x elt>, 2 as a cvt.rn.*x2.f32 truncation.
  int pairing(Operation *op, Type elt, unsigned n) const {
    if (n % 2 != 0 || !(elt.isF16() || elt.isBF16()) || cc < 80)
      return 0;
    if (auto t = dyn_cast<arith::TruncFOp>(op))
      return getElementTypeOrSelf(t.getIn().getType()).isF32() &&
                     !t.getRoundingmodeAttr()
                 ? 2
                 : 0;
    if (elt.isBF16() && cc < 90)
      return 0;
    return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::NegFOp,
               math::FmaOp, arith::MaxNumFOp, arith::MinNumFOp>(op)
               ? 1
               : 0;
  }

  /// An op of several results on tiles of one layout (arith.mului_extended,
  /// which the canonicalizer makes of tl.umulhi's widened product): the op
  /// on each element, its results gathered into one struct each.
  LogicalResult convertMultiResult(Operation *op, ArrayRef<Value> operands,
                                   ConversionPatternRewriter &rewriter) const {
    Location loc = op->getLoc();
    SmallVector<Type> scalarTypes;
    for (Type t : op->getResultTypes()) {
      auto rt = dyn_cast<RankedTensorType>(t);
      if (!rt ||
          rt.getShape() !=
              cast<RankedTensorType>(op->getResult(0).getType()).getShape())
        return rewriter.notifyMatchFailure(op, "results of different shapes");
      scalarTypes.push_back(
          getTypeConverter()->convertType(rt.getElementType()));
    }
    SmallVector<SmallVector<Value>> elems;
    for (Value v : operands)
      elems.push_back(unpackStruct(rewriter, loc, v));
    unsigned n = LayoutInfo(cast<RankedTensorType>(op->getResult(0).getType()))
                     .numElems();
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<Value> args;
      for (auto &e : elems)
        args.push_back(e[i]);
      OperationState state(loc, op->getName(), args, scalarTypes,
                           op->getAttrs());
      Operation *one = rewriter.create(state);
      for (unsigned r = 0; r < op->getNumResults(); ++r)
        results[r].push_back(one->getResult(r));
    }
    SmallVector<Value> packed;
    for (unsigned r = 0; r < op->getNumResults(); ++r)
      packed.push_back(packStruct(
          rewriter, loc,
          getTypeConverter()->convertType(op->getResult(r).getType()),
          results[r]));
    rewriter.replaceOp(op, packed);
    return success();
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect))
      return failure();
    if (isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    // Conversions to and from fp8: Fp8OpToLLVM.cpp.
    if (isa<arith::ExtFOp, arith::TruncFOp>(op) &&
        (isFp8Type(op->getOperand(0).getType()) ||
         isFp8Type(op->getResult(0).getType())))
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
      return convertMultiResult(op, operands, rewriter);
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type scalarResult =
        getTypeConverter()->convertType(resultType.getElementType());
    SmallVector<SmallVector<Value>> elems;
    for (Value v : operands)
      elems.push_back(unpackStruct(rewriter, loc, v));
    unsigned n = LayoutInfo(resultType).numElems();
    SmallVector<Value> results;
    if (int how = pairing(op, scalarResult, n)) {
      auto vecT = VectorType::get({2}, scalarResult);
      Type i32 = rewriter.getI32Type();
      Value c0 = rewriter.create<LLVM::ConstantOp>(loc, i32, 0);
      Value c1 = rewriter.create<LLVM::ConstantOp>(loc, i32, 1);
      for (unsigned i = 0; i < n; i += 2) {
        Value pair;
        if (how == 2) {
          // cvt.rn.bf16x2.f32 d, a, b puts a in the upper half.
          std::string cvt = std::string("cvt.rn.") +
                            (scalarResult.isBF16() ? "bf16x2" : "f16x2") +
                            ".f32 $0, $1, $2;";
          auto asmOp = rewriter.create<LLVM::InlineAsmOp>(
              loc, i32, ValueRange{elems[0][i + 1], elems[0][i]}, cvt, "=r,f,f",
              /*has_side_effects=*/false, /*is_align_stack=*/false,
              LLVM::AsmDialectAttr(), ArrayAttr());
          pair =
              rewriter.create<LLVM::BitcastOp>(loc, vecT, asmOp.getResult(0));
        } else {
          SmallVector<Value> args;
          for (auto &e : elems) {
            Value v = rewriter.create<LLVM::UndefOp>(loc, vecT);
            v = rewriter.create<LLVM::InsertElementOp>(loc, v, e[i], c0);
            args.push_back(
                rewriter.create<LLVM::InsertElementOp>(loc, v, e[i + 1], c1));
          }
          OperationState state(loc, op->getName(), args, vecT, op->getAttrs());
          pair = rewriter.create(state)->getResult(0);
        }
        results.push_back(
            rewriter.create<LLVM::ExtractElementOp>(loc, pair, c0));
        results.push_back(
            rewriter.create<LLVM::ExtractElementOp>(loc, pair, c1));
      }
      Type structTy = getTypeConverter()->convertType(resultType);
      rewriter.replaceOp(op, packStruct(rewriter, loc, structTy, results));
      return success();
    }
    SmallVector<unsigned> leader = constancyLeaders(op, resultType, n);
    for (unsigned i = 0; i < n; ++i) {
      if (leader[i] != i) {
        results.push_back(results[leader[i]]);
        continue;
      }
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

  /// For each of a thread's `n` elements of `type`: the first element of
  /// the group of equal values it is in by `op`'s kConstancyAttr (itself
  /// when none). A thread's run of sizePerThread[d] elements along a
  /// dimension covers consecutive, run-aligned indices, so groups of
  /// gcd(constancy, sizePerThread[d]) of its elements are aligned groups of
  /// the tile.
  static SmallVector<unsigned>
  constancyLeaders(Operation *op, RankedTensorType type, unsigned n) {
    SmallVector<unsigned> leader(n);
    for (unsigned i = 0; i < n; ++i)
      leader[i] = i;
    auto attr = op->getAttrOfType<DenseI32ArrayAttr>(kConstancyAttr);
    if (!attr || attr.size() != type.getRank())
      return leader;
    LayoutInfo info(type);
    if (!info.isBlocked() || info.isAccumulator())
      return leader;
    SmallVector<unsigned> group(type.getRank(), 1);
    bool any = false;
    for (unsigned t = 0; t < type.getRank(); ++t) {
      unsigned spt = info.getBase().getSizePerThread()[info.baseDim(t)];
      unsigned g = std::gcd(unsigned(std::max(attr[t], 1)), spt);
      if (g > 1 && type.getShape()[t] % g == 0) {
        group[t] = g;
        any = true;
      }
    }
    if (!any)
      return leader;
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<unsigned> coords = info.elemCoords(i);
      for (unsigned t = 0; t < coords.size(); ++t)
        coords[t] -= coords[t] % group[t];
      leader[i] = info.elemIndex(coords);
    }
    return leader;
  }
};

/// A dense splat constant tile: one scalar constant, repeated.
struct ConstantOpConversion : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // An fp8 value is its bits (i8) in LLVM.
    auto llvmConstant = [&](Location loc, Attribute value) -> Value {
      if (auto f = dyn_cast<FloatAttr>(value))
        if (isFp8Type(f.getType()))
          return rewriter.create<LLVM::ConstantOp>(
              loc, rewriter.getI8Type(),
              rewriter.getIntegerAttr(rewriter.getI8Type(),
                                      f.getValue().bitcastToAPInt()));
      return rewriter.create<LLVM::ConstantOp>(loc, cast<TypedAttr>(value));
    };
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type) {
      if (!isFp8Type(op.getType()))
        return failure();
      rewriter.replaceOp(op, llvmConstant(op.getLoc(), op.getValue()));
      return success();
    }
    if (!type.getEncoding())
      return failure();
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return rewriter.notifyMatchFailure(op, "non-splat tile constants are "
                                             "not supported yet");
    Location loc = op.getLoc();
    Value scalar = llvmConstant(loc, splat.getSplatValue<Attribute>());
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
    Value src = adaptor.getSrc();
    // tile.opaque (tile-loop-pointer-offsets' i64 loop offsets): the value goes
    // through a move LLVM cannot look into, so that loop strength reduction
    // does not turn each address base + offset back into an induction
    // variable of its own (ptxas removes the move).
    if (op->hasAttr("tile.opaque") && src.getType().isInteger(64))
      src = rewriter
                .create<LLVM::InlineAsmOp>(op.getLoc(), src.getType(),
                                           ValueRange{src}, "mov.b64 $0, $1;",
                                           "=l,l", /*has_side_effects=*/false,
                                           /*is_align_stack=*/false,
                                           LLVM::AsmDialectAttr(), ArrayAttr())
                .getResult(0);
    SmallVector<Value> elems(LayoutInfo(type).numElems(), src);
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
    // tile.opaque (tilegpu-remat-after-loops' copies): the thread index is
    // read again, so that the copy's indices are not merged with those of
    // the range it copies (which would keep them live across the loop
    // between the two).
    Value tid;
    if (op->hasAttr("tile.opaque"))
      tid = freshThreadId(rewriter, loc);
    auto tc = info.emitThreadCoords(rewriter, loc, tid);
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
Value remapElements(
    ConversionPatternRewriter &rewriter, Location loc,
    const TypeConverter &converter, Value src, RankedTensorType srcType,
    RankedTensorType dstType,
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
        op, remapElements(
                rewriter, op.getLoc(), *getTypeConverter(), adaptor.getSrc(),
                srcType, dstType, [&](SmallVector<unsigned> &c) {
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
    rewriter.replaceOp(op,
                       remapElements(rewriter, op.getLoc(), *getTypeConverter(),
                                     adaptor.getSrc(), srcType, dstType,
                                     [&](SmallVector<unsigned> &c) {
                                       c.erase(c.begin() + axis);
                                     }));
    return success();
  }
};

/// Whether `ptr` is a base that tile-loop-pointer-offsets advances by its
/// loop's offset (an addptr of a `tile.opaque` splat).
bool advancedByLoop(Value ptr) {
  auto add = ptr.getDefiningOp<tile::AddPtrOp>();
  auto splat = add ? add.getOffset().getDefiningOp<tile::SplatOp>() : nullptr;
  return splat && splat->hasAttr("tile.opaque");
}

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
    // Offsets from a base that a loop advances (tile-loop-pointer-offsets:
    // addptr(addptr(splat(p), splat(o) {tile.opaque}), d)), when 32-bit,
    // are widened and scaled explicitly (sext, mul by the element's bytes,
    // a byte GEP): LLVM then hoists the widening and the scaling of the
    // loop-invariant d together, where the backend makes one mul.wide.s32
    // of them, which ptxas recomputes from d's 32-bit register rather than
    // keep a 64-bit one live through the loop (Triton's tutorial matmul on
    // a ragged 1000 x 700 x 300: 64 element addresses a thread, 316 -> 64
    // bytes of spills). Left to the GEP, the scaling stayed in the loop and
    // the widening alone was hoisted.
    auto offType =
        dyn_cast<IntegerType>(offs.empty() ? Type() : offs[0].getType());
    unsigned bits =
        pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 0;
    unsigned bytes = bits / 8;
    bool widen = offType && offType.getWidth() < 64 && bits % 8 == 0 &&
                 bytes > 1 && advancedByLoop(op.getPtr());
    Type i8 = rewriter.getI8Type(), i64 = rewriter.getI64Type();
    for (unsigned i = 0; i < ptrs.size(); ++i) {
      if (!widen) {
        out.push_back(rewriter.create<LLVM::GEPOp>(loc, llPtr, pointee, ptrs[i],
                                                   ValueRange{offs[i]}));
        continue;
      }
      Value wide = rewriter.create<LLVM::SExtOp>(loc, i64, offs[i]);
      Value scaled = rewriter.create<LLVM::MulOp>(
          loc, wide,
          rewriter.create<LLVM::ConstantOp>(loc, i64,
                                            rewriter.getI64IntegerAttr(bytes)),
          LLVM::IntegerOverflowFlags::nsw);
      out.push_back(rewriter.create<LLVM::GEPOp>(loc, llPtr, i8, ptrs[i],
                                                 ValueRange{scaled}));
    }
    rewriter.replaceOp(
        op, packStruct(rewriter, loc,
                       getTypeConverter()->convertType(op.getType()), out));
    return success();
  }
};

/// A hint has done its work in the axis analysis: its operand is its value.
struct AxisHintOpConversion : OpConversionPattern<tile::AxisHintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::AxisHintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct CastOpConversion : OpConversionPattern<tile::CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type dstElt =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
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
    rewriter.replaceOp(
        op, packStruct(rewriter, loc,
                       getTypeConverter()->convertType(op.getType()), out));
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
    case 0:
      v = rewriter.create<X>(op.getLoc(), i32);
      break;
    case 1:
      v = rewriter.create<Y>(op.getLoc(), i32);
      break;
    default:
      v = rewriter.create<Z>(op.getLoc(), i32);
      break;
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
    barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateElementwiseOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion>(converter, ctx, computeCapability);
  patterns
      .add<ConstantOpConversion, SplatOpConversion, MakeRangeOpConversion,
           BroadcastOpConversion, ExpandDimsOpConversion, AddPtrOpConversion,
           CastOpConversion, AxisHintOpConversion, BarrierOpConversion>(
          converter, ctx);
  patterns.add<GridQueryConversion<tile::ProgramIdOp, NVVM::BlockIdXOp,
                                   NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryConversion<tile::NumProgramsOp, NVVM::GridDimXOp,
                                   NVVM::GridDimYOp, NVVM::GridDimZOp>>(
      converter, ctx);
}
