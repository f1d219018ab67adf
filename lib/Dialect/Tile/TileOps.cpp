//===- TileOps.cpp - Ops of the tile dialect ------------------------------===//
//
// Custom builders, verifiers, folders and canonicalization patterns of the
// `tile` ops, and the custom type directives of `tile.load`/`tile.store`.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns the shape of `type` as "[d0, d1, ...]" ("[]" for a scalar).
static std::string shapeString(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << '[';
  if (auto shaped = dyn_cast<ShapedType>(type); shaped && shaped.hasRank())
    llvm::interleaveComma(shaped.getShape(), os);
  os << ']';
  return str;
}

/// Returns true if `a` and `b` are both scalars or both tensors of the same
/// shape (element types and encodings are not compared).
static bool haveSameShape(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb)
    return !ta && !tb;
  return ta.getShape() == tb.getShape();
}

/// Returns true if `a` and `b` agree in shape and element type; encodings
/// are ignored so that layout-annotated tiles stay valid.
static bool sameShapeAndElement(Type a, Type b) {
  return haveSameShape(a, b) &&
         getElementTypeOrSelf(a) == getElementTypeOrSelf(b);
}

/// Emits the error for a `ptr` operand that is not a pointer.
static LogicalResult verifyPointerOperand(Operation *op, Type ptrType) {
  if (isPtrOrTensorOfPtr(ptrType))
    return success();
  return op->emitOpError(
             "pointer operand must be !tile.ptr or a tensor of !tile.ptr, got ")
         << ptrType;
}

/// Verifies an optional `mask` operand against the pointer type.
static LogicalResult verifyMask(Operation *op, Value mask, Type ptrType) {
  if (!mask)
    return success();
  Type maskType = mask.getType();
  if (!getElementTypeOrSelf(maskType).isInteger(1))
    return op->emitOpError("mask must have i1 elements, got ") << maskType;
  if (!haveSameShape(maskType, ptrType))
    return op->emitOpError("mask shape ")
           << shapeString(maskType) << " does not match pointer shape "
           << shapeString(ptrType);
  return success();
}

/// Returns the splat value of a constant operand, if any.
static SplatElementsAttr getSplatConstant(Attribute attr) {
  return dyn_cast_or_null<SplatElementsAttr>(attr);
}

/// Returns `src`'s shape with the dimensions permuted by `order`, or the
/// shape unchanged if `order` is not a permutation of `[0, rank)`.
static SmallVector<int64_t> permuteShape(ArrayRef<int64_t> shape,
                                         ArrayRef<int32_t> order) {
  SmallVector<int64_t> result(shape);
  if (order.size() != shape.size())
    return result;
  for (auto [i, dim] : llvm::enumerate(order)) {
    if (dim < 0 || dim >= static_cast<int32_t>(shape.size()))
      return SmallVector<int64_t>(shape);
    result[i] = shape[dim];
  }
  return result;
}

/// Returns true if `order` is a permutation of `[0, order.size())`.
static bool isPermutation(ArrayRef<int32_t> order) {
  SmallVector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= static_cast<int32_t>(order.size()) || seen[dim])
      return false;
    seen[dim] = true;
  }
  return true;
}

/// Returns the result type of a reduction of `src` along `axis`.
static Type inferReduceType(RankedTensorType src, ReduceKind kind,
                            int64_t axis) {
  Type element = src.getElementType();
  if (kind == ReduceKind::argmax || kind == ReduceKind::argmin)
    element = IntegerType::get(src.getContext(), 32);
  if (src.getRank() <= 1)
    return element;
  SmallVector<int64_t> shape(src.getShape());
  if (axis >= 0 && axis < src.getRank())
    shape.erase(shape.begin() + axis);
  return RankedTensorType::get(shape, element);
}

//===----------------------------------------------------------------------===//
// Custom type directives of load and store
//===----------------------------------------------------------------------===//

/// Parses the pointer type of a load or store and returns the loaded type.
static ParseResult parsePointerType(OpAsmParser &parser, Type &ptrType,
                                    Type &loadedType) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(ptrType))
    return failure();
  loadedType = getLoadedType(ptrType);
  if (!loadedType)
    return parser.emitError(loc,
                            "expected !tile.ptr or a tensor of !tile.ptr, got ")
           << ptrType;
  return success();
}

