//===- BlockPtr.cpp - tl.make_block_ptr, tl.advance and their accesses ----===//
//
// A block pointer is a compile-time record (Val::BlockPtr) of the arguments
// of Triton's tl.make_block_ptr: a base pointer, the tensor's shape and
// strides and the block's offsets (runtime scalars or constants), and the
// block's shape and order (constants). Loads and stores through one are
// rewritten here into ordinary pointer tiles and masks, as Triton's
// RewriteTensorPointer pass does for GPUs without TMA, so no later pass
// knows about block pointers:
//
//   ptr  = base + sum_d offsets[d] * strides[d]                (scalar, i64)
//               + sum_d arange(0, B_d) (on axis d) * strides[d]      (tile)
//   mask = and, over the dimensions of boundary_check,
//          0 <= offsets[d] + arange(0, B_d) < shape[d]
//          (the lower bound folded by tile-combine where offsets[d] is known
//          non-negative)
//
// The scalar part is computed in i64 (it may address past 2**31 elements),
// the tile part in i64 for runtime strides and in i32 for constant strides
// small enough, the checked indices in the shape's width.
// Loops and `if`s carry a block pointer as its runtime parts (collectLeaves
// in MLIRGen.cpp), so `p = tl.advance(p, (0, BLOCK_K))` in a loop is an
// scf.for over its offsets.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include <cstdlib>
#include <limits>

using namespace tilec;

namespace {

DType i32Type() { return DType::scalar(ScalarKind::I32); }
DType i64Type() { return DType::scalar(ScalarKind::I64); }

bool isZero(const Val &v) { return v.kind == Val::Int && v.i == 0; }

/// The entries of a tuple or list argument (one value counts as a list of
/// one, as Triton's `_unwrap_iterable` does).
std::vector<Val> entries(const Val &v) {
  return v.kind == Val::Tuple ? v.elems : std::vector<Val>{v};
}

} // namespace

namespace {

/// The accesses through a tensor descriptor.
enum class DescriptorAccess { Load, Store };

} // namespace

void CodeGen::registerBlockPtrBuiltins(BuiltinRegistry &r) {
  r.add("tl.make_block_ptr",
        {"base", "shape", "strides", "offsets", "block_shape", "order"}, 6,
        &CodeGen::emitMakeBlockPtr, TakesFP8);
  r.add("tl.advance", {"base", "offsets"}, 2, &CodeGen::emitAdvance, TakesFP8);
  r.add("tl.make_tensor_descriptor",
        {"base", "shape", "strides", "block_shape", "padding_option"}, 4,
        &CodeGen::emitMakeTensorDescriptor, TakesFP8);
  r.add("tl.load_tensor_descriptor", {"desc", "offsets"}, 2,
        &CodeGen::emitDescriptorAccess, TakesFP8,
        unsigned(DescriptorAccess::Load));
  r.add("tl.store_tensor_descriptor", {"desc", "offsets", "value"}, 3,
        &CodeGen::emitDescriptorAccess, TakesFP8,
        unsigned(DescriptorAccess::Store));
}

Val CodeGen::emitMakeBlockPtr(BuiltinCall &c) {
  return makeBlockPtr(c.a, c.call);
}

Val CodeGen::emitAdvance(BuiltinCall &c) {
  return advance(c.a[0], c.a[1], c.call);
}

Val CodeGen::emitMakeTensorDescriptor(BuiltinCall &c) {
  return makeTensorDescriptor(c.a, c.call);
}

Val CodeGen::emitDescriptorAccess(BuiltinCall &c) {
  bool store = DescriptorAccess(c.entry.variant) == DescriptorAccess::Store;
  return descriptorAccess(store, c.a, c.call);
}

