//===- BuiltinRegistry.cpp - Calls of builtins ----------------------------===//
//
// The registry of builtins, built once from every family's entries, and the
// call of one: its arguments bound by Triton's parameter names (so keyword
// calls like `tl.load(p, mask=m, other=0.0)` work) and checked, then its
// emitter run.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "llvm/ADT/StringSet.h"

#include <functional>

#include <cassert>

using namespace tilec;

BuiltinEntry &BuiltinRegistry::add(llvm::StringRef name,
                                   std::vector<const char *> params,
                                   unsigned required,
                                   CodeGen::BuiltinEmitter emit, unsigned flags,
                                   unsigned variant) {
  BuiltinEntry entry;
  entry.spec = BuiltinSpec{std::move(params), required, flags};
  entry.emit = emit;
  entry.variant = variant;
  auto [it, inserted] = entries.try_emplace(name, std::move(entry));
  assert(inserted && "builtin registered twice");
  (void)inserted;
  return it->second;
}

const BuiltinEntry *BuiltinRegistry::lookup(llvm::StringRef name) const {
  auto it = entries.find(name);
  return it == entries.end() ? nullptr : &it->second;
}

const BuiltinRegistry &CodeGen::builtinRegistry() {
  static const BuiltinRegistry registry = [] {
    BuiltinRegistry r;
    registerCoreBuiltins(r);
    registerShapeBuiltins(r);
    registerMemoryBuiltins(r);
    registerAtomicBuiltins(r);
    registerMathBuiltins(r);
    registerScanBuiltins(r);
    registerReorderBuiltins(r);
    registerLookupBuiltins(r);
    registerAsmBuiltins(r);
    registerTypeBuiltins(r);
    registerHintBuiltins(r);
    registerRandomBuiltins(r);
    registerLibdeviceBuiltins(r);
    registerBlockPtrBuiltins(r);
    return r;
  }();
  return registry;
}

bool CodeGen::isBuiltin(llvm::StringRef tlName) {
  return builtinRegistry().lookup(tlName) != nullptr;
}

bool CodeGen::isTensorMethod(llvm::StringRef name) {
  if (name == "to") // x.to(dtype) is tl.cast
    return true;
  const BuiltinEntry *e = builtinRegistry().lookup(("tl." + name).str());
  return e && (e->spec.flags & TensorMethod);
}

Val CodeGen::tensorArg(const BuiltinCall &c, const Val &v) {
  if (v.isNumber())
    return toIR(v, c.loc, c.call);
  if (!v.isIR())
    return error(c.call, c.shown + " expects a tensor, got " + describe(v));
  return v;
}

Val CodeGen::callBuiltin(llvm::StringRef name, const Expr &call,
                         std::vector<Val> args,
                         std::vector<std::pair<std::string, Val>> kwargs) {
  const BuiltinEntry *entry = builtinRegistry().lookup(name);
  if (!entry)
    return error(call, "'" + name + "' is not supported by tilec");
  const BuiltinSpec &sig = entry->spec;
  std::string shown = name.str() + "()";

  // A compile-time integer outside int64 (Val::isWide) reaches only the
  // builtins that take it as a number (values of tiles, Python's numeric
  // builtins, printing); as a size, offset, axis or hint it is an error.
  static const llvm::StringSet<> wideOk = {"tl.full",
                                           "tl.where",
                                           "tl.maximum",
                                           "tl.minimum",
                                           "tl.store",
                                           "tl.static_print",
                                           "tl.static_assert",
                                           "float",
                                           "int",
                                           "bool",
                                           "abs",
                                           "min",
                                           "max"};
  if (!wideOk.contains(name)) {
    std::function<const Val *(const Val &)> wide =
        [&](const Val &v) -> const Val * {
      if (v.kind == Val::Int && v.isWide)
        return &v;
      if (v.kind == Val::Tuple)
        for (const Val &e : v.elems)
          if (const Val *w = wide(e))
            return w;
      return nullptr;
    };
    std::vector<const Val *> given;
    for (const Val &v : args)
      given.push_back(&v);
    for (auto &kv : kwargs)
      given.push_back(&kv.second);
    for (const Val *v : given)
      if (const Val *w = wide(*v))
        return error(call, shown +
                               " takes compile-time integers of int64's "
                               "range, got " +
                               describe(*w));
  }

  // 1. Bind arguments by position and keyword.
  if ((sig.flags & VariadicShape) && args.size() > 2) {
    std::vector<Val> rest(args.begin() + 1, args.end());
    args.resize(1);
    args.push_back(Val::tuple(std::move(rest)));
  }
  if (sig.flags & Unbound) {
    std::vector<bool> given(args.size(), true);
    BuiltinCall c{*entry, name, call, args, given, shown, loc(call), kwargs};
    return (this->*entry->emit)(c);
  }
  if (args.size() > sig.params.size())
    return error(call, shown + " takes at most " +
                           llvm::Twine(sig.params.size()) +
                           " positional arguments but " +
                           llvm::Twine(args.size()) + " were given");
  std::vector<Val> a(sig.params.size(), Val::none());
  std::vector<bool> given(sig.params.size(), false);
  for (size_t i = 0; i < args.size(); ++i) {
    a[i] = args[i];
    given[i] = true;
  }
  for (auto &[kw, v] : kwargs) {
    size_t i = 0;
    while (i < sig.params.size() && kw != sig.params[i])
      ++i;
    if (i == sig.params.size())
      return error(call,
                   shown + " got an unexpected keyword argument '" + kw + "'");
    if (given[i])
      return error(call,
                   shown + " got multiple values for argument '" + kw + "'");
    a[i] = v;
    given[i] = true;
  }
  for (unsigned i = 0; i < sig.required; ++i)
    if (!given[i])
      return error(call, shown + " is missing required argument '" +
                             sig.params[i] + "'");

  // 2. fp8 values are stored, loaded, moved and converted (and tl.dot
  // converts them itself); computing on them needs a conversion first.
  if (!(sig.flags & TakesFP8))
    for (const Val &v : a)
      if (v.isIR() && v.dtype.isFP8())
        return error(call, shown + " of " + v.dtype.tlName() +
                               " values is not supported: convert them with "
                               ".to(tl.float16) or .to(tl.float32) first");

  // 3. Emit.
  BuiltinCall c{*entry, name, call, a, given, shown, loc(call), kwargs};
  return (this->*entry->emit)(c);
}
