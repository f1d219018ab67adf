//===- LoadStoreOpToLLVM.cpp - Predicated global loads and stores ---------===//
//
// tile.load / tile.store on tiles become predicated PTX ld.global /
// st.global in inline assembly (as Triton does): a masked-off lane never
// touches memory, and `other` (or zero) fills it.
//
// Vectorization: -tilegpu-coalesce sets `tilegpu.vector` = v, the number of
// consecutive thread-local elements along the layout's fastest dimension
// that are contiguous and aligned in memory and share their mask bit. Each
// aligned run of v elements (checked against the layout: one sizePerThread
// chunk, consecutive along order[0]) becomes one access of v * bits bits:
//  - 64-bit elements (and pointers): .b64 words, ld.global.v2.b64;
//  - otherwise 32-bit words when v * bits >= 32 (16-bit elements two per
//    word, 8-bit ones four per word): ld.global{.v2,.v4}.b32;
//  - a 16-bit word (.b16) for 16 bits, ld.global.u8 for a single byte.
// The predicate is the mask bit of the run's first element; `other` is
// moved into the destination registers before the predicated load. An
// access marked `tilegpu.mask_prefix` (its mask true for a prefix of each
// run only: a bound check of contiguous indices) branches on whether the
// last mask bit of every run of the thread holds: if so, each run is one
// unpredicated vector access; if not, each run is one access predicated on
// its last bit and, where that bit is false, its elements one by one under
// their own bits. A thread's tile is then read in vectors wherever it lies
// in bounds, whatever the bound's divisibility. Cache
// modifiers (`cache`: .ca/.cg/.cs/.lu/.cv for loads, .wb/.cg/.cs/.wt for
// stores) and eviction hints (`evict`: evict_first/evict_last/... ->
// .L1::evict_*) are appended; `isVolatile` gives ld.volatile.global.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// Integer type of the same width as `t` (pointers: i64).
Type bitsType(OpBuilder &b, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return b.getI64Type();
  if (t.isInteger(1))
    return b.getI8Type();
  return b.getIntegerType(t.getIntOrFloatBitWidth());
}

/// The storage bits of a scalar (i1 as a byte, pointers as i64).
Value toBits(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::PtrToIntOp>(loc, b.getI64Type(), v);
  if (t.isInteger(1))
    return b.create<LLVM::ZExtOp>(loc, b.getI8Type(), v);
  if (isa<FloatType>(t))
    return b.create<LLVM::BitcastOp>(loc, bitsType(b, t), v);
  return v;
}

Value fromBits(OpBuilder &b, Location loc, Value v, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return b.create<LLVM::IntToPtrOp>(loc, t, v);
  if (t.isInteger(1))
    return b.create<LLVM::ICmpOp>(
        loc, LLVM::ICmpPredicate::ne, v,
        b.create<LLVM::ConstantOp>(loc, v.getType(),
                                   b.getIntegerAttr(v.getType(), 0)));
  if (isa<FloatType>(t))
    return b.create<LLVM::BitcastOp>(loc, t, v);
  return v;
}

/// Storage width in bits of an element type (i1 is stored as a byte).
unsigned storageBits(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 64;
  unsigned w = t.getIntOrFloatBitWidth();
  return w < 8 ? 8 : w;
}

/// How a run of `vec` elements of `bits` is moved: `nWords` registers of
/// `wordBits` each holding `perWord` elements. wordBits 8 is the lone
/// byte (ld.global.u8 into a 16-bit register).
struct AccessShape {
  unsigned wordBits, nWords, perWord;
  const char *constraint; // inline asm register class
  std::string ptxType;    // .b32, .u8, ...
  Type regType(OpBuilder &b) const {
    return b.getIntegerType(wordBits == 8 ? 16 : wordBits);
  }
};

AccessShape accessShape(unsigned bits, unsigned vec) {
  unsigned total = bits * vec;
  if (bits == 64)
    return {64, vec, 1, "l", "b64"};
  if (total >= 32)
    return {32, total / 32, 32 / bits, "r", "b32"};
  if (total == 16)
    return {16, 1, 16 / bits, "h", "b16"};
  return {8, 1, 1, "h", "u8"};
}

