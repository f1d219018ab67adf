//===- BuiltinsMemory.cpp - Loads, stores and atomics -----------------------===//
//
// tl.load and tl.store (masks, other, boundary checks of block pointers,
// cache and eviction options), and the tl.atomic_* family.
//
//===----------------------------------------------------------------------===//

#include "BuiltinUtils.h"
#include "CodeGen.h"

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
         " must be " + (store ? "'.wb', '.cg', '.cs' or '.wt'"
                              : "'.ca', '.cg', '.cs', '.lu' or '.cv'") +
         ", got '" + v.str() + "'";
}

/// tl.atomic_add / max / min / and / or / xor / xchg (pointer, val, mask,
/// sem, scope) and tl.atomic_cas (pointer, cmp, val, sem, scope), bound by
/// callBuiltin: Triton's argument rules (val cast to the pointee type and
/// broadcast to the pointer's shape, or the pointer to val's; sem and scope
/// strings, default "acq_rel" and "gpu").
Val CodeGen::atomic(llvm::StringRef name, std::vector<Val> &a,
                    const Expr &call) {
  mlir::Location l = loc(call);
  std::string op = name.drop_front(strlen("tl.atomic_")).str();
  bool cas = op == "cas";
  Val ptr = a[0];
  if (!ptr.isIR() || !ptr.dtype.isPointer)
    return error(call, name + " expects a pointer or a tensor of pointers, got " +
                           describe(ptr));
  DType elt = ptr.dtype.pointee();
  ScalarKind k = elt.kind;
  bool isInt = k == ScalarKind::I32 || k == ScalarKind::I64 ||
               k == ScalarKind::U32 || k == ScalarKind::U64;
  bool wideFloat = k == ScalarKind::F32 || k == ScalarKind::F64;
  bool ok = op == "add"   ? isInt || wideFloat || k == ScalarKind::F16 ||
                                k == ScalarKind::BF16
            : op == "max" || op == "min" || op == "xchg" ? isInt || wideFloat
            : op == "cas" ? isInt || wideFloat || k == ScalarKind::I16 ||
                                k == ScalarKind::U16 || k == ScalarKind::F16 ||
                                k == ScalarKind::BF16
                          : isInt; // and, or, xor
  if (!ok)
    return error(call, name + " does not support pointers to " + elt.tlName() +
                           (op == "and" || op == "or" || op == "xor"
                                ? "; it takes 32- or 64-bit integers"
                                : ""));
  auto readEnum = [&](unsigned i, const char *what, const char *dflt,
                      std::initializer_list<const char *> allowed,
                      std::string &out) {
    out = dflt;
    if (a[i].kind == Val::None || (a[i].kind == Val::Str && a[i].s.empty()))
      return true; // Triton: None or "" is the default
    if (a[i].kind != Val::Str) {
      error(call, llvm::Twine(what) + " of " + name + " must be a string, got " +
                      describe(a[i]));
      return false;
    }
    std::string list;
    for (const char *v : allowed) {
      if (a[i].s == v) {
        out = v;
        return true;
      }
      list += (list.empty() ? "'" : ", '") + std::string(v) + "'";
    }
    error(call, llvm::Twine(what) + " '" + a[i].s + "' of " + name +
                    " is not one of " + list);
    return false;
  };
  unsigned semIdx = 3, scopeIdx = 4;
  std::string semS, scopeS;
  if (!readEnum(semIdx, "sem", "acq_rel", {"acquire", "release", "acq_rel", "relaxed"},
                semS) ||
      !readEnum(scopeIdx, "scope", "gpu", {"gpu", "cta", "sys"}, scopeS))
    return Val::error();
  auto sem = *mlir::tile::symbolizeMemSemantic(semS);
  auto scope = *mlir::tile::symbolizeMemScope(scopeS);

  // Operands: cast to the pointee type; a scalar pointer broadcast to the
  // shape of a tensor value (as tl.store does), values to the pointer's.
  std::vector<Val *> vals = cas ? std::vector<Val *>{&a[1], &a[2]}
                                : std::vector<Val *>{&a[1]};
  for (Val *v : vals) {
    if (!v->isIR() && !v->isNumber())
      return error(call, name + " expects a value, got " + describe(*v));
    if (v->isIR() && v->dtype.isPointer)
      return error(call, name + " cannot apply " + describe(*v) + " through " +
                             describe(ptr));
    if (v->isIR() && !v->shape().empty() && ptr.shape().empty())
      ptr = broadcastTo(ptr, v->shape(), l, call);
    if (ptr.isError())
      return ptr;
  }
  for (Val *v : vals) {
    *v = cast(*v, elt, l, call);
    if (!v->isError())
      *v = broadcastTo(*v, ptr.shape(), l, call);
    if (v->isError())
      return Val::error();
  }
  if (cas) {
    auto r = b.create<mlir::tile::AtomicCASOp>(
        l, a[2].v.getType(),
        mlir::tile::MemSemanticAttr::get(b.getContext(), sem),
        mlir::tile::MemScopeAttr::get(b.getContext(), scope), ptr.v, a[1].v,
        a[2].v);
    return Val::ir(r, elt);
  }
  Val mask = a[2];
  if (mask.kind != Val::None) {
    if (mask.isNumber())
      mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
    if (!mask.isIR() || !mask.dtype.isBool())
      return error(call, "the mask of " + name +
                             " must be a boolean (int1) tensor, got " +
                             describe(mask) + "; compare it, e.g. mask != 0");
    if (!mask.shape().empty() && ptr.shape().empty()) {
      ptr = broadcastTo(ptr, mask.shape(), l, call);
      a[1] = broadcastTo(a[1], mask.shape(), l, call);
      if (ptr.isError() || a[1].isError())
        return Val::error();
    }
    mask = broadcastTo(mask, ptr.shape(), l, call);
    if (mask.isError())
      return mask;
  }
  using mlir::tile::AtomicKind;
  bool uns = elt.isUnsigned();
  AtomicKind kind = op == "add"   ? AtomicKind::add
                    : op == "max" ? (uns ? AtomicKind::umax : AtomicKind::max)
                    : op == "min" ? (uns ? AtomicKind::umin : AtomicKind::min)
                    : op == "and" ? AtomicKind::and_
                    : op == "or"  ? AtomicKind::or_
                    : op == "xor" ? AtomicKind::xor_
                                  : AtomicKind::xchg;
  auto r = b.create<mlir::tile::AtomicRMWOp>(
      l, kind, sem, scope, ptr.v, a[1].v, mask.isIR() ? mask.v : mlir::Value());
  return Val::ir(r, elt);
}

