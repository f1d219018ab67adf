//===- BuiltinsMemory.cpp - Loads and stores ------------------------------===//
//
// tl.load and tl.store (masks, other, boundary checks of block pointers,
// cache and eviction options).
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

/// Triton's cache modifiers (tl.load: .ca .cg .cv; tl.store: .wb .cg .cs
/// .wt; tilec also takes .cs and .lu on loads, the PTX qualifiers) and
/// eviction policies.
static bool validCacheOption(bool cache, bool store, llvm::StringRef v) {
  if (!cache)
    return v == "evict_first" || v == "evict_last" || v == "evict_unchanged" ||
           v == "no_allocate" || v == "evict_normal"; // the default: no hint
  if (!v.starts_with("."))
    return validCacheOption(cache, store, ("." + v).str());
  if (store)
    return v == ".wb" || v == ".cg" || v == ".cs" || v == ".wt";
  return v == ".ca" || v == ".cg" || v == ".cs" || v == ".lu" || v == ".cv";
}

static std::string cacheOptionError(bool cache, bool store, llvm::StringRef v) {
  if (!cache)
    return "eviction_policy must be 'evict_first', 'evict_last', "
           "'evict_normal', 'evict_unchanged' or 'no_allocate', got '" +
           v.str() + "'";
  return std::string("cache_modifier of tl.") + (store ? "store" : "load") +
         " must be " +
         (store ? "'.wb', '.cg', '.cs' or '.wt'"
                : "'.ca', '.cg', '.cs', '.lu' or '.cv'") +
         ", got '" + v.str() + "'";
}

void CodeGen::registerMemoryBuiltins(BuiltinRegistry &r) {
  r.add("tl.load",
        {"pointer", "mask", "other", "boundary_check", "padding_option",
         "cache_modifier", "eviction_policy", "volatile"},
        1, &CodeGen::emitLoad, TakesFP8);
  r.add("tl.store",
        {"pointer", "value", "mask", "boundary_check", "cache_modifier",
         "eviction_policy"},
        2, &CodeGen::emitStore, BuiltinFlags(TakesFP8 | TensorMethod));
}

std::vector<mlir::Value> CodeGen::tmaBlockCoords(const Val &bp,
                                                 const Val &boundaryCheck,
                                                 mlir::Location l) {
  // A 2-D block of a host descriptor (its base is the kernel argument),
  // or one of rank 3 to 5 whose leading dimensions are 1 (a batched
  // tensor's [1, M, K] block: the access is 2-D, blockPtrAddress), every
  // dimension checked: what a TMA copy reads (zeros outside) or writes.
  size_t rank = bp.blockShape.size();
  if (!tmaBlocks || !bp.isDescriptor || rank < 2 || rank > 5 ||
      boundaryCheck.kind != Val::Tuple || boundaryCheck.elems.size() != rank)
    return {};
  for (size_t d = 0; d + 2 < rank; ++d)
    if (bp.blockShape[d] != 1)
      return {};
  std::vector<bool> checked(rank, false);
  for (const Val &d : boundaryCheck.elems)
    if (d.kind == Val::Int && d.i >= 0 && d.i < int64_t(rank))
      checked[d.i] = true;
  if (llvm::is_contained(checked, false))
    return {};
  // (The base is the argument, or tl.multiple_of of it: makeTensorDescriptor.)
  mlir::Value base = bp.elems[0].v;
  if (auto hint = base.getDefiningOp<mlir::tile::AxisHintOp>())
    base = hint.getSrc();
  auto arg = mlir::dyn_cast<mlir::BlockArgument>(base);
  if (!arg || !mlir::isa<mlir::func::FuncOp>(arg.getOwner()->getParentOp()))
    return {};
  std::vector<mlir::Value> coords;
  DType i32 = DType::scalar(ScalarKind::I32);
  for (size_t d = 0; d < rank; ++d) {
    const Val &off = bp.elems[1 + 2 * rank + d];
    if (off.kind == Val::Int)
      coords.push_back(materialize(off, i32, l).v);
    else if (off.isScalarIR() && off.dtype == i32)
      coords.push_back(off.v);
    else
      return {};
  }
  return coords;
}

