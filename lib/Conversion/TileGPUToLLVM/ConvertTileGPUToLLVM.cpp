//===- ConvertTileGPUToLLVM.cpp - The tilegpu -> LLVM/NVVM lowering -------===//
//
// Three steps, each a dialect conversion:
//  1. tile/tilegpu ops and arith/math on tiles become per-thread code on
//     LLVM structs (the pattern families of this directory; shared-memory
//     buffers become !llvm.ptr<3>); scf keeps its
//     structure with converted types; the kernel's signature is converted.
//  2. scf becomes cf.
//  3. The remaining scalar arith/math/cf/func become LLVM; transcendental
//     math goes to ex2.approx (exp, exp2, as Triton does) or to libdevice
//     (__nv_*), which the PTX step links in only when it is called; fp32
//     division is div.full.f32, as in Triton (div.rn.f32 for tl.div_rn);
//     fp32 sqrt and rsqrt are sqrt.approx.ftz / rsqrt.approx.ftz (sqrt.rn
//     for tl.sqrt_rn).
// Finally the kernel is marked `nvvm.kernel` with `nvvm.maxntid` (and
// `nvvm.minctasm` where one tile takes more registers than a thread has).
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_CONVERTTILEGPUTOLLVM
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// exp(x) = ex2.approx.f32(x * log2(e)) and exp2(x) = ex2.approx.ftz.f32(x)
/// for f32, as Triton computes them: one MUFU instruction instead of a
/// libdevice call. Triton's exp2 is libdevice's __nv_exp2f, which it links
/// with denormals flushed (nvvm-reflect-ftz = 1): ex2.approx.ftz.f32, whose
/// results below 2^-126 are 0. The non-flushing form costs a range check
/// and two scalings around the MUFU instruction.
template <typename OpTy> struct Ex2ApproxLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (std::is_same<OpTy, math::ExpOp>::value)
      x = rewriter.create<LLVM::FMulOp>(
          loc, x,
          rewriter.create<LLVM::ConstantOp>(
              loc, rewriter.getF32Type(),
              rewriter.getF32FloatAttr(1.4426950408889634f)));
    bool isExp = std::is_same<OpTy, math::ExpOp>::value;
    auto asmOp = rewriter.create<LLVM::InlineAsmOp>(
        loc, rewriter.getF32Type(), ValueRange{x},
        isExp ? "ex2.approx.f32 $0, $1;" : "ex2.approx.ftz.f32 $0, $1;", "=f,f",
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::AsmDialectAttr(), ArrayAttr());
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// fp32 division as `div.full.f32` (max 2 ulp error), as Triton lowers `/`:
/// IEEE-rounded div.rn.f32 is a long instruction sequence. A division marked
/// `tile.div_rn` (tl.div_rn) is an llvm.fdiv, which NVPTX emits as
/// div.rn.f32.
struct DivFFullLowering : OpConversionPattern<arith::DivFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    if (op->hasAttr("tile.div_rn")) {
      rewriter.replaceOpWithNewOp<LLVM::FDivOp>(op, adaptor.getLhs(),
                                                adaptor.getRhs());
      return success();
    }
    auto asmOp = rewriter.create<LLVM::InlineAsmOp>(
        op.getLoc(), rewriter.getF32Type(),
        ValueRange{adaptor.getLhs(), adaptor.getRhs()},
        "div.full.f32 $0, $1, $2;", "=f,f,f", /*has_side_effects=*/false,
        /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr());
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// Square roots as Triton lowers them on NVIDIA GPUs: tl.sqrt of fp32 is
/// `sqrt.approx.ftz.f32` (a `tile.sqrt_rn` one, tl.sqrt_rn, the IEEE-rounded
/// llvm.sqrt, which NVPTX emits as sqrt.rn.f32; fp64 is always sqrt.rn),
/// tl.rsqrt `rsqrt.approx.ftz.f32` and `rsqrt.approx.f64`: one MUFU
/// instruction each where the rounded forms are long sequences.
template <typename OpTy> struct SqrtApproxLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool isRsqrt = std::is_same<OpTy, math::RsqrtOp>::value;
    Type t = op.getType();
    const char *text = nullptr, *constraints = "=f,f";
    if (t.isF32() && isRsqrt)
      text = "rsqrt.approx.ftz.f32 $0, $1;";
    else if (t.isF32() && !op->hasAttr("tile.sqrt_rn"))
      text = "sqrt.approx.ftz.f32 $0, $1;";
    else if (t.isF64() && isRsqrt)
      text = "rsqrt.approx.f64 $0, $1;", constraints = "=d,d";
    if (!text)
      return failure();
    auto asmOp = rewriter.create<LLVM::InlineAsmOp>(
        op.getLoc(), t, ValueRange{adaptor.getOperand()}, text, constraints,
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::AsmDialectAttr(), ArrayAttr());
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// A math op as a call to libdevice's __nv_<name>f / __nv_<name>.
template <typename OpTy> struct LibdeviceLowering : OpConversionPattern<OpTy> {
  LibdeviceLowering(TypeConverter &tc, MLIRContext *ctx, StringRef f32Name,
                    StringRef f64Name, unsigned benefit = 1)
      : OpConversionPattern<OpTy>(tc, ctx, benefit), f32Name(f32Name),
        f64Name(f64Name) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = op.getType();
    StringRef name = t.isF32() ? f32Name : t.isF64() ? f64Name : StringRef();
    if (name.empty())
      return failure();
    auto module = op->template getParentOfType<ModuleOp>();
    auto fn = module.template lookupSymbol<LLVM::LLVMFuncOp>(name);
    SmallVector<Type> argTypes(op->getNumOperands(), t);
    if (!fn) {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = rewriter.create<LLVM::LLVMFuncOp>(
          op.getLoc(), name, LLVM::LLVMFunctionType::get(t, argTypes));
    }
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, fn, adaptor.getOperands());
    return success();
  }
  std::string f32Name, f64Name;
};

