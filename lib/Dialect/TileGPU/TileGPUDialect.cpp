//===- TileGPUDialect.cpp - The tilegpu dialect ---------------------------===//

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;

#include "tilec/Dialect/TileGPU/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUTypes.cpp.inc"

#define GET_OP_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUOps.cpp.inc"

namespace {
/// Prints layouts as #blocked, #blocked1, #slice... aliases at the top of
/// the module instead of repeating them in every type.
struct TileGPUOpAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<MmaAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<DotOperandAttr>(attr)) {
      os << "dot_op";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TileGPUDialect::initialize() {
  addInterfaces<TileGPUOpAsmInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilec/Dialect/TileGPU/TileGPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilec/Dialect/TileGPU/TileGPUTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilec/Dialect/TileGPU/TileGPUOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// BlockedAttr
//===----------------------------------------------------------------------===//

static ParseResult parseUnsignedList(AsmParser &parser, StringRef key,
                                     SmallVectorImpl<unsigned> &out) {
  if (parser.parseKeyword(key) || parser.parseEqual() || parser.parseLSquare())
    return failure();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  do {
    unsigned v;
    if (parser.parseInteger(v))
      return failure();
    out.push_back(v);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRSquare();
}

Attribute BlockedAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> spt, tpw, wpc, order;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseUnsignedList(parser, "sizePerThread", spt) || parser.parseComma() ||
      parseUnsignedList(parser, "threadsPerWarp", tpw) || parser.parseComma() ||
      parseUnsignedList(parser, "warpsPerCTA", wpc) || parser.parseComma() ||
      parseUnsignedList(parser, "order", order) || parser.parseRBrace() ||
      parser.parseGreater())
    return {};
  return parser.getChecked<BlockedAttr>(parser.getContext(), spt, tpw, wpc,
                                        order);
}

void BlockedAttr::print(AsmPrinter &printer) const {
  auto list = [&](StringRef key, ArrayRef<unsigned> v) {
    printer << key << " = [";
    llvm::interleaveComma(v, printer);
    printer << "]";
  };
  printer << "<{";
  list("sizePerThread", getSizePerThread());
  printer << ", ";
  list("threadsPerWarp", getThreadsPerWarp());
  printer << ", ";
  list("warpsPerCTA", getWarpsPerCTA());
  printer << ", ";
  list("order", getOrder());
  printer << "}>";
}

LogicalResult BlockedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<unsigned> spt,
                                  ArrayRef<unsigned> tpw,
                                  ArrayRef<unsigned> wpc,
                                  ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0 || spt.size() != rank || tpw.size() != rank ||
      wpc.size() != rank)
    return emitError() << "blocked layout needs sizePerThread, threadsPerWarp, "
                          "warpsPerCTA and order of one non-zero rank";
  unsigned lanes = 1;
  SmallVector<bool> seen(rank, false);
  for (size_t i = 0; i < rank; ++i) {
    if (order[i] >= rank || seen[order[i]])
      return emitError() << "order must be a permutation of [0, " << rank
                         << ")";
    seen[order[i]] = true;
    for (unsigned v : {spt[i], tpw[i], wpc[i]})
      if (v == 0 || (v & (v - 1)) != 0)
        return emitError() << "layout sizes must be powers of two";
    lanes *= tpw[i];
  }
  if (lanes != 32)
    return emitError() << "threadsPerWarp must multiply to 32, got " << lanes;
  return success();
}

LogicalResult SliceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned dim, Attribute parent) {
  unsigned rank;
  if (auto b = llvm::dyn_cast<BlockedAttr>(parent))
    rank = b.getRank();
  else if (auto m = llvm::dyn_cast<MmaAttr>(parent)) {
    // The accumulator layout (a reduction of a dot's result); not the
    // transposed one.
    if (m.getTransposed())
      return emitError() << "slice parent must not be a transposed mma layout";
    rank = 2;
  } else if (auto s = llvm::dyn_cast<SliceAttr>(parent)) {
    (void)s;
    rank = 0; // nested slices: rank checked by users
    return success();
  } else
    return emitError() << "slice parent must be a tilegpu layout";
  if (dim >= rank)
    return emitError() << "slice dim " << dim << " is out of range for a "
                       << "parent of rank " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// MmaAttr, DotOperandAttr, SharedAttr
//===----------------------------------------------------------------------===//

Attribute MmaAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> wpc;
  unsigned version = 2;
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  if (succeeded(parser.parseOptionalKeyword("version")) &&
      (parser.parseEqual() || parser.parseInteger(version) ||
       parser.parseComma()))
    return {};
  if (parseUnsignedList(parser, "warpsPerCTA", wpc))
    return {};
  bool transposed = false;
  unsigned instrN = 0;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("transposed"))) {
      transposed = true;
      continue;
    }
    if (failed(parser.parseOptionalKeyword("instrN"))) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'transposed' or 'instrN'");
      return {};
    }
    if (parser.parseEqual() || parser.parseInteger(instrN))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<MmaAttr>(parser.getContext(), wpc, version,
                                    transposed, instrN);
}

void MmaAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  if (getVersion() != 2)
    printer << "version = " << getVersion() << ", ";
  printer << "warpsPerCTA = [";
  llvm::interleaveComma(getWarpsPerCTA(), printer);
  printer << "]";
  if (getInstrN())
    printer << ", instrN = " << getInstrN();
  if (getTransposed())
    printer << ", transposed";
  printer << "}>";
}

LogicalResult MmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<unsigned> wpc, unsigned version,
                              bool transposed, unsigned instrN) {
  if (wpc.size() != 2)
    return emitError() << "mma layout needs warpsPerCTA of rank 2";
  for (unsigned v : wpc)
    if (v == 0 || (v & (v - 1)) != 0)
      return emitError() << "mma warpsPerCTA must be powers of two";
  if (version != 2 && version != 3)
    return emitError() << "mma version must be 2 (mma.sync) or 3 (wgmma), got "
                       << version;
  if (version == 3 && wpc[0] % 4 != 0)
    return emitError() << "an mma version 3 layout has whole warpgroups "
                          "along M: warpsPerCTA = [4k, n]";
  if (instrN && (version != 3 || instrN % 8 != 0 || instrN > 256))
    return emitError() << "instrN is the n of a wgmma (version 3): a "
                          "multiple of 8 up to 256, got "
                       << instrN;
  if (version == 3 && wpc[1] != 1 && !instrN)
    return emitError() << "an mma version 3 layout with warps along N "
                          "needs instrN";
  if (transposed && version != 3)
    return emitError() << "only an mma version 3 (wgmma) layout can be "
                          "transposed";
  if (transposed && wpc[1] != 1)
    return emitError() << "a transposed mma layout has all warps along M";
  return success();
}

LogicalResult
DotOperandAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       unsigned opIdx, Attribute parent) {
  if (opIdx > 1)
    return emitError() << "dot_op opIdx must be 0 (A) or 1 (B), got " << opIdx;
  if (!llvm::isa<MmaAttr>(parent))
    return emitError() << "dot_op parent must be a #tilegpu.mma layout";
  return success();
}

Attribute SharedAttr::parse(AsmParser &parser, Type) {
  unsigned vec, perPhase, maxPhase, blockCols = 0;
  if (parser.parseLess() || parser.parseLBrace() ||
      parser.parseKeyword("vec") || parser.parseEqual() ||
      parser.parseInteger(vec) || parser.parseComma() ||
      parser.parseKeyword("perPhase") || parser.parseEqual() ||
      parser.parseInteger(perPhase) || parser.parseComma() ||
      parser.parseKeyword("maxPhase") || parser.parseEqual() ||
      parser.parseInteger(maxPhase))
    return {};
  bool transposed = false;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("transposed"))) {
      transposed = true;
      continue;
    }
    if (parser.parseKeyword("blockCols") || parser.parseEqual() ||
        parser.parseInteger(blockCols))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<SharedAttr>(parser.getContext(), vec, perPhase,
                                       maxPhase, blockCols, transposed);
}

void SharedAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase();
  if (getBlockCols())
    printer << ", blockCols = " << getBlockCols();
  if (getTransposed())
    printer << ", transposed";
  printer << "}>";
}

LogicalResult SharedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned vec, unsigned perPhase,
                                 unsigned maxPhase, unsigned blockCols,
                                 bool transposed) {
  for (unsigned v : {vec, perPhase, maxPhase})
    if (v == 0 || (v & (v - 1)) != 0)
      return emitError() << "shared vec, perPhase and maxPhase must be "
                            "powers of two";
  if (blockCols && ((blockCols & (blockCols - 1)) != 0 || blockCols % vec ||
                    blockCols / vec < maxPhase))
    return emitError() << "shared blockCols must be a power of two holding "
                          "at least maxPhase chunks of vec";
  return success();
}

bool mlir::tilegpu::isTransposedBuffer(MemDescType buffer) {
  auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding());
  return shared && shared.getTransposed();
}