/// Parses the pointer type of `tile.load` and derives the mask, other and
/// result types from it; only the pointer type is written in the assembly.
static ParseResult
parseLoadTypes(OpAsmParser &parser, Type &ptrType,
               std::optional<OpAsmParser::UnresolvedOperand> mask,
               Type &maskType,
               std::optional<OpAsmParser::UnresolvedOperand> other,
               Type &otherType, Type &resultType) {
  if (parsePointerType(parser, ptrType, resultType))
    return failure();
  if (mask)
    maskType = getMaskType(ptrType);
  if (other)
    otherType = resultType;
  return success();
}

static void printLoadTypes(OpAsmPrinter &printer, Operation *, Type ptrType,
                           Value, Type, Value, Type, Type) {
  printer << ptrType;
}

/// Parses the pointer type of `tile.store` and derives the value and mask
/// types from it.
static ParseResult
parseStoreTypes(OpAsmParser &parser, Type &ptrType, Type &valueType,
                std::optional<OpAsmParser::UnresolvedOperand> mask,
                Type &maskType) {
  if (parsePointerType(parser, ptrType, valueType))
    return failure();
  if (mask)
    maskType = getMaskType(ptrType);
  return success();
}

static void printStoreTypes(OpAsmPrinter &printer, Operation *, Type ptrType,
                            Type, Value, Type) {
  printer << ptrType;
}

/// Parses the reduction kind of `tile.reduce` as a bare keyword (`max`).
static ParseResult parseReduceKind(OpAsmParser &parser, ReduceKindAttr &kind) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<ReduceKind> value = symbolizeReduceKind(keyword);
  if (!value)
    return parser.emitError(loc, "unknown reduction kind '") << keyword << "'";
  kind = ReduceKindAttr::get(parser.getContext(), *value);
  return success();
}

static void printReduceKind(OpAsmPrinter &printer, Operation *,
                            ReduceKindAttr kind) {
  printer << stringifyReduceKind(kind.getValue());
}

/// Parses the pointer type of `tile.atomic_rmw` and derives the value, mask
/// and result types from it.
static ParseResult
parseAtomicTypes(OpAsmParser &parser, Type &ptrType, Type &valueType,
                 std::optional<OpAsmParser::UnresolvedOperand> mask,
                 Type &maskType, Type &resultType) {
  if (parseStoreTypes(parser, ptrType, valueType, mask, maskType))
    return failure();
  resultType = valueType;
  return success();
}

static void printAtomicTypes(OpAsmPrinter &printer, Operation *, Type ptrType,
                             Type, Value, Type, Type) {
  printer << ptrType;
}

/// Parses the pointer type of `tile.atomic_cas` and derives the others.
static ParseResult parseCASTypes(OpAsmParser &parser, Type &ptrType,
                                 Type &cmpType, Type &valueType,
                                 Type &resultType) {
  if (parsePointerType(parser, ptrType, valueType))
    return failure();
  cmpType = resultType = valueType;
  return success();
}

static void printCASTypes(OpAsmPrinter &printer, Operation *, Type ptrType,
                          Type, Type, Type) {
  printer << ptrType;
}

/// Parses an enum attribute of the tile dialect as a bare keyword.
template <typename AttrT, typename EnumT>
static ParseResult
parseEnumKeyword(OpAsmParser &parser, AttrT &attr, StringRef what,
                 std::optional<EnumT> (*symbolize)(StringRef)) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolize(keyword);
  if (!value)
    return parser.emitError(loc, "unknown ") << what << " '" << keyword << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

static ParseResult parseAtomicKind(OpAsmParser &parser, AtomicKindAttr &kind) {
  return parseEnumKeyword<AtomicKindAttr, AtomicKind>(
      parser, kind, "atomic kind", symbolizeAtomicKind);
}
static void printAtomicKind(OpAsmPrinter &printer, Operation *,
                            AtomicKindAttr kind) {
  printer << stringifyAtomicKind(kind.getValue());
}
static ParseResult parseMemSemantic(OpAsmParser &parser, MemSemanticAttr &sem) {
  return parseEnumKeyword<MemSemanticAttr, MemSemantic>(
      parser, sem, "memory semantic", symbolizeMemSemantic);
}
static void printMemSemantic(OpAsmPrinter &printer, Operation *,
                             MemSemanticAttr sem) {
  printer << stringifyMemSemantic(sem.getValue());
}
static ParseResult parseMemScope(OpAsmParser &parser, MemScopeAttr &scope) {
  return parseEnumKeyword<MemScopeAttr, MemScope>(parser, scope, "memory scope",
                                                  symbolizeMemScope);
}
static void printMemScope(OpAsmPrinter &printer, Operation *,
                          MemScopeAttr scope) {
  printer << stringifyMemScope(scope.getValue());
}

