//===- SplitOpToLLVM.cpp - tile.split and tile.join in registers ----------===//
//
// tile.split whose results are registers of its operand: their layout is
// the one getSplitResultLayout gives (tilegpu's layout assignment makes sure
// of it, converting the operand where its own layout does not allow it).
// Result element k of a thread is the operand's element at the same place
// with the split bit inserted into the index along the axis, found among
// the same thread's registers. tile.join is the inverse: its operands have
// the layout getSplitResultLayout gives of its result's, and each result
// register is an operand's register. The register of each element is
// computed here from the layouts' places (registersByPlace,
// RegisterMaps.cpp) for every thread of the CTA, and must be the same in all
// of them: no data moves, no shared memory, no instruction.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// For each result (lo, hi) and each of its elements, the operand element
/// that a thread holds at its place, the same in every thread; nullopt if
/// some thread does not hold it, or holds it elsewhere.
std::optional<std::array<SmallVector<unsigned>, 2>>
splitRegisterMap(const LayoutInfo &src, const LayoutInfo &dst, unsigned axis,
                 int64_t stride) {
  ArrayRef<int64_t> shape = src.getShape();
  std::array<SmallVector<unsigned>, 2> map;
  unsigned threads = std::max(src.numThreads(), dst.numThreads());
  for (unsigned half = 0; half < 2; ++half) {
    auto m = uniformRegisters(
        src, threads, dst.numElems(), [&](unsigned t, unsigned k) {
          SmallVector<int64_t> idx = dst.hostIndices(t, k);
          int64_t j = idx[axis];
          idx[axis] = (j / stride) * 2 * stride + half * stride + j % stride;
          return hostLinearIndex(idx, shape);
        });
    if (!m)
      return std::nullopt;
    map[half] = std::move(*m);
  }
  return map;
}

/// For each register of the joined tile (`whole`), the operand (0: lo, 1:
/// hi) and its register that a thread holds at its place, the same in
/// every thread; nullopt if some thread does not hold it.
std::optional<SmallVector<std::pair<unsigned, unsigned>>>
joinRegisterMap(const LayoutInfo &whole, const LayoutInfo &half, unsigned axis,
                int64_t stride) {
  ArrayRef<int64_t> shape = half.getShape();
  SmallVector<std::pair<unsigned, unsigned>> map;
  unsigned threads = std::max(whole.numThreads(), half.numThreads());
  for (unsigned t = 0; t < threads; ++t) {
    DenseMap<int64_t, unsigned> held = registersByPlace(half, t, shape);
    for (unsigned k = 0; k < whole.numElems(); ++k) {
      SmallVector<int64_t> idx = whole.hostIndices(t, k);
      int64_t i = idx[axis];
      unsigned which = unsigned((i / stride) % 2);
      idx[axis] = (i / (2 * stride)) * stride + i % stride;
      auto it = held.find(hostLinearIndex(idx, shape));
      if (it == held.end())
        return std::nullopt;
      std::pair<unsigned, unsigned> at{which, it->second};
      if (t == 0)
        map.push_back(at);
      else if (map[k] != at)
        return std::nullopt;
    }
  }
  return map;
}

struct JoinOpConversion : OpConversionPattern<tile::JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto halfType = dyn_cast<RankedTensorType>(op.getLo().getType());
    auto wholeType = dyn_cast<RankedTensorType>(op.getType());
    if (!halfType || !wholeType || !halfType.getEncoding() ||
        !wholeType.getEncoding())
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    LayoutInfo half(halfType), whole(wholeType);
    if (!half.hasDims() || !whole.hasDims())
      return rewriter.notifyMatchFailure(op, "not a blocked or mma layout");
    auto map = joinRegisterMap(whole, half, op.getAxis(), op.getStride());
    if (!map)
      return op.emitOpError("operands in ")
             << halfType.getEncoding() << " are not registers of the result in "
             << wholeType.getEncoding();
    Location loc = op.getLoc();
    SmallVector<Value> in[2] = {unpackStruct(rewriter, loc, adaptor.getLo()),
                                unpackStruct(rewriter, loc, adaptor.getHi())};
    SmallVector<Value> out;
    for (auto [which, k] : *map)
      out.push_back(in[which][k]);
    rewriter.replaceOp(
        op, packStruct(rewriter, loc,
                       getTypeConverter()->convertType(wholeType), out));
    return success();
  }
};

struct SplitOpConversion : OpConversionPattern<tile::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = dyn_cast<RankedTensorType>(op.getLo().getType());
    if (!srcType || !dstType || !srcType.getEncoding() ||
        !dstType.getEncoding())
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    LayoutInfo src(srcType), dst(dstType);
    if (!src.hasDims() || !dst.hasDims())
      return rewriter.notifyMatchFailure(op, "not a blocked or mma layout");
    auto map = splitRegisterMap(src, dst, op.getAxis(), op.getStride());
    if (!map)
      return op.emitOpError("results in ")
             << dstType.getEncoding() << " are not registers of the operand in "
             << srcType.getEncoding();
    Location loc = op.getLoc();
    SmallVector<Value> in = unpackStruct(rewriter, loc, adaptor.getSrc());
    Type structType = getTypeConverter()->convertType(dstType);
    SmallVector<Value> results;
    for (const SmallVector<unsigned> &regs : *map) {
      SmallVector<Value> out;
      for (unsigned k : regs)
        out.push_back(in[k]);
      results.push_back(packStruct(rewriter, loc, structType, out));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateSplitOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<SplitOpConversion, JoinOpConversion>(converter,
                                                    patterns.getContext());
}
