//===- MLIRGen.cpp - Statements, control flow and kernel entry ------------===//
//
// Statement-level code generation: the kernel's entry (binding parameters to
// the signature), assignments, `if` (compile-time or scf.if), `for` (unrolled
// for tl.static_range, scf.for otherwise), `while` (scf.while), and inlining
// of helper jit functions.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"

using namespace tilec;

mlir::Location CodeGen::loc(SourceLoc l) {
  mlir::Location fileLoc = mlir::FileLineColLoc::get(
      &ctx, diags.file().name(), l.line, l.col);
  if (callStack.empty())
    return fileLoc;
  return mlir::CallSiteLoc::get(fileLoc, callStack.back());
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

namespace {
/// `shape` with its leaves (collectLeaves) replaced by `leaves`.
Val withLeaves(Val shape, llvm::ArrayRef<Val> leaves) {
  std::vector<Val *> slots;
  collectLeaves(shape, slots);
  for (size_t i = 0; i < slots.size() && i < leaves.size(); ++i)
    *slots[i] = leaves[i];
  return shape;
}

/// How a diagnostic names part `k` of a carried or merged variable.
std::string partName(const std::string &name, const Val &whole, size_t k) {
  if (!whole.isAggregate())
    return "'" + name + "'";
  return "'" + name + "' (its part " + std::to_string(k) + ")";
}
} // namespace

//===----------------------------------------------------------------------===//
// Kernel entry
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp> CodeGen::run(const KernelSpec &spec) {
  const Function &fn = *spec.kernel;
  mlir::Location fnLoc = loc(fn.loc);
  mlir::OwningOpRef<mlir::ModuleOp> mod = mlir::ModuleOp::create(fnLoc);
  mod->getOperation()->setAttr("tile.num_warps",
                               b.getI32IntegerAttr(spec.numWarps));

  DiagnosticEngine &sigDiags = spec.signatureDiags ? *spec.signatureDiags : diags;
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
    switch (e.kind) {
    case SignatureEntry::IntValue:
      scope[p.name] = Val::integer(e.intValue);
      continue;
    case SignatureEntry::FloatValue:
      scope[p.name] = Val::floating(e.floatValue);
      continue;
    case SignatureEntry::BoolValue:
      scope[p.name] = Val::boolean(e.intValue);
      continue;
    case SignatureEntry::StrValue:
      scope[p.name] = Val::str(e.strValue);
      continue;
    case SignatureEntry::NoneValue:
      scope[p.name] = Val::none();
      continue;
    case SignatureEntry::Type:
      break;
    }
    if (p.isConstexpr) {
      sigDiags.error(e.loc,
                     "parameter '" + p.name +
                         "' is tl.constexpr: the signature must give its "
                         "value (e.g. 1024), not a type",
                     e.length);
      return nullptr;
    }
    argTypes.push_back(e.type.toMLIR(&ctx));
    args.push_back({p.name, e.type});
    divisibility.push_back(e.divisibility);
  }
  if (diags.hasErrors())
    return nullptr;

  b.setInsertionPointToEnd(mod->getBody());
  auto func = b.create<mlir::func::FuncOp>(
      fnLoc, fn.name, b.getFunctionType(argTypes, {}));
  func->setAttr("tile.kernel", b.getUnitAttr());
  mlir::Block *entry = func.addEntryBlock();
  for (size_t i = 0; i < args.size(); ++i) {
    scope[args[i].first] = Val::ir(entry->getArgument(i), args[i].second);
    if (divisibility[i] > 1)
      func.setArgAttr(i, "tile.divisibility",
                      b.getI32IntegerAttr(divisibility[i]));
  }
  b.setInsertionPointToStart(entry);

  // 2. The body.
  activeFunctions.push_back(&fn);
  kernelBody = &fn.body;
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

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool CodeGen::genBlock(const std::vector<StmtPtr> &stmts) {
  bool topLevel = &stmts == kernelBody && !inHelper;
  for (size_t i = 0; i < stmts.size(); ++i) {
    const Stmt &s = *stmts[i];
    if (topLevel && s.kind == StmtKind::If) {
      if (genIf(s, llvm::ArrayRef<StmtPtr>(stmts).drop_front(i + 1))) {
        returned = true;
        return false;
      }
    } else if (!genStmt(s)) {
      return false;
    }
    if (returned)
      return false;
  }
  return true;
}

void CodeGen::checkOnly(const std::vector<StmtPtr> &stmts) {
  Scope before = scope;
  std::set<std::string> assigned;
  collectAssigned(stmts, assigned);
  auto *scratch = new mlir::Block();
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(scratch);
    bool savedReturned = returned;
    ++runtimeControlDepth;
    genBlock(stmts);
    --runtimeControlDepth;
    returned = savedReturned;
  }
  while (!scratch->empty()) {
    scratch->back().dropAllUses();
    scratch->back().erase();
  }
  delete scratch;
  scope = before;
  for (auto &name : assigned)
    scope[name] = Val::error();
}