unsigned mlir::tilegpu::contiguousDim(MemDescType buffer) {
  return buffer.getRank() - (isTransposedBuffer(buffer) ? 2 : 1);
}

uint64_t mlir::tilegpu::getBufferBytes(MemDescType type) {
  Type t = type.getElementType();
  uint64_t bytes = t.isIntOrFloat() ? (t.getIntOrFloatBitWidth() + 7) / 8 : 8;
  return uint64_t(type.getNumElements()) * bytes;
}

SharedAttr mlir::tilegpu::getSwizzledSharedLayout(MLIRContext *ctx,
                                                  ArrayRef<int64_t> shape,
                                                  unsigned eltBits,
                                                  bool transposed) {
  if (transposed) {
    if (shape.size() != 2)
      return SharedAttr::get(ctx, std::max(1u, 128 / eltBits), 1, 1, 0, true);
    SharedAttr rows =
        getSwizzledSharedLayout(ctx, {shape[1], shape[0]}, eltBits);
    return SharedAttr::get(ctx, rows.getVec(), rows.getPerPhase(),
                           rows.getMaxPhase(), rows.getBlockCols(), true);
  }
  // 16-byte chunks; a 128-byte line holds 8 of them. Rows narrower than a
  // line share it (perPhase rows per phase); the phase XORs the chunk index
  // so that 8 consecutive rows at one chunk hit 8 distinct bank groups.
  unsigned vec = std::max(1u, 128 / eltBits);
  int64_t cols = shape.back();
  int64_t rowBytes = cols * eltBits / 8;
  if (shape.size() != 2 || cols % vec != 0 || rowBytes < 16)
    return SharedAttr::get(ctx, vec, 1, 1);
  // Rows wider than 128 bytes: 128-byte column blocks, one after another.
  unsigned blockCols = 0;
  if (rowBytes > 128 && cols % (1024 / eltBits) == 0) {
    blockCols = 1024 / eltBits;
    rowBytes = 128;
  }
  unsigned chunks = rowBytes / 16;
  if (!llvm::isPowerOf2_32(chunks)) // XOR would leave the row
    return SharedAttr::get(ctx, vec, 1, 1);
  unsigned perPhase = std::max<int64_t>(1, 128 / rowBytes);
  unsigned maxPhase = std::min<unsigned>(chunks, 8 / perPhase);
  return SharedAttr::get(ctx, vec, perPhase, std::max(1u, maxPhase), blockCols);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

BlockedAttr mlir::tilegpu::getDefaultBlockedLayout(MLIRContext *ctx,
                                                   unsigned rank,
                                                   unsigned numWarps) {
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1), order;
  for (unsigned i = 0; i < rank; ++i)
    order.push_back(rank - 1 - i);
  if (rank == 1) {
    tpw[0] = 32;
    wpc[0] = numWarps;
  } else {
    // 8 lanes along the fastest dimension, 4 along the next; warps along
    // the slowest.
    tpw[rank - 1] = 8;
    tpw[rank - 2] = 4;
    wpc[0] = numWarps;
  }
  return BlockedAttr::get(ctx, spt, tpw, wpc, order);
}

int64_t mlir::tilegpu::getElemsPerThread(ArrayRef<int64_t> shape,
                                         ArrayRef<unsigned> spt,
                                         ArrayRef<unsigned> tpw,
                                         ArrayRef<unsigned> wpc) {
  int64_t n = 1;
  for (unsigned k = 0; k < shape.size(); ++k) {
    int64_t cta = int64_t(spt[k]) * tpw[k] * wpc[k];
    n *= spt[k] * llvm::divideCeil(shape[k], cta);
  }
  return n;
}

bool mlir::tilegpu::isBufferView(Operation *op) {
  return isa<MemDescSubviewOp, MemDescTransOp>(op);
}

Value mlir::tilegpu::rootBuffer(Value view) {
  while (Operation *def = view.getDefiningOp()) {
    if (!isBufferView(def))
      break;
    view = def->getOperand(0);
  }
  return view;
}

/// `base` with `n` elements a thread along `axis` (and, when `only`, one
/// along every other dimension).
static BlockedAttr withVectorAlong(BlockedAttr base, unsigned axis, unsigned n,
                                   bool only = false) {
  SmallVector<unsigned> spt(base.getSizePerThread());
  if (only)
    spt.assign(spt.size(), 1);
  spt[axis] = n;
  return BlockedAttr::get(base.getContext(), spt, base.getThreadsPerWarp(),
                          base.getWarpsPerCTA(), base.getOrder());
}

