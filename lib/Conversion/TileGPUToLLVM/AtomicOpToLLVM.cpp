//===- AtomicOpToLLVM.cpp - tile.atomic_rmw, tile.atomic_cas, tile.barrier ===//
//
// Each element of an atomic is one predicated PTX `atom` in inline assembly:
//
//   @p atom.<sem>.<scope>.global.<op>.<type> old, [ptr], value;   (cas: cmp,
//   value)
//
// with `sem` (.relaxed/.acquire/.release/.acq_rel) and `scope`
// (.cta/.gpu/.sys) from sm_70; below sm_70 `atom` has neither, and acquire /
// release get a `membar.gl` after / before it. Exactly one thread does each
// element's access:
//  - a scalar pointer: thread 0 (as Triton does: the program's one access);
//  - a tile: the thread holding the element whose place is not a replica
//    (emitIndices' unwrapped index inside the shape, and a thread the
//    layout spans); the element's mask bit is ANDed in.
// `p` false leaves `old` undefined; the lowering then selects 0 (masked-off
// lanes read 0, as in the interpreter). When the result is used and other
// threads hold the element too (the scalar case; a tile whose layout
// replicates), the accessing thread passes `old` through shared memory: it
// stores it at the element's row-major index of the op's scratch
// (atomicScratchBytes), barrier, every holder loads it (the BARRIER
// CONVENTION of TileGPUToLLVM.h).
//
// Types: add .u32/.u64 (also for signed integers), .f32/.f64, .noftz.f16
// (sm_70) and .noftz.bf16 (sm_90); max/min .s32/.s64, umax/umin .u32/.u64;
// and/or/xor/xchg .b32/.b64; cas .b16 (sm_70)/.b32/.b64. Float max/min have
// no `atom`: on the bits, a value with the sign bit clear is ordered as a
// signed integer (max.s32 / min.s32) and one with it set as an unsigned
// one, reversed (min.u32 / max.u32), which orders every float the IEEE way
// (-0 below +0; NaNs are not ordered), as Triton lowers them.
//
// An atomic_rmw whose result nobody reads, of relaxed or release semantics
// (not an exchange, not a float max/min), is a `red` instead: the thread
// does not wait for the old value. On sm_90 a float add whose result
// nobody reads takes a thread's run of `tilegpu.vector` consecutive
// elements (tilegpu-coalesce: the pointers' contiguity and alignment and
// the mask's constancy) in one instruction, up to 16 bytes:
// `red.relaxed.gpu.global.add.v4.f32`, `red...add.noftz.v8.bf16`; of
// acquire or acq_rel semantics (tl.atomic_add's default), which `red` does
// not have, `atom.acq_rel.gpu.global.add.v4.f32` with the old values
// discarded. Triton lowers such adds the same way.
//
// tile.barrier (tl.debug_barrier) is a CTA barrier.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

Type intOfWidth(OpBuilder &b, unsigned bits) { return b.getIntegerType(bits); }

Value asBits(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<FloatType>(t))
    return b.create<LLVM::BitcastOp>(
        loc, intOfWidth(b, t.getIntOrFloatBitWidth()), v);
  return v;
}

Value fromBitsOf(OpBuilder &b, Location loc, Value v, Type t) {
  return isa<FloatType>(t) ? b.create<LLVM::BitcastOp>(loc, t, v).getResult()
                           : v;
}

const char *constraintOf(unsigned bits) {
  return bits == 64 ? "l" : bits == 16 ? "h" : "r";
}

/// ".acq_rel.gpu" from sm_70; "" below.
std::string semScope(tile::MemSemantic sem, tile::MemScope scope, int cc) {
  if (cc < 70)
    return "";
  return "." + tile::stringifyMemSemantic(sem).str() + "." +
         tile::stringifyMemScope(scope).str();
}

