//===- DotOpToLLVM.cpp - tile.dot on tensor cores and on the FMA path -----===//
//
// TENSOR CORES. A dot whose result has the #tilegpu.mma layout has its
// operands in the #tilegpu.dot_op layouts (convert-tile-to-tilegpu staged
// them through shared memory and ldmatrix) and its accumulator in the mma
// layout: for each k block, each (m, n) block of the warp is one
//   mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32
// (4 A registers of two 16-bit elements, 2 B registers, 4 f32 accumulators)
// or, for tf32 (f32 operands, input_precision = tf32),
//   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// with the operands rounded to tf32 (cvt.rna.tf32.f32). The thread-local
// numbering of the layouts (LayoutInfo) is the one of the registers.
//
// HOPPER (mma version 3, sm_90a): wgmma.mma_async with both operands read
// from their swizzled shared buffers through matrix descriptors (see
// lowerWgmmaDot); the operands' local_loads lower to nothing. A 16-bit A
// computed in registers (the dot_op layout, isRegisterConversion) is read
// from them: wgmma's register-A form.
//
// FMA PATH. Otherwise d = a * b + acc with a : MxK, b : KxN, acc : MxN in
// blocked layouts, on the CUDA cores:
//   [barrier                 (only when the lowering runs without
//                             tilegpu-insert-barriers; see TileGPUToLLVM.h)]
//   a and b are staged in shared memory, converted to the compute type,
//   row-major: a at [m*K + k], b after it at [M*K + k*N + n];
//   barrier
//   each thread computes its elements of acc's layout:
//     for k in 0..K (unrolled): load a[i][k] for each of its rows i and
//     b[k][j] for each of its columns j, then acc[i][j] = fma(a, b, acc)
//   (a thread's elements share rows and columns, so the loads per k are
//   rows + columns, not rows * columns).
// Compute type: f32 for float operands (f16/bf16/f32 exactly converted; f64
// if any of a, b, acc is f64), the accumulator's integer type for integers
// (int8 operands sign-extended to i32). The sum runs from acc over k in
// order with one rounding per fma, then rounds once to acc's type.
// Precision: this is IEEE fp32; input_precision = tf32 / tf32x3 are NOT
// emulated on this path (results are at least as accurate as tf32's).
// Shared memory needed (getScratchBytes), from the op's offset in the arena:
// (M*K + K*N) * bytes of the compute type (getDotComputeType).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

Value convertScalar(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isa<FloatType>(to)) {
    if (isa<IntegerType>(from))
      return b.create<LLVM::SIToFPOp>(loc, to, v);
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return b.create<LLVM::FPExtOp>(loc, to, v);
    return b.create<LLVM::FPTruncOp>(loc, to, v);
  }
  if (isa<FloatType>(from))
    return b.create<LLVM::FPToSIOp>(loc, to, v);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return b.create<LLVM::SExtOp>(loc, to, v);
  return b.create<LLVM::TruncOp>(loc, to, v);
}

/// `v` (f32) rounded to tf32, as the bits mma reads.
Value toTF32(OpBuilder &b, Location loc, Value v) {
  Type i32 = b.getI32Type();
  return b
      .create<LLVM::InlineAsmOp>(
          loc, i32, ValueRange{v}, "cvt.rna.tf32.f32 $0, $1;", "=r,f",
          /*has_side_effects=*/false,
          /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// Two 16-bit elements as one 32-bit register.
Value pack2(OpBuilder &b, Location loc, Value lo, Value hi) {
  auto vecT = VectorType::get({2}, lo.getType());
  Value v = b.create<LLVM::UndefOp>(loc, vecT);
  v = b.create<LLVM::InsertElementOp>(loc, v, lo, i32Const(b, loc, 0));
  v = b.create<LLVM::InsertElementOp>(loc, v, hi, i32Const(b, loc, 1));
  return b.create<LLVM::BitcastOp>(loc, b.getI32Type(), v);
}

/// The wgmma matrix descriptor of the tile at byte `off` (i32) from `base`
/// (addrspace 3): start address, leading and stride byte offsets (>> 4) and
/// the swizzle mode. The start address is computed in 32 bits. Shared
/// addresses stay under 2^18 bytes, so the descriptor of the tile `d` bytes
/// further (d a multiple of 16) is this one plus d >> 4 (wgmmaDescriptorAt):
/// one 64-bit add per k step, as CUTLASS and Triton advance descriptors.
Value wgmmaDescriptor(OpBuilder &b, Location loc, Value base, Value off,
                      uint64_t lbo, uint64_t sbo, unsigned swizzleBytes) {
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  uint64_t mode = swizzleBytes == 128  ? 1
                  : swizzleBytes == 64 ? 2
                  : swizzleBytes == 32 ? 3
                                       : 0;
  uint64_t fixed =
      ((lbo >> 4) & 0x3FFF) << 16 | ((sbo >> 4) & 0x3FFF) << 32 | mode << 62;
  Value a = b.create<LLVM::TruncOp>(loc, i32,
                                    b.create<LLVM::PtrToIntOp>(loc, i64, base));
  a = b.create<LLVM::AddOp>(loc, a, off);
  Value start = b.create<LLVM::AndOp>(
      loc, b.create<LLVM::LShrOp>(loc, a, i32Const(b, loc, 4)),
      i32Const(b, loc, 0x3FFF));
  return b.create<LLVM::OrOp>(
      loc, b.create<LLVM::ZExtOp>(loc, i64, start),
      b.create<LLVM::ConstantOp>(loc, i64,
                                 b.getI64IntegerAttr(int64_t(fixed))));
}

/// `desc` advanced by `bytes` (a multiple of 16; see wgmmaDescriptor).
Value wgmmaDescriptorAt(OpBuilder &b, Location loc, Value desc, int64_t bytes) {
  assert(bytes % 16 == 0 && "descriptor offsets are in 16-byte units");
  if (bytes == 0)
    return desc;
  return b.create<LLVM::AddOp>(
      loc, desc,
      b.create<LLVM::ConstantOp>(loc, b.getI64Type(),
                                 b.getI64IntegerAttr(bytes >> 4)));
}

/// `vals` (f32) passed through an inline-asm statement `text` as tied
/// read-write operands: later uses depend on it.
SmallVector<Value> throughAsm(OpBuilder &b, Location loc, StringRef text,
                              ArrayRef<Value> vals, ArrayRef<Value> extra = {},
                              StringRef extraCons = "") {
  unsigned n = vals.size();
  std::string cons;
  for (unsigned i = 0; i < n; ++i)
    cons += "=f,";
  cons += extraCons.str();
  if (!extraCons.empty())
    cons += ",";
  for (unsigned i = 0; i < n; ++i)
    cons += std::to_string(i) + (i + 1 < n ? "," : "");
  SmallVector<Value> operands(extra.begin(), extra.end());
  operands.append(vals.begin(), vals.end());
  auto resT = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, b.getF32Type()));
  auto op = b.create<LLVM::InlineAsmOp>(
      loc, resT, operands, text, cons, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr());
  SmallVector<Value> out;
  for (unsigned i = 0; i < n; ++i)
    out.push_back(b.create<LLVM::ExtractValueOp>(loc, op.getResult(0), i));
  return out;
}