Attribute mlir::tilegpu::getSplitResultLayout(RankedTensorType src,
                                              unsigned axis, int64_t stride) {
  Attribute layout = src.getEncoding();
  int64_t n = src.getDimSize(axis);
  if (auto blocked = dyn_cast_or_null<BlockedAttr>(layout)) {
    unsigned spt = blocked.getSizePerThread()[axis];
    int64_t cta = int64_t(spt) * blocked.getThreadsPerWarp()[axis] *
                  blocked.getWarpsPerCTA()[axis];
    if (stride >= cta)
      return blocked; // a repeat of the CTA tile (cta <= n / 2)
    if (stride < spt && spt <= n)
      return withVectorAlong(blocked, axis, spt / 2); // within the vector
    return {};
  }
  if (auto mma = dyn_cast_or_null<MmaAttr>(layout)) {
    if (mma.getTransposed() || src.getRank() != 2)
      return {};
    int64_t cta = axis == 0
                      ? 16 * mma.getWarpsPerCTA()[0]
                      : int64_t(mma.getWarpCols()) * mma.getWarpsPerCTA()[1];
    return stride >= cta ? mma : MmaAttr();
  }
  return {};
}

BlockedAttr mlir::tilegpu::getSplitOperandLayout(BlockedAttr base,
                                                 ArrayRef<int64_t> shape,
                                                 unsigned axis,
                                                 int64_t stride) {
  return withVectorAlong(base, axis,
                         unsigned(std::min<int64_t>(2 * stride, shape[axis])),
                         /*only=*/true);
}

Attribute mlir::tilegpu::getJoinResultLayout(RankedTensorType half,
                                             ArrayRef<int64_t> shape,
                                             unsigned axis, int64_t stride) {
  Attribute l = half.getEncoding();
  if (!l)
    return {};
  auto whole = [&](Attribute r) {
    return RankedTensorType::get(shape, half.getElementType(), r);
  };
  SmallVector<Attribute, 2> candidates{l};
  if (auto blocked = dyn_cast<BlockedAttr>(l))
    candidates.push_back(
        withVectorAlong(blocked, axis, 2 * blocked.getSizePerThread()[axis]));
  for (Attribute r : candidates)
    if (getSplitResultLayout(whole(r), axis, stride) == l)
      return r;
  return {};
}

bool mlir::tilegpu::legalizeJoinLayouts(tile::JoinOp op) {
  auto t = cast<RankedTensorType>(op.getType());
  unsigned axis = op.getAxis();
  int64_t stride = op.getStride();
  Attribute want = getSplitResultLayout(t, axis, stride);
  bool changed = false;
  if (!want) {
    changed = true;
    // The result's layout lost the bit from its registers: a blocked one
    // whose vector holds it, converted to what the users had.
    auto blocked = cast<BlockedAttr>(t.getEncoding());
    auto fixed = RankedTensorType::get(
        t.getShape(), t.getElementType(),
        getSplitOperandLayout(blocked, t.getShape(), axis, stride));
    OpBuilder after(op);
    after.setInsertionPointAfter(op);
    op.getResult().setType(fixed);
    auto cvt = after.create<ConvertLayoutOp>(op.getLoc(), t, op.getResult());
    op.getResult().replaceAllUsesExcept(cvt, cvt);
    want = getSplitResultLayout(fixed, axis, stride);
  }
  OpBuilder b(op);
  for (OpOperand &operand : op->getOpOperands()) {
    auto ot = cast<RankedTensorType>(operand.get().getType());
    if (ot.getEncoding() == want)
      continue;
    operand.set(b.create<ConvertLayoutOp>(
        op.getLoc(),
        RankedTensorType::get(ot.getShape(), ot.getElementType(), want),
        operand.get()));
    changed = true;
  }
  return changed;
}

