//===- BuiltinsAtomic.cpp - The tl.atomic_* family ------------------------===//
//
// tl.atomic_add, _max, _min, _and, _or, _xor, _xchg and _cas: one
// tile.atomic_rmw or tile.atomic_cas, with Triton's argument rules.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace tilec;

namespace {

/// The atomic operations, one builtin each.
enum class AtomicOp { Add, Max, Min, And, Or, Xor, Xchg, Cas };

} // namespace

void CodeGen::registerAtomicBuiltins(BuiltinRegistry &r) {
  const std::pair<const char *, AtomicOp> rmw[] = {
      {"tl.atomic_add", AtomicOp::Add},  {"tl.atomic_max", AtomicOp::Max},
      {"tl.atomic_min", AtomicOp::Min},  {"tl.atomic_and", AtomicOp::And},
      {"tl.atomic_or", AtomicOp::Or},    {"tl.atomic_xor", AtomicOp::Xor},
      {"tl.atomic_xchg", AtomicOp::Xchg}};
  for (auto [name, op] : rmw)
    r.add(name, {"pointer", "val", "mask", "sem", "scope"}, 2,
          &CodeGen::emitAtomic, TensorMethod, unsigned(op));
  r.add("tl.atomic_cas", {"pointer", "cmp", "val", "sem", "scope"}, 3,
        &CodeGen::emitAtomic, TensorMethod, unsigned(AtomicOp::Cas));
}

/// tl.atomic_add / max / min / and / or / xor / xchg (pointer, val, mask,
/// sem, scope) and tl.atomic_cas (pointer, cmp, val, sem, scope): Triton's
/// argument rules (val cast to the pointee type and
/// broadcast to the pointer's shape, or the pointer to val's; sem and scope
/// strings, default "acq_rel" and "gpu").
Val CodeGen::emitAtomic(BuiltinCall &c) {
  llvm::StringRef name = c.name;
  std::vector<Val> &a = c.a;
  const Expr &call = c.call;
  mlir::Location l = c.loc;
  auto op = AtomicOp(c.entry.variant);
  bool cas = op == AtomicOp::Cas;
  bool bitwise =
      op == AtomicOp::And || op == AtomicOp::Or || op == AtomicOp::Xor;
  Val ptr = a[0];
  if (!ptr.isIR() || !ptr.dtype.isPointer)
    return error(call, name +
                           " expects a pointer or a tensor of pointers, got " +
                           describe(ptr));
  DType elt = ptr.dtype.pointee();
  ScalarKind k = elt.kind;
  bool isInt = k == ScalarKind::I32 || k == ScalarKind::I64 ||
               k == ScalarKind::U32 || k == ScalarKind::U64;
  bool wideFloat = k == ScalarKind::F32 || k == ScalarKind::F64;
  bool ok = op == AtomicOp::Add ? isInt || wideFloat || k == ScalarKind::F16 ||
                                      k == ScalarKind::BF16
            : op == AtomicOp::Max || op == AtomicOp::Min || op == AtomicOp::Xchg
                ? isInt || wideFloat
            : cas ? isInt || wideFloat || k == ScalarKind::I16 ||
                        k == ScalarKind::U16 || k == ScalarKind::F16 ||
                        k == ScalarKind::BF16
                  : isInt; // and, or, xor
  if (!ok)
    return error(call,
                 name + " does not support pointers to " + elt.tlName() +
                     (bitwise ? "; it takes 32- or 64-bit integers" : ""));
  auto readEnum = [&](unsigned i, const char *what, const char *dflt,
                      std::initializer_list<const char *> allowed,
                      std::string &out) {
    out = dflt;
    if (a[i].kind == Val::None || (a[i].kind == Val::Str && a[i].s.empty()))
      return true; // Triton: None or "" is the default
    if (a[i].kind != Val::Str) {
      error(call, llvm::Twine(what) + " of " + name +
                      " must be a string, got " + describe(a[i]));
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
  if (!readEnum(semIdx, "sem", "acq_rel",
                {"acquire", "release", "acq_rel", "relaxed"}, semS) ||
      !readEnum(scopeIdx, "scope", "gpu", {"gpu", "cta", "sys"}, scopeS))
    return Val::error();
  auto sem = *mlir::tile::symbolizeMemSemantic(semS);
  auto scope = *mlir::tile::symbolizeMemScope(scopeS);

  // Operands: cast to the pointee type; a scalar pointer broadcast to the
  // shape of a tensor value (as tl.store does), values to the pointer's.
  std::vector<Val *> vals =
      cas ? std::vector<Val *>{&a[1], &a[2]} : std::vector<Val *>{&a[1]};
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
  AtomicKind kind;
  switch (op) {
  case AtomicOp::Add:
    kind = AtomicKind::add;
    break;
  case AtomicOp::Max:
    kind = uns ? AtomicKind::umax : AtomicKind::max;
    break;
  case AtomicOp::Min:
    kind = uns ? AtomicKind::umin : AtomicKind::min;
    break;
  case AtomicOp::And:
    kind = AtomicKind::and_;
    break;
  case AtomicOp::Or:
    kind = AtomicKind::or_;
    break;
  case AtomicOp::Xor:
    kind = AtomicKind::xor_;
    break;
  default:
    kind = AtomicKind::xchg;
    break;
  }
  auto r = b.create<mlir::tile::AtomicRMWOp>(
      l, kind, sem, scope, ptr.v, a[1].v, mask.isIR() ? mask.v : mlir::Value());
  return Val::ir(r, elt);
}