/// Hopper: d = a * b + acc with wgmma.mma_async, a (M x K, K-major) and b
/// (K x N: N-major from a plain buffer, or K-major from a transposed one:
/// always for tf32, for 16-bit types when B is K-major in memory) read from
/// their swizzled shared buffers through matrix descriptors. The warpgroup
/// g along M computes rows 64g.. of each block of 16 * wm rows and the one
/// along N its instrN columns (all of N with one along N): per block and k
/// step of 16, one wgmma.mma_async.m64n<instrN>k16. The sequence is
/// fenced (wgmma.fence; the writers of a buffer written through the generic
/// proxy fence it for the async proxy themselves), committed and waited for
/// (wait_group 0, the accumulators passed through the wait so that nothing
/// reads them earlier). A 16-bit A in the dot_op layout is read from
/// registers; a zero constant accumulator is ignored by the first k step
/// (scale-d = 0).
LogicalResult lowerWgmmaDot(tile::DotOp op, Value a, Value acc,
                            ConversionPatternRewriter &rewriter,
                            const TypeConverter *tc) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto aLoad = op.getA().getDefiningOp<LocalLoadOp>();
  auto bLoad = op.getB().getDefiningOp<LocalLoadOp>();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  // A in registers: its dot_op layout (16-bit elements).
  bool aRegs =
      !aLoad && isa_and_nonnull<DotOperandAttr>(aType.getEncoding()) &&
      (aType.getElementType().isF16() || aType.getElementType().isBF16());
  if ((!aLoad && !aRegs) || !bLoad)
    return rewriter.notifyMatchFailure(op,
                                       "wgmma operands not in shared memory");
  auto cType = cast<RankedTensorType>(op.getType());
  MmaAttr mma = cast<MmaAttr>(cType.getEncoding());
  MemDescType bBuf = bLoad.getSrc().getType();
  std::optional<MemDescType> aBuf;
  if (aLoad)
    aBuf = aLoad.getSrc().getType();
  SharedAttr aSh =
      aBuf ? dyn_cast_or_null<SharedAttr>(aBuf->getEncoding()) : SharedAttr();
  auto bSh = dyn_cast_or_null<SharedAttr>(bBuf.getEncoding());
  Type elt = aType.getElementType();
  bool tf32 = elt.isF32();
  if ((!aSh && !aRegs) || !bSh || !(elt.isF16() || elt.isBF16() || tf32) ||
      bBuf.getElementType() != elt)
    return rewriter.notifyMatchFailure(
        op, "wgmma needs swizzled f16/bf16/tf32 tiles");
  // A K-major from a plain buffer or (16-bit) M-major from a transposed
  // one; B K-major from a transposed buffer (always for tf32, which has no
  // transposed operands) or N-major from a plain one.
  bool aMMajor = aSh && aSh.getTransposed(), bKMajor = bSh.getTransposed();
  if (tf32 && (aMMajor || !bKMajor))
    return rewriter.notifyMatchFailure(op,
                                       "operand buffers not in wgmma order");
  int64_t M = aType.getDimSize(0), K = aType.getDimSize(1),
          N = bBuf.getShape()[1];
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  // The swizzle width of a tile: its (column-block) row bytes; the rows of
  // a transposed buffer are its columns.
  auto swizzle = [&](SharedAttr s, int64_t cols) -> int64_t {
    int64_t rowElems = s.getBlockCols() && cols > int64_t(s.getBlockCols())
                           ? s.getBlockCols()
                           : cols;
    int64_t bytes = rowElems * eltBytes;
    if (s.getMaxPhase() * 16 != bytes || s.getVec() * eltBytes != 16)
      return -1;
    return bytes;
  };
  int64_t aSw = aRegs ? 128 : swizzle(aSh, aMMajor ? M : K),
          bSw = swizzle(bSh, bKMajor ? K : N);
  if (aSw < 32 || bSw < 32 || (tf32 && (aSw != 128 || bSw != 128)))
    return rewriter.notifyMatchFailure(op, "tiles not in a wgmma swizzle mode");
  Value aBase = aLoad ? rewriter.getRemappedValue(aLoad.getSrc()) : Value();
  Value bBase = rewriter.getRemappedValue(bLoad.getSrc());
  unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
  // Each warpgroup computes warpCols columns of N (all of them with one
  // warpgroup along N).
  int64_t warpCols = wn == 1 ? N : mma.getWarpCols();
  LayoutInfo cInfo(cType);
  unsigned repM = cInfo.repeatsMN(), repN = cInfo.repeatsN();
  if (warpCols * wn != N || unsigned(warpCols / 8) != repN ||
      (aRegs && wn != 1))
    return rewriter.notifyMatchFailure(
        op, "the warpgroups along N do not split N into one wgmma each");
  // The warp index broadcast from lane 0 (shfl.sync.idx): ptxas then knows it
  // is warp-uniform and keeps the descriptors in uniform registers. It is
  // computed here, not once a function (uniformWarpIndex): in a loop, the
  // descriptors of a buffer the loop does not change would be hoisted and
  // held in registers across it (the fused-attention tutorial's forward at
  // D = 128: 44 bytes of spills instead of none).
  Value warp;
  if (!aRegs || wn > 1)
    warp = warpIndex(b, loc);
  // The warpgroup along M (the warps are numbered along M first) and the
  // one along N.
  Value wg, wgN;
  if (!aRegs)
    wg = b.create<LLVM::UDivOp>(
        loc,
        wn == 1 ? warp
                : b.create<LLVM::URemOp>(loc, warp, i32Const(b, loc, wm)),
        i32Const(b, loc, 4));
  if (wn > 1)
    wgN = b.create<LLVM::UDivOp>(loc, warp, i32Const(b, loc, wm));
  SmallVector<Value> cv = unpackStruct(b, loc, acc);

  std::string ab = elt.isF16() ? "f16" : elt.isBF16() ? "bf16" : "tf32";
  int64_t kStep = tf32 ? 8 : 16;
  std::string text = "wgmma.mma_async.sync.aligned.m64n" +
                     std::to_string(warpCols) + "k" + std::to_string(kStep) +
                     ".f32." + ab + "." + ab + " {";
  unsigned nAcc = warpCols / 2;
  for (unsigned i = 0; i < nAcc; ++i)
    text += "$" + std::to_string(i) + (i + 1 < nAcc ? "," : "");
  // scale-d, scale-a, scale-b (and for 16-bit types transpose-a = 0 (K-major)
  // and transpose-b: 1 N-major, 0 K-major; tf32 has no transpose: both
  // K-major).
  // Register A: {a0..a3}, the B descriptor, scale-d, scale-a, scale-b,
  // transpose-b (no transpose-a).
  auto withScaleD = [&](StringRef scaleD) {
    std::string t = text;
    if (aRegs)
      t += "}, {$" + std::to_string(nAcc) + ", $" + std::to_string(nAcc + 1) +
           ", $" + std::to_string(nAcc + 2) + ", $" + std::to_string(nAcc + 3) +
           "}, $" + std::to_string(nAcc + 4) + ", " + scaleD.str() +
           ", 1, 1, " + (bKMajor ? "0" : "1") + ";";
    else
      t += "}, $" + std::to_string(nAcc) + ", $" + std::to_string(nAcc + 1) +
           ", " + scaleD.str() +
           (tf32 ? std::string(", 1, 1;")
                 : std::string(", 1, 1, ") + (aMMajor ? "1" : "0") + ", " +
                       (bKMajor ? "0" : "1") + ";");
    return t;
  };
  // A zero accumulator (a dot that starts from tl.zeros, attention's
  // scores): the first k step ignores it (scale-d = 0), so that the
  // registers need no zeroing.
  bool zeroAcc = false;
  if (auto cst = op.getAcc().getDefiningOp<arith::ConstantOp>())
    if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
      zeroAcc = dense.isSplat() && dense.getSplatValue<APFloat>().isPosZero();
  if (zeroAcc) {
    Value undef = b.create<LLVM::UndefOp>(loc, b.getF32Type());
    for (Value &v : cv)
      v = undef;
  }
  std::string accText = withScaleD("1"), zeroText = withScaleD("0");
  text = accText;
  // Every generic-proxy write of a buffer wgmma reads is fenced by its
  // writer (local_alloc, local_store: fence.proxy.async before the barrier
  // the dot waits at), as the memory model asks; the dot itself needs none.
  emitAsm(b, loc, "wgmma.fence.sync.aligned;");
  // A rows of this warpgroup within each block, in bytes.
  int64_t aRowBytes = aSw, bRowBytes = bSw;
  // (M-major: rows of the buffer are A's columns, stored in blocks of 64
  // rows of A, K buffer rows apart; a warpgroup's 64 rows are one block.)
  Value wgRowBytes =
      aRegs
          ? Value()
          : b.create<LLVM::MulOp>(
                loc, wg, i32Const(b, loc, aMMajor ? K * aSw : 64 * aRowBytes));
  // LBO: K-major, 16 (unused with these swizzles); MN-major, the column
  // blocks of sw bytes, K buffer rows apart. SBO: 8 rows.
  Value aDesc0 = aRegs ? Value()
                       : wgmmaDescriptor(b, loc, aBase, wgRowBytes,
                                         /*lbo=*/aMMajor ? K * aSw : 16,
                                         /*sbo=*/8 * aRowBytes, aSw);
  // Register A: per 64-row block and k step, the thread's 8 elements
  // (dot_op numbering [m-repeat][k-repeat][a0..a7]) as 4 pairs.
  SmallVector<Value> av;
  unsigned repKA = 1;
  if (aRegs) {
    av = unpackStruct(b, loc, a);
    repKA = LayoutInfo(aType).repeatsK();
  }
  int64_t aRowElems = aSw / eltBytes, bRowElems = bSw / eltBytes;
  // The first column of this warpgroup's: K-major, a row of B's buffer;
  // N-major, within its column block (blocks of bRowElems columns, K rows
  // each).
  Value bColBytes = i32Const(b, loc, 0);
  if (wgN) {
    Value col = b.create<LLVM::MulOp>(loc, wgN, i32Const(b, loc, warpCols));
    if (bKMajor)
      bColBytes = b.create<LLVM::MulOp>(loc, col, i32Const(b, loc, bSw));
    else
      bColBytes = b.create<LLVM::AddOp>(
          loc,
          b.create<LLVM::MulOp>(
              loc,
              b.create<LLVM::UDivOp>(loc, col, i32Const(b, loc, bRowElems)),
              i32Const(b, loc, K * bSw)),
          b.create<LLVM::MulOp>(
              loc,
              b.create<LLVM::URemOp>(loc, col, i32Const(b, loc, bRowElems)),
              i32Const(b, loc, eltBytes)));
  }
  Value bDesc0 = wgmmaDescriptor(b, loc, bBase, bColBytes,
                                 /*lbo=*/bKMajor ? 16 : K * bRowBytes,
                                 /*sbo=*/8 * bRowBytes, bSw);
  for (unsigned rm = 0; rm < repM; ++rm)
    for (int64_t k = 0; k < K; k += kStep) {
      // A (K-major): rows rm * 16 * wm + 64 g, column k (its column block).
      int64_t aOff = aMMajor ? (int64_t(rm) * 16 * wm / 64) * K * aSw + k * aSw
                             : (k / aRowElems) * M * aSw +
                                   int64_t(rm) * 16 * wm * aRowBytes +
                                   (k % aRowElems) * eltBytes;
      SmallVector<Value> operands;
      std::string cons;
      if (aRegs) {
        unsigned first = (rm * repKA + unsigned(k / 16)) * 8;
        for (unsigned j = 0; j < 8; j += 2)
          operands.push_back(pack2(b, loc, av[first + j], av[first + j + 1]));
        cons = "r,r,r,r,l";
      } else {
        operands.push_back(wgmmaDescriptorAt(b, loc, aDesc0, aOff));
        cons = "l,l";
      }
      // B N-major: rows k.. k+15. K-major: column k of its column block.
      int64_t bOff =
          bKMajor ? (k / bRowElems) * N * bSw + (k % bRowElems) * eltBytes
                  : k * bRowBytes;
      operands.push_back(wgmmaDescriptorAt(b, loc, bDesc0, bOff));
      SmallVector<Value> blockAcc(cv.begin() + rm * repN * 4,
                                  cv.begin() + (rm + 1) * repN * 4);
      SmallVector<Value> out =
          throughAsm(b, loc, zeroAcc && k == 0 ? zeroText : accText, blockAcc,
                     operands, cons);
      std::copy(out.begin(), out.end(), cv.begin() + rm * repN * 4);
    }
  emitAsm(b, loc, "wgmma.commit_group.sync.aligned;");
  // Pipelined loops let this group run on (tilegpu-pipeline): wait only for
  // the previous one.
  int pendings = 0;
  if (auto p = op->getAttrOfType<IntegerAttr>("tilegpu.wgmma_pendings"))
    pendings = p.getInt();
  cv = throughAsm(
      b, loc, "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";",
      cv);
  rewriter.replaceOp(op, packStruct(b, loc, tc->convertType(cType), cv));
  return success();
}