/// The words of a run of elements (all of the same storage width).
SmallVector<Value> packWords(OpBuilder &b, Location loc, ArrayRef<Value> elems,
                             const AccessShape &as, unsigned bits) {
  SmallVector<Value> words;
  Type reg = as.regType(b);
  for (unsigned w = 0; w < as.nWords; ++w) {
    if (as.perWord == 1) {
      Value v = toBits(b, loc, elems[w]);
      if (v.getType() != reg)
        v = b.create<LLVM::ZExtOp>(loc, reg, v);
      words.push_back(v);
      continue;
    }
    Type eltInt = b.getIntegerType(bits);
    auto vecTy = VectorType::get({(int64_t)as.perWord}, eltInt);
    Value vec = b.create<LLVM::UndefOp>(loc, vecTy);
    for (unsigned j = 0; j < as.perWord; ++j)
      vec = b.create<LLVM::InsertElementOp>(
          loc, vec, toBits(b, loc, elems[w * as.perWord + j]),
          b.create<LLVM::ConstantOp>(loc, b.getI32Type(),
                                     b.getI32IntegerAttr(j)));
    words.push_back(b.create<LLVM::BitcastOp>(loc, reg, vec));
  }
  return words;
}

/// The elements of loaded words.
SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                               ArrayRef<Value> words, const AccessShape &as,
                               unsigned bits, Type eltType) {
  SmallVector<Value> out;
  Type eltInt = b.getIntegerType(bits);
  for (Value w : words) {
    if (as.perWord == 1) {
      Value v = w;
      if (v.getType() != eltInt)
        v = b.create<LLVM::TruncOp>(loc, eltInt, v);
      out.push_back(fromBits(b, loc, v, eltType));
      continue;
    }
    auto vecTy = VectorType::get({(int64_t)as.perWord}, eltInt);
    Value vec = b.create<LLVM::BitcastOp>(loc, vecTy, w);
    for (unsigned j = 0; j < as.perWord; ++j)
      out.push_back(
          fromBits(b, loc,
                   b.create<LLVM::ExtractElementOp>(
                       loc, vec,
                       b.create<LLVM::ConstantOp>(loc, b.getI32Type(),
                                                  b.getI32IntegerAttr(j))),
                   eltType));
  }
  return out;
}

std::string stripDot(StringRef s) { return s.ltrim('.').str(); }

/// `!p` (i1). A prefix-masked run (tilegpu.mask_prefix) is accessed whole
/// where its last element's predicate holds, else element by element where
/// that one does not.
Value notPredicate(OpBuilder &b, Location loc, Value p) {
  return b.create<LLVM::XOrOp>(
      loc, p,
      b.create<LLVM::ConstantOp>(loc, b.getI1Type(), b.getBoolAttr(true)));
}

/// Whether all of a thread's runs of `vec` elements under a prefix mask
/// are in bounds: the last mask bit of every run (i1).
Value allRunsInBounds(OpBuilder &b, Location loc, ArrayRef<Value> masks,
                      unsigned vec) {
  Value all = masks[vec - 1];
  for (unsigned i = vec; i < masks.size(); i += vec)
    all = b.create<LLVM::AndOp>(loc, all, masks[i + vec - 1]);
  return all;
}

/// ".cg.L1::evict_first"-like suffix of the memory instruction.
std::string cacheSuffix(StringAttr cache, StringAttr evict, bool isLoad) {
  std::string out;
  if (cache) {
    std::string c = stripDot(cache.getValue());
    bool ok =
        isLoad ? (c == "ca" || c == "cg" || c == "cs" || c == "lu" || c == "cv")
               : (c == "wb" || c == "cg" || c == "cs" || c == "wt");
    if (ok)
      out += "." + c;
  }
  // PTX takes either a cache operator or an L1 eviction priority.
  if (evict && out.empty()) {
    std::string e = stripDot(evict.getValue());
    if (e == "evict_first" || e == "evict_last" || e == "evict_unchanged" ||
        e == "no_allocate")
      out += ".L1::" + e;
  }
  return out;
}