/// The shape of an access of the block of `bp` that carries coordinates
/// (tmaBlockCoords): the block's last two dimensions where it has more.
static llvm::ArrayRef<int64_t> blockCoordsShape(const Val &bp) {
  llvm::ArrayRef<int64_t> shape = bp.blockShape;
  return shape.size() > 2 ? shape.take_back(2) : shape;
}

Val CodeGen::emitLoad(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val ptr = a[0], mask = a[1], other = a[2];
  std::vector<mlir::Value> blockCoords;
  if (ptr.kind == Val::BlockPtr) {
    if (mask.kind != Val::None || other.kind != Val::None)
      return error(call, "tl.load of a block pointer takes boundary_check "
                         "and padding_option, not mask or other");
    Val pad = a[4];
    if (pad.kind != Val::None && pad.kind != Val::Str)
      return error(call,
                   "padding_option must be a string, got " + describe(pad));
    std::string padding = pad.kind == Val::Str ? pad.s : "";
    DType elem = ptr.elems[0].dtype.pointee();
    if (padding == "nan" && !elem.isFloat())
      return error(call, "padding_option 'nan' needs a floating-point "
                         "block, got " +
                             elem.tlName());
    if (!padding.empty() && padding != "zero" && padding != "nan")
      return error(call, "padding_option must be 'zero' or 'nan', got '" +
                             padding + "'");
    if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
      return Val::error();
    if (padding == "zero")
      blockCoords = tmaBlockCoords(a[0], a[3], l);
    if (mask.kind != Val::None && !padding.empty())
      other = padding == "nan" ? Val::floating(std::nan("")) : Val::integer(0);
  } else {
    if (!ptr.isIR() || !ptr.dtype.isPointer)
      return error(call, "tl.load expects a pointer or a tensor of "
                         "pointers, got " +
                             describe(ptr));
    if (a[3].kind != Val::None &&
        !(a[3].kind == Val::Tuple && a[3].elems.empty()))
      return error(call, "boundary_check is only meaningful for block "
                         "pointers (tl.make_block_ptr); use mask");
    if (a[4].kind != Val::None && !(a[4].kind == Val::Str && a[4].s.empty()))
      return error(call, "padding_option is only meaningful for block "
                         "pointers (tl.make_block_ptr); use other");
  }
  if (mask.kind != Val::None) {
    if (mask.isNumber())
      mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
    if (!mask.isIR())
      return error(call, "the mask of tl.load must be a boolean tensor, got " +
                             describe(mask));
    if (!mask.dtype.isBool())
      return error(call, "the mask of " + shown.substr(0, shown.size() - 2) +
                             " must be a boolean (int1) tensor, got " +
                             describe(mask) + "; compare it, e.g. mask != 0");
    if (!broadcastPair(ptr, mask, l, call))
      return Val::error();
  }
  if (other.kind != Val::None) {
    if (mask.kind == Val::None)
      other = Val::none(); // Triton ignores `other` without a mask
    else {
      other = cast(other, ptr.dtype.pointee(), l, call);
      other = broadcastTo(other, ptr.shape(), l, call);
      if (other.isError())
        return other;
    }
  }
  auto op = b.create<mlir::tile::LoadOp>(
      l, ptr.v, mask.isIR() ? mask.v : mlir::Value(),
      other.isIR() ? other.v : mlir::Value());
  if (!blockCoords.empty() && op.getMask() &&
      llvm::equal(ptr.shape(), blockCoordsShape(a[0])))
    op.getBlockCoordsMutable().assign(blockCoords);
  for (int k : {5, 6}) {
    if (a[k].kind == Val::Str && !a[k].s.empty()) {
      if (!validCacheOption(k == 5, /*store=*/false, a[k].s))
        return error(call, cacheOptionError(k == 5, false, a[k].s));
      op->setAttr(k == 5 ? "cache" : "evict", b.getStringAttr(a[k].s));
    } else if (a[k].kind != Val::None && a[k].kind != Val::Str)
      return error(call,
                   llvm::Twine(entry.spec.params[k]) + " must be a string");
  }
  if (a[7].kind == Val::Bool && a[7].i)
    op->setAttr("isVolatile", b.getUnitAttr());
  // A block pointer's unit dimensions are not addressed (blockPtrAddress).
  DType elem = ptr.dtype.pointee();
  if (a[0].kind == Val::BlockPtr && !llvm::equal(ptr.shape(), a[0].blockShape))
    return Val::ir(b.create<mlir::tile::ReshapeOp>(
                       l, irType(elem, a[0].blockShape), op.getResult()),
                   elem);
  return Val::ir(op, elem);
}