/// Hopper, transposed (MmaAttr transposed; tf32 with B N-major in memory):
/// C^T = B^T A^T with wgmma.mma_async.m64nMk8 whose A operand, B^T, is read
/// by the threads from B's plain buffer into registers (its numbering is
/// the B dot_op layout's: the A registers of the transposed product, rows
/// interleaved so that a thread's rows 2g, 2g + 1 are one 8-byte load)
/// and whose B operand, A^T, is read K-major from A's
/// plain buffer through a matrix descriptor. Warpgroup g computes rows
/// 64g.. of C^T (columns of C) in each block of 16 * numWarps; one commit
/// group per k step of 8, each waited for once the next one is issued
/// (wait_group 1; the next step's registers are read before that wait), so
/// that at most three k steps' registers are live (four at the loop's back
/// edge, where the last two stay in flight); the last waits for
/// tilegpu.wgmma_pendings (0: tilegpu-pipeline leaves these dots
/// synchronous at the end, so that the next copies precede them), or, when
/// that is 1, for 2: the last two steps run on into the next iteration.
/// B^T is not rounded to tf32: the tensor cores truncate it, as they do A^T.
LogicalResult lowerTransposedWgmmaDot(tile::DotOp op, Value acc,
                                      ConversionPatternRewriter &rewriter,
                                      const TypeConverter *tc) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto aLoad = op.getA().getDefiningOp<LocalLoadOp>();
  auto bLoad = op.getB().getDefiningOp<LocalLoadOp>();
  if (!aLoad || !bLoad || !isDeferredDotOperand(bLoad))
    return rewriter.notifyMatchFailure(op,
                                       "wgmma operands not in shared memory");
  auto cType = cast<RankedTensorType>(op.getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  MemDescType aBuf = aLoad.getSrc().getType(), bBuf = bLoad.getSrc().getType();
  auto aSh = dyn_cast_or_null<SharedAttr>(aBuf.getEncoding());
  Type elt = aBuf.getElementType();
  if (!aSh || aSh.getTransposed() || isTransposedBuffer(bBuf) || !elt.isF32() ||
      bBuf.getElementType() != elt)
    return rewriter.notifyMatchFailure(
        op, "transposed wgmma needs plain f32 buffers");
  int64_t M = aBuf.getShape()[0], K = aBuf.getShape()[1];
  // A's rows (K) in 128-byte swizzled column blocks of 32 elements.
  int64_t rowElems = aSh.getBlockCols() && K > int64_t(aSh.getBlockCols())
                         ? aSh.getBlockCols()
                         : K;
  if (rowElems * 4 != 128 || aSh.getMaxPhase() != 8 || aSh.getVec() != 4)
    return rewriter.notifyMatchFailure(op, "A not in the 128-byte swizzle");
  Value aBase = rewriter.getRemappedValue(aLoad.getSrc());
  Value bBase = rewriter.getRemappedValue(bLoad.getSrc());

  // Registers of B^T: the B dot_op layout, k step by k step.
  LayoutInfo bInfo(bType), cInfo(cType);
  unsigned repM = cInfo.repeatsMN(), repN = cInfo.repeatsN();
  unsigned repK = bInfo.repeatsK(), perB = bInfo.elemsPerBlock();
  if (bInfo.kind() != LayoutInfo::Kind::DotA || perB != 4 ||
      bInfo.repeatsMN() != repM || repN * 8 != unsigned(M))
    return rewriter.notifyMatchFailure(op, "unexpected transposed layouts");
  auto btc = bInfo.emitThreadCoords(b, loc);
  Type f32 = b.getF32Type();
  // Element e's offset in B's buffer is, for every thread, that of an
  // earlier element plus a constant wherever the swizzle allows (it repeats
  // every 8 k rows and every 16 * numWarps columns here): the addresses are
  // a few per-thread bases plus immediates. Checked on the host for every
  // thread (the indices as LayoutInfo numbers them: row g (+8) of warp w's
  // 16 rows of B^T, k column t (+4), g = lane / 4, t = lane % 4).
  auto bSh = dyn_cast_or_null<SharedAttr>(bBuf.getEncoding());
  int64_t N = bBuf.getShape()[1];
  unsigned wm = cInfo.mmaWarpsM(), nElems = bInfo.numElems();
  auto hostOffset = [&](unsigned warp, unsigned lane, unsigned e) -> int64_t {
    unsigned i = e % perB, blk = e / perB, rk = blk % repK, rm = blk / repK;
    int64_t n = rm * 16 * wm + warp * 16 + 2 * (lane / 4) + i % 2;
    int64_t k = rk * 8 + lane % 4 + 4 * (i / 2);
    return bSh ? bSh.getOffset(k, n, K, N) : k * N + n;
  };
  auto baseOf =
      findConstantOffsets(nElems, 32 * wm, [&](unsigned t, unsigned e) {
        return hostOffset(t / 32, t % 32, e);
      });
  // Registers i and i + 1 (rows 2g, 2g + 1) that sit side by side, 8-byte
  // aligned, in every thread: one 8-byte load.
  SmallVector<bool> paired(nElems, false);
  for (unsigned e = 0; e + 1 < nElems; e += 2) {
    bool ok = true;
    for (unsigned w = 0; w < wm && ok; ++w)
      for (unsigned l = 0; l < 32 && ok; ++l)
        ok = hostOffset(w, l, e + 1) == hostOffset(w, l, e) + 1 &&
             hostOffset(w, l, e) % 2 == 0;
    paired[e] = ok;
  }
  SmallVector<Value> basePtr(nElems);
  for (unsigned e = 0; e < nElems; ++e)
    if (baseOf[e].first == e) {
      SmallVector<Value> idx = bInfo.emitIndices(b, loc, btc, e);
      basePtr[e] =
          sharedElemPtr(b, loc, bBase, f32, sharedOffset(b, loc, bBuf, idx));
    }
  auto sharedPtrT =
      LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace);
  auto vec2T = VectorType::get({2}, f32);
  // The tensor cores read the top 19 bits of each f32 (truncation), as
  // they do for A^T through its descriptor: no rounding (as Triton's
  // "tf32"; H200 at 8192^3: 3-13% faster than cvt.rna.tf32.f32 on every
  // element).
  auto asTF32 = [&](Value v) -> Value {
    return b.create<LLVM::BitcastOp>(loc, b.getI32Type(), v);
  };
  auto fragment = [&](unsigned rm, unsigned rk) {
    SmallVector<Value> regs;
    for (unsigned i = 0; i < perB; ++i) {
      unsigned e = (rm * repK + rk) * perB + i;
      auto [base, delta] = baseOf[e];
      Value ptr = basePtr[base];
      if (delta)
        ptr = b.create<LLVM::GEPOp>(loc, sharedPtrT, f32, ptr,
                                    ArrayRef<LLVM::GEPArg>{int32_t(delta)});
      if (paired[e] && i + 1 < perB) {
        Value v = b.create<LLVM::LoadOp>(loc, vec2T, ptr, /*alignment=*/8);
        for (unsigned j = 0; j < 2; ++j)
          regs.push_back(asTF32(
              b.create<LLVM::ExtractElementOp>(loc, v, i32Const(b, loc, j))));
        ++i;
        continue;
      }
      regs.push_back(asTF32(b.create<LLVM::LoadOp>(loc, f32, ptr)));
    }
    return regs;
  };

  // A^T, K-major: the descriptor of A's buffer at column k.
  Value aDesc0 = wgmmaDescriptor(b, loc, aBase, i32Const(b, loc, 0),
                                 /*lbo=*/16, /*sbo=*/8 * 128, 128);
  auto aDescAt = [&](int64_t k) {
    return wgmmaDescriptorAt(b, loc, aDesc0,
                             (k / rowElems) * M * 128 + (k % rowElems) * 4);
  };
  unsigned nAcc = M / 2;
  std::string text = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(M) +
                     "k8.f32.tf32.tf32 {";
  for (unsigned i = 0; i < nAcc; ++i)
    text += "$" + std::to_string(i) + (i + 1 < nAcc ? "," : "");
  text += "}, {$" + std::to_string(nAcc) + ", $" + std::to_string(nAcc + 1) +
          ", $" + std::to_string(nAcc + 2) + ", $" + std::to_string(nAcc + 3) +
          "}, $" + std::to_string(nAcc + 4) + ", 1, 1, 1;";

  SmallVector<Value> cv = unpackStruct(b, loc, acc);
  if (cv.size() != repM * nAcc)
    return rewriter.notifyMatchFailure(op, "unexpected accumulator count");
  if (!isWrittenOnlyByAsyncCopy(aLoad))
    emitAsm(b, loc, "fence.proxy.async.shared::cta;");
  int pendings = 0;
  if (auto p = op->getAttrOfType<IntegerAttr>("tilegpu.wgmma_pendings"))
    pendings = p.getInt();
  // Each k step's registers are read while the previous step runs: step
  // 0's before the loop, step k + 1's right after committing step k and
  // before waiting for step k - 1 (measured on the H200: 178 -> 197
  // TFLOP/s at 128x128x64 / 4 warps; fencing and committing 2, 4 or 8 steps
  // at once was slower: more registers in flight, spills at 4 and 8).
  auto loadStep = [&](unsigned rk) {
    SmallVector<SmallVector<Value>> frags;
    for (unsigned rm = 0; rm < repM; ++rm)
      frags.push_back(fragment(rm, rk));
    return frags;
  };
  SmallVector<SmallVector<Value>> ready = loadStep(0);
  for (unsigned rk = 0; rk < repK; ++rk) {
    // The registers were written here: fence them before wgmma reads them.
    emitAsm(b, loc, "wgmma.fence.sync.aligned;");
    Value aDesc = aDescAt(rk * 8);
    for (unsigned rm = 0; rm < repM; ++rm) {
      SmallVector<Value> blockAcc(cv.begin() + rm * nAcc,
                                  cv.begin() + (rm + 1) * nAcc);
      SmallVector<Value> extra = ready[rm];
      extra.push_back(aDesc);
      SmallVector<Value> out =
          throughAsm(b, loc, text, blockAcc, extra, "r,r,r,r,l");
      std::copy(out.begin(), out.end(), cv.begin() + rm * nAcc);
    }
    emitAsm(b, loc, "wgmma.commit_group.sync.aligned;");
    if (rk + 1 < repK)
      ready = loadStep(rk + 1);
    // The last two k steps stay in flight when the dot runs on into the
    // next iteration (pendings 1): the first wait there, after its step 0,
    // retires them, before the slot they read is refilled (tilegpu-
    // pipeline). H200, 256x128x32 fp32 at 4096^3 / 8192^3: 323 -> 341 and
    // 294 -> 310 TFLOP/s.
    int last = pendings == 1 && repK >= 2 ? 2 : pendings;
    int wait = rk + 1 < repK ? 1 : last;
    cv = throughAsm(
        b, loc, "wgmma.wait_group.sync.aligned " + std::to_string(wait) + ";",
        cv);
  }
  rewriter.replaceOp(op, packStruct(b, loc, tc->convertType(cType), cv));
  return success();
}