std::optional<Val> CodeGen::memoryBuiltin(BuiltinCall &c) {
  auto &[name, call, a, given, shown, l, params] = c;

  if (name == "tl.load") {
    Val ptr = a[0], mask = a[1], other = a[2];
    if (ptr.kind == Val::BlockPtr) {
      if (mask.kind != Val::None || other.kind != Val::None)
        return error(call, "tl.load of a block pointer takes boundary_check "
                           "and padding_option, not mask or other");
      Val pad = a[4];
      if (pad.kind != Val::None && pad.kind != Val::Str)
        return error(call, "padding_option must be a string, got " +
                               describe(pad));
      std::string padding = pad.kind == Val::Str ? pad.s : "";
      DType elem = ptr.elems[0].dtype.pointee();
      if (padding == "nan" && !elem.isFloat())
        return error(call, "padding_option 'nan' needs a floating-point "
                           "block, got " + elem.tlName());
      if (!padding.empty() && padding != "zero" && padding != "nan")
        return error(call, "padding_option must be 'zero' or 'nan', got '" +
                               padding + "'");
      if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
        return Val::error();
      if (mask.kind != Val::None && !padding.empty())
        other = padding == "nan" ? Val::floating(std::nan(""))
                                 : Val::integer(0);
    } else {
      if (!ptr.isIR() || !ptr.dtype.isPointer)
        return error(call, "tl.load expects a pointer or a tensor of "
                           "pointers, got " + describe(ptr));
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
    for (int k : {5, 6}) {
      if (a[k].kind == Val::Str && !a[k].s.empty()) {
        if (!validCacheOption(k == 5, /*store=*/false, a[k].s))
          return error(call, cacheOptionError(k == 5, false, a[k].s));
        op->setAttr(k == 5 ? "cache" : "evict", b.getStringAttr(a[k].s));
      } else if (a[k].kind != Val::None && a[k].kind != Val::Str)
        return error(call, llvm::Twine(c.params[k]) + " must be a string");
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
  if (name == "tl.store") {
    Val ptr = a[0];
    Val value = a[1], mask = a[2];
    if (ptr.kind == Val::BlockPtr) {
      if (mask.kind != Val::None)
        return error(call, "tl.store to a block pointer takes boundary_check, "
                           "not mask");
      if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
        return Val::error();
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
                           "pointers, got " + describe(ptr));
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
      return error(call, "tl.store expects a value to store, got " +
                             describe(value));
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
                           "got " + describe(mask));
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
    for (int k : {4, 5}) {
      if (a[k].kind == Val::Str && !a[k].s.empty()) {
        if (!validCacheOption(k == 4, /*store=*/true, a[k].s)) {
          op->erase();
          return error(call, cacheOptionError(k == 4, true, a[k].s));
        }
        op->setAttr(k == 4 ? "cache" : "evict", b.getStringAttr(a[k].s));
      } else if (a[k].kind != Val::None && a[k].kind != Val::Str) {
        op->erase();
        return error(call, llvm::Twine(c.params[k]) + " must be a string");
      }
    }
    return Val::none();
  }
  if (name.starts_with("tl.atomic_"))
    return atomic(name, a, call);
  return std::nullopt;
}