/// One `@pred atom... $0, [$1], $2(, $3);` on integer bits; the result is
/// `old` (undefined where `pred` is false).
Value emitAtom(OpBuilder &b, Location loc, StringRef opAndType, StringRef mods,
               Value ptr, ArrayRef<Value> operands, Value pred, unsigned bits) {
  std::string c = constraintOf(bits);
  std::string cons = "=" + c + ",l";
  SmallVector<Value> ins{ptr};
  std::string text;
  for (Value v : operands) {
    ins.push_back(v);
    cons += "," + c;
  }
  std::string args = "$0, [ $1 + 0 ], $2";
  if (operands.size() == 2)
    args += ", $3";
  if (pred) {
    ins.push_back(pred);
    cons += ",b";
    text = "@$" + std::to_string(ins.size()) + " ";
  }
  text += "atom" + mods.str() + ".global." + opAndType.str() + " " + args + ";";
  auto op = b.create<LLVM::InlineAsmOp>(
      loc, intOfWidth(b, bits), ins, text, cons, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr());
  return op.getResult(0);
}

void membar(OpBuilder &b, Location loc) {
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, ValueRange{}, "membar.gl;", "",
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

Value icmp(OpBuilder &b, Location loc, LLVM::ICmpPredicate p, Value x,
           Value y) {
  return b.create<LLVM::ICmpOp>(loc, p, x, y);
}

/// The `atom` suffix ("add.u32", ...) of `kind` on `elt`, or "" for the
/// float max/min (two atoms) and unsupported types.
std::string rmwSuffix(tile::AtomicKind kind, Type elt, int cc, bool &ok) {
  ok = true;
  unsigned bits = elt.getIntOrFloatBitWidth();
  std::string w = std::to_string(bits);
  using K = tile::AtomicKind;
  switch (kind) {
  case K::add:
    if (elt.isF16()) {
      ok = cc >= 70;
      return "add.noftz.f16";
    }
    if (elt.isBF16()) {
      ok = cc >= 90;
      return "add.noftz.bf16";
    }
    return isa<FloatType>(elt) ? "add.f" + w : "add.u" + w;
  case K::max:
  case K::min:
    if (isa<FloatType>(elt))
      return "";
    return std::string(kind == K::max ? "max" : "min") + ".s" + w;
  case K::umax:
    return "max.u" + w;
  case K::umin:
    return "min.u" + w;
  case K::and_:
    return "and.b" + w;
  case K::or_:
    return "or.b" + w;
  case K::xor_:
    return "xor.b" + w;
  case K::xchg:
    return "exch.b" + w;
  }
  ok = false;
  return "";
}

/// Lowers one atomic op (rmw or cas) element by element: the elements are
/// the scalar (accessed by thread 0) or the thread's elements of the tile
/// (each by its owner, when the layout replicates).
LogicalResult lowerAtomic(Operation *op, ConversionPatternRewriter &rewriter,
                          const TypeConverter *converter, Value ptrIn,
                          ArrayRef<Value> valueIns, Value maskIn,
                          tile::MemSemantic sem, int cc,
                          function_ref<Value(OpBuilder &, Location, Value ptr,
                                             ArrayRef<Value> bits, Value pred)>
                              emitOne) {
  Location loc = op->getLoc();
  Type llvmRes = converter->convertType(op->getResult(0).getType());
  bool releaseFence = cc < 70 && (sem == tile::MemSemantic::release ||
                                  sem == tile::MemSemantic::acq_rel);
  bool acquireFence = cc < 70 && (sem == tile::MemSemantic::acquire ||
                                  sem == tile::MemSemantic::acq_rel);
  // The old values go through shared memory to the elements' other holders.
  bool exchange = !op->getResult(0).use_empty() && atomicScratchBytes(op);
  auto tensorType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());

  Type elt = llvmRes;
  SmallVector<Value> ptrs, masks, owners, lins;
  SmallVector<SmallVector<Value>> vals;
  if (!tensorType) {
    ptrs.push_back(ptrIn);
    for (Value v : valueIns)
      vals.push_back({v});
    if (maskIn)
      masks.push_back(maskIn);
    owners.push_back(icmp(rewriter, loc, LLVM::ICmpPredicate::eq,
                          threadId(rewriter, loc), i32Const(rewriter, loc, 0)));
    lins.push_back(i32Const(rewriter, loc, 0));
  } else {
    LayoutInfo info(tensorType);
    if (!info.isBlocked())
      return op->emitError("atomics on tiles of this layout are not supported "
                           "by the GPU lowering");
    elt = cast<LLVM::LLVMStructType>(llvmRes).getBody()[0];
    ptrs = unpackStruct(rewriter, loc, ptrIn);
    for (Value v : valueIns)
      vals.push_back(unpackStruct(rewriter, loc, v));
    if (maskIn)
      masks = unpackStruct(rewriter, loc, maskIn);
    auto tc = info.emitThreadCoords(rewriter, loc);
    if (layoutReplicates(tensorType, op))
      for (unsigned k = 0; k < info.numElems(); ++k)
        owners.push_back(emitOwnerPredicate(rewriter, loc, info, tc, k));
    if (exchange)
      for (unsigned k = 0; k < info.numElems(); ++k)
        lins.push_back(linearIndex(rewriter, loc,
                                   info.emitIndices(rewriter, loc, tc, k),
                                   info.getShape()));
  }

  if (releaseFence)
    membar(rewriter, loc);
  SmallVector<Value> olds;
  for (unsigned k = 0; k < ptrs.size(); ++k) {
    Value pred =
        andPredicates(rewriter, loc, masks.empty() ? Value() : masks[k],
                      owners.empty() ? Value() : owners[k]);
    SmallVector<Value> bitsIn;
    for (auto &v : vals)
      bitsIn.push_back(asBits(rewriter, loc, v[k]));
    Value old = emitOne(rewriter, loc, ptrs[k], bitsIn, pred);
    if (pred) // masked-off lanes (and non-owners) read 0
      old = rewriter.create<LLVM::SelectOp>(
          loc, pred, old,
          rewriter.create<LLVM::ConstantOp>(
              loc, old.getType(), rewriter.getIntegerAttr(old.getType(), 0)));
    olds.push_back(fromBitsOf(rewriter, loc, old, elt));
  }
  if (acquireFence)
    membar(rewriter, loc);
  if (exchange) { // exchange implies owners: the scalar's, or a replicating
                  // layout's
    Value smem = sharedScratch(rewriter, loc, op);
    Type storeT = sharedStorageType(elt);
    leadingBarrier(rewriter, loc, op);
    for (unsigned k = 0; k < olds.size(); ++k)
      storeSharedIf(rewriter, loc,
                    sharedElemPtr(rewriter, loc, smem, storeT, lins[k]),
                    toSharedStorage(rewriter, loc, olds[k]), owners[k]);
    barrier(rewriter, loc);
    for (unsigned k = 0; k < olds.size(); ++k)
      olds[k] = fromSharedStorage(
          rewriter, loc,
          rewriter.create<LLVM::LoadOp>(
              loc, storeT, sharedElemPtr(rewriter, loc, smem, storeT, lins[k])),
          elt);
  }
  rewriter.replaceOp(op, tensorType ? packStruct(rewriter, loc, llvmRes, olds)
                                    : olds[0]);
  return success();
}