static bool endsWithReturn(const std::vector<StmtPtr> &stmts) {
  return !stmts.empty() && stmts.back()->kind == StmtKind::Return &&
         !stmts.back()->value;
}

bool CodeGen::genStmt(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Expr:
    if (s.value->kind != ExprKind::Str && s.value->kind != ExprKind::Ellipsis)
      genExpr(*s.value);
    return true;
  case StmtKind::Assign: {
    Val v = genExpr(*s.value);
    for (auto &t : s.targets)
      genAssign(*t, v, s);
    return true;
  }
  case StmtKind::AnnAssign: {
    if (!s.value)
      return true;
    Val v = genExpr(*s.value);
    const Expr &ann = *s.annotation;
    bool constexprAnn = (ann.kind == ExprKind::Name && ann.str == "constexpr") ||
                        (ann.kind == ExprKind::Attribute && ann.str == "constexpr");
    if (constexprAnn && !v.isError() && !v.isConstexpr()) {
      error(*s.value, "value assigned to a tl.constexpr variable must be a "
                      "compile-time constant, got " + describe(v));
      v = Val::error();
    }
    genAssign(*s.targets[0], v, s);
    return true;
  }
  case StmtKind::AugAssign: {
    const Expr &target = *s.targets[0];
    if (target.kind != ExprKind::Name) {
      error(target, "augmented assignment is only supported to a variable");
      return true;
    }
    Val cur = lookupName(target);
    Val rhs = genExpr(*s.value);
    Expr where(ExprKind::BinOp, s.loc);
    where.length = target.length;
    Val result = binaryOp(s.op, cur, rhs, where);
    genAssign(target, result, s);
    return true;
  }
  case StmtKind::If:
    genIf(s);
    return true;
  case StmtKind::For:
    genFor(s);
    return true;
  case StmtKind::While:
    genWhile(s);
    return true;
  case StmtKind::Return: {
    if (earlyReturnAllowed && !s.value) {
      returned = true;
      return false;
    }
    if (runtimeControlDepth > 0) {
      error(s.loc, "'return' inside a loop or an 'if' on a runtime value is "
                   "not supported",
            s.length);
      return true;
    }
    if (!inHelper) {
      if (s.value) {
        error(*s.value, "a kernel cannot return a value; store results with "
                        "tl.store");
        return true;
      }
    } else {
      returnValue = s.value ? genExpr(*s.value) : Val::none();
    }
    returned = true;
    return false;
  }
  case StmtKind::Break:
  case StmtKind::Continue:
    error(s.loc,
          llvm::Twine("'") + (s.kind == StmtKind::Break ? "break" : "continue") +
              "' is not supported in jit functions: loops compile to scf.for "
              "and scf.while",
          s.length);
    return true;
  case StmtKind::Assert: {
    Val c = genExpr(*s.test);
    if (c.isError() || c.isIR())
      return true; // runtime asserts are compiled out, as in Triton without debug
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
    return true;
  }
  }
  return true;
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

/// Turns an IR or constant condition into a scalar i1 IR value for scf.
static std::optional<mlir::Value> scalarCondition(CodeGen &cg, Val c,
                                                  const Expr &where,
                                                  const char *stmt) {
  if (c.isError())
    return std::nullopt;
  if (!c.isScalarIR()) {
    cg.error(where, llvm::Twine("condition of '") + stmt +
                        "' must be a scalar, got " + describe(c));
    return std::nullopt;
  }
  if (!c.dtype.isBool()) {
    Val zero = cg.materialize(Val::integer(0), c.dtype, cg.loc(where));
    if (c.dtype.isFloat())
      zero = cg.materialize(Val::floating(0), c.dtype, cg.loc(where));
    c = cg.compareOp("!=", c, zero, where);
    if (c.isError())
      return std::nullopt;
  }
  return c.v;
}