LogicalResult lowerMmaDot(tile::DotOp op, Value a, Value b_, Value acc,
                          ConversionPatternRewriter &rewriter,
                          const TypeConverter *tc) {
  if (cast<MmaAttr>(cast<RankedTensorType>(op.getType()).getEncoding())
          .isHopper()) {
    if (cast<MmaAttr>(cast<RankedTensorType>(op.getType()).getEncoding())
            .getTransposed())
      return lowerTransposedWgmmaDot(op, acc, rewriter, tc);
    return lowerWgmmaDot(op, a, acc, rewriter, tc);
  }
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  LayoutInfo aInfo(aType), bInfo(bType), cInfo(cType);
  if (aInfo.kind() != LayoutInfo::Kind::DotA ||
      bInfo.kind() != LayoutInfo::Kind::DotB)
    return rewriter.notifyMatchFailure(op, "mma dot without dot_op operands");
  Type elt = aType.getElementType();
  bool tf32 = elt.isF32();
  if (!(elt.isF16() || elt.isBF16() || tf32) || !cType.getElementType().isF32())
    return rewriter.notifyMatchFailure(op, "unsupported mma element types");
  SmallVector<Value> cv = unpackStruct(b, loc, acc);
  unsigned repM = cInfo.repeatsMN(), repN = cInfo.repeatsN();
  unsigned repK = aInfo.repeatsK();
  // Operands read by their local_load (in registers here), or read from
  // shared memory here, k block by k block (isDeferredDotOperand).
  auto deferred = [&](Value operand) -> LocalLoadOp {
    auto ll = operand.getDefiningOp<LocalLoadOp>();
    return ll && isDeferredDotOperand(ll) ? ll : LocalLoadOp();
  };
  LocalLoadOp aLoad = deferred(op.getA()), bLoad = deferred(op.getB());
  SmallVector<Value> av =
      aLoad ? SmallVector<Value>(aInfo.numElems()) : unpackStruct(b, loc, a);
  SmallVector<Value> bv =
      bLoad ? SmallVector<Value>(bInfo.numElems()) : unpackStruct(b, loc, b_);
  auto fetch = [&](LocalLoadOp ll, RankedTensorType type,
                   SmallVector<Value> &into, unsigned rk) {
    if (!ll)
      return;
    SmallVector<Value> got =
        loadWithLdmatrix(b, loc, type, ll.getSrc().getType(),
                         rewriter.getRemappedValue(ll.getSrc()), rk);
    for (unsigned i = 0; i < got.size(); ++i)
      if (got[i])
        into[i] = got[i];
  };
  unsigned perA = aInfo.elemsPerBlock(), perB = bInfo.elemsPerBlock();
  // The 32-bit registers of the block of `per` elements starting at
  // `first`: tf32-rounded f32 elements, or pairs of 16-bit ones.
  auto regs = [&](ArrayRef<Value> elems, unsigned first, unsigned per) {
    SmallVector<Value> r;
    if (tf32) {
      for (unsigned i = 0; i < per; ++i)
        r.push_back(toTF32(b, loc, elems[first + i]));
    } else {
      for (unsigned i = 0; i < per / 2; ++i)
        r.push_back(
            pack2(b, loc, elems[first + 2 * i], elems[first + 2 * i + 1]));
    }
    return r;
  };
  // A block (rm, rk): 4 registers; B block (rn, rk): 2.
  auto aRegs = [&](unsigned rm, unsigned rk) {
    return regs(av, (rm * repK + rk) * perA, perA);
  };
  auto bRegs = [&](unsigned rn, unsigned rk) {
    return regs(bv, (rn * repK + rk) * perB, perB);
  };
  std::string ab = tf32 ? "tf32" : elt.isF16() ? "f16" : "bf16";
  std::string asmStr = std::string("mma.sync.aligned.") +
                       (tf32 ? "m16n8k8" : "m16n8k16") + ".row.col.f32." + ab +
                       "." + ab +
                       ".f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, "
                       "{$10,$11,$12,$13};";
  const char *cons = "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3";
  Type f32 = b.getF32Type();
  auto resT = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                               SmallVector<Type>(4, f32));
  SmallVector<SmallVector<Value>> aCache(repM * repK), bCache(repN * repK);
  for (unsigned rk = 0; rk < repK; ++rk) {
    fetch(aLoad, aType, av, rk);
    fetch(bLoad, bType, bv, rk);
    for (unsigned rm = 0; rm < repM; ++rm)
      aCache[rm * repK + rk] = aRegs(rm, rk);
    for (unsigned rn = 0; rn < repN; ++rn)
      bCache[rn * repK + rk] = bRegs(rn, rk);
    for (unsigned rm = 0; rm < repM; ++rm)
      for (unsigned rn = 0; rn < repN; ++rn) {
        SmallVector<Value> operands = aCache[rm * repK + rk];
        operands.append(bCache[rn * repK + rk]);
        unsigned first = (rm * repN + rn) * 4;
        for (unsigned i = 0; i < 4; ++i)
          operands.push_back(cv[first + i]);
        auto mma = b.create<LLVM::InlineAsmOp>(
            loc, resT, operands, asmStr, cons, /*has_side_effects=*/false,
            /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr());
        for (unsigned i = 0; i < 4; ++i)
          cv[first + i] =
              b.create<LLVM::ExtractValueOp>(loc, mma.getResult(0), i);
      }
  }
  rewriter.replaceOp(op, packStruct(b, loc, tc->convertType(cType), cv));
  return success();
}