bool mlir::tilegpu::legalizeSplitLayouts(tile::SplitOp op) {
  auto t = cast<RankedTensorType>(op.getSrc().getType());
  unsigned axis = op.getAxis();
  int64_t stride = op.getStride();
  OpBuilder b(op);
  Attribute l = getSplitResultLayout(t, axis, stride);
  bool changed = false;
  if (!l) {
    changed = true;
    // Only a blocked layout that a pass widened can lose it: tilegpu's
    // layout assignment gives every other operand a layout that has it.
    auto blocked = cast<BlockedAttr>(t.getEncoding());
    auto want = RankedTensorType::get(
        t.getShape(), t.getElementType(),
        getSplitOperandLayout(blocked, t.getShape(), axis, stride));
    op.getSrcMutable().set(
        b.create<ConvertLayoutOp>(op.getLoc(), want, op.getSrc()));
    l = getSplitResultLayout(want, axis, stride);
  }
  b.setInsertionPointAfter(op);
  for (OpResult r : op->getResults()) {
    auto rt = cast<RankedTensorType>(r.getType());
    if (rt.getEncoding() == l)
      continue;
    r.setType(RankedTensorType::get(rt.getShape(), rt.getElementType(), l));
    auto cvt = b.create<ConvertLayoutOp>(op.getLoc(), rt, r);
    r.replaceAllUsesExcept(cvt, cvt);
    changed = true;
  }
  return changed;
}

bool mlir::tilegpu::isRegisterConversion(RankedTensorType src,
                                         RankedTensorType dst) {
  auto mma = dyn_cast_or_null<MmaAttr>(src.getEncoding());
  auto op = dyn_cast_or_null<DotOperandAttr>(dst.getEncoding());
  if (!mma || !op || op.getOpIdx() != 0 || op.getParent() != mma ||
      mma.getTransposed() || mma.getWarpsPerCTA()[1] != 1 ||
      src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType() || src.getRank() != 2)
    return false;
  Type elt = src.getElementType();
  // Whole 16 x 16 blocks, no replication.
  return (elt.isF16() || elt.isBF16()) &&
         src.getDimSize(0) % (16 * mma.getWarpsPerCTA()[0]) == 0 &&
         src.getDimSize(1) % 16 == 0;
}

bool mlir::tilegpu::isStagedOperandLoad(Operation *op) {
  return isa<tile::LoadOp>(op) && op->hasOneUse() &&
         isa<LocalAllocOp>(*op->user_begin());
}

bool mlir::tilegpu::describedByDims(Attribute layout) {
  if (auto mma = dyn_cast_or_null<MmaAttr>(layout))
    return !mma.getTransposed();
  return isa_and_nonnull<BlockedAttr, SliceAttr>(layout);
}

Attribute mlir::tilegpu::getLayout(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return t.getEncoding();
  return {};
}

RankedTensorType mlir::tilegpu::withLayout(Type type, Attribute layout) {
  auto t = cast<RankedTensorType>(type);
  return RankedTensorType::get(t.getShape(), t.getElementType(), layout);
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto src = getSrc().getType(), dst = getResult().getType();
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "source " << src << " and result " << dst
                         << " must differ in their layout only";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  if (auto prev = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (prev.getSrc().getType() == getResult().getType())
      return prev.getSrc();
    // a -> b -> c: one conversion a -> c (in place).
    getSrcMutable().assign(prev.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// MemDescType
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elt;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elt))
    return {};
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(encoding))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elt,
                                        encoding);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType();
  if (getEncoding()) {
    printer << ", ";
    printer.printAttribute(getEncoding());
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding) {
  if (encoding) {
    auto shared = llvm::dyn_cast<SharedAttr>(encoding);
    if (!shared)
      return emitError() << "memdesc encoding must be a #tilegpu.shared layout";
    if (shape.size() < 2)
      return emitError() << "a swizzled memdesc must have at least two "
                            "dimensions";
    // The swizzled rows: the buffer's columns when it is transposed.
    int64_t cols =
        shared.getTransposed() ? shape[shape.size() - 2] : shape.back();
    if (shared.getBlockCols() && cols > int64_t(shared.getBlockCols())) {
      if (cols % shared.getBlockCols() != 0)
        return emitError() << "rows of " << cols << " elements are not whole "
                           << "blocks of " << shared.getBlockCols();
      cols = shared.getBlockCols();
    }
    if (cols % shared.getVec() != 0 ||
        (cols / shared.getVec()) % shared.getMaxPhase() != 0)
      return emitError() << "swizzle vec " << shared.getVec()
                         << " and maxPhase " << shared.getMaxPhase()
                         << " do not fit rows of " << cols << " elements";
  }
  if (shape.empty())
    return emitError() << "memdesc needs at least one dimension";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "memdesc dimensions must be positive, got " << d;
  if (!elementType.isIntOrFloat() && !llvm::isa<tile::PointerType>(elementType))
    return emitError() << "memdesc element type must be an integer, a float "
                          "or a !tile.ptr, got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared-memory ops
//===----------------------------------------------------------------------===//

/// `tensor` (the op's `what`) must have the shape and element type of
/// `buffer`.
static LogicalResult verifyMatchesBuffer(Operation *op, StringRef what,
                                         RankedTensorType tensor,
                                         MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape()) {
    auto diag = op->emitOpError() << what << " shape [";
    llvm::interleaveComma(tensor.getShape(), diag);
    diag << "] does not match the buffer's shape [";
    llvm::interleaveComma(buffer.getShape(), diag);
    return diag << "]";
  }
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << what << " element type " << tensor.getElementType()
           << " does not match the buffer's element type "
           << buffer.getElementType();
  return success();
}