Val CodeGen::emitStore(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val ptr = a[0];
  Val value = a[1], mask = a[2];
  std::vector<mlir::Value> blockCoords;
  if (ptr.kind == Val::BlockPtr) {
    if (mask.kind != Val::None)
      return error(call, "tl.store to a block pointer takes boundary_check, "
                         "not mask");
    if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
      return Val::error();
    if (llvm::equal(ptr.shape(), blockCoordsShape(a[0])))
      blockCoords = tmaBlockCoords(a[0], a[3], l);
    if (value.isIR() && !llvm::equal(ptr.shape(), a[0].blockShape)) {
      // The block's unit dimensions are not addressed (blockPtrAddress).
      value = broadcastTo(value, a[0].blockShape, l, call);
      if (value.isError())
        return value;
      value = Val::ir(b.create<mlir::tile::ReshapeOp>(
                          l, irType(value.dtype, ptr.shape()), value.v),
                      value.dtype);
    }
  } else {
    if (!ptr.isIR() || !ptr.dtype.isPointer)
      return error(call, "tl.store expects a pointer or a tensor of "
                         "pointers, got " +
                             describe(ptr));
    if (a[3].kind != Val::None &&
        !(a[3].kind == Val::Tuple && a[3].elems.empty()))
      return error(call, "boundary_check is only meaningful for block "
                         "pointers (tl.make_block_ptr); use mask");
  }
  if (value.isIR() && value.dtype.isPointer != ptr.dtype.isPointer &&
      value.dtype.isPointer)
    return error(call, "cannot store " + describe(value) + " through " +
                           describe(ptr));
  if (!value.isIR() && !value.isNumber())
    return error(call,
                 "tl.store expects a value to store, got " + describe(value));
  if (value.isIR() && value.shape().size() > ptr.shape().size() &&
      !ptr.shape().empty())
    return error(call, "cannot store " + describe(value) + " through " +
                           describe(ptr) + ": the shapes are incompatible");
  if (value.isIR() && !value.shape().empty() && ptr.shape().empty())
    ptr = broadcastTo(ptr, value.shape(), l, call);
  if (mask.kind != Val::None) {
    if (mask.isNumber())
      mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
    if (!mask.isIR())
      return error(call, "the mask of tl.store must be a boolean tensor, "
                         "got " +
                             describe(mask));
    if (!mask.dtype.isBool())
      return error(call, "the mask of " + shown.substr(0, shown.size() - 2) +
                             " must be a boolean (int1) tensor, got " +
                             describe(mask) + "; compare it, e.g. mask != 0");
    if (!broadcastPair(ptr, mask, l, call))
      return Val::error();
  }
  value = cast(value, ptr.dtype.pointee(), l, call);
  value = broadcastTo(value, ptr.shape(), l, call);
  if (value.isError() || ptr.isError())
    return Val::error();
  auto op = b.create<mlir::tile::StoreOp>(l, ptr.v, value.v,
                                          mask.isIR() ? mask.v : mlir::Value());
  if (!blockCoords.empty() && op.getMask())
    op.getBlockCoordsMutable().assign(blockCoords);
  for (int k : {4, 5}) {
    if (a[k].kind == Val::Str && !a[k].s.empty()) {
      if (!validCacheOption(k == 4, /*store=*/true, a[k].s)) {
        op->erase();
        return error(call, cacheOptionError(k == 4, true, a[k].s));
      }
      op->setAttr(k == 4 ? "cache" : "evict", b.getStringAttr(a[k].s));
    } else if (a[k].kind != Val::None && a[k].kind != Val::Str) {
      op->erase();
      return error(call,
                   llvm::Twine(entry.spec.params[k]) + " must be a string");
    }
  }
  return Val::none();
}