/// The L2 cache policy of `eviction_policy="evict_first"` / `"evict_last"`,
/// as Triton 3.6 gives it (sm_80+): `createpolicy.fractional.L2::evict_*`
/// with fraction 1.0, passed to the access with `.L2::cache_hint`. Without
/// it the hint would reach L1 only, and a kernel that re-reads its rows
/// (examples/softmax_long.py) could not keep them in L2. Pure asm, so LLVM
/// hoists and merges the policies of a function. Null: no L2 policy (also
/// below sm_80, which has neither createpolicy nor .L2::cache_hint).
Value l2Policy(OpBuilder &b, Location loc, StringAttr evict, int cc) {
  if (!evict || cc < 80)
    return {};
  std::string e = stripDot(evict.getValue());
  if (e != "evict_first" && e != "evict_last")
    return {};
  auto op = b.create<LLVM::InlineAsmOp>(
      loc, b.getI64Type(), ValueRange{},
      "createpolicy.fractional.L2::" + e + ".b64 $0, 1.0;", "=l",
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::AsmDialectAttr(), ArrayAttr());
  return op.getResult(0);
}

std::string regList(unsigned first, unsigned n) {
  if (n == 1)
    return "$" + std::to_string(first);
  std::string s = "{";
  for (unsigned i = 0; i < n; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + "}";
}

std::string vecSuffix(unsigned n) {
  return n == 1 ? "" : ".v" + std::to_string(n);
}

/// An access's address: a pointer and an immediate byte offset.
struct Address {
  Value ptr;
  int64_t offset = 0;
};

/// The addresses of a thread's elements: each element of an aligned run of
/// `run` (addressRunWidth: consecutive addresses) at the run's first
/// pointer plus its index times `bytes`, an immediate offset of the
/// instruction. One address register a run rather than one an element (a
/// 256x256 bf16 tile under a triangular mask: 512 64-bit pointers a thread
/// before, 64 with 8-element runs); LLVM removes the unused pointers.
SmallVector<Address> addressRuns(ArrayRef<Value> ptrs, unsigned run,
                                 unsigned bytes) {
  SmallVector<Address> out;
  for (unsigned i = 0; i < ptrs.size(); ++i)
    out.push_back({ptrs[i - i % run], int64_t(i % run) * bytes});
  return out;
}

/// One predicated access of `vec` elements at `addr`: `mov other; @p ld`.
/// `pred` null: unpredicated (no mov either). `others` empty: zeros.
/// `policy`: an L2 cache policy (l2Policy; null for volatile loads) or null.
SmallVector<Value> emitLoad(OpBuilder &b, Location loc, Address addr,
                            Value pred, ArrayRef<Value> others, Type eltType,
                            unsigned vec, StringRef mods, bool isVolatile,
                            Value policy) {
  unsigned bits = storageBits(eltType);
  AccessShape as = accessShape(bits, vec);
  Type reg = as.regType(b);
  unsigned n = as.nWords;
  SmallVector<Value> operands{addr.ptr};
  std::string asmStr, cons;
  for (unsigned i = 0; i < n; ++i)
    cons += std::string(i ? ",=" : "=") + as.constraint;
  cons += ",l";
  std::string ld = isVolatile ? "ld.volatile.global" : "ld.global" + mods.str();
  if (policy)
    ld += ".L2::cache_hint";
  ld += vecSuffix(n) + "." + as.ptxType;
  if (pred) {
    operands.push_back(pred);
    cons += ",b";
    SmallVector<Value> init;
    if (!others.empty())
      init = packWords(b, loc, others, as, bits);
    else
      for (unsigned i = 0; i < n; ++i)
        init.push_back(
            b.create<LLVM::ConstantOp>(loc, reg, b.getIntegerAttr(reg, 0)));
    for (unsigned i = 0; i < n; ++i) {
      operands.push_back(init[i]);
      cons += std::string(",") + as.constraint;
      asmStr += "mov." + std::string(as.wordBits == 8 ? "b16" : as.ptxType) +
                " $" + std::to_string(i) + ", $" + std::to_string(n + 2 + i) +
                ";\n\t";
    }
    asmStr += "@$" + std::to_string(n + 1) + " ";
  }
  asmStr += ld + " " + regList(0, n) + ", [ $" + std::to_string(n) + " + " +
            std::to_string(addr.offset) + " ]";
  if (policy) {
    asmStr += ", $" + std::to_string(n + operands.size());
    operands.push_back(policy);
    cons += ",l";
  }
  asmStr += ";";
  Type resTy = n == 1 ? reg
                      : LLVM::LLVMStructType::getLiteral(
                            b.getContext(), SmallVector<Type>(n, reg));
  auto op = b.create<LLVM::InlineAsmOp>(loc, resTy, operands, asmStr, cons,
                                        /*has_side_effects=*/true,
                                        /*is_align_stack=*/false,
                                        LLVM::AsmDialectAttr(), ArrayAttr());
  SmallVector<Value> words;
  if (n == 1)
    words.push_back(op.getResult(0));
  else
    for (unsigned i = 0; i < n; ++i)
      words.push_back(b.create<LLVM::ExtractValueOp>(loc, op.getResult(0), i));
  return unpackWords(b, loc, words, as, bits, eltType);
}

void emitStore(OpBuilder &b, Location loc, Address addr, ArrayRef<Value> values,
               Value pred, StringRef mods, Value policy) {
  unsigned bits = storageBits(values[0].getType());
  AccessShape as = accessShape(bits, values.size());
  unsigned n = as.nWords;
  SmallVector<Value> words = packWords(b, loc, values, as, bits);
  SmallVector<Value> operands{addr.ptr};
  operands.append(words.begin(), words.end());
  std::string cons = "l";
  for (unsigned i = 0; i < n; ++i)
    cons += std::string(",") + as.constraint;
  std::string asmStr;
  if (pred) {
    operands.push_back(pred);
    cons += ",b";
    asmStr = "@$" + std::to_string(n + 1) + " ";
  }
  asmStr += "st.global" + mods.str() + (policy ? ".L2::cache_hint" : "") +
            vecSuffix(n) + "." + as.ptxType + " [ $0 + " +
            std::to_string(addr.offset) + " ], " + regList(1, n);
  if (policy) {
    asmStr += ", $" + std::to_string(operands.size());
    operands.push_back(policy);
    cons += ",l";
  }
  asmStr += ";";
  b.create<LLVM::InlineAsmOp>(loc, TypeRange{}, operands, asmStr, cons,
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false, LLVM::AsmDialectAttr(),
                              ArrayAttr());
}

/// A reload made by tile-remat-across-reductions (`tile.remat_of` = K) of
/// the tile that the earlier load of the block marked `tile.remat_src` = K
/// read through the same pointers, mask and `other` (the pass leaves no
/// write between them): that load's registers, passed word by word through
/// an empty asm statement so that LLVM cannot merge the computations on the
/// copy with those on the original (which would keep the wide results live
/// again). Null (a real load) when there is no such load.
Value keptCopy(tile::LoadOp op, ConversionPatternRewriter &rewriter,
               Type resultType) {
  auto of = op->getAttrOfType<IntegerAttr>("tile.remat_of");
  if (!of)
    return {};
  for (Operation *p = op->getPrevNode(); p; p = p->getPrevNode()) {
    auto l = dyn_cast<tile::LoadOp>(p);
    if (!l || l->getAttr("tile.remat_src") != of)
      continue;
    if (l.getPtr() != op.getPtr() || l.getMask() != op.getMask() ||
        l.getOther() != op.getOther() || l.getType() != op.getType() ||
        l.getIsVolatile())
      return {};
    Value held = rewriter.getRemappedValue(l.getResult());
    if (!held || held.getType() != resultType)
      return {};
    Location loc = op.getLoc();
    SmallVector<Value> elems = unpackStruct(rewriter, loc, held);
    Type elt = elems.front().getType();
    unsigned bits = storageBits(elt);
    AccessShape as = accessShape(bits, bits < 32 ? 32 / bits : 1);
    if (elems.size() % (as.nWords * as.perWord) != 0)
      as = accessShape(bits, 1);
    unsigned run = as.nWords * as.perWord;
    SmallVector<Value> out;
    for (unsigned i = 0; i < elems.size(); i += run) {
      SmallVector<Value> words = packWords(
          rewriter, loc, ArrayRef<Value>(elems).slice(i, run), as, bits);
      for (Value &w : words)
        w = rewriter
                .create<LLVM::InlineAsmOp>(
                    loc, w.getType(), ValueRange{w}, "",
                    "=" + std::string(as.constraint) + ",0",
                    /*has_side_effects=*/true, /*is_align_stack=*/false,
                    LLVM::AsmDialectAttr(), ArrayAttr())
                .getResult(0);
      SmallVector<Value> vals =
          unpackWords(rewriter, loc, words, as, bits, elt);
      out.append(vals.begin(), vals.end());
    }
    return packStruct(rewriter, loc, resultType, out);
  }
  return {};
}

struct LoadOpConversion : OpConversionPattern<tile::LoadOp> {
  LoadOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : OpConversionPattern(tc, ctx), cc(cc) {}
  int cc;
  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (op->hasAttr("tile.remat_of") && isa<RankedTensorType>(op.getType()))
      if (Value kept = keptCopy(op, rewriter, resultType)) {
        rewriter.replaceOp(op, kept);
        return success();
      }
    std::string mods =
        cacheSuffix(op.getCacheAttr(), op.getEvictAttr(), /*isLoad=*/true);
    bool isVolatile = op.getIsVolatile();
    Value policy =
        isVolatile ? Value() : l2Policy(rewriter, loc, op.getEvictAttr(), cc);
    auto tensorType = dyn_cast<RankedTensorType>(op.getPtr().getType());
    if (!tensorType) {
      SmallVector<Value> others;
      if (adaptor.getOther())
        others.push_back(adaptor.getOther());
      rewriter.replaceOp(op, emitLoad(rewriter, loc, {adaptor.getPtr()},
                                      adaptor.getMask(), others, resultType, 1,
                                      mods, isVolatile, policy)[0]);
      return success();
    }
    auto st = cast<LLVM::LLVMStructType>(resultType);
    Type elt = st.getBody()[0];
    LayoutInfo info(tensorType);
    unsigned vec = accessVectorWidth(op, tensorType, info);
    SmallVector<Address> ptrs = addressRuns(
        unpackStruct(rewriter, loc, adaptor.getPtr()),
        addressRunWidth(op, tensorType, info), storageBits(elt) / 8);
    SmallVector<Value> masks, others;
    // tilegpu.in_bounds: every masked element is in bounds in this thread.
    if (adaptor.getMask() && !isInBounds(op))
      masks = unpackStruct(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther() && !masks.empty())
      others = unpackStruct(rewriter, loc, adaptor.getOther());
    bool prefix = hasMaskPrefix(op) && !masks.empty() && vec > 1;
    if (!prefix) {
      SmallVector<Value> out;
      for (unsigned i = 0; i < ptrs.size(); i += vec) {
        ArrayRef<Value> run;
        if (!others.empty())
          run = ArrayRef<Value>(others).slice(i, vec);
        SmallVector<Value> vals =
            emitLoad(rewriter, loc, ptrs[i], masks.empty() ? Value() : masks[i],
                     run, elt, vec, mods, isVolatile, policy);
        out.append(vals.begin(), vals.end());
      }
      rewriter.replaceOp(op, packStruct(rewriter, loc, resultType, out));
      return success();
    }
    // A prefix mask (tilegpu-coalesce): where every run of the thread is in
    // bounds, the runs whole and unpredicated; else each run whole when its
    // last element is in bounds and its in-bounds elements one by one
    // otherwise.
    auto fast = [&](OpBuilder &b, Location loc) {
      SmallVector<Value> out;
      for (unsigned i = 0; i < ptrs.size(); i += vec) {
        SmallVector<Value> vals = emitLoad(b, loc, ptrs[i], Value(), {}, elt,
                                           vec, mods, isVolatile, policy);
        out.append(vals.begin(), vals.end());
      }
      b.create<scf::YieldOp>(loc, packStruct(b, loc, resultType, out));
    };
    auto slowVals = [&](OpBuilder &b, Location loc) {
      SmallVector<Value> out;
      for (unsigned i = 0; i < ptrs.size(); i += vec) {
        ArrayRef<Value> run;
        if (!others.empty())
          run = ArrayRef<Value>(others).slice(i, vec);
        Value full = masks[i + vec - 1];
        SmallVector<Value> vals = emitLoad(b, loc, ptrs[i], full, run, elt,
                                           vec, mods, isVolatile, policy);
        Value partial = notPredicate(b, loc, full);
        for (unsigned j = 0; j + 1 < vec; ++j) {
          Value pj = b.create<LLVM::AndOp>(loc, masks[i + j], partial);
          Value one = emitLoad(b, loc, ptrs[i + j], pj,
                               run.empty() ? run : run.slice(j, 1), elt, 1,
                               mods, isVolatile, policy)[0];
          vals[j] = b.create<LLVM::SelectOp>(loc, pj, one, vals[j]);
        }
        out.append(vals.begin(), vals.end());
      }
      return out;
    };
    auto slow = [&](OpBuilder &b, Location loc) {
      b.create<scf::YieldOp>(loc,
                             packStruct(b, loc, resultType, slowVals(b, loc)));
    };
    if (op->hasAttr(kEdgeAttr)) {
      // The exact version of a versioned span (tilegpu.edge): no branch.
      rewriter.replaceOp(
          op, packStruct(rewriter, loc, resultType, slowVals(rewriter, loc)));
      return success();
    }
    auto branch = rewriter.create<scf::IfOp>(
        loc, allRunsInBounds(rewriter, loc, masks, vec), fast, slow);
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
};

/// Replicated elements (several threads holding the same element) are
/// stored by one holder only (emitOwnerPredicate), a scalar by thread 0, as
/// Triton does: a holder that loaded the element after another one stored
/// it (a read-modify-write in a critical section) must not store its stale
/// result.
struct StoreOpConversion : OpConversionPattern<tile::StoreOp> {
  StoreOpConversion(TileGPUTypeConverter &tc, MLIRContext *ctx, int cc)
      : OpConversionPattern(tc, ctx), cc(cc) {}
  int cc;
  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string mods =
        cacheSuffix(op.getCacheAttr(), op.getEvictAttr(), /*isLoad=*/false);
    Value policy = l2Policy(rewriter, loc, op.getEvictAttr(), cc);
    auto tensorType = dyn_cast<RankedTensorType>(op.getPtr().getType());
    if (!tensorType) {
      Value first = rewriter.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::eq,
                                                  threadId(rewriter, loc),
                                                  i32Const(rewriter, loc, 0));
      emitStore(rewriter, loc, {adaptor.getPtr()}, adaptor.getValue(),
                andPredicates(rewriter, loc, adaptor.getMask(), first), mods,
                policy);
      rewriter.eraseOp(op);
      return success();
    }
    LayoutInfo info(tensorType);
    unsigned vec = accessVectorWidth(op, tensorType, info);
    SmallVector<Value> vals = unpackStruct(rewriter, loc, adaptor.getValue());
    SmallVector<Address> ptrs =
        addressRuns(unpackStruct(rewriter, loc, adaptor.getPtr()),
                    addressRunWidth(op, tensorType, info),
                    storageBits(vals.front().getType()) / 8);
    SmallVector<Value> masks;
    if (adaptor.getMask() && !isInBounds(op))
      masks = unpackStruct(rewriter, loc, adaptor.getMask());
    // A run of `vec` elements is one sizePerThread chunk (vectorWidth): all
    // of it replicas or none, so its first element's owner stands for it.
    bool dedup = layoutReplicates(tensorType, op); // blocked layouts only
    std::optional<LayoutInfo::ThreadCoords> tc;
    if (dedup)
      tc = info.emitThreadCoords(rewriter, loc);
    bool prefix = hasMaskPrefix(op) && !masks.empty() && vec > 1;
    // `whole`: every run of the thread in bounds (a prefix mask's fast
    // path), stored unpredicated but for replicas.
    auto storeRuns = [&](OpBuilder &b, Location loc, bool whole) {
      for (unsigned i = 0; i < ptrs.size(); i += vec) {
        Value owner;
        if (dedup)
          owner = emitOwnerPredicate(b, loc, info, *tc, i);
        ArrayRef<Value> run = ArrayRef<Value>(vals).slice(i, vec);
        if (whole || !prefix) {
          Value pred = whole || masks.empty() ? Value() : masks[i];
          emitStore(b, loc, ptrs[i], run, andPredicates(b, loc, pred, owner),
                    mods, policy);
          continue;
        }
        // The run whole when its last element is in bounds, else its
        // in-bounds elements one by one.
        Value full = masks[i + vec - 1];
        emitStore(b, loc, ptrs[i], run, andPredicates(b, loc, full, owner),
                  mods, policy);
        Value partial = notPredicate(b, loc, full);
        for (unsigned j = 0; j + 1 < vec; ++j) {
          Value pj = b.create<LLVM::AndOp>(loc, masks[i + j], partial);
          emitStore(b, loc, ptrs[i + j], run.slice(j, 1),
                    andPredicates(b, loc, pj, owner), mods, policy);
        }
      }
    };
    if (!prefix || op->hasAttr(kEdgeAttr)) {
      storeRuns(rewriter, loc, /*whole=*/false);
    } else {
      // A prefix mask (tilegpu-coalesce): branch on whether all the
      // thread's runs are in bounds.
      rewriter.create<scf::IfOp>(
          loc, allRunsInBounds(rewriter, loc, masks, vec),
          [&](OpBuilder &b, Location loc) {
            storeRuns(b, loc, /*whole=*/true);
            b.create<scf::YieldOp>(loc);
          },
          [&](OpBuilder &b, Location loc) {
            storeRuns(b, loc, /*whole=*/false);
            b.create<scf::YieldOp>(loc);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// `v` if every aligned run of v thread-local elements of a tile of `type`
/// is one sizePerThread chunk's consecutive elements along order[0];
/// else 1.
static unsigned runWidth(unsigned v, RankedTensorType type,
                         const LayoutInfo &info) {
  if (v <= 1)
    return 1;
  if (!llvm::isPowerOf2_32(v) || info.numElems() % v != 0)
    return 1;
  BlockedAttr base = info.getBase();
  unsigned d = base.getOrder()[0];
  int t = info.tensorDim(d);
  if (t < 0)
    return 1;
  unsigned spt = base.getSizePerThread()[d];
  if (spt % v != 0 || type.getShape()[t] % v != 0)
    return 1;
  for (unsigned k = 0; k < info.numElems(); k += v) {
    SmallVector<unsigned> c0 = info.elemCoords(k);
    if (c0[t] % v != 0)
      return 1;
    for (unsigned j = 1; j < v; ++j) {
      SmallVector<unsigned> c = info.elemCoords(k + j);
      for (unsigned i = 0; i < c.size(); ++i)
        if (c[i] != (i == (unsigned)t ? c0[i] + j : c0[i]))
          return 1;
    }
  }
  return v;
}

unsigned mlir::tilegpu::accessVectorWidth(Operation *op, RankedTensorType type,
                                          const LayoutInfo &info) {
  auto attr = op->getAttrOfType<IntegerAttr>("tilegpu.vector");
  return attr && attr.getInt() > 1 ? runWidth(attr.getInt(), type, info) : 1;
}

unsigned mlir::tilegpu::addressRunWidth(Operation *op, RankedTensorType type,
                                        const LayoutInfo &info) {
  unsigned vec = accessVectorWidth(op, type, info);
  auto contiguity = op->getAttrOfType<DenseI32ArrayAttr>(kContiguityAttr);
  if (!contiguity || contiguity.size() != type.getRank())
    return vec;
  BlockedAttr base = info.getBase();
  unsigned d = base.getOrder()[0];
  int t = info.tensorDim(d);
  if (t < 0)
    return vec;
  // Runs must not cross the aligned groups: the largest power of 2 that
  // divides the contiguity, up to a thread's chunk.
  uint32_t c = std::max(contiguity[t], 1);
  unsigned run = std::min<uint32_t>(c & -c, base.getSizePerThread()[d]);
  for (; run > vec; run /= 2)
    if (runWidth(run, type, info) == run)
      return run;
  return vec;
}

namespace {

/// tilegpu.runs_in_bounds: the last mask bit of each of the thread's runs
/// of `vector` elements where those runs are sizePerThread chunks along the
/// fastest dimension (as the accesses' runs: runWidth), else every bit.
struct RunsInBoundsOpConversion : OpConversionPattern<RunsInBoundsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RunsInBoundsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getMask().getType());
    LayoutInfo info(type);
    unsigned vec = runWidth(op.getVector(), type, info);
    SmallVector<Value> bits =
        unpackStruct(rewriter, op.getLoc(), adaptor.getMask());
    rewriter.replaceOp(op, allRunsInBounds(rewriter, op.getLoc(), bits, vec));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateLoadStoreOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability) {
  patterns.add<LoadOpConversion, StoreOpConversion>(
      converter, patterns.getContext(), computeCapability);
  patterns.add<RunsInBoundsOpConversion>(converter, patterns.getContext());
}
