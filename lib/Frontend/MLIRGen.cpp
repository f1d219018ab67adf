//===- MLIRGen.cpp - Kernel entry, statements and helper calls ------------===//
//
// Statement-level code generation: the kernel's entry (binding parameters to
// the signature), simple statements (assignments, `return`, `assert`), and
// inlining of helper jit functions. Blocks and `if` are in ControlFlow.cpp,
// loops in Loops.cpp.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"
#include <functional>

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"

using namespace tilec;

mlir::Location CodeGen::loc(SourceLoc l) {
  mlir::Location fileLoc =
      mlir::FileLineColLoc::get(&ctx, diags.file(l.file).name(), l.line, l.col);
  if (callStack.empty())
    return fileLoc;
  return mlir::CallSiteLoc::get(fileLoc, callStack.back());
}

/// The compile-time value of a constant signature entry (a tuple's
/// elements recursively).
static Val constantOf(const SignatureEntry &e) {
  switch (e.kind) {
  case SignatureEntry::IntValue:
    return Val::integer(e.intValue);
  case SignatureEntry::FloatValue:
    return Val::floating(e.floatValue);
  case SignatureEntry::BoolValue:
    return Val::boolean(e.intValue);
  case SignatureEntry::StrValue:
    return Val::str(e.strValue);
  case SignatureEntry::DTypeValue:
    return Val::dtypeVal(e.type);
  case SignatureEntry::TupleValue: {
    std::vector<Val> elems;
    for (const SignatureEntry &x : e.elems)
      elems.push_back(constantOf(x));
    return Val::tuple(std::move(elems));
  }
  case SignatureEntry::NoneValue:
  case SignatureEntry::Type:
  case SignatureEntry::Descriptor:
    break;
  }
  return Val::none();
}

/// Whether a signature entry is or holds a type (a tuple of runtime
/// arguments).
static bool hasRuntime(const SignatureEntry &e) {
  if (e.kind == SignatureEntry::TupleValue)
    return llvm::any_of(e.elems, hasRuntime);
  return e.kind == SignatureEntry::Type || e.kind == SignatureEntry::Descriptor;
}

static void collectTargetNames(const Expr &t, std::set<std::string> &out) {
  if (t.kind == ExprKind::Name)
    out.insert(t.str);
  else if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
    for (auto &e : t.args)
      collectTargetNames(*e, out);
}

void tilec::collectAssigned(const std::vector<StmtPtr> &stmts,
                            std::set<std::string> &out) {
  for (auto &s : stmts) {
    switch (s->kind) {
    case StmtKind::Assign:
    case StmtKind::AugAssign:
    case StmtKind::AnnAssign:
    case StmtKind::For:
      for (auto &t : s->targets)
        collectTargetNames(*t, out);
      break;
    default:
      break;
    }
    collectAssigned(s->body, out);
    collectAssigned(s->orelse, out);
  }
}

bool tilec::collectLeaves(Val &v, std::vector<Val *> &out) {
  if (v.isIR() || v.isNumber()) {
    out.push_back(&v);
    return true;
  }
  if (v.isError())
    return false;
  if (!v.isAggregate())
    return true; // a compile-time part (None, a string, a dtype, ...)
  for (Val &e : v.elems)
    if (!collectLeaves(e, out))
      return false;
  return true;
}

bool tilec::sameStructure(const Val &a, const Val &b) {
  bool aLeaf = a.isIR() || a.isNumber(), bLeaf = b.isIR() || b.isNumber();
  if (aLeaf || bLeaf)
    return aLeaf && bLeaf;
  if (!a.isAggregate() || !b.isAggregate()) // compile-time parts: equal
    return a.kind == b.kind && a.s == b.s && a.i == b.i && a.f == b.f &&
           a.dtype == b.dtype && a.fn == b.fn && !a.isError();
  if (a.kind != b.kind || a.elems.size() != b.elems.size() ||
      a.blockShape != b.blockShape || a.order != b.order ||
      a.isDescriptor != b.isDescriptor || a.s != b.s)
    return false;
  for (size_t i = 0; i < a.elems.size(); ++i)
    if (!sameStructure(a.elems[i], b.elems[i]))
      return false;
  return true;
}