bool CodeGen::genIf(const Stmt &s, llvm::ArrayRef<StmtPtr> rest) {
  Val c = genExpr(*s.test);
  if (c.isError()) {
    // Still check both branches for errors, without emitting live IR.
    checkOnly(s.body);
    checkOnly(s.orelse);
    return false;
  }
  if (!c.isIR()) {
    bool taken;
    if (!truthy(c, *s.test, taken))
      return false;
    genBlock(taken ? s.body : s.orelse);
    return false;
  }
  auto cond = scalarCondition(*this, c, *s.test, "if");
  if (!cond) {
    checkOnly(s.body);
    checkOnly(s.orelse);
    return false;
  }
  // `if cond: ...; return` at the top of a kernel: the statements after the
  // `if` run only in the other branch.
  int returningBranch = -1;
  if (kernelBody && !inHelper && runtimeControlDepth == 0) {
    if (endsWithReturn(s.body))
      returningBranch = 0;
    else if (endsWithReturn(s.orelse))
      returningBranch = 1;
  }

  std::set<std::string> assigned;
  collectAssigned(s.body, assigned);
  collectAssigned(s.orelse, assigned);

  // 1. Generate both branches into a result-less scf.if; each branch sees
  //    the scope as it was before the `if`.
  mlir::Location l = loc(s.loc);
  auto ifOp = b.create<mlir::scf::IfOp>(l, mlir::TypeRange{}, *cond,
                                        /*withElseRegion=*/true);
  Scope before = scope;
  Scope branchScopes[2];
  ++runtimeControlDepth;
  for (int br = 0; br < 2; ++br) {
    scope = before;
    mlir::Block *blk = br == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
    b.setInsertionPoint(blk->getTerminator());
    bool savedAllowed = earlyReturnAllowed;
    earlyReturnAllowed = br == returningBranch;
    genBlock(br == 0 ? s.body : s.orelse);
    earlyReturnAllowed = savedAllowed;
    if (returningBranch >= 0 && br != returningBranch && !returned) {
      // The continuation runs at the kernel's top level again, inside this
      // branch: an `if ...: return` in it is handled the same way.
      --runtimeControlDepth;
      for (size_t i = 0; i < rest.size() && !returned; ++i) {
        if (rest[i]->kind == StmtKind::If) {
          if (genIf(*rest[i], rest.drop_front(i + 1)))
            break;
        } else {
          genStmt(*rest[i]);
        }
      }
      ++runtimeControlDepth;
    }
    returned = false;
    branchScopes[br] = scope;
  }
  --runtimeControlDepth;

  // 2. Variables assigned in a branch and defined after it in both become
  //    results; constants that differ are materialized in each branch. A
  //    tuple or block pointer is merged part by part (its leaves).
  std::vector<Val> results[2];
  std::vector<std::pair<std::string, size_t>> resultSlots; // (name, leaf)
  std::map<std::string, Val> merged;
  scope = before;
  for (const std::string &name : assigned) {
    auto t = branchScopes[0].find(name), e = branchScopes[1].find(name);
    if (t == branchScopes[0].end() || e == branchScopes[1].end()) {
      scope.erase(name); // defined in one branch only: not visible after
      continue;
    }
    Val tv = t->second, ev = e->second;
    if (tv.isError() || ev.isError()) {
      scope[name] = Val::error();
      continue;
    }
    if (tv.isConstexpr() && ev.isConstexpr() && tv.kind == ev.kind &&
        tv.i == ev.i && tv.f == ev.f && tv.s == ev.s && tv.kind != Val::Tuple) {
      scope[name] = tv;
      continue;
    }
    bool aggregate = tv.isAggregate() || ev.isAggregate();
    std::vector<Val *> leaves[2];
    if (aggregate && (!sameStructure(tv, ev) || !collectLeaves(tv, leaves[0]) ||
                      !collectLeaves(ev, leaves[1]))) {
      error(s.loc, "variable '" + name + "' is " + describe(tv) +
                       " in one branch of the 'if' and " + describe(ev) +
                       " in the other",
            s.length);
      scope[name] = Val::error();
      continue;
    }
    if (!aggregate) {
      leaves[0] = {&tv};
      leaves[1] = {&ev};
    }
    bool bad = false;
    size_t firstResult = resultSlots.size();
    for (size_t k = 0; k < leaves[0].size() && !bad; ++k) {
      Val &x = *leaves[0][k], &y = *leaves[1][k];
      if (x.isNumber() && y.isNumber() && x.kind == y.kind && x.i == y.i &&
          x.f == y.f)
        continue; // equal constants stay constants
      if (x.isIR() && y.isIR() && x.v == y.v)
        continue;
      // Materialize constants next to the branch's terminator. Two different
      // constants meet in a common type: fp32 if either is a float, else
      // i32 (i64 when one does not fit), i1 for two bools.
      Val *sides[2] = {&x, &y};
      if (x.isNumber() && y.isNumber()) {
        bool anyFloat = x.kind == Val::Float || y.kind == Val::Float;
        bool bools = x.kind == Val::Bool && y.kind == Val::Bool;
        auto fits = [](const Val &v) {
          return v.kind != Val::Int || (v.i >= INT32_MIN && v.i <= INT32_MAX);
        };
        DType common = DType::scalar(
            anyFloat ? ScalarKind::F32
            : bools  ? ScalarKind::I1
                     : (fits(x) && fits(y) ? ScalarKind::I32 : ScalarKind::I64));
        for (int br = 0; br < 2; ++br) {
          mlir::Block *blk = br == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
          b.setInsertionPoint(blk->getTerminator());
          Val c = *sides[br];
          if (c.kind == Val::Bool && !bools)
            c = Val::integer(c.i);
          *sides[br] = materialize(c, common, l);
        }
      }
      for (int br = 0; br < 2; ++br) {
        if (sides[br]->isNumber()) {
          Val other = *sides[1 - br];
          mlir::Block *blk = br == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
          b.setInsertionPoint(blk->getTerminator());
          Expr where(ExprKind::Name, s.loc);
          *sides[br] = other.isIR() ? cast(*sides[br], other.dtype, l, where)
                                    : toIR(*sides[br], l, where);
          if (other.isIR() && sides[br]->isIR() && !other.shape().empty())
            *sides[br] = broadcastTo(*sides[br], other.shape(), l, where);
        }
      }
      if (!x.isIR() || !y.isIR()) {
        error(s.loc, "variable " + partName(name, tv, k) + " is " +
                         describe(x) + " in one branch of the 'if' and " +
                         describe(y) + " in the other",
              s.length);
        bad = true;
      } else if (x.v.getType() != y.v.getType()) {
        error(s.loc, "variable " + partName(name, tv, k) + " is " +
                         describe(x) + " in the 'if' branch but " +
                         describe(y) + " in the 'else' branch",
              s.length);
        bad = true;
      } else {
        resultSlots.push_back({name, k});
        results[0].push_back(x);
        results[1].push_back(y);
      }
    }
    if (bad) {
      resultSlots.resize(firstResult);
      results[0].resize(firstResult);
      results[1].resize(firstResult);
      scope[name] = Val::error();
      continue;
    }
    merged[name] = tv;
  }

  // 3. Rebuild the scf.if with results and move the branch bodies over.
  llvm::SmallVector<mlir::Type> types;
  for (auto &v : results[0])
    types.push_back(v.v.getType());
  b.setInsertionPoint(ifOp);
  auto newIf = b.create<mlir::scf::IfOp>(l, types, *cond, true);
  for (int br = 0; br < 2; ++br) {
    mlir::Region &from = br == 0 ? ifOp.getThenRegion() : ifOp.getElseRegion();
    mlir::Region &to = br == 0 ? newIf.getThenRegion() : newIf.getElseRegion();
    to.takeBody(from);
    mlir::Block &blk = to.front();
    blk.getTerminator()->erase();
    b.setInsertionPointToEnd(&blk);
    llvm::SmallVector<mlir::Value> vals;
    for (auto &v : results[br])
      vals.push_back(v.v);
    b.create<mlir::scf::YieldOp>(l, vals);
  }
  ifOp.erase();
  b.setInsertionPointAfter(newIf);
  for (size_t i = 0; i < resultSlots.size(); ++i) {
    std::vector<Val *> slots;
    collectLeaves(merged[resultSlots[i].first], slots);
    *slots[resultSlots[i].second] =
        Val::ir(newIf.getResult(i), results[0][i].dtype);
  }
  for (auto &[name, v] : merged)
    scope[name] = v;
  return returningBranch >= 0;
}