Val CodeGen::makeBlockPtr(std::vector<Val> &a, const Expr &call) {
  mlir::Location l = loc(call);
  const char *names[] = {"base",    "shape",       "strides",
                         "offsets", "block_shape", "order"};
  for (const Val &v : a)
    if (v.isError())
      return Val::error();
  Val base = a[0];
  if (!base.isScalarIR() || !base.dtype.isPointer)
    return error(call, "the base of tl.make_block_ptr must be a scalar "
                       "pointer, got " +
                           describe(base));

  // block_shape and order: compile-time integers.
  std::vector<int64_t> blockShape, order;
  int64_t numel = 1;
  for (const Val &d : entries(a[4])) {
    int64_t n;
    if (!requireInt(d, call, "each entry of block_shape", n))
      return Val::error();
    if (n <= 0 || (n & (n - 1)) != 0)
      return error(call, "block_shape entry " + llvm::Twine(n) +
                             " is not a power of two; every tile dimension "
                             "must be a power of two");
    numel *= n;
    if (numel > (1 << 24))
      return error(call, "the block of tl.make_block_ptr has too many "
                         "elements (at most 2**24)");
    blockShape.push_back(n);
  }
  size_t rank = blockShape.size();
  for (const Val &d : entries(a[5])) {
    int64_t n;
    if (!requireInt(d, call, "each entry of order", n))
      return Val::error();
    order.push_back(n);
  }
  std::vector<Val> parts[3] = {entries(a[1]), entries(a[2]), entries(a[3])};
  if (parts[0].size() != rank || parts[1].size() != rank ||
      parts[2].size() != rank || order.size() != rank)
    return error(call, "tl.make_block_ptr needs as many shape, strides, "
                       "offsets and order entries as block_shape has (" +
                           llvm::Twine(rank) + "), got " +
                           llvm::Twine(parts[0].size()) + ", " +
                           llvm::Twine(parts[1].size()) + ", " +
                           llvm::Twine(parts[2].size()) + " and " +
                           llvm::Twine(order.size()));
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < rank; ++i)
    if (sorted[i] != int64_t(i))
      return error(call, "the order of tl.make_block_ptr must be a "
                         "permutation of 0.." +
                             llvm::Twine(rank - 1));

  // shape, strides, offsets: integer scalars. Runtime shapes and strides keep
  // i32 where they are (signed) 32-bit or narrower, else i64; offsets are
  // i32, as in Triton.
  Val r;
  r.kind = Val::BlockPtr;
  r.blockShape = blockShape;
  r.order = order;
  r.elems.push_back(base);
  for (int p = 0; p < 3; ++p) {
    for (Val v : parts[p]) {
      if (v.kind == Val::Bool)
        v = Val::integer(v.i);
      bool ok = v.kind == Val::Int || (v.isScalarIR() && v.dtype.isInt());
      if (!ok)
        return error(call, llvm::Twine("the ") + names[p + 1] +
                               " of tl.make_block_ptr must be integer "
                               "scalars, got " +
                               describe(v));
      if (v.isIR()) {
        bool wide = v.dtype.bitwidth() == 64 ||
                    (v.dtype.isUnsigned() && v.dtype.bitwidth() == 32);
        DType to = p < 2 && wide ? i64Type() : i32Type();
        if (p == 2 && v.dtype.bitwidth() == 64)
          return error(call, "the offsets of tl.make_block_ptr must be 32-bit "
                             "integers, got " +
                                 describe(v));
        if (v.dtype != to)
          v = cast(v, to, l, call);
      } else if (p == 2 && (v.i < std::numeric_limits<int32_t>::min() ||
                            v.i > std::numeric_limits<int32_t>::max())) {
        return error(call, "the offset " + llvm::Twine(v.i) +
                               " of tl.make_block_ptr does not fit in int32");
      } else if (p < 2 && (v.i < std::numeric_limits<int32_t>::min() ||
                           v.i > std::numeric_limits<int32_t>::max())) {
        v = materialize(v, i64Type(), l); // a shape or stride past int32
      }
      r.elems.push_back(v);
    }
  }
  return r;
}

