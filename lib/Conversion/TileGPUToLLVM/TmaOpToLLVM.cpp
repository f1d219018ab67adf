//===- TmaOpToLLVM.cpp - mbarrier and TMA ops to PTX
//-----------------------===//
//
// Hopper's asynchronous copies as inline PTX. One thread, the lane of warp 0
// that `elect.sync` picks, issues the mbarrier's initialization, its
// expected transaction bytes and the TMA copies; every thread waits on the
// mbarrier's phase. Electing the lane (rather than testing the thread index)
// tells ptxas that one thread of the warp runs the copy, so it takes the
// copy's operands into uniform registers as they are instead of looping
// over the warp's distinct values (`BRA.U.ANY`) around each copy. A tensor map
// is a kernel parameter taken in place (generic address of the .param, which
// `nvvm.grid_constant` gives): `[map, {inner, outer}]` names a block by its
// coordinates, innermost dimension first.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// The lane of the warp that `elect.sync` picks (every lane must reach it).
Value electedLane(OpBuilder &b, Location loc) {
  return b
      .create<LLVM::InlineAsmOp>(
          loc, b.getI1Type(), ValueRange{},
          "{\n.reg .b32 lane;\nelect.sync lane|$0, 0xffffffff;\n}", "=b",
          /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// `pred` (may be null) and the elected lane of warp 0 (of the one warp of
/// a producer region: kProducerOpAttr) (uniformWarpIndex:
/// ptxas knows the test is warp-uniform); every lane of the warp must reach the
/// `elect.sync`, which holds where the ops are: they are predicated, never
/// branched around.
Value electedThreadAnd(OpBuilder &b, Location loc, Value pred, Operation *op) {
  // The producer of a warp-specialized kernel runs on one warp.
  if (op->hasAttr(kProducerOpAttr))
    return andPredicates(b, loc, pred, electedLane(b, loc));
  Value warpZero =
      b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq,
                             uniformWarpIndex(b, loc), i32Const(b, loc, 0));
  Value elected = electedLane(b, loc);
  return andPredicates(b, loc, pred,
                       b.create<LLVM::AndOp>(loc, warpZero, elected));
}

void emitPredicatedAsm(OpBuilder &b, Location loc, StringRef text,
                       StringRef constraints, ValueRange operands) {
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, operands, text, constraints,
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

struct MBarrierInitOpConversion : OpConversionPattern<MBarrierInitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MBarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value p = electedThreadAnd(rewriter, loc, Value(), op);
    emitPredicatedAsm(rewriter, loc,
                      "@$1 mbarrier.init.shared::cta.b64 [$0], " +
                          std::to_string(op.getCount()) + ";",
                      "r,b", {adaptor.getBar(), p});
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierExpectOpConversion : OpConversionPattern<MBarrierExpectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MBarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value p = electedThreadAnd(rewriter, loc, adaptor.getPred(), op);
    emitPredicatedAsm(
        rewriter, loc,
        "@$1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], " +
            std::to_string(op.getBytes()) + ";",
        "r,b", {adaptor.getBar(), p});
    rewriter.eraseOp(op);
    return success();
  }
};