#define GET_OP_CLASSES
#include "tilec/Dialect/Tile/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ProgramIdOp and NumProgramsOp
//===----------------------------------------------------------------------===//

static LogicalResult verifyGridAxis(Operation *op, IntegerAttr axis) {
  int64_t value = axis.getInt();
  if (value < 0 || value > 2)
    return op->emitOpError("axis must be 0, 1 or 2");
  return success();
}

void ProgramIdOp::build(OpBuilder &builder, OperationState &state,
                        int32_t axis) {
  build(builder, state, builder.getI32Type(), builder.getI32IntegerAttr(axis));
}

LogicalResult ProgramIdOp::verify() {
  return verifyGridAxis(*this, getAxisAttr());
}

void NumProgramsOp::build(OpBuilder &builder, OperationState &state,
                          int32_t axis) {
  build(builder, state, builder.getI32Type(), builder.getI32IntegerAttr(axis));
}

LogicalResult NumProgramsOp::verify() {
  return verifyGridAxis(*this, getAxisAttr());
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

void MakeRangeOp::build(OpBuilder &builder, OperationState &state,
                        int32_t start, int32_t end) {
  int64_t length = std::max<int64_t>(int64_t(end) - int64_t(start), 0);
  auto type = RankedTensorType::get({length}, builder.getI32Type());
  build(builder, state, type, builder.getI32IntegerAttr(start),
        builder.getI32IntegerAttr(end));
}

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  if (end <= start)
    return emitOpError("end (")
           << end << ") must be greater than start (" << start << ")";
  int64_t length = end - start;
  if (!llvm::isPowerOf2_64(length))
    return emitOpError("range length ") << length << " must be a power of two";
  RankedTensorType type = getType();
  if (type.getRank() != 1 || type.getDimSize(0) != length)
    return emitOpError("result shape ")
           << shapeString(type) << " does not match range length " << length;
  return success();
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  Type element = getType().getElementType();
  if (element != getSrc().getType())
    return emitOpError("result element type ")
           << element << " does not match operand type " << getSrc().getType();
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute src = adaptor.getSrc();
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(src))
    return {};
  return DenseElementsAttr::get(getType(), ArrayRef<Attribute>(src));
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError("operand rank ")
           << srcType.getRank() << " does not match result rank "
           << resultType.getRank();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType()
           << " does not match operand element type "
           << srcType.getElementType();
  for (auto [from, to] : llvm::zip(srcType.getShape(), resultType.getShape()))
    if (from != to && from != 1)
      return emitOpError("operand shape ")
             << shapeString(srcType) << " cannot be broadcast to result shape "
             << shapeString(resultType);
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto splat = getSplatConstant(adaptor.getSrc()))
    return splat.resizeSplat(getType());
  return {};
}

namespace {
/// Rewrites `op(tile.splat %x)` into `tile.splat %x` of the op's result type,
/// for the shape-only ops (broadcast, expand_dims, reshape, trans).
template <typename OpTy>
struct FoldSplatSource : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// Rewrites `broadcast(broadcast %x)` into `broadcast %x`.
struct FoldBroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldSplatSource<BroadcastOp>, FoldBroadcastOfBroadcast>(context);
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int32_t axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  int64_t at = std::clamp<int64_t>(axis, 0, shape.size());
  shape.insert(shape.begin() + at, 1);
  auto type = RankedTensorType::get(shape, srcType.getElementType());
  build(builder, state, type, src, builder.getI32IntegerAttr(axis));
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range [0, " << srcType.getRank() << "]";
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  auto expected = RankedTensorType::get(shape, srcType.getElementType());
  if (!sameShapeAndElement(getType(), expected))
    return emitOpError("result type ")
           << getType() << " does not match expected type " << expected;
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  if (auto splat = getSplatConstant(adaptor.getSrc()))
    return splat.resizeSplat(getType());
  return {};
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldSplatSource<ExpandDimsOp>>(context);
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType()
           << " does not match operand element type "
           << srcType.getElementType();
  if (srcType.getNumElements() != resultType.getNumElements())
    return emitOpError("result element count ")
           << resultType.getNumElements()
           << " does not match operand element count "
           << srcType.getNumElements();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto splat = getSplatConstant(adaptor.getSrc()))
    return splat.resizeSplat(getType());
  return {};
}