/// Decodes the iterable of a `for`: range(...), tl.range(...) or
/// tl.static_range(...). Returns false on error.
namespace {
struct RangeSpec {
  bool isStatic = false;
  Val start, end, step;
  int numStages = -1;
};
} // namespace

void CodeGen::genFor(const Stmt &s) {
  const Expr &iter = *s.iter;
  const Expr &target = *s.targets[0];
  if (target.kind != ExprKind::Name) {
    error(target, "the loop variable must be a single name");
    return;
  }
  if (iter.kind != ExprKind::Call) {
    error(iter, "only 'range', 'tl.range' and 'tl.static_range' loops are "
                "supported");
    return;
  }
  Val callee = genExpr(*iter.args[0]);
  if (callee.isError())
    return;
  if (callee.kind != Val::Builtin ||
      (callee.s != "range" && callee.s != "tl.range" &&
       callee.s != "tl.static_range")) {
    error(iter, "only 'range', 'tl.range' and 'tl.static_range' loops are "
                "supported");
    return;
  }
  RangeSpec r;
  r.isStatic = callee.s == "tl.static_range";
  std::vector<Val> pos;
  for (size_t i = 1; i < iter.args.size(); ++i)
    pos.push_back(genExpr(*iter.args[i]));
  Val stepKw;
  for (auto &kw : iter.keywords) {
    Val v = genExpr(*kw.value);
    if (kw.name == "step") {
      stepKw = v;
      if (v.isError())
        return;
    } else if (kw.name == "num_stages" && callee.s == "tl.range") {
      int64_t n;
      if (requireInt(v, *kw.value, "num_stages", n)) {
        if (n < 0 || n > 8)
          error(kw.loc, "num_stages must be from 0 to 8, got " +
                            std::to_string(n));
        else
          r.numStages = n;
      }
    } else if ((kw.name == "loop_unroll_factor" || kw.name == "flatten" ||
                kw.name == "disallow_acc_multi_buffer" ||
                kw.name == "warp_specialize") &&
               callee.s == "tl.range") {
      // Scheduling hints without effect in tilec yet.
    } else {
      error(kw.loc, "unexpected keyword argument '" + kw.name + "' to " +
                        callee.s + "()",
            kw.name.size());
      return;
    }
  }
  if (stepKw.kind != Val::Error) {
    if (pos.size() != 2) {
      error(iter, callee.s + "() with step= needs start and end");
      return;
    }
    pos.push_back(stepKw);
  }
  if (pos.empty() || pos.size() > 3) {
    error(iter, callee.s + "() takes 1 to 3 positional arguments, got " +
                    llvm::Twine(pos.size()));
    return;
  }
  for (auto &p : pos)
    if (p.isError())
      return;
  r.start = pos.size() >= 2 ? pos[0] : Val::integer(0);
  r.end = pos.size() >= 2 ? pos[1] : pos[0];
  r.step = pos.size() == 3 ? pos[2] : Val::integer(1);
  for (Val *v : {&r.start, &r.end, &r.step}) {
    bool okType = (v->kind == Val::Int || v->kind == Val::Bool) ||
                  (v->isScalarIR() && v->dtype.isInt());
    if (!okType) {
      error(iter, callee.s + "() bounds must be integers, got " + describe(*v));
      return;
    }
  }

  // 1. tl.static_range: unroll at compile time.
  if (r.isStatic) {
    int64_t a, e, st;
    if (!requireInt(r.start, iter, "tl.static_range start", a) ||
        !requireInt(r.end, iter, "tl.static_range end", e) ||
        !requireInt(r.step, iter, "tl.static_range step", st))
      return;
    if (st == 0) {
      error(iter, "tl.static_range() step must not be zero");
      return;
    }
    for (int64_t i = a; st > 0 ? i < e : i > e; i += st) {
      if (++unrolledIterations > 65536) {
        if (!sizeLimitReported)
          error(iter, "tl.static_range unrolls more than 65536 iterations");
        sizeLimitReported = true;
        return;
      }
      scope[target.str] = Val::integer(i);
      genBlock(s.body);
      if (returned)
        return;
    }
    return;
  }

  // 2. scf.for. Bounds in i32 unless one of them is i64.
  mlir::Location l = loc(s.loc);
  DType ivType = DType::scalar(ScalarKind::I32);
  for (Val *v : {&r.start, &r.end, &r.step})
    if (v->isIR() && v->dtype.bitwidth() == 64)
      ivType = DType::scalar(ScalarKind::I64);
  int64_t constStep = 1;
  bool negativeStep = false;
  if (!r.step.isIR()) {
    constStep = r.step.i;
    if (constStep == 0) {
      error(iter, callee.s + "() step must not be zero");
      return;
    }
    negativeStep = constStep < 0;
  }
  Val lb = cast(r.start, ivType, l, iter), ub = cast(r.end, ivType, l, iter);
  Val step = cast(r.step, ivType, l, iter);
  if (lb.isError() || ub.isError() || step.isError())
    return;
  mlir::Value lbV = lb.v, ubV = ub.v, stepV = step.v;
  if (negativeStep) {
    // for i in range(a, b, -s): iterate k in [0, cdiv(max(a - b, 0), s)) and
    // compute i = a - k * s, since scf.for needs a positive step.
    Val pos = materialize(Val::integer(-constStep), ivType, l);
    Val diff = binaryOp("-", lb, ub, iter);
    Val zero = materialize(Val::integer(0), ivType, l);
    Val clamped = Val::ir(b.create<mlir::arith::MaxSIOp>(l, diff.v, zero.v),
                          ivType);
    Val one = materialize(Val::integer(1), ivType, l);
    Val trips = binaryOp("//", binaryOp("+", clamped,
                                        binaryOp("-", pos, one, iter), iter),
                         pos, iter);
    if (trips.isError())
      return;
    lbV = zero.v;
    ubV = trips.v;
    stepV = one.v;
  }

  // 3. Loop-carried variables: assigned in the body and defined before. A
  //    tuple or block pointer is carried as its runtime parts (leaves);
  //    those the body leaves unchanged are folded away by canonicalization.
  std::set<std::string> assigned;
  collectAssigned(s.body, assigned);
  assigned.erase(target.str);
  CarriedVars carried;
  if (!collectCarried(assigned, s, iter, carried))
    return;
  Scope before = scope;
  auto forOp = b.create<mlir::scf::ForOp>(l, lbV, ubV, stepV, carried.inits);
  if (r.numStages >= 0)
    forOp->setAttr("tile.num_stages", b.getI32IntegerAttr(r.numStages));
  mlir::Block *body = forOp.getBody();
  b.setInsertionPointToStart(body);
  Val iv = Val::ir(forOp.getInductionVar(), ivType);
  if (negativeStep) {
    Val k = iv;
    Val stepC = materialize(Val::integer(constStep), ivType, l);
    iv = binaryOp("+", lb, binaryOp("*", k, stepC, iter), iter);
  }
  scope[target.str] = iv;
  bindCarried(carried, forOp.getRegionIterArgs());

  ++runtimeControlDepth;
  genBlock(s.body);
  --runtimeControlDepth;

  // 4. Yield the carried values, which must keep their types.
  llvm::SmallVector<mlir::Value> yields;
  bool ok = yieldCarried(carried, forOp.getRegionIterArgs(), s, iter, yields);
  if (!body->empty() && body->back().hasTrait<mlir::OpTrait::IsTerminator>())
    body->back().erase();
  b.setInsertionPointToEnd(body);
  b.create<mlir::scf::YieldOp>(l, yields);
  b.setInsertionPointAfter(forOp);

  // 5. After the loop: carried names hold the results; names first defined
  //    in the body are not visible.
  scope = before;
  scope.erase(target.str);
  bindCarried(carried, forOp.getResults(), ok);
  if (before.count(target.str))
    scope[target.str] = before[target.str];
}