/// try_wait suspends the thread for a while inside the instruction; the
/// loop retries until the phase completes. The label is local to the
/// braces, so the text may appear any number of times in a kernel.
struct MBarrierWaitOpConversion : OpConversionPattern<MBarrierWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MBarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitPredicatedAsm(rewriter, op.getLoc(),
                      "{\n"
                      ".reg .pred done;\n"
                      "tilec_wait:\n"
                      "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], "
                      "$1;\n"
                      "@!done bra.uni tilec_wait;\n"
                      "}",
                      "r,r", {adaptor.getBar(), adaptor.getPhase()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// One arrival a warp: its elected lane's (mbarrier.arrive).
struct MBarrierArriveOpConversion : OpConversionPattern<MBarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value p = andPredicates(rewriter, loc, adaptor.getPred(),
                            electedLane(rewriter, loc));
    emitPredicatedAsm(rewriter, loc,
                      "@$1 mbarrier.arrive.shared::cta.b64 _, [$0];", "r,b",
                      {adaptor.getBar(), p});
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierInvalOpConversion : OpConversionPattern<MBarrierInvalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MBarrierInvalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value p = electedThreadAnd(rewriter, loc, Value(), op);
    emitPredicatedAsm(rewriter, loc, "@$1 mbarrier.inval.shared::cta.b64 [$0];",
                      "r,b", {adaptor.getBar(), p});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Calls `copy(buffer, inner)` for each column block of `buffer` (of type
/// `type`, at `base`): block k is rows x rowElems elements at k * rows *
/// rowElems, the global block rowElems * k columns to the right of `inner`.
void forEachColumnBlock(OpBuilder &b, Location loc, MemDescType type,
                        Value base, Value inner,
                        function_ref<void(Value, Value)> copy) {
  TmaLayout l = *getTmaLayout(type);
  int64_t elemBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  for (int64_t k = 0; k < l.blocks; ++k) {
    Value buffer = base, col = inner;
    if (k > 0) {
      buffer = b.create<LLVM::GEPOp>(
          loc, base.getType(), b.getI8Type(), base,
          ArrayRef<LLVM::GEPArg>{int32_t(k * l.rows * l.rowElems * elemBytes)});
      col = b.create<LLVM::AddOp>(loc, inner, i32Const(b, loc, k * l.rowElems));
    }
    copy(buffer, col);
  }
}

/// The tensor coordinates of a copy in PTX's order, innermost first: the
/// column block's `col`, then the other coordinates of `coords` (outermost
/// first) from the inside out; as operands `$first`... of an asm string.
static std::string tmaCoordList(ValueRange coords, Value col,
                                SmallVectorImpl<Value> &operands,
                                unsigned first) {
  std::string list = "{";
  for (size_t i = 0; i < coords.size(); ++i) {
    if (i)
      list += ", ";
    list += "$" + std::to_string(first + i);
    operands.push_back(i == 0 ? col : coords[coords.size() - 1 - i]);
  }
  return list + "}";
}

/// The asm constraints of `rank` i32 coordinates.
static std::string tmaConstraints(size_t rank) {
  std::string c;
  for (size_t i = 0; i < rank; ++i)
    c += "r,";
  return c;
}

/// One `cp.async.bulk.tensor.<rank>d` a column block of the buffer.
struct TmaCopyOpConversion : OpConversionPattern<TmaCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    Value p = electedThreadAnd(b, loc, adaptor.getPred(), op);
    ValueRange coords = adaptor.getCoords();
    size_t rank = coords.size();
    forEachColumnBlock(
        b, loc, op.getDst().getType(), adaptor.getDst(), coords.back(),
        [&](Value dst, Value col) {
          SmallVector<Value> operands{dst, adaptor.getMap()};
          std::string list = tmaCoordList(coords, col, operands, 2);
          operands.append({adaptor.getBar(), p});
          emitPredicatedAsm(
              b, loc,
              "@$" + std::to_string(rank + 3) + " cp.async.bulk.tensor." +
                  std::to_string(rank) +
                  "d.shared::cluster.global.mbarrier::complete_tx::bytes "
                  "[$0], [$1, " +
                  list + "], [$" + std::to_string(rank + 2) + "];",
              "r,l," + tmaConstraints(rank) + "r,b", operands);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The elected thread writes each column block with a bulk-group
/// `cp.async.bulk.tensor.<rank>d` store, commits the group and waits until
/// the copies have read the buffer (the writes to global memory complete
/// on their own).
struct TmaStoreOpConversion : OpConversionPattern<TmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    Value p = electedThreadAnd(b, loc, Value(), op);
    ValueRange coords = adaptor.getCoords();
    size_t rank = coords.size();
    forEachColumnBlock(
        b, loc, op.getSrc().getType(), adaptor.getSrc(), coords.back(),
        [&](Value src, Value col) {
          SmallVector<Value> operands{adaptor.getMap()};
          std::string list = tmaCoordList(coords, col, operands, 1);
          operands.append({src, p});
          emitPredicatedAsm(b, loc,
                            "@$" + std::to_string(rank + 2) +
                                " cp.async.bulk.tensor." +
                                std::to_string(rank) +
                                "d.global.shared::cta.bulk_group [$0, " + list +
                                "], [$" + std::to_string(rank + 1) + "];",
                            "l," + tmaConstraints(rank) + "r,b", operands);
        });
    emitPredicatedAsm(b, loc, "@$0 cp.async.bulk.commit_group;", "b", {p});
    emitPredicatedAsm(b, loc, "@$0 cp.async.bulk.wait_group.read 0;", "b", {p});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateTmaOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<MBarrierInitOpConversion, MBarrierExpectOpConversion,
               MBarrierWaitOpConversion, MBarrierArriveOpConversion,
               MBarrierInvalOpConversion, TmaCopyOpConversion,
               TmaStoreOpConversion>(converter, patterns.getContext());
}