Val CodeGen::advance(const Val &bp, const Val &offsets, const Expr &call) {
  if (bp.isError() || offsets.isError())
    return Val::error();
  if (bp.kind != Val::BlockPtr)
    return error(call, "tl.advance expects a block pointer (from "
                       "tl.make_block_ptr), got " +
                           describe(bp));
  size_t rank = bp.blockShape.size();
  std::vector<Val> deltas = entries(offsets);
  if (deltas.size() != rank)
    return error(call,
                 llvm::Twine(bp.isDescriptor
                                 ? "an access through a tensor "
                                   "descriptor of rank "
                                 : "tl.advance of a block pointer of rank ") +
                     llvm::Twine(rank) + " needs " + llvm::Twine(rank) +
                     " offsets, got " + llvm::Twine(deltas.size()));
  mlir::Location l = loc(call);
  Val r = bp;
  for (size_t d = 0; d < rank; ++d) {
    Val delta = deltas[d];
    if (delta.kind == Val::Bool)
      delta = Val::integer(delta.i);
    bool ok =
        delta.kind == Val::Int || (delta.isScalarIR() && delta.dtype.isInt());
    if (!ok)
      return error(call, "the offsets of tl.advance must be integer scalars, "
                         "got " +
                             describe(delta));
    if (isZero(delta))
      continue; // this dimension's offset is unchanged (and stays
                // loop-invariant)
    Val &off = r.elems[1 + 2 * rank + d];
    if (delta.isIR() && delta.dtype.bitwidth() == 64)
      return error(call, "the offsets of tl.advance must be 32-bit integers, "
                         "got " +
                             describe(delta));
    if (delta.isIR() && delta.dtype != i32Type())
      delta = cast(delta, i32Type(), l, call);
    Val sum = binaryOp(BinaryOpKind::Add, off, delta, call);
    if (sum.kind == Val::Int && (sum.i < std::numeric_limits<int32_t>::min() ||
                                 sum.i > std::numeric_limits<int32_t>::max()))
      return error(call, "the offset " + llvm::Twine(sum.i) +
                             " of the advanced block pointer does not fit in "
                             "int32");
    if (sum.isError())
      return sum;
    off = sum;
  }
  return r;
}