/// Registers a thread can have (sm_50 and later).
constexpr unsigned kMaxRegisters = 255;

/// The registers (32-bit; 64-bit elements take two) that the largest tile
/// of `module` (not a dot operand) takes in each thread.
unsigned largestTileRegisters(ModuleOp module,
                              const TileGPUTypeConverter &converter) {
  unsigned most = 0;
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      // Dot operands are read from shared memory a k-step at a time.
      if (!tensor || !tensor.getEncoding() ||
          isa<DotOperandAttr>(tensor.getEncoding()))
        continue;
      auto st =
          dyn_cast_or_null<LLVM::LLVMStructType>(converter.convertType(tensor));
      if (!st)
        continue;
      unsigned regs = 0;
      for (Type f : st.getBody())
        regs += f.isIntOrFloat() && f.getIntOrFloatBitWidth() > 32 ? 2 : 1;
      most = std::max(most, regs);
    }
  });
  return most;
}

struct ConvertTileGPUToLLVMPass
    : mlir::tilegpu::impl::ConvertTileGPUToLLVMBase<ConvertTileGPUToLLVMPass> {
  using ConvertTileGPUToLLVMBase::ConvertTileGPUToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    TileGPUTypeConverter converter(ctx);
    markDeferredDotOperands(module);
    unsigned tileRegisters = largestTileRegisters(module, converter);

    // 1. Tiles -> per-thread LLVM structs.
    markProducerOps(module);
    {
      RewritePatternSet patterns(ctx);
      ConversionTarget target(*ctx);
      // (cf: the branches of tilegpu.warp_specialize's split.)
      target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                             cf::ControlFlowDialect>();
      target.addIllegalDialect<tile::TileDialect, TileGPUDialect>();
      target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
          [&](Operation *op) { return converter.isLegal(op); });
      target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
        return converter.isSignatureLegal(op.getFunctionType());
      });
      target.addDynamicallyLegalOp<func::ReturnOp>(
          [&](Operation *op) { return converter.isLegal(op); });
      populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                     converter);
      scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                           target);
      populateElementwiseOpToLLVMPatterns(converter, patterns,
                                          computeCapability);
      populateLoadStoreOpToLLVMPatterns(converter, patterns, computeCapability);
      populateAtomicOpToLLVMPatterns(converter, patterns, computeCapability);
      populateReduceOpToLLVMPatterns(converter, patterns);
      populateConvertLayoutOpToLLVMPatterns(converter, patterns);
      populateDotOpToLLVMPatterns(converter, patterns);
      populateSharedMemoryOpToLLVMPatterns(converter, patterns);
      populateScanOpToLLVMPatterns(converter, patterns);
      populateSortOpToLLVMPatterns(converter, patterns);
      populateSplitOpToLLVMPatterns(converter, patterns);
      populateGenericReduceOpToLLVMPatterns(converter, patterns);
      populateFp8OpToLLVMPatterns(converter, patterns, computeCapability);
      populateHistogramOpToLLVMPatterns(converter, patterns);
      populateInlineAsmOpToLLVMPatterns(converter, patterns);
      populatePrintOpToLLVMPatterns(converter, patterns);
      populateTmaOpToLLVMPatterns(converter, patterns);
      populateWarpSpecializeOpToLLVMPatterns(converter, patterns);
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // 2. scf -> cf.
    {
      RewritePatternSet patterns(ctx);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget target(*ctx);
      target.addIllegalDialect<scf::SCFDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // 3. Scalars -> LLVM.
    {
      RewritePatternSet patterns(ctx);
      // fp32 exp/exp2 as ex2.approx (above the libdevice calls below).
      patterns
          .add<Ex2ApproxLowering<math::ExpOp>, Ex2ApproxLowering<math::Exp2Op>>(
              converter, ctx,
              /*benefit=*/3);
      patterns.add<DivFFullLowering>(converter, ctx, /*benefit=*/2);
      patterns.add<SqrtApproxLowering<math::SqrtOp>,
                   SqrtApproxLowering<math::RsqrtOp>>(converter, ctx,
                                                      /*benefit=*/3);
      auto lib = [&](auto tag, StringRef f, StringRef d, unsigned benefit = 1) {
        using OpTy = decltype(tag);
        patterns.add<LibdeviceLowering<OpTy>>(converter, ctx, f, d, benefit);
      };
      lib(math::ExpOp(), "__nv_expf", "__nv_exp", 2);
      lib(math::Exp2Op(), "__nv_exp2f", "__nv_exp2", 2);
      lib(math::LogOp(), "__nv_logf", "__nv_log", 2);
      lib(math::Log2Op(), "__nv_log2f", "__nv_log2", 2);
      lib(math::RsqrtOp(), "__nv_rsqrtf", "__nv_rsqrt");
      lib(math::SinOp(), "__nv_sinf", "__nv_sin", 2);
      lib(math::CosOp(), "__nv_cosf", "__nv_cos", 2);
      lib(math::ErfOp(), "__nv_erff", "__nv_erf");
      lib(math::TanhOp(), "__nv_tanhf", "__nv_tanh");
      lib(math::PowFOp(), "__nv_powf", "__nv_pow", 2); // not llvm.pow
      lib(math::FloorOp(), "__nv_floorf", "__nv_floor");
      lib(math::CeilOp(), "__nv_ceilf", "__nv_ceil");
      // libdevice.* of the frontend (Libdevice.cpp). Benefit 2: ahead of
      // MathToLLVM's patterns, whose llvm.log / llvm.sin / llvm.pow / f64
      // llvm.exp (and log1p as llvm.log) NVPTX cannot select; trunc, round,
      // roundeven and copysign go to LLVM's intrinsics.
      lib(math::TanOp(), "__nv_tanf", "__nv_tan", 2);
      lib(math::AsinOp(), "__nv_asinf", "__nv_asin", 2);
      lib(math::AcosOp(), "__nv_acosf", "__nv_acos", 2);
      lib(math::AtanOp(), "__nv_atanf", "__nv_atan", 2);
      lib(math::SinhOp(), "__nv_sinhf", "__nv_sinh", 2);
      lib(math::CoshOp(), "__nv_coshf", "__nv_cosh", 2);
      lib(math::AsinhOp(), "__nv_asinhf", "__nv_asinh", 2);
      lib(math::AcoshOp(), "__nv_acoshf", "__nv_acosh", 2);
      lib(math::AtanhOp(), "__nv_atanhf", "__nv_atanh", 2);
      lib(math::Log1pOp(), "__nv_log1pf", "__nv_log1p", 2);
      lib(math::ExpM1Op(), "__nv_expm1f", "__nv_expm1", 2);
      lib(math::Log10Op(), "__nv_log10f", "__nv_log10", 2);
      lib(math::CbrtOp(), "__nv_cbrtf", "__nv_cbrt", 2);
      lib(math::Atan2Op(), "__nv_atan2f", "__nv_atan2", 2);
      arith::populateArithToLLVMConversionPatterns(converter, patterns);
      populateMathToLLVMConversionPatterns(converter, patterns);
      cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
      populateFuncToLLVMConversionPatterns(converter, patterns);
      LLVMConversionTarget target(*ctx);
      target.addLegalDialect<NVVM::NVVMDialect>();
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // 4. Kernel attributes: nvvm.kernel, nvvm.maxntid; `:16` on pointers
    //    becomes llvm.align.
    // A warp-specialized kernel's producer warps come on top of num_warps.
    int numWarps = tile::getNumWarps(module, 4);
    if (auto p = module->getAttrOfType<IntegerAttr>(kProducerWarpsAttr))
      numWarps += p.getInt();
    module.walk([&](LLVM::LLVMFuncOp fn) {
      if (!fn->hasAttr("tile.kernel"))
        return;
      fn->removeAttr("tile.kernel");
      fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                  UnitAttr::get(ctx));
      fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  DenseI32ArrayAttr::get(ctx, {numWarps * 32, 1, 1}));
      // CTAs an SM should hold (.minnctapersm): what
      // tile-remat-across-reductions asks for; 1 where one tile takes more
      // registers than a thread has. Such a kernel spills whatever ptxas
      // does, and with a bare .maxntid ptxas then also cuts its registers
      // to the occupancy limit (a 256x256 bf16 tile on 4 warps: 32
      // registers and 1440 bytes of spills, 255 and 368 with 1 CTA).
      int64_t minCtas = tileRegisters >= kMaxRegisters ? 1 : 0;
      if (auto a = module->getAttrOfType<IntegerAttr>("tile.min_ctas_per_sm"))
        minCtas = a.getInt();
      if (minCtas > 0)
        fn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    IntegerAttr::get(IntegerType::get(ctx, 32), minCtas));
      // A tensor map is taken in place: by value (byval, 64-byte aligned)
      // and `nvvm.grid_constant`, so that its address is the parameter's
      // (cvta.param) rather than a local copy's. The launcher learns of it
      // from the module's `tilegpu.tensor_maps` (CompiledKernel::tensorMaps).
      SmallVector<Attribute> tensorMaps;
      for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
        fn.removeArgAttr(i, StringAttr::get(ctx, "tile.host_descriptor"));
        auto tm = fn.getArgAttrOfType<DictionaryAttr>(i, kTensorMapAttr);
        if (!tm)
          continue;
        tensorMaps.push_back(tm);
        fn.removeArgAttr(i, StringAttr::get(ctx, kTensorMapAttr));
        fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(LLVM::LLVMArrayType::get(
                          IntegerType::get(ctx, 8), kTensorMapBytes)));
        fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      IntegerAttr::get(IntegerType::get(ctx, 64), 64));
        fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      UnitAttr::get(ctx));
      }
      if (!tensorMaps.empty())
        module->setAttr(kTensorMapsAttr, ArrayAttr::get(ctx, tensorMaps));
      for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
        auto div = fn.getArgAttrOfType<IntegerAttr>(i, "tile.divisibility");
        if (!div)
          continue;
        fn.removeArgAttr(i, StringAttr::get(ctx, "tile.divisibility"));
        if (isa<LLVM::LLVMPointerType>(fn.getArgument(i).getType()))
          fn.setArgAttr(
              i, LLVM::LLVMDialect::getAlignAttrName(),
              IntegerAttr::get(IntegerType::get(ctx, 64), div.getInt()));
      }
    });
  }
};

} // namespace