/// Lowers an atomic_rmw whose result is unused to `red`, or with `atom` to
/// `atom` whose old values nobody reads (see the file comment); `opName` is
/// the PTX operation ("add", "max", ...), `type` the element's PTX type with
/// its modifiers ("f32", "noftz.bf16", "u32").
LogicalResult lowerReduction(tile::AtomicRMWOp op, Value ptrIn, Value valueIn,
                             Value maskIn, StringRef opName, StringRef type,
                             bool vectorizable, bool atom, int cc,
                             ConversionPatternRewriter &rewriter,
                             const TypeConverter *converter) {
  Location loc = op.getLoc();
  Type llvmRes = converter->convertType(op.getResult().getType());
  std::string mods = semScope(op.getSem(), op.getScope(), cc);
  auto tensorType = dyn_cast<RankedTensorType>(op.getPtr().getType());
  Type elt = getElementTypeOrSelf(op.getValue().getType());
  unsigned bits = elt.getIntOrFloatBitWidth();
  SmallVector<Value> ptrs, vals, masks, owners;
  unsigned vec = 1;
  if (!tensorType) {
    ptrs.push_back(ptrIn);
    vals.push_back(valueIn);
    if (maskIn)
      masks.push_back(maskIn);
    owners.push_back(icmp(rewriter, loc, LLVM::ICmpPredicate::eq,
                          threadId(rewriter, loc), i32Const(rewriter, loc, 0)));
  } else {
    LayoutInfo info(tensorType);
    if (!info.isBlocked())
      return op.emitError("atomics on tiles of this layout are not supported "
                          "by the GPU lowering");
    ptrs = unpackStruct(rewriter, loc, ptrIn);
    vals = unpackStruct(rewriter, loc, valueIn);
    if (maskIn)
      masks = unpackStruct(rewriter, loc, maskIn);
    if (layoutReplicates(tensorType, op)) {
      auto tc = info.emitThreadCoords(rewriter, loc);
      for (unsigned k = 0; k < info.numElems(); ++k)
        owners.push_back(emitOwnerPredicate(rewriter, loc, info, tc, k));
    }
    if (vectorizable)
      vec = std::min(accessVectorWidth(op, tensorType, info), 128 / bits);
  }
  std::string c = constraintOf(bits);
  for (unsigned k = 0; k < ptrs.size(); k += vec) {
    // A run shares its mask bit and its owner (tilegpu-coalesce and
    // accessVectorWidth make it one aligned chunk of one thread).
    Value pred =
        andPredicates(rewriter, loc, masks.empty() ? Value() : masks[k],
                      owners.empty() ? Value() : owners[k]);
    // `atom` writes the old values to `vec` outputs, numbered first.
    unsigned outs = atom ? vec : 0;
    auto regList = [&](unsigned first) {
      std::string r = vec > 1 ? "{" : "";
      for (unsigned j = 0; j < vec; ++j)
        r += (j ? ", $" : "$") + std::to_string(first + j);
      return vec > 1 ? r + "}" : r;
    };
    SmallVector<Value> ins{ptrs[k]};
    std::string cons;
    for (unsigned j = 0; j < outs; ++j)
      cons += "=" + c + ",";
    cons += "l";
    for (unsigned j = 0; j < vec; ++j) {
      ins.push_back(asBits(rewriter, loc, vals[k + j]));
      cons += "," + c;
    }
    std::string regs = regList(outs + 1);
    std::string text;
    if (pred) {
      ins.push_back(pred);
      cons += ",b";
      text = "@$" + std::to_string(outs + ins.size() - 1) + " ";
    }
    std::string vecSuffix = vec > 1 ? ".v" + std::to_string(vec) : "";
    // "noftz.bf16" takes the vector width between its two parts.
    StringRef t = type;
    std::string typed =
        t.consume_front("noftz.") ? "noftz" + vecSuffix + "." + t.str()
        : vecSuffix.empty()       ? t.str()
                                  : vecSuffix.substr(1) + "." + t.str();
    std::string addr = "[ $" + std::to_string(outs) + " + 0 ], ";
    text += (atom ? "atom" : "red") + mods + ".global." + opName.str() + "." +
            typed + " " + (atom ? regList(0) + ", " : "") + addr + regs + ";";
    Type bitsType = intOfWidth(rewriter, bits);
    Type result = outs == 0   ? Type()
                  : outs == 1 ? bitsType
                              : LLVM::LLVMStructType::getLiteral(
                                    rewriter.getContext(),
                                    SmallVector<Type>(outs, bitsType));
    rewriter.create<LLVM::InlineAsmOp>(
        loc, result ? TypeRange{result} : TypeRange{}, ins, text, cons,
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::AsmDialectAttr(), ArrayAttr());
  }
  // Nothing reads the result.
  rewriter.replaceOp(op, rewriter.create<LLVM::PoisonOp>(loc, llvmRes));
  return success();
}