namespace {
/// Rewrites `reshape(reshape %x)` into `reshape %x`.
struct FoldReshapeOfReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldSplatSource<ReshapeOp>, FoldReshapeOfReshape>(context);
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto srcType = cast<RankedTensorType>(src.getType());
  auto type = RankedTensorType::get(permuteShape(srcType.getShape(), order),
                                    srcType.getElementType());
  build(builder, state, type, src, builder.getDenseI32ArrayAttr(order));
}

LogicalResult TransOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != srcType.getRank() ||
      !isPermutation(order)) {
    InFlightDiagnostic diag = emitOpError("order [");
    llvm::interleaveComma(order, diag);
    return diag << "] is not a permutation of [0, " << srcType.getRank() << ")";
  }
  auto expected = RankedTensorType::get(permuteShape(srcType.getShape(), order),
                                        srcType.getElementType());
  if (!sameShapeAndElement(getType(), expected))
    return emitOpError("result type ")
           << getType() << " does not match expected type " << expected;
  return success();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity && getSrc().getType() == getType())
    return getSrc();
  if (auto splat = getSplatConstant(adaptor.getSrc()))
    return splat.resizeSplat(getType());
  return {};
}

namespace {
/// Rewrites `trans(trans %x, inner), outer` into one `trans %x` with the
/// composed order `inner[outer[i]]` (which the folder removes if it is the
/// identity).
struct FoldTransOfTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return failure();
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> composed;
    for (int32_t dim : op.getOrder())
      composed.push_back(innerOrder[dim]);
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), inner.getSrc(),
                                         composed);
    return success();
  }
};
} // namespace

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldSplatSource<TransOp>, FoldTransOfTrans>(context);
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type ptrType = getPtr().getType();
  Type offsetType = getOffset().getType();
  if (failed(verifyPointerOperand(*this, ptrType)))
    return failure();
  if (!isa<IntegerType>(getElementTypeOrSelf(offsetType)))
    return emitOpError("offset must be an integer or a tensor of integers, "
                       "got ")
           << offsetType;
  if (isa<RankedTensorType>(ptrType) != isa<RankedTensorType>(offsetType))
    return emitOpError("pointer and offset must both be scalars or both "
                       "tensors");
  if (!haveSameShape(ptrType, offsetType))
    return emitOpError("offset shape ")
           << shapeString(offsetType) << " does not match pointer shape "
           << shapeString(ptrType);
  return success();
}

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

namespace {
/// Rewrites `addptr(addptr(%p, %a), %b)` into `addptr(%p, %a + %b)` when
/// `%a` and `%b` have the same type.
struct FoldAddPtrOfAddPtr : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum = rewriter.create<arith::AddIOp>(op.getLoc(), inner.getOffset(),
                                               op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FoldAddPtrOfAddPtr>(context);
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  Type type = getLoadedType(ptr.getType());
  if (!type) // Invalid; left for the verifier to report.
    type = ptr.getType();
  build(builder, state, type, ptr, mask, other, ValueRange(), StringAttr(),
        StringAttr(), UnitAttr(), UnitAttr());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(),
                       SideEffects::DefaultResource::get());
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
}

/// The block coordinates of a tile.load or tile.store (`what`) of a tile of
/// type `type`: none, or one a dimension of a masked access.
static LogicalResult verifyBlockCoords(Operation *op, StringRef what, Type type,
                                       ValueRange coords, Value mask) {
  if (coords.empty())
    return success();
  // A block of rank 3 to 5 whose leading dimensions are 1 is accessed as
  // the tile of its last two: the coordinates of those come first.
  auto t = dyn_cast<RankedTensorType>(type);
  int64_t n = coords.size();
  if (!t || !mask ||
      !(n == t.getRank() || (t.getRank() == 2 && n > 2 && n <= 5)))
    return op->emitOpError("block needs one coordinate per dimension of a "
                           "masked tile ")
           << what << " (2 to 5 for a 2-D tile of a block with leading unit "
           << "dimensions), got " << coords.size() << " for " << type;
  return success();
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointerOperand(*this, ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)))
    return failure();
  Type loaded = getLoadedType(ptrType);
  if (!sameShapeAndElement(getType(), loaded))
    return emitOpError("result type ")
           << getType() << " does not match loaded type " << loaded;
  if (Value other = getOther()) {
    if (!getMask())
      return emitOpError("other requires a mask");
    if (other.getType() != getType())
      return emitOpError("other type ")
             << other.getType() << " does not match result type " << getType();
  }
  if (failed(verifyBlockCoords(*this, "load", getType(), getBlockCoords(),
                               getMask())))
    return failure();
  if (getBlockCoords().empty() && getBlockTransposed())
    return emitOpError("blockTransposed without block coordinates");
  return success();
}