Val tilec::withLeaves(Val shape, llvm::ArrayRef<Val> leaves) {
  std::vector<Val *> slots;
  collectLeaves(shape, slots);
  for (size_t i = 0; i < slots.size() && i < leaves.size(); ++i)
    *slots[i] = leaves[i];
  return shape;
}

std::string tilec::partName(const std::string &name, const Val &whole,
                            size_t k) {
  if (!whole.isAggregate())
    return "'" + name + "'";
  return "'" + name + "' (its part " + std::to_string(k) + ")";
}

//===----------------------------------------------------------------------===//
// Kernel entry
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp> CodeGen::run(const KernelSpec &spec) {
  const Function &fn = *spec.kernel;
  mlir::Location fnLoc = loc(fn.loc);
  mlir::OwningOpRef<mlir::ModuleOp> mod = mlir::ModuleOp::create(fnLoc);
  mod->getOperation()->setAttr("tile.num_warps",
                               b.getI32IntegerAttr(spec.numWarps));
  numWarps = spec.numWarps;
  tmaBlocks = spec.tmaBlocks;

  DiagnosticEngine &sigDiags =
      spec.signatureDiags ? *spec.signatureDiags : diags;
  const auto &entries = spec.signature.entries;
  if (entries.size() > fn.params.size()) {
    const SignatureEntry &extra = entries[fn.params.size()];
    sigDiags.error(extra.loc,
                   "signature has " + llvm::Twine(entries.size()) +
                       " entries but kernel '" + fn.name + "' has " +
                       llvm::Twine(fn.params.size()) + " parameters",
                   extra.length);
    return nullptr;
  }

  // 1. Bind each parameter: constants are folded in, typed entries become
  //    function arguments in ABI order.
  llvm::SmallVector<mlir::Type> argTypes;
  llvm::SmallVector<std::pair<std::string, DType>> args;
  llvm::SmallVector<unsigned> divisibility;
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Param &p = fn.params[i];
    if (i >= entries.size()) {
      if (p.defaultValue) {
        Val d = genExpr(*p.defaultValue);
        if (!d.isError() && !d.isConstexpr())
          error(*p.defaultValue, "default value of parameter '" + p.name +
                                     "' must be a compile-time constant");
        scope[p.name] = d;
        continue;
      }
      sigDiags.error({1, unsigned(sigDiags.file().text().size() + 1)},
                     "signature has " + llvm::Twine(entries.size()) +
                         " entries but kernel '" + fn.name + "' has " +
                         llvm::Twine(fn.params.size()) +
                         " parameters; missing a value for '" + p.name + "'");
      diags.note(p.loc, "parameter '" + p.name + "' declared here",
                 p.name.size());
      return nullptr;
    }
    const SignatureEntry &e = entries[i];
    if (!hasRuntime(e)) {
      scope[p.name] = constantOf(e); // a constant: the parameter's value
      continue;
    }
    if (e.kind == SignatureEntry::TupleValue && !p.isConstexpr) {
      // A tuple of runtime arguments: its typed elements are arguments of
      // their own, in order (`t.0`, `t.1.0`: abiArguments), as Triton's
      // ABI flattens them; the parameter is the tuple of them.
      // (A tuple holds no descriptor: parseSignature rejects one.)
      std::function<void(const SignatureEntry &, const std::string &)> flatten =
          [&](const SignatureEntry &x, const std::string &name) {
            if (x.kind == SignatureEntry::Type) {
              argTypes.push_back(x.type.toMLIR(&ctx));
              args.push_back({name, x.type});
              divisibility.push_back(x.divisibility);
            } else if (x.kind == SignatureEntry::TupleValue) {
              for (size_t k = 0; k < x.elems.size(); ++k)
                flatten(x.elems[k], name + "." + std::to_string(k));
            }
          };
      flatten(e, p.name);
      runtimeTuples.push_back(i);
      continue;
    }
    if (p.isConstexpr) {
      sigDiags.error(e.loc,
                     "parameter '" + p.name +
                         "' is tl.constexpr: the signature must give its "
                         "value (e.g. 1024, or a dtype as tl.bfloat16), not "
                         "a type",
                     e.length);
      return nullptr;
    }
    if (e.kind == SignatureEntry::Descriptor) {
      // A host tensor descriptor: its base pointer (16-byte aligned, as
      // Triton's TensorDescriptor requires), shape (i32; multiples of 16
      // with `:16`) and strides (i64; all but the last a multiple of 16
      // bytes; the last is 1).
      hostDescriptors.push_back({i, args.size()});
      DType ptr = DType::pointerTo(e.type.kind),
            i32 = DType::scalar(ScalarKind::I32),
            i64 = DType::scalar(ScalarKind::I64);
      unsigned bytes = std::max(1u, e.type.bitwidth() / 8);
      argTypes.push_back(ptr.toMLIR(&ctx));
      args.push_back({p.name, ptr});
      divisibility.push_back(16);
      size_t rank = e.blockShape.size();
      for (size_t k = 0; k < rank; ++k) {
        argTypes.push_back(i32.toMLIR(&ctx));
        args.push_back({p.name + ".shape" + std::to_string(k), i32});
        divisibility.push_back(e.divisibility);
      }
      for (size_t k = 0; k < rank; ++k) {
        argTypes.push_back(i64.toMLIR(&ctx));
        args.push_back({p.name + ".stride" + std::to_string(k), i64});
        divisibility.push_back(k + 1 < rank ? std::max(1u, 16 / bytes) : 1);
      }
      continue;
    }
    argTypes.push_back(e.type.toMLIR(&ctx));
    args.push_back({p.name, e.type});
    divisibility.push_back(e.divisibility);
  }
  if (diags.hasErrors())
    return nullptr;

  b.setInsertionPointToEnd(mod->getBody());
  auto func = b.create<mlir::func::FuncOp>(fnLoc, fn.name,
                                           b.getFunctionType(argTypes, {}));
  func->setAttr("tile.kernel", b.getUnitAttr());
  mlir::Block *entry = func.addEntryBlock();
  for (size_t i = 0; i < args.size(); ++i) {
    scope[args[i].first] = Val::ir(entry->getArgument(i), args[i].second);
    if (divisibility[i] > 1)
      func.setArgAttr(i, "tile.divisibility",
                      b.getI32IntegerAttr(divisibility[i]));
  }
  // Tuples of runtime arguments, made of their flattened elements.
  for (size_t i : runtimeTuples) {
    std::function<Val(const SignatureEntry &, const std::string &)> build =
        [&](const SignatureEntry &x, const std::string &name) -> Val {
      if (x.kind == SignatureEntry::Type) {
        Val v = scope[name];
        scope.erase(name);
        return v;
      }
      if (x.kind != SignatureEntry::TupleValue)
        return constantOf(x);
      std::vector<Val> elems;
      for (size_t k = 0; k < x.elems.size(); ++k)
        elems.push_back(build(x.elems[k], name + "." + std::to_string(k)));
      return Val::tuple(std::move(elems));
    };
    scope[fn.params[i].name] = build(entries[i], fn.params[i].name);
  }
  if (tmaBlocks)
    for (auto [param, first] : hostDescriptors)
      func.setArgAttr(first, "tile.host_descriptor",
                      b.getStringAttr(fn.params[param].name));
  b.setInsertionPointToStart(entry);

  // Host tensor descriptors: the descriptor tl.make_tensor_descriptor would
  // make of the arguments (the last stride is 1).
  for (auto [param, first] : hostDescriptors) {
    const SignatureEntry &e = entries[param];
    const Param &p = fn.params[param];
    size_t rank = e.blockShape.size();
    std::vector<Val> shape, strides, block;
    for (size_t k = 0; k < rank; ++k) {
      shape.push_back(scope[args[first + 1 + k].first]);
      strides.push_back(k + 1 < rank ? scope[args[first + 1 + rank + k].first]
                                     : Val::integer(1));
      block.push_back(Val::integer(e.blockShape[k]));
    }
    Expr at(ExprKind::Name, p.loc);
    at.length = p.name.size();
    at.str = p.name;
    std::vector<Val> a = {scope[p.name], Val::tuple(shape), Val::tuple(strides),
                          Val::tuple(block), Val::none()};
    scope[p.name] = makeTensorDescriptor(a, at);
  }

  // 2. The body.
  activeFunctions.push_back(&fn);
  scope[kReturnedVar] = Val::boolean(false);
  genBlock(fn.body);
  activeFunctions.pop_back();
  b.create<mlir::func::ReturnOp>(loc(fn.loc));

  if (diags.hasErrors())
    return nullptr;
  if (mlir::failed(mlir::verify(*mod))) {
    diags.error(fn.loc, "internal error: generated IR for kernel '" + fn.name +
                            "' does not verify (see above)");
    return nullptr;
  }
  return mod;
}