bool CodeGen::collectCarried(const std::set<std::string> &assigned,
                             const Stmt &s, const Expr &where,
                             CarriedVars &out) {
  mlir::Location l = loc(s.loc);
  for (const std::string &name : assigned) {
    auto it = scope.find(name);
    if (it == scope.end() || it->second.isError())
      continue;
    Val v = it->second;
    std::vector<Val *> leaves;
    if (!collectLeaves(v, leaves)) {
      error(s.loc, "variable '" + name + "' holds " + describe(v) +
                       " and cannot be reassigned inside a loop",
            s.length);
      scope[name] = Val::error();
      continue;
    }
    out.names.push_back(name);
    out.first.push_back(out.inits.size());
    for (Val *leaf : leaves) {
      if (leaf->isNumber())
        *leaf = toIR(*leaf, l, where);
      if (leaf->isError())
        return false;
      out.inits.push_back(leaf->v);
      out.types.push_back(leaf->dtype);
    }
    out.shapes.push_back(v);
  }
  out.first.push_back(out.inits.size());
  return true;
}

void CodeGen::bindCarried(const CarriedVars &c, mlir::ValueRange values,
                          bool ok) {
  for (size_t i = 0; i < c.names.size(); ++i) {
    if (!ok) {
      scope[c.names[i]] = Val::error();
      continue;
    }
    std::vector<Val> leaves;
    for (size_t k = c.first[i]; k < c.first[i + 1]; ++k)
      leaves.push_back(Val::ir(values[k], c.types[k]));
    scope[c.names[i]] = withLeaves(c.shapes[i], leaves);
  }
}

