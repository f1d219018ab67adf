//===- InlineAsmOpToLLVM.cpp - tile.inline_asm ----------------------------===//
//
// One llvm.inline_asm per group of `packed_element` elements of a thread
// (the thread's elements padded with undef to a multiple of it). As in
// Triton: in a group, elements of an operand narrower than 32 bits go
// 32 / width to a register, as a vector (4 x i8, 2 x f16); a result
// narrower than 32 bits likewise comes back min(32 / width, pack) to a
// register; everything else is one element per register. The asm operands
// are the packed operands in order, its results the registers of the
// first result, then of the second, ...
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

unsigned perRegister(unsigned bits, unsigned pack) {
  return tile::InlineAsmOp::elementsPerRegister(bits, pack);
}

struct InlineAsmOpConversion : OpConversionPattern<tile::InlineAsmOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::InlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto firstTile = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (firstTile && !firstTile.getEncoding())
      return rewriter.notifyMatchFailure(op, "result without a layout");
    unsigned n = firstTile ? LayoutInfo(firstTile).numElems() : 1;
    unsigned pack = op.getPackedElement();
    unsigned groups = (n + pack - 1) / pack;
    const TypeConverter *tc = getTypeConverter();

    SmallVector<SmallVector<Value>> ins;
    SmallVector<Type> inTypes;
    for (auto [orig, v] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
      Type elt = tc->convertType(getElementTypeOrSelf(orig.getType()));
      SmallVector<Value> e =
          firstTile ? unpackStruct(rewriter, loc, v) : SmallVector<Value>{v};
      while (e.size() < groups * pack)
        e.push_back(rewriter.create<LLVM::UndefOp>(loc, elt));
      ins.push_back(std::move(e));
      inTypes.push_back(elt);
    }
    SmallVector<Type> outTypes;
    SmallVector<Type> asmTypes;
    for (Type t : op->getResultTypes()) {
      Type elt = tc->convertType(getElementTypeOrSelf(t));
      outTypes.push_back(elt);
      unsigned per = perRegister(elt.getIntOrFloatBitWidth(), pack);
      Type reg = per > 1 ? Type(VectorType::get({int64_t(per)}, elt)) : elt;
      for (unsigned r = 0; r < (pack + per - 1) / per; ++r)
        asmTypes.push_back(reg);
    }
    Type asmResult =
        asmTypes.size() == 1
            ? asmTypes[0]
            : LLVM::LLVMStructType::getLiteral(getContext(), asmTypes);

    SmallVector<SmallVector<Value>> outs(op->getNumResults());
    for (unsigned g = 0; g < groups; ++g) {
      SmallVector<Value> operands;
      for (auto [e, elt] : llvm::zip(ins, inTypes)) {
        unsigned per = perRegister(elt.getIntOrFloatBitWidth(), pack);
        for (unsigned j = 0; j < pack; j += per) {
          if (per == 1) {
            operands.push_back(e[g * pack + j]);
            continue;
          }
          Value vec = rewriter.create<LLVM::UndefOp>(
              loc, VectorType::get({int64_t(per)}, elt));
          for (unsigned k = 0; k < per; ++k)
            vec = rewriter.create<LLVM::InsertElementOp>(
                loc, vec, e[g * pack + j + k], i32Const(rewriter, loc, k));
          operands.push_back(vec);
        }
      }
      Value res =
          rewriter
              .create<LLVM::InlineAsmOp>(loc, asmResult, operands,
                                         op.getAsmString(), op.getConstraints(),
                                         /*has_side_effects=*/!op.getPure(),
                                         /*is_align_stack=*/false,
                                         LLVM::AsmDialectAttr(), ArrayAttr())
              .getResult(0);
      unsigned reg = 0;
      for (auto [r, elt] : llvm::enumerate(outTypes)) {
        unsigned per = perRegister(elt.getIntOrFloatBitWidth(), pack);
        for (unsigned j = 0; j < pack; j += per, ++reg) {
          Value v = asmTypes.size() == 1
                        ? res
                        : rewriter.create<LLVM::ExtractValueOp>(loc, res, reg);
          for (unsigned k = 0; k < per; ++k)
            outs[r].push_back(per == 1
                                  ? v
                                  : rewriter.create<LLVM::ExtractElementOp>(
                                        loc, v, i32Const(rewriter, loc, k)));
        }
      }
    }
    SmallVector<Value> results;
    for (auto [r, t] : llvm::enumerate(op->getResultTypes())) {
      outs[r].resize(n);
      results.push_back(
          firstTile ? packStruct(rewriter, loc, tc->convertType(t), outs[r])
                    : outs[r][0]);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateInlineAsmOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InlineAsmOpConversion>(converter, patterns.getContext());
}