void CodeGen::genStmt(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::Pass:
    return;
  case StmtKind::Expr:
    if (s.value->kind != ExprKind::Str && s.value->kind != ExprKind::Ellipsis)
      genExpr(*s.value);
    return;
  case StmtKind::Assign: {
    Val v = boundValue(genExpr(*s.value), loc(*s.value), *s.value);
    for (auto &t : s.targets)
      genAssign(*t, v, s);
    return;
  }
  case StmtKind::AnnAssign: {
    if (!s.value)
      return;
    // `x: tl.constexpr = v`: Triton wraps whatever v is in a constexpr,
    // so a runtime v stays a runtime value there (FlagGems' radix sort:
    // `CTA_TILE_N: tl.constexpr = TILE_N * tiles_n_per_cta` of an i32
    // argument); a use that needs a constant reports it where it is made.
    // Any other annotation (`x: tl.int32 = 0`) binds as `=` does.
    Val v = genExpr(*s.value);
    if (!isConstexprAnnotation(s.annotation.get()))
      v = boundValue(v, loc(*s.value), *s.value);
    genAssign(*s.targets[0], v, s);
    return;
  }
  case StmtKind::AugAssign: {
    const Expr &target = *s.targets[0];
    if (target.kind != ExprKind::Name) {
      error(target, "augmented assignment is only supported to a variable");
      return;
    }
    Val cur = lookupName(target);
    Val rhs = genExpr(*s.value);
    Expr where(ExprKind::BinOp, s.loc);
    where.length = target.length;
    Val result = boundValue(binaryOp(s.op, cur, rhs, where), loc(where), where);
    genAssign(target, result, s);
    return;
  }
  case StmtKind::If:
    genIf(s);
    return;
  case StmtKind::Try:
    // Host code run at compile time (jit functions do not parse `try`), as
    // if nothing raises: the body, then its `else`.
    genBlock(s.body);
    if (returnState() == ReturnState::No)
      genBlock(s.orelse);
    return;
  case StmtKind::Except:
    return;
  case StmtKind::For:
    genFor(s);
    return;
  case StmtKind::While:
    genWhile(s);
    return;
  case StmtKind::Return: {
    if (loopDepth > 0) {
      error(s.loc,
            "'return' inside a 'for' or 'while' loop is not supported "
            "(Triton rejects it too)",
            s.length);
      return;
    }
    if (!inHelper && s.value) {
      error(*s.value, "a kernel cannot return a value; store results with "
                      "tl.store");
      return;
    }
    if (inHelper)
      scope[kReturnValueVar] =
          s.value ? boundValue(genExpr(*s.value), loc(*s.value), *s.value)
                  : Val::none();
    scope[kReturnedVar] = Val::boolean(true);
    return;
  }
  case StmtKind::Break:
  case StmtKind::Continue:
    error(s.loc,
          llvm::Twine("'") +
              (s.kind == StmtKind::Break ? "break" : "continue") +
              "' is not supported in jit functions: loops compile to scf.for "
              "and scf.while",
          s.length);
    return;
  case StmtKind::Raise: {
    std::string what;
    if (s.value && s.value->kind == ExprKind::Call &&
        s.value->args.size() >= 2 && s.value->args[1]->kind == ExprKind::Str)
      what = ": " + s.value->args[1]->str;
    error(s.loc,
          "'raise' reached in a jit function" + what +
              " (only a branch that is never compiled, under a compile-time "
              "condition that is false, may raise)",
          s.length);
    // Nothing after it runs: no follow-on errors from the rest of the block.
    scope[kReturnedVar] = Val::boolean(true);
    return;
  }
  case StmtKind::Assert: {
    Val c = genExpr(*s.test);
    if (c.isError() || c.isIR())
      return; // runtime asserts are compiled out, as in Triton without debug
    bool t;
    if (truthy(c, *s.test, t) && !t) {
      std::string msg = "assertion failed";
      if (s.value) {
        Val m = genExpr(*s.value);
        if (m.kind == Val::Str)
          msg += ": " + m.s;
      }
      error(*s.test, msg);
    }
    return;
  }
  }
}

