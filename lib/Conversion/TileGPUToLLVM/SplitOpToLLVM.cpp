//===- SplitOpToLLVM.cpp - tile.split in registers ------------------------===//
//
// tile.split whose results are registers of its operand: their layout is
// the one getSplitResultLayout gives (tilegpu's layout assignment makes sure
// of it, converting the operand where its own layout does not allow it).
// Result element k of a thread is the operand's element at the same place
// with the split bit inserted into the index along the axis, found among
// the same thread's registers. The register of each result element is
// computed here from the layouts' places (LayoutInfo::hostIndices) for
// every thread of the CTA, and must be the same in all of them: no data
// moves, no shared memory, no instruction.
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
  auto linear = [&](ArrayRef<int64_t> idx) {
    int64_t lin = 0;
    for (unsigned i = 0; i < idx.size(); ++i)
      lin = lin * shape[i] + idx[i];
    return lin;
  };
  std::array<SmallVector<unsigned>, 2> map;
  unsigned threads = std::max(src.numThreads(), dst.numThreads());
  for (unsigned t = 0; t < threads; ++t) {
    DenseMap<int64_t, unsigned> held;
    for (unsigned k = 0; k < src.numElems(); ++k)
      held.try_emplace(linear(src.hostIndices(t, k)), k);
    for (unsigned half = 0; half < 2; ++half)
      for (unsigned k = 0; k < dst.numElems(); ++k) {
        SmallVector<int64_t> idx = dst.hostIndices(t, k);
        int64_t j = idx[axis];
        idx[axis] = (j / stride) * 2 * stride + half * stride + j % stride;
        auto it = held.find(linear(idx));
        if (it == held.end())
          return std::nullopt;
        if (t == 0)
          map[half].push_back(it->second);
        else if (map[half][k] != it->second)
          return std::nullopt;
      }
  }
  return map;
}

struct SplitOpConversion : OpConversionPattern<tile::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = dyn_cast<RankedTensorType>(op.getLo().getType());
    if (!srcType || !dstType || !srcType.getEncoding() ||
        !dstType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operand or result without layout");
    LayoutInfo src(srcType), dst(dstType);
    if (!src.hasDims() || !dst.hasDims())
      return rewriter.notifyMatchFailure(op, "not a blocked or mma layout");
    auto map = splitRegisterMap(src, dst, op.getAxis(), op.getStride());
    if (!map)
      return op.emitOpError("results in ")
             << dstType.getEncoding()
             << " are not registers of the operand in "
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
  patterns.add<SplitOpConversion>(converter, patterns.getContext());
}