bool CodeGen::blockPtrAddress(const Val &bp, const Val &boundaryCheck,
                              const Expr &call, Val &ptr, Val &mask) {
  mlir::Location l = loc(call);
  size_t rank = bp.blockShape.size();
  const Val &base = bp.elems[0];
  auto shapeOf = [&](size_t d) -> const Val & { return bp.elems[1 + d]; };
  auto strideOf = [&](size_t d) -> const Val & {
    return bp.elems[1 + rank + d];
  };
  auto offsetOf = [&](size_t d) -> const Val & {
    return bp.elems[1 + 2 * rank + d];
  };

  // The dimensions to check.
  std::vector<bool> checked(rank, false);
  if (boundaryCheck.kind != Val::None) {
    for (const Val &d : entries(boundaryCheck)) {
      int64_t n;
      if (!requireInt(d, call, "each entry of boundary_check", n))
        return false;
      if (n < 0 || n >= int64_t(rank)) {
        error(call, "boundary_check dimension " + llvm::Twine(n) +
                        " is out of range for a block of rank " +
                        llvm::Twine(rank));
        return false;
      }
      checked[n] = true;
    }
  }

  // The block's first element: base + sum_d offsets[d] * strides[d], in i64.
  Val start = base;
  Val scalarOff = Val::integer(0);
  for (size_t d = 0; d < rank; ++d) {
    if (isZero(offsetOf(d)) || isZero(strideOf(d)))
      continue;
    Val term;
    if (offsetOf(d).kind == Val::Int && strideOf(d).kind == Val::Int)
      term = binaryOp(BinaryOpKind::Mul, offsetOf(d), strideOf(d), call);
    else
      term = binaryOp(BinaryOpKind::Mul, cast(offsetOf(d), i64Type(), l, call),
                      cast(strideOf(d), i64Type(), l, call), call);
    scalarOff = binaryOp(BinaryOpKind::Add, scalarOff, term, call);
  }
  if (scalarOff.isError())
    return false;
  if (!isZero(scalarOff)) {
    if (scalarOff.isNumber())
      scalarOff = materialize(scalarOff, i64Type(), l);
    start = binaryOp(BinaryOpKind::Add, base, scalarOff, call);
  }

  // The tile of element offsets, and the mask, over the block's dimensions
  // other than 1 (`kept`; the last one if all are 1): a unit dimension's
  // index is its offset, already in `start`, and its bound a scalar.
  // Only for blocks of rank 3 or more (a [1, M, K] descriptor block used as
  // [M, K]): there, the value's reshapes to and from the squeezed shape
  // cancel; a [1, N] block stays 2-D, as its users are.
  std::vector<size_t> kept;
  for (size_t d = 0; d < rank; ++d)
    if (rank <= 2 || bp.blockShape[d] != 1 || (kept.empty() && d + 1 == rank))
      kept.push_back(d);
  std::vector<int64_t> tileShape;
  for (size_t d : kept)
    tileShape.push_back(bp.blockShape[d]);
  std::vector<Val> ranges(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(kept, d)) {
      ranges[d] = Val::integer(0);
      continue;
    }
    Val r = Val::ir(
        b.create<mlir::tile::MakeRangeOp>(l, 0, int32_t(bp.blockShape[d])),
        i32Type());
    // Put the range on its axis of a rank-`kept.size()` tile.
    for (size_t k = 0; k < kept.size(); ++k)
      if (kept[k] != d)
        r = callBuiltin("tl.expand_dims", call, {r, Val::integer(int64_t(k))},
                        {});
    if (r.isError())
      return false;
    ranges[d] = r;
  }
  // Element offsets: in i32 where a constant stride keeps them in range
  // (|stride| * (B_d - 1) < 2^31), else in i64 (a runtime stride: Triton
  // computes these in i64 too).
  Val offs = Val::integer(0);
  for (size_t d = 0; d < rank; ++d) {
    const Val &st = strideOf(d);
    if (isZero(st) || !ranges[d].isIR())
      continue;
    bool small =
        st.kind == Val::Int &&
        std::abs(st.i) <= std::numeric_limits<int32_t>::max() /
                              std::max<int64_t>(1, bp.blockShape[d] - 1);
    Val term;
    if (small)
      term = st.i == 1 ? ranges[d]
                       : binaryOp(BinaryOpKind::Mul, ranges[d], st, call);
    else
      term = binaryOp(BinaryOpKind::Mul, cast(ranges[d], i64Type(), l, call),
                      st.isIR() ? cast(st, i64Type(), l, call)
                                : materialize(st, i64Type(), l),
                      call);
    offs = binaryOp(BinaryOpKind::Add, offs, term, call);
  }
  if (offs.isError())
    return false;
  ptr =
      offs.isNumber() ? start : binaryOp(BinaryOpKind::Add, start, offs, call);
  ptr = broadcastTo(ptr, tileShape, l, call);

  mask = Val::none();
  for (size_t d = 0; d < rank; ++d) {
    if (!checked[d])
      continue;
    // offset + arange in i64 where the shape is (a 32-bit index past 2^31
    // wraps); an i32 shape bounds every in-range index below 2^31.
    const Val &shape = shapeOf(d);
    bool wide = shape.isIR() ? shape.dtype.bitwidth() == 64
                             : shape.i > std::numeric_limits<int32_t>::max();
    Val idx =
        wide ? binaryOp(BinaryOpKind::Add,
                        offsetOf(d).isIR()
                            ? cast(offsetOf(d), i64Type(), l, call)
                            : materialize(offsetOf(d), i64Type(), l),
                        ranges[d].isIR() ? cast(ranges[d], i64Type(), l, call)
                                         : ranges[d],
                        call)
             : binaryOp(BinaryOpKind::Add, offsetOf(d), ranges[d], call);
    Val inBounds = compareOp(
        CompareOpKind::Lt, idx,
        wide && !shape.isIR() ? materialize(shape, i64Type(), l) : shape, call);
    // (tile-combine folds this where the offset is known non-negative.)
    inBounds =
        binaryOp(BinaryOpKind::BitAnd,
                 compareOp(CompareOpKind::Ge, idx, Val::integer(0), call),
                 inBounds, call);
    mask = mask.kind == Val::None
               ? inBounds
               : binaryOp(BinaryOpKind::BitAnd, mask, inBounds, call);
  }
  if (mask.kind != Val::None) {
    if (mask.isNumber())
      mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
    mask = broadcastTo(mask, tileShape, l, call);
  }
  return !ptr.isError() && !mask.isError();
}

