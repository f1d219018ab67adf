//===- PrintOpToLLVM.cpp - tile.print through vprintf ---------------------===//
//
// Each element is printed by the one thread that owns it (emitOwnerPredicate;
// a scalar by thread 0), with one vprintf call under an scf.if: the format
// string is a constant global, the values are stored in a local struct, as
// CUDA's printf passes them (floats as double, integers narrower than 32
// bits widened to i32, with `hex` a float's bits as an integer). The format
// is Triton's: "pid (%u, %u, %u) idx (%2u, %u)<prefix>[(operand k) ]%f\n",
// each index as wide as the largest index of its dimension.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

LLVM::LLVMFuncOp getOrInsertVprintf(OpBuilder &b, ModuleOp module) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>("vprintf"))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto type = LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr, ptr});
  return b.create<LLVM::LLVMFuncOp>(module.getLoc(), "vprintf", type);
}

/// A generic pointer to a NUL-terminated constant global holding `text`
/// (one global per distinct text).
Value formatString(OpBuilder &b, Location loc, ModuleOp module,
                   StringRef text) {
  std::string value = text.str();
  value.push_back('\0');
  LLVM::GlobalOp global;
  unsigned count = 0;
  for (auto g : module.getOps<LLVM::GlobalOp>()) {
    if (!g.getSymName().starts_with("tilec_printf_"))
      continue;
    ++count;
    if (auto s = dyn_cast_or_null<StringAttr>(g.getValueOrNull()))
      if (s.getValue() == value)
        global = g;
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
    global = b.create<LLVM::GlobalOp>(
        loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        "tilec_printf_" + std::to_string(count), b.getStringAttr(value),
        /*alignment=*/0);
  }
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  Value addr = b.create<LLVM::AddressOfOp>(loc, global);
  return b.create<LLVM::GEPOp>(loc, ptr, global.getGlobalType(), addr,
                               ArrayRef<LLVM::GEPArg>{0, 0});
}

unsigned digits(int64_t n) {
  unsigned d = 1;
  for (; n >= 10; n /= 10)
    ++d;
  return d;
}

/// The printf conversion of a value of (converted) type `t`, and the value
/// as vprintf takes it.
std::pair<std::string, Value> formatValue(OpBuilder &b, Location loc, Value v,
                                          bool hex, bool isSigned) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", v};
  unsigned bits = t.getIntOrFloatBitWidth();
  if (hex) {
    if (isa<FloatType>(t))
      v = b.create<LLVM::BitcastOp>(loc, b.getIntegerType(bits), v);
    if (bits < 32)
      v = b.create<LLVM::ZExtOp>(loc, b.getI32Type(), v);
    return {"0x%0" + std::to_string(std::max(1u, bits / 4)) +
                (bits > 32 ? "llx" : "x"),
            v};
  }
  if (isa<FloatType>(t)) {
    if (!t.isF64())
      v = b.create<LLVM::FPExtOp>(loc, b.getF64Type(), v);
    return {"%f", v};
  }
  if (bits < 32)
    v = isSigned && bits > 1
            ? Value(b.create<LLVM::SExtOp>(loc, b.getI32Type(), v))
            : Value(b.create<LLVM::ZExtOp>(loc, b.getI32Type(), v));
  std::string f = bits > 32 ? "%ll" : "%";
  return {f + (isSigned ? "i" : "u"), v};
}

/// vprintf(format, {args...}) under `pred` (null: always).
void emitPrintf(ConversionPatternRewriter &b, Location loc, ModuleOp module,
                Value pred, StringRef format, ArrayRef<Value> args) {
  OpBuilder::InsertionGuard guard(b);
  if (pred) {
    auto ifOp = b.create<scf::IfOp>(loc, pred, /*withElseRegion=*/false);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  }
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  SmallVector<Type> types;
  for (Value a : args)
    types.push_back(a.getType());
  auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value one =
      b.create<LLVM::ConstantOp>(loc, b.getI64Type(), b.getI64IntegerAttr(1));
  Value buffer = b.create<LLVM::AllocaOp>(loc, ptr, structType, one, 8);
  for (auto [i, a] : llvm::enumerate(args)) {
    Value field = b.create<LLVM::GEPOp>(loc, ptr, structType, buffer,
                                        ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
    b.create<LLVM::StoreOp>(loc, a, field);
  }
  Value fmt = formatString(b, loc, module, format);
  b.create<LLVM::CallOp>(loc, getOrInsertVprintf(b, module),
                         ValueRange{fmt, buffer});
}

struct PrintOpConversion : OpConversionPattern<tile::PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<Value> pid = {adaptor.getPidX(), adaptor.getPidY(),
                              adaptor.getPidZ()};
    std::string pidFormat = "pid (%u, %u, %u)";
    // Scalars (and a prefix alone) are printed by thread 0.
    auto thread0 = [&] {
      return rewriter.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq,
                                           threadId(rewriter, loc),
                                           i32Const(rewriter, loc, 0));
    };
    std::string prefix = op.getPrefix().str();
    // printf's '%' in the prefix is text.
    std::string escaped;
    for (char ch : prefix)
      escaped += ch == '%' ? std::string("%%") : std::string(1, ch);
    if (op.getArgs().empty()) {
      emitPrintf(rewriter, loc, module, thread0(), pidFormat + escaped + "\n",
                 pid);
      rewriter.eraseOp(op);
      return success();
    }
    unsigned numArgs = op.getArgs().size();
    for (unsigned i = 0; i < numArgs; ++i) {
      Value orig = op.getArgs()[i], v = adaptor.getArgs()[i];
      bool isSigned = op.getIsSigned()[i];
      std::string tail = escaped;
      if (numArgs > 1)
        tail += "(operand " + std::to_string(i) + ") ";
      auto type = dyn_cast<RankedTensorType>(orig.getType());
      if (!type) {
        auto [f, x] = formatValue(rewriter, loc, v, op.getHex(), isSigned);
        SmallVector<Value> args(pid);
        args.push_back(x);
        emitPrintf(rewriter, loc, module, thread0(),
                   pidFormat + tail + f + "\n", args);
        continue;
      }
      if (!type.getEncoding())
        return rewriter.notifyMatchFailure(op, "operand without a layout");
      LayoutInfo info(type);
      std::string idxFormat = " idx (";
      for (unsigned d = 0; d < type.getRank(); ++d)
        idxFormat += (d ? ", %" : "%") +
                     std::to_string(digits(type.getDimSize(d) - 1)) + "u";
      idxFormat += ")";
      auto tc = info.emitThreadCoords(rewriter, loc);
      SmallVector<Value> elems = unpackStruct(rewriter, loc, v);
      for (unsigned k = 0; k < info.numElems(); ++k) {
        Value owner = info.isBlocked()
                          ? emitOwnerPredicate(rewriter, loc, info, tc, k)
                          : Value();
        SmallVector<Value> idx = info.emitIndices(rewriter, loc, tc, k);
        auto [f, x] =
            formatValue(rewriter, loc, elems[k], op.getHex(), isSigned);
        SmallVector<Value> args(pid);
        args.append(idx.begin(), idx.end());
        args.push_back(x);
        emitPrintf(rewriter, loc, module, owner,
                   pidFormat + idxFormat + tail + f + "\n", args);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populatePrintOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PrintOpConversion>(converter, patterns.getContext());
}