void CodeGen::genAssign(const Expr &target, Val value, const Stmt &s) {
  switch (target.kind) {
  case ExprKind::Name:
    if (target.str == "tl" || target.str == "triton") {
      error(target, "cannot assign to '" + target.str + "'");
      return;
    }
    scope[target.str] = value;
    return;
  case ExprKind::Tuple:
  case ExprKind::List: {
    if (value.isError()) {
      for (auto &t : target.args)
        genAssign(*t, Val::error(), s);
      return;
    }
    if (value.kind != Val::Tuple) {
      error(target, "cannot unpack " + describe(value) + " into " +
                        llvm::Twine(target.args.size()) + " variables");
      for (auto &t : target.args)
        genAssign(*t, Val::error(), s);
      return;
    }
    if (value.elems.size() != target.args.size()) {
      error(target, "cannot unpack a tuple of " +
                        llvm::Twine(value.elems.size()) + " values into " +
                        llvm::Twine(target.args.size()) + " variables");
      for (auto &t : target.args)
        genAssign(*t, Val::error(), s);
      return;
    }
    for (size_t i = 0; i < target.args.size(); ++i)
      genAssign(*target.args[i], value.elems[i], s);
    return;
  }
  case ExprKind::Subscript:
    error(target, "assignment to an element of a tensor is not supported; "
                  "tiles are values (use tl.where, or tl.store to memory)");
    return;
  case ExprKind::Attribute:
    error(target, "assignment to an attribute is not supported in jit "
                  "functions");
    return;
  default:
    error(target, "cannot assign to this expression");
  }
}