bool CodeGen::yieldCarried(const CarriedVars &c, mlir::ValueRange args,
                           const Stmt &s, const Expr &where,
                           llvm::SmallVectorImpl<mlir::Value> &yields) {
  mlir::Location l = loc(s.loc);
  bool ok = true;
  for (size_t i = 0; i < c.names.size(); ++i) {
    size_t first = c.first[i], count = c.first[i + 1] - first;
    Val v = scope[c.names[i]];
    std::vector<Val *> leaves;
    bool shaped = !v.isError() && sameStructure(c.shapes[i], v) &&
                  collectLeaves(v, leaves) && leaves.size() == count;
    if (!shaped) {
      if (!v.isError())
        error(s.loc, "loop-carried variable '" + c.names[i] + "' is " +
                         describe(c.shapes[i]) + " before the loop but " +
                         describe(v) + " at the end of its body",
              s.length);
      ok = false;
      for (size_t k = 0; k < count; ++k)
        yields.push_back(args[first + k]);
      continue;
    }
    for (size_t k = 0; k < count; ++k) {
      Val leaf = *leaves[k];
      DType t = c.types[first + k];
      mlir::Value init = c.inits[first + k];
      if (leaf.isNumber())
        leaf = cast(leaf, t, l, where);
      if (leaf.isIR() && leaf.v.getType() != init.getType() && leaf.dtype == t &&
          leaf.shape().empty())
        leaf = broadcastTo(leaf, Val::ir(init, t).shape(), l, where);
      if (leaf.isError()) {
        ok = false;
        yields.push_back(args[first + k]);
        continue;
      }
      if (!leaf.isIR() || leaf.v.getType() != init.getType()) {
        error(s.loc, "loop-carried variable " +
                         partName(c.names[i], c.shapes[i], k) + " is " +
                         describe(Val::ir(init, t)) + " before the loop but " +
                         describe(leaf) + " at the end of its body",
              s.length);
        ok = false;
        yields.push_back(args[first + k]);
        continue;
      }
      yields.push_back(leaf.v);
    }
  }
  return ok;
}