/// Limits of the unrolled FMA dot per thread (64x64x32 with 4 warps: 32
/// accumulators, 1024 multiply-adds; 128x128x64 with 4 warps: 128, 8192).
/// Beyond them the kernel could not keep its accumulators in registers and
/// LLVM would take minutes (1024 accumulators: over a minute; an int8
/// 128x128x128 dot on 2 warps, 32768 multiply-adds: 53 s, 16384: 12 s).
constexpr uint64_t kMaxFMAAccumulators = 512;
constexpr uint64_t kMaxUnrolledFMAs = uint64_t(1) << 14;

struct DotOpConversion : OpConversionPattern<tile::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa_and_nonnull<MmaAttr>(
            cast<RankedTensorType>(op.getType()).getEncoding()))
      return lowerMmaDot(op, adaptor.getA(), adaptor.getB(), adaptor.getAcc(),
                         rewriter, getTypeConverter());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    if (!aType.getEncoding() || !bType.getEncoding() || !cType.getEncoding())
      return rewriter.notifyMatchFailure(op, "operand without a layout");
    if (aType.getRank() != 2 || bType.getRank() != 2 || cType.getRank() != 2)
      return rewriter.notifyMatchFailure(op, "only 2-D dots");
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    int64_t M = aType.getDimSize(0), K = aType.getDimSize(1),
            N = bType.getDimSize(1);
    // The FMA loop is unrolled: refuse what would take minutes to compile
    // (and spill every accumulator) instead of hanging.
    uint64_t perThread = LayoutInfo(cType).numElems();
    if (perThread > kMaxFMAAccumulators ||
        perThread * uint64_t(K) > kMaxUnrolledFMAs)
      return op.emitOpError()
             << "on the CUDA cores would need " << perThread
             << " accumulators per thread (at most " << kMaxFMAAccumulators
             << ") and " << perThread * K << " unrolled multiply-adds (at most "
             << kMaxUnrolledFMAs << "); use more warps or smaller tiles";

    const TypeConverter *tc = getTypeConverter();
    Type aElt = tc->convertType(aType.getElementType());
    Type bElt = tc->convertType(bType.getElementType());
    Type cElt = tc->convertType(cType.getElementType());
    bool isFloat = isa<FloatType>(cElt);
    Type ct = getDotComputeType(aElt, bElt, cElt);
    assert(ct.getIntOrFloatBitWidth() % 8 == 0);

    // getScratchBytes(op) = (M*K + K*N) * bytes of ct, from here.
    Value smem = sharedScratch(b, loc, op);
    auto sharedPtrT =
        LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace);
    Value bBase = b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, smem,
                                        ArrayRef<LLVM::GEPArg>{int32_t(M * K)});

    // ---- stage a and b.
    leadingBarrier(b, loc, op); // see TileGPUToLLVM.h
    auto stage = [&](Value packed, RankedTensorType type, Value base) {
      LayoutInfo info(type);
      auto thr = info.emitThreadCoords(b, loc);
      SmallVector<Value> elems = unpackStruct(b, loc, packed);
      for (unsigned k = 0; k < info.numElems(); ++k) {
        SmallVector<Value> idx = info.emitIndices(b, loc, thr, k);
        Value lin = linearIndex(b, loc, idx, type.getShape());
        b.create<LLVM::StoreOp>(loc, convertScalar(b, loc, elems[k], ct),
                                sharedElemPtr(b, loc, base, ct, lin));
      }
    };
    stage(adaptor.getA(), aType, smem);
    stage(adaptor.getB(), bType, bBase);
    barrier(b, loc);

    // ---- the thread's rows and columns of acc.
    LayoutInfo cInfo(cType);
    auto thr = cInfo.emitThreadCoords(b, loc);
    unsigned nRows = cInfo.elemsAlong(0), nCols = cInfo.elemsAlong(1);
    SmallVector<Value> aRow, bCol; // a + i*K, b + j
    for (unsigned r = 0; r < nRows; ++r) {
      Value i = cInfo.emitIndices(b, loc, thr, cInfo.elemIndex({r, 0}))[0];
      aRow.push_back(
          sharedElemPtr(b, loc, smem, ct,
                        b.create<LLVM::MulOp>(loc, i, i32Const(b, loc, K))));
    }
    for (unsigned c = 0; c < nCols; ++c) {
      Value j = cInfo.emitIndices(b, loc, thr, cInfo.elemIndex({0, c}))[1];
      bCol.push_back(sharedElemPtr(b, loc, bBase, ct, j));
    }

    SmallVector<Value> acc;
    for (Value v : unpackStruct(b, loc, adaptor.getAcc()))
      acc.push_back(convertScalar(b, loc, v, ct));
    for (int64_t k = 0; k < K; ++k) {
      SmallVector<Value> av, bv;
      for (Value p : aRow)
        av.push_back(b.create<LLVM::LoadOp>(
            loc, ct,
            b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, p,
                                  ArrayRef<LLVM::GEPArg>{int32_t(k)})));
      for (Value p : bCol)
        bv.push_back(b.create<LLVM::LoadOp>(
            loc, ct,
            b.create<LLVM::GEPOp>(loc, sharedPtrT, ct, p,
                                  ArrayRef<LLVM::GEPArg>{int32_t(k * N)})));
      for (unsigned e = 0; e < cInfo.numElems(); ++e) {
        SmallVector<unsigned> c = cInfo.elemCoords(e);
        Value x = av[c[0]], y = bv[c[1]];
        if (isFloat)
          acc[e] = b.create<LLVM::FMAOp>(loc, x, y, acc[e]);
        else
          acc[e] = b.create<LLVM::AddOp>(loc, acc[e],
                                         b.create<LLVM::MulOp>(loc, x, y));
      }
    }

    SmallVector<Value> out;
    for (Value v : acc)
      out.push_back(convertScalar(b, loc, v, cElt));
    rewriter.replaceOp(op, packStruct(b, loc, tc->convertType(cType), out));
    return success();
  }
};

/// wgmma.wait_group on the accumulators, passed through.
struct WgmmaWaitOpConversion : OpConversionPattern<WgmmaWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> all;
    SmallVector<unsigned> sizes;
    for (Value v : adaptor.getVals()) {
      SmallVector<Value> e = unpackStruct(rewriter, loc, v);
      sizes.push_back(e.size());
      all.append(e.begin(), e.end());
    }
    for (Value v : all)
      if (!v.getType().isF32())
        return rewriter.notifyMatchFailure(op, "wgmma accumulators are f32");
    all = throughAsm(rewriter, loc,
                     "wgmma.wait_group.sync.aligned " +
                         std::to_string(op.getPendings()) + ";",
                     all);
    SmallVector<Value> results;
    unsigned at = 0;
    for (auto [i, v] : llvm::enumerate(adaptor.getVals())) {
      results.push_back(packStruct(rewriter, loc, v.getType(),
                                   ArrayRef<Value>(all).slice(at, sizes[i])));
      at += sizes[i];
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<DotOpConversion, WgmmaWaitOpConversion>(converter,
                                                       patterns.getContext());
}