ParseResult LocalAllocOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand init;
  OptionalParseResult hasInit = parser.parseOptionalOperand(init);
  if (hasInit.has_value() && failed(*hasInit))
    return failure();
  Type initType;
  MemDescType resultType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  if (hasInit.has_value() &&
      (parser.parseType(initType) || parser.parseArrow()))
    return failure();
  if (parser.parseType(resultType))
    return failure();
  if (hasInit.has_value() &&
      parser.resolveOperand(init, initType, result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void LocalAllocOp::print(OpAsmPrinter &p) {
  if (getInit())
    p << " " << getInit();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : ";
  if (getInit())
    p << getInit().getType() << " -> ";
  p << getType();
}

LogicalResult LocalAllocOp::verify() {
  if (!getInit())
    return success();
  return verifyMatchesBuffer(*this, "initial value",
                             cast<RankedTensorType>(getInit().getType()),
                             getType());
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0), SharedMemory::get());
  if (getInit())
    effects.emplace_back(MemoryEffects::Write::get(),
                         getOperation()->getOpResult(0), SharedMemory::get());
}

LogicalResult LocalStoreOp::verify() {
  return verifyMatchesBuffer(*this, "stored value",
                             cast<RankedTensorType>(getSrc().getType()),
                             getDst().getType());
}

LogicalResult LocalLoadOp::verify() {
  return verifyMatchesBuffer(*this, "result",
                             cast<RankedTensorType>(getResult().getType()),
                             getSrc().getType());
}

LogicalResult MemDescSubviewOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (src.getRank() != dst.getRank() + 1 ||
      src.getShape().drop_front() != dst.getShape() ||
      src.getElementType() != dst.getElementType() ||
      src.getEncoding() != dst.getEncoding())
    return emitOpError() << "result " << dst << " must be one slot of " << src
                         << " (its leading dimension dropped)";
  return success();
}

MemDescType mlir::tilegpu::getTransposedBuffer(MemDescType t) {
  auto shared = cast<SharedAttr>(t.getEncoding());
  return MemDescType::get(
      {t.getShape()[1], t.getShape()[0]}, t.getElementType(),
      SharedAttr::get(t.getContext(), shared.getVec(), shared.getPerPhase(),
                      shared.getMaxPhase(), shared.getBlockCols(),
                      !shared.getTransposed()));
}

void MemDescTransOp::build(OpBuilder &builder, OperationState &state,
                           Value src) {
  build(builder, state, getTransposedBuffer(cast<MemDescType>(src.getType())),
        src);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (src.getRank() != 2 || !isa<SharedAttr>(src.getEncoding()) ||
      dst != getTransposedBuffer(src))
    return emitOpError() << "result " << dst
                         << " must be the transpose of the 2-D buffer " << src
                         << " (shape swapped, `transposed` flipped)";
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrs = cast<RankedTensorType>(getPtrs().getType());
  auto ptrT = dyn_cast<tile::PointerType>(ptrs.getElementType());
  if (!ptrT)
    return emitOpError() << "needs a tile of pointers, got " << ptrs;
  MemDescType dst = getDst().getType();
  if (ptrs.getShape() != dst.getShape() ||
      ptrT.getPointeeType() != dst.getElementType())
    return emitOpError() << "pointers " << ptrs << " do not match the buffer "
                         << dst;
  if (getMask()) {
    auto mask = cast<RankedTensorType>(getMask().getType());
    if (mask.getShape() != ptrs.getShape() ||
        !mask.getElementType().isInteger(1))
      return emitOpError() << "mask must be an i1 tile of the pointers' shape";
  }
  if (!dst.getElementType().isIntOrFloat())
    return emitOpError() << "copies numbers only, not " << dst.getElementType();
  int64_t bytes = int64_t(getVector()) *
                  ((dst.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitOpError() << "copies of " << bytes
                         << " bytes: cp.async moves 4, 8 or 16";
  return success();
}