struct AtomicRMWOpConversion : OpConversionPattern<tile::AtomicRMWOp> {
  AtomicRMWOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : OpConversionPattern(tc, ctx), cc(cc) {}
  int cc;
  LogicalResult
  matchAndRewrite(tile::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elt = getElementTypeOrSelf(op.getValue().getType());
    unsigned bits = elt.getIntOrFloatBitWidth();
    bool ok;
    std::string suffix = rmwSuffix(op.getKind(), elt, cc, ok);
    if (!ok)
      return op.emitError("atomic ")
             << tile::stringifyAtomicKind(op.getKind()) << " of " << elt
             << " needs sm_" << (elt.isBF16() ? 90 : 70) << " or later";
    std::string mods = semScope(op.getSem(), op.getScope(), cc);
    bool floatMinMax = suffix.empty();
    bool isMax = op.getKind() == tile::AtomicKind::max;
    bool vectorizable = cc >= 90 && op.getKind() == tile::AtomicKind::add &&
                        (elt.isF32() || elt.isF16() || elt.isBF16());
    bool releaseOnly = op.getSem() == tile::MemSemantic::relaxed ||
                       op.getSem() == tile::MemSemantic::release;
    if (op.getResult().use_empty() && !floatMinMax &&
        op.getKind() != tile::AtomicKind::xchg &&
        (releaseOnly || vectorizable)) {
      StringRef sfx = suffix;
      auto [opName, type] = sfx.split('.');
      return lowerReduction(op, adaptor.getPtr(), adaptor.getValue(),
                            adaptor.getMask(), opName, type, vectorizable,
                            /*atom=*/!releaseOnly, cc, rewriter,
                            getTypeConverter());
    }
    auto emit = [&](OpBuilder &b, Location loc, Value ptr, ArrayRef<Value> v,
                    Value pred) -> Value {
      if (!floatMinMax)
        return emitAtom(b, loc, suffix, mods, ptr, v, pred, bits);
      // Sign bit clear: signed order; set: reversed unsigned order.
      std::string w = std::to_string(bits);
      Value neg =
          icmp(b, loc, LLVM::ICmpPredicate::slt, v[0],
               b.create<LLVM::ConstantOp>(loc, v[0].getType(),
                                          b.getIntegerAttr(v[0].getType(), 0)));
      Value one =
          b.create<LLVM::ConstantOp>(loc, b.getI1Type(), b.getBoolAttr(true));
      Value pos = b.create<LLVM::XOrOp>(loc, neg, one);
      Value oldPos = emitAtom(b, loc, (isMax ? "max.s" : "min.s") + w, mods,
                              ptr, v, andPredicates(b, loc, pred, pos), bits);
      Value oldNeg = emitAtom(b, loc, (isMax ? "min.u" : "max.u") + w, mods,
                              ptr, v, andPredicates(b, loc, pred, neg), bits);
      return b.create<LLVM::SelectOp>(loc, neg, oldNeg, oldPos);
    };
    return lowerAtomic(op, rewriter, getTypeConverter(), adaptor.getPtr(),
                       {adaptor.getValue()}, adaptor.getMask(), op.getSem(), cc,
                       emit);
  }
};