namespace {
/// Drops a constant all-true mask (and `other`) of a load, and replaces a
/// load whose mask is constant all-false by its `other` value.
struct SimplifyLoadMask : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      // In place: discardable attributes (tilegpu.vector, tile.remat*) stay.
      // Block coordinates need the bounds mask (a split loop's unmasked
      // copy reads the same elements with plain loads).
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
        op.getBlockCoordsMutable().clear();
        op.setBlockTransposed(false);
      });
      return success();
    }
    if (op.getOther() && matchPattern(mask, m_Zero())) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<SimplifyLoadMask>(context);
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

void StoreOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                    Value value, Value mask) {
  build(builder, state, ptr, value, mask, ValueRange(), StringAttr(),
        StringAttr());
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointerOperand(*this, ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)))
    return failure();
  Type stored = getLoadedType(ptrType);
  if (!sameShapeAndElement(getValue().getType(), stored))
    return emitOpError("value type ")
           << getValue().getType() << " does not match stored type " << stored;
  return verifyBlockCoords(*this, "store", getValue().getType(),
                           getBlockCoords(), getMask());
}

namespace {
/// Drops a constant all-true mask of a store and erases a store whose mask
/// is constant all-false.
struct SimplifyStoreMask : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      // In place: discardable attributes (tilegpu.vector) stay. Block
      // coordinates need the bounds mask.
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getBlockCoordsMutable().clear();
      });
      return success();
    }
    if (matchPattern(mask, m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};
} // namespace

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SimplifyStoreMask>(context);
}

//===----------------------------------------------------------------------===//
// AtomicRMWOp, AtomicCASOp
//===----------------------------------------------------------------------===//

void AtomicRMWOp::build(OpBuilder &builder, OperationState &state,
                        AtomicKind kind, MemSemantic sem, MemScope scope,
                        Value ptr, Value value, Value mask) {
  MLIRContext *ctx = builder.getContext();
  build(builder, state, value.getType(), AtomicKindAttr::get(ctx, kind),
        MemSemanticAttr::get(ctx, sem), MemScopeAttr::get(ctx, scope), ptr,
        value, mask);
}

/// Whether `kind` applies to elements of type `t` (see the op description).
static bool atomicKindTakes(AtomicKind kind, Type t) {
  bool isInt = t.isInteger(16) || t.isInteger(32) || t.isInteger(64);
  bool wideFloat = t.isF32() || t.isF64();
  switch (kind) {
  case AtomicKind::add:
    return t.isInteger(32) || t.isInteger(64) || wideFloat || t.isF16() ||
           t.isBF16();
  case AtomicKind::max:
  case AtomicKind::min:
    return t.isInteger(32) || t.isInteger(64) || wideFloat;
  case AtomicKind::umax:
  case AtomicKind::umin:
  case AtomicKind::and_:
  case AtomicKind::or_:
  case AtomicKind::xor_:
    return t.isInteger(32) || t.isInteger(64);
  case AtomicKind::xchg:
    return (isInt && !t.isInteger(16)) || wideFloat;
  }
  return false;
}

/// The tiles of an atomic (pointer, values, mask, result) must share one
/// encoding: the lowering walks them element by element together.
static LogicalResult verifySameEncodings(Operation *op) {
  Attribute enc;
  bool first = true;
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  for (Type t : types) {
    auto rt = dyn_cast<RankedTensorType>(t);
    Attribute e = rt ? rt.getEncoding() : Attribute();
    if (first) {
      enc = e;
      first = false;
    } else if (e != enc) {
      return op->emitOpError("operands and result must have one layout");
    }
  }
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifySameEncodings(*this)))
    return failure();
  Type ptrType = getPtr().getType();
  if (failed(verifyPointerOperand(*this, ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)))
    return failure();
  Type elem = getLoadedType(ptrType);
  if (!sameShapeAndElement(getValue().getType(), elem))
    return emitOpError("value type ")
           << getValue().getType() << " does not match pointee type " << elem;
  if (getType() != getValue().getType())
    return emitOpError("result type ")
           << getType() << " does not match value type "
           << getValue().getType();
  Type e = getElementTypeOrSelf(elem);
  if (!atomicKindTakes(getKind(), e))
    return emitOpError("atomic ") << stringifyAtomicKind(getKind())
                                  << " does not take elements of " << e;
  return success();
}