//===----------------------------------------------------------------------===//
// Helper functions
//===----------------------------------------------------------------------===//

Val CodeGen::callFunction(const Function &fn, const Expr &call,
                          std::vector<Val> args,
                          std::vector<std::pair<std::string, Val>> kwargs) {
  if (++inlinedCalls > 20000) {
    if (!sizeLimitReported)
      error(call, "kernel is too large: more than 20000 jit function calls "
                  "inlined");
    sizeLimitReported = true;
    return Val::error();
  }
  if (std::count(activeFunctions.begin(), activeFunctions.end(), &fn))
    return error(call, "recursive call to jit function '" + fn.name +
                           "' is not supported");
  if (activeFunctions.size() > 64)
    return error(call, "jit function calls are nested too deeply (more than "
                       "64 levels)");
  if (args.size() > fn.params.size())
    return error(call,
                 "'" + fn.name + "' takes " + llvm::Twine(fn.params.size()) +
                     (fn.params.size() == 1 ? " argument" : " arguments") +
                     " but " + llvm::Twine(args.size()) +
                     (args.size() == 1 ? " was given" : " were given"));
  if (fn.constexprFunction) {
    for (const Val &v : args)
      if (!v.isConstexpr())
        return error(call, "the compile-time function '" + fn.name +
                               "' takes compile-time arguments, got " +
                               describe(v));
    for (auto &kw : kwargs)
      if (!kw.second.isConstexpr())
        return error(call, "the compile-time function '" + fn.name +
                               "' takes compile-time arguments, got " +
                               describe(kw.second) + " for '" + kw.first + "'");
  }
  // 1. Bind arguments to parameters.
  Scope callee;
  for (size_t i = 0; i < args.size(); ++i)
    callee[fn.params[i].name] = args[i];
  for (auto &kw : kwargs) {
    const std::string &name = kw.first;
    Val &v = kw.second;
    auto it = std::find_if(fn.params.begin(), fn.params.end(),
                           [&](const Param &p) { return p.name == name; });
    if (it == fn.params.end())
      return error(call, "'" + fn.name +
                             "' got an unexpected keyword "
                             "argument '" +
                             name + "'");
    if (callee.count(name))
      return error(call, "'" + fn.name +
                             "' got multiple values for "
                             "argument '" +
                             name + "'");
    callee[name] = v;
  }
  // The body, and its parameters' defaults, see the names of the module
  // that defines the function.
  const Module *callerModule = mod;
  auto restoreModule = llvm::make_scope_exit([&] { mod = callerModule; });
  if (fn.owner)
    mod = fn.owner;
  for (auto &p : fn.params) {
    if (callee.count(p.name))
      continue;
    if (!p.defaultValue)
      return error(call, "'" + fn.name +
                             "' is missing a value for "
                             "parameter '" +
                             p.name + "'");
    Scope saved = std::move(scope);
    scope.clear();
    callee[p.name] = genExpr(*p.defaultValue);
    scope = std::move(saved);
  }
  // A helper's `tl.constexpr` annotation does not constrain its callers:
  // a runtime value passed there stays a runtime value, as in Triton (its
  // tutorial 06 passes `offs_m` tensors to constexpr parameters). Only the
  // kernel's own parameters must be constants (the signature's business).
  // 2. Generate the body in its own scope, at the call site.
  Scope saved = std::move(scope);
  scope = std::move(callee);
  bool savedInHelper = inHelper;
  unsigned savedLoopDepth = loopDepth;
  inHelper = true;
  loopDepth = 0;
  scope[kReturnedVar] = Val::boolean(false);
  scope[kReturnValueVar] = Val::none();
  callStack.push_back(loc(call));
  activeFunctions.push_back(&fn);
  unsigned errorsBefore = diags.numErrors();
  constexprDepth += fn.constexprFunction;
  genBlock(fn.body);
  constexprDepth -= fn.constexprFunction;
  activeFunctions.pop_back();
  callStack.pop_back();
  Val result = scope[kReturnValueVar];
  inHelper = savedInHelper;
  loopDepth = savedLoopDepth;
  scope = std::move(saved);
  if (diags.numErrors() != errorsBefore) {
    // A function of host code runs here only as a compile-time function's
    // callee (lookupName), in the kernel language.
    bool isHost = false;
    if (fn.owner) {
      auto h = fn.owner->hostFunctions.find(fn.name);
      isHost = h != fn.owner->hostFunctions.end() && h->second.get() == &fn;
    }
    diags.note(call.loc,
               std::string(fn.constexprFunction
                               ? "in the call to the compile-time function '"
                           : isHost ? "in the call, at compile time, to the "
                                      "function of host code '"
                                    : "in the call to jit function '") +
                   fn.name + "' here",
               call.length);
    return Val::error();
  }
  if (fn.constexprFunction && !result.isConstexpr())
    return error(call, "the compile-time function '" + fn.name +
                           "' must return a compile-time value, got " +
                           describe(result));
  return result;
}

mlir::OwningOpRef<mlir::ModuleOp> tilec::mlirGen(mlir::MLIRContext &ctx,
                                                 const Module &module,
                                                 const KernelSpec &spec,
                                                 DiagnosticEngine &diags) {
  CodeGen cg(ctx, module, diags, spec.loader);
  return cg.run(spec);
}