void CodeGen::genWhile(const Stmt &s) {
  mlir::Location l = loc(s.loc);
  std::set<std::string> assigned;
  collectAssigned(s.body, assigned);
  CarriedVars carried;
  if (!collectCarried(assigned, s, *s.test, carried))
    return;
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Value v : carried.inits)
    types.push_back(v.getType());
  Scope before = scope;
  auto whileOp = b.create<mlir::scf::WhileOp>(l, types, carried.inits);
  llvm::SmallVector<mlir::Location> locs(types.size(), l);

  // Before region: evaluate the condition on the carried values.
  mlir::Block *cond = b.createBlock(&whileOp.getBefore(), {}, types, locs);
  bindCarried(carried, cond->getArguments());
  Val c = genExpr(*s.test);
  mlir::Value condV;
  if (!c.isError() && !c.isIR()) {
    error(*s.test, "the condition of a 'while' loop must be a runtime value; "
                   "a constant condition would need 'break', which is not "
                   "supported");
  } else if (auto cv = scalarCondition(*this, c, *s.test, "while")) {
    condV = *cv;
  }
  if (!condV)
    condV = b.create<mlir::arith::ConstantOp>(l, b.getBoolAttr(false));
  b.create<mlir::scf::ConditionOp>(l, condV, cond->getArguments());

  // After region: the body.
  mlir::Block *bodyBlk = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  scope = before;
  bindCarried(carried, bodyBlk->getArguments());
  ++runtimeControlDepth;
  genBlock(s.body);
  --runtimeControlDepth;
  llvm::SmallVector<mlir::Value> yields;
  bool ok = yieldCarried(carried, bodyBlk->getArguments(), s, *s.test, yields);
  b.create<mlir::scf::YieldOp>(l, yields);
  b.setInsertionPointAfter(whileOp);
  scope = before;
  bindCarried(carried, whileOp.getResults(), ok);
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
    return error(call, "'" + fn.name + "' takes " +
                           llvm::Twine(fn.params.size()) +
                           (fn.params.size() == 1 ? " argument" : " arguments") +
                           " but " + llvm::Twine(args.size()) +
                           (args.size() == 1 ? " was given" : " were given"));
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
      return error(call, "'" + fn.name + "' got an unexpected keyword "
                         "argument '" + name + "'");
    if (callee.count(name))
      return error(call, "'" + fn.name + "' got multiple values for "
                         "argument '" + name + "'");
    callee[name] = v;
  }
  for (auto &p : fn.params) {
    if (callee.count(p.name))
      continue;
    if (!p.defaultValue)
      return error(call, "'" + fn.name + "' is missing a value for "
                         "parameter '" + p.name + "'");
    Scope saved = std::move(scope);
    scope.clear();
    callee[p.name] = genExpr(*p.defaultValue);
    scope = std::move(saved);
  }
  for (auto &p : fn.params) {
    Val &v = callee[p.name];
    if (p.isConstexpr && !v.isError() && !v.isConstexpr())
      return error(call, "argument for tl.constexpr parameter '" + p.name +
                             "' of '" + fn.name +
                             "' must be a compile-time constant, got " +
                             describe(v));
  }
  // 2. Generate the body in its own scope, at the call site.
  Scope saved = std::move(scope);
  scope = std::move(callee);
  bool savedInHelper = inHelper, savedReturned = returned;
  unsigned savedDepth = runtimeControlDepth;
  Val savedRet = returnValue;
  inHelper = true;
  returned = false;
  runtimeControlDepth = 0;
  returnValue = Val::none();
  callStack.push_back(loc(call));
  activeFunctions.push_back(&fn);
  unsigned errorsBefore = diags.numErrors();
  genBlock(fn.body);
  activeFunctions.pop_back();
  callStack.pop_back();
  Val result = returnValue;
  inHelper = savedInHelper;
  returned = savedReturned;
  runtimeControlDepth = savedDepth;
  returnValue = savedRet;
  scope = std::move(saved);
  if (diags.numErrors() != errorsBefore) {
    diags.note(call.loc, "in the call to jit function '" + fn.name + "' here",
               call.length);
    return Val::error();
  }
  return result;
}

mlir::OwningOpRef<mlir::ModuleOp> tilec::mlirGen(mlir::MLIRContext &ctx,
                                                 const Module &module,
                                                 const KernelSpec &spec,
                                                 DiagnosticEngine &diags) {
  CodeGen cg(ctx, module, diags);
  return cg.run(spec);
}