LogicalResult AtomicCASOp::verify() {
  if (failed(verifySameEncodings(*this)))
    return failure();
  Type ptrType = getPtr().getType();
  if (failed(verifyPointerOperand(*this, ptrType)))
    return failure();
  Type elem = getLoadedType(ptrType);
  for (Value v : {getCmp(), getValue()})
    if (!sameShapeAndElement(v.getType(), elem))
      return emitOpError("operand type ")
             << v.getType() << " does not match pointee type " << elem;
  if (getType() != getValue().getType() || getCmp().getType() != getType())
    return emitOpError("cmp, value and result must have one type, got ")
           << getCmp().getType() << ", " << getValue().getType() << " and "
           << getType();
  Type e = getElementTypeOrSelf(elem);
  if (!(e.isInteger(16) || e.isInteger(32) || e.isInteger(64) || e.isF16() ||
        e.isBF16() || e.isF32() || e.isF64()))
    return emitOpError("atomic cas does not take elements of ") << e;
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state, ReduceKind kind,
                     Value src, int32_t axis) {
  Type type =
      inferReduceType(cast<RankedTensorType>(src.getType()), kind, axis);
  build(builder, state, type, ReduceKindAttr::get(builder.getContext(), kind),
        src, builder.getI32IntegerAttr(axis));
}

LogicalResult ReduceOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for operand of rank "
           << srcType.getRank();
  Type expected = inferReduceType(srcType, getKind(), axis);
  if (!sameShapeAndElement(getType(), expected))
    return emitOpError("result type ")
           << getType() << " does not match expected type " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  std::pair<StringRef, RankedTensorType> operands[] = {
      {"a", getA().getType()},
      {"b", getB().getType()},
      {"acc", getAcc().getType()}};
  for (auto [name, type] : operands)
    if (type.getRank() != 2)
      return emitOpError("operand ")
             << name << " must have rank 2, got rank " << type.getRank();
  ArrayRef<int64_t> a = getA().getType().getShape();
  ArrayRef<int64_t> b = getB().getType().getShape();
  if (a[1] != b[0])
    return emitOpError("contraction dimension of a (")
           << a[1] << ") does not match that of b (" << b[0] << ")";
  RankedTensorType accType = getAcc().getType();
  if (accType.getShape() != ArrayRef<int64_t>{a[0], b[1]})
    return emitOpError("accumulator shape ")
           << shapeString(accType) << " does not match expected shape [" << a[0]
           << ", " << b[1] << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  Type srcType = getSrc().getType();
  Type resultType = getType();
  if (!haveSameShape(srcType, resultType))
    return emitOpError("operand shape ")
           << shapeString(srcType) << " does not match result shape "
           << shapeString(resultType);
  Type from = getElementTypeOrSelf(srcType);
  Type to = getElementTypeOrSelf(resultType);
  bool fromPtr = isa<PointerType>(from), toPtr = isa<PointerType>(to);
  if ((fromPtr && toPtr) || (fromPtr && to.isInteger(64)) ||
      (from.isInteger(64) && toPtr))
    return success();
  return emitOpError("cast from ")
         << from << " to " << to
         << " is not a pointer cast (ptr to ptr, ptr to i64 or i64 to ptr)";
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // cast(cast(%x)) with %x of the result type is %x.
  if (auto inner = getSrc().getDefiningOp<CastOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// AxisHintOp
//===----------------------------------------------------------------------===//

LogicalResult AxisHintOp::verify() {
  Type e = getElementTypeOrSelf(getSrc().getType());
  if (!isa<IntegerType, PointerType>(e) || e.isInteger(1))
    return emitOpError("hints an integer or pointer value, not ")
           << getSrc().getType();
  int64_t rank = 1;
  if (auto t = dyn_cast<RankedTensorType>(getSrc().getType()))
    rank = std::max<int64_t>(1, t.getRank());
  for (auto [name, values] :
       {std::pair<StringRef, std::optional<ArrayRef<int64_t>>>{
            "divisibility", getDivisibility()},
        {"contiguity", getContiguity()},
        {"constancy", getConstancy()}}) {
    if (!values)
      continue;
    if (static_cast<int64_t>(values->size()) != rank)
      return emitOpError() << name << " has " << values->size()
                           << " values for rank " << rank;
    if (llvm::any_of(*values, [](int64_t v) { return v < 1; }))
      return emitOpError() << name << " values must be positive";
  }
  return success();
}