struct AtomicCASOpConversion : OpConversionPattern<tile::AtomicCASOp> {
  AtomicCASOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : OpConversionPattern(tc, ctx), cc(cc) {}
  int cc;
  LogicalResult
  matchAndRewrite(tile::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elt = getElementTypeOrSelf(op.getValue().getType());
    unsigned bits = elt.getIntOrFloatBitWidth();
    if (bits == 16 && cc < 70)
      return op.emitError("atomic cas of 16-bit elements needs sm_70 or later");
    std::string mods = semScope(op.getSem(), op.getScope(), cc);
    std::string suffix = "cas.b" + std::to_string(bits);
    auto emit = [&](OpBuilder &b, Location loc, Value ptr, ArrayRef<Value> v,
                    Value pred) -> Value {
      return emitAtom(b, loc, suffix, mods, ptr, v, pred, bits);
    };
    return lowerAtomic(op, rewriter, getTypeConverter(), adaptor.getPtr(),
                       {adaptor.getCmp(), adaptor.getValue()}, Value(),
                       op.getSem(), cc, emit);
  }
};

struct BarrierOpConversion : OpConversionPattern<tile::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateAtomicOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(
      converter, patterns.getContext(), computeCapability);
  patterns.add<BarrierOpConversion>(converter, patterns.getContext());
}