Val CodeGen::makeTensorDescriptor(std::vector<Val> &a, const Expr &call) {
  for (const Val &v : a)
    if (v.isError())
      return Val::error();
  std::vector<Val> strides = entries(a[2]), blockShape = entries(a[3]);
  size_t rank = blockShape.size();
  if (rank == 0 || rank > 5)
    return error(call, "a tensor descriptor has 1 to 5 dimensions, got " +
                           llvm::Twine(rank));
  if (!strides.empty() &&
      !(strides.back().kind == Val::Int && strides.back().i == 1))
    return error(call, "the last stride of tl.make_tensor_descriptor must be "
                       "1 (the innermost dimension contiguous), got " +
                           describe(strides.back()));
  std::string padding = "zero";
  if (a[4].kind == Val::Str && !a[4].s.empty())
    padding = a[4].s;
  else if (a[4].kind != Val::None && a[4].kind != Val::Str)
    return error(call,
                 "padding_option must be a string, got " + describe(a[4]));
  if (padding != "zero" && padding != "nan")
    return error(call, "padding_option must be 'zero' or 'nan', got '" +
                           padding + "'");
  // What Triton requires of a descriptor (TMA's rules, checked by its host
  // TensorDescriptor): a 16-byte aligned base and leading strides of a
  // multiple of 16 bytes. The axis analysis is told so, as tl.multiple_of
  // would tell it: a descriptor made in the kernel from a pointer and
  // strides loaded from tables gets 16-byte accesses.
  if (a[0].isScalarIR() && a[0].dtype.isPointer) {
    a[0] = callBuiltin("tl.multiple_of", call, {a[0], Val::integer(16)}, {});
    unsigned bytes = std::max(1u, a[0].dtype.pointee().bitwidth() / 8);
    if (16 % bytes == 0 && 16 / bytes > 1) {
      for (size_t d = 0; d + 1 < strides.size(); ++d)
        if (strides[d].isScalarIR() && strides[d].dtype.isInt())
          strides[d] = callBuiltin("tl.multiple_of", call,
                                   {strides[d], Val::integer(16 / bytes)}, {});
      a[2] = Val::tuple(strides);
    }
  }
  // A block pointer at offset 0 whose every access checks every dimension.
  std::vector<Val> zeros(rank, Val::integer(0)), order;
  for (size_t d = 0; d < rank; ++d)
    order.push_back(Val::integer(int64_t(rank - 1 - d)));
  std::vector<Val> args = {
      a[0], a[1], a[2], Val::tuple(zeros), a[3], Val::tuple(order)};
  Val r = makeBlockPtr(args, call);
  if (r.isError())
    return r;
  if (padding == "nan" && !r.elems[0].dtype.pointee().isFloat())
    return error(call, "padding_option 'nan' needs a floating-point tensor, "
                       "got " +
                           r.elems[0].dtype.pointee().tlName());
  r.isDescriptor = true;
  r.s = padding;
  return r;
}

Val CodeGen::descriptorAccess(bool store, std::vector<Val> &a,
                              const Expr &call) {
  for (const Val &v : a)
    if (v.isError())
      return Val::error();
  const char *what =
      store ? "tl.store_tensor_descriptor" : "tl.load_tensor_descriptor";
  if (a[0].kind != Val::BlockPtr || !a[0].isDescriptor)
    return error(call, llvm::Twine(what) +
                           " expects a tensor descriptor (from "
                           "tl.make_tensor_descriptor), got " +
                           describe(a[0]));
  Val bp = advance(a[0], a[1], call);
  if (bp.isError())
    return bp;
  std::vector<Val> dims;
  for (size_t d = 0; d < bp.blockShape.size(); ++d)
    dims.push_back(Val::integer(int64_t(d)));
  Val check = Val::tuple(dims);
  if (store)
    return callBuiltin("tl.store", call, {bp, a[2]},
                       {{"boundary_check", check}});
  return callBuiltin(
      "tl.load", call, {bp},
      {{"boundary_check", check}, {"padding_option", Val::str(bp.s)}});
}
