//===- ControlFlow.cpp - Statement blocks, `if` and early `return` --------===//
//
// Blocks of statements, `if` (a compile-time choice, or an scf.if whose
// results are the variables its branches assign), and `return` before the end
// of a kernel or helper, with Triton's semantics.
//
// A function's `return` state lives in its scope as two variables that no
// Python name can spell (kReturnedVar, kReturnValueVar): whether it has
// returned (false, true, or an i1 once a runtime branch may have) and, in a
// helper, the value returned. A runtime `if` merges them like any other
// variable. After each statement of a block:
//  - returned for certain: the rest of the block is dead and not generated;
//  - returned on some paths (an i1): the rest of the block runs under
//    `scf.if (not returned)`, whose other branch has returned for certain;
//  - not returned: the next statement follows.
// A branch that has returned for certain constrains nothing after the `if`:
// the variables take the other branch's values, and the returned branch
// yields placeholders of their types. A returned value meets the values of
// the paths that did not return the same way. Nothing is duplicated, so a
// kernel with many early exits grows linearly.
//
// Triton rejects a `return` inside `for` and `while` bodies (genStmt does
// too); a helper's returns are its own, so a helper that returns early may be
// called from a loop.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

using namespace tilec;

//===----------------------------------------------------------------------===//
// Blocks and the return state
//===----------------------------------------------------------------------===//

CodeGen::ReturnState CodeGen::returnState() const {
  auto it = scope.find(kReturnedVar);
  if (it == scope.end())
    return ReturnState::No;
  if (it->second.isIR())
    return ReturnState::Maybe;
  return it->second.kind == Val::Bool && it->second.i ? ReturnState::Yes
                                                      : ReturnState::No;
}

void CodeGen::genBlock(llvm::ArrayRef<StmtPtr> stmts) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    genStmt(*stmts[i]);
    switch (returnState()) {
    case ReturnState::No:
      continue;
    case ReturnState::Yes:
      return; // the rest is dead code, as in Triton
    case ReturnState::Maybe: {
      llvm::ArrayRef<StmtPtr> rest = stmts.drop_front(i + 1);
      if (!rest.empty())
        genUnlessReturned(rest.front()->loc, rest.front()->length,
                          [&] { genBlock(rest); });
      return;
    }
    }
  }
}

void CodeGen::genUnlessReturned(SourceLoc where, unsigned length,
                                llvm::function_ref<void()> rest) {
  mlir::Location l = loc(where);
  mlir::Value done = scope[kReturnedVar].v;
  mlir::Value yes = b.create<mlir::arith::ConstantOp>(l, b.getBoolAttr(true));
  mlir::Value notDone = b.create<mlir::arith::XOrIOp>(l, done, yes);
  // Each branch knows which way it went.
  genBranches(
      notDone, where, length,
      [&] {
        scope[kReturnedVar] = Val::boolean(false);
        rest();
      },
      [&] { scope[kReturnedVar] = Val::boolean(true); });
}

void CodeGen::checkOnly(const std::vector<StmtPtr> &stmts) {
  Scope before = scope;
  std::set<std::string> assigned;
  collectAssigned(stmts, assigned);
  auto *scratch = new mlir::Block();
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(scratch);
    genBlock(stmts);
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

/// Turns an IR or constant condition into a scalar i1 IR value for scf.
std::optional<mlir::Value> CodeGen::scalarCondition(Val c, const Expr &where,
                                                    const char *stmt) {
  if (c.isError())
    return std::nullopt;
  if (!c.isScalarIR()) {
    error(where, llvm::Twine("condition of '") + stmt +
                     "' must be a scalar, got " + describe(c));
    return std::nullopt;
  }
  if (!c.dtype.isBool()) {
    Val zero = materialize(Val::integer(0), c.dtype, loc(where));
    if (c.dtype.isFloat())
      zero = materialize(Val::floating(0), c.dtype, loc(where));
    c = compareOp(CompareOpKind::Ne, c, zero, where);
    if (c.isError())
      return std::nullopt;
  }
  return c.v;
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

void CodeGen::genIf(const Stmt &s) {
  Val c = genExpr(*s.test);
  if (c.isError()) {
    // Still check both branches for errors, without emitting live IR.
    checkOnly(s.body);
    checkOnly(s.orelse);
    return;
  }
  if (!c.isIR()) {
    bool taken;
    if (truthy(c, *s.test, taken))
      genBlock(taken ? s.body : s.orelse);
    return;
  }
  auto cond = scalarCondition(c, *s.test, "if");
  if (!cond) {
    checkOnly(s.body);
    checkOnly(s.orelse);
    return;
  }
  genBranches(
      *cond, s.loc, s.length, [&] { genBlock(s.body); },
      [&] { genBlock(s.orelse); });
}

bool tilec::identicalVals(const Val &a, const Val &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Val::Error:
  case Val::None:
    return true;
  case Val::Int:
  case Val::Bool:
    return a.wide() == b.wide();
  case Val::Float:
    return a.f == b.f || (std::isnan(a.f) && std::isnan(b.f));
  case Val::Str:
  case Val::Module:
    return a.s == b.s;
  case Val::Builtin:
    return canonicalBuiltin(a.s) == canonicalBuiltin(b.s);
  case Val::DTypeV:
    return sameType(a, b);
  case Val::IR:
    return a.v == b.v && a.dtype == b.dtype;
  case Val::Func:
    return a.fn == b.fn;
  case Val::Method:
  case Val::Tuple:
  case Val::BlockPtr:
    if (a.s != b.s || a.elems.size() != b.elems.size() ||
        a.blockShape != b.blockShape || a.order != b.order ||
        a.isDescriptor != b.isDescriptor)
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i)
      if (!identicalVals(a.elems[i], b.elems[i]))
        return false;
    return true;
  }
  return false;
}

Val CodeGen::placeholderFor(Val like, mlir::Operation *ifOp, mlir::Block *blk,
                            mlir::Location l) {
  std::vector<Val *> leaves;
  if (!collectLeaves(like, leaves))
    return like;
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(blk->getTerminator());
  for (Val *leaf : leaves) {
    if (!leaf->isIR() ||
        !ifOp->isAncestor(leaf->v.getParentRegion()->getParentOp()))
      continue; // a constant, or a value from before the `if`: usable as is
    DType dt = leaf->dtype;
    llvm::SmallVector<int64_t> shape = leaf->shape();
    if (dt.isPointer) {
      Val zero = zerosLike(DType::scalar(ScalarKind::I64), shape, l);
      *leaf = Val::ir(
          b.create<mlir::tile::CastOp>(l, leaf->v.getType(), zero.v), dt);
    } else {
      *leaf = zerosLike(dt, shape, l);
    }
  }
  return like;
}

void CodeGen::genBranches(mlir::Value cond, SourceLoc where, unsigned length,
                          llvm::function_ref<void()> genThen,
                          llvm::function_ref<void()> genElse) {
  // 1. Generate both branches into a result-less scf.if; each branch sees
  //    the scope as it was before the `if`.
  mlir::Location l = loc(where);
  auto ifOp = b.create<mlir::scf::IfOp>(l, mlir::TypeRange{}, cond,
                                        /*withElseRegion=*/true);
  Scope before = scope;
  Scope branchScopes[2];
  mlir::Block *blocks[2] = {ifOp.thenBlock(), ifOp.elseBlock()};
  bool returned[2];
  for (int br = 0; br < 2; ++br) {
    scope = before;
    b.setInsertionPoint(blocks[br]->getTerminator());
    (br == 0 ? genThen : genElse)();
    returned[br] = returnState() == ReturnState::Yes;
    branchScopes[br] = std::move(scope);
  }
  std::set<std::string> names;
  for (auto &bs : branchScopes)
    for (auto &kv : bs)
      names.insert(kv.first);

  // 2. Variables assigned in a branch and defined after it in both become
  //    results; constants that differ are materialized in each branch. A
  //    tuple or block pointer is merged part by part (its leaves). After a
  //    branch that returned, the other branch's values hold.
  std::vector<Val> results[2];
  std::vector<std::pair<std::string, size_t>> resultSlots; // (name, leaf)
  std::map<std::string, Val> merged;
  scope = before;
  const std::string fnName =
      activeFunctions.empty() ? "" : activeFunctions.back()->name;
  for (const std::string &name : names) {
    auto t = branchScopes[0].find(name), e = branchScopes[1].find(name);
    bool inThen = t != branchScopes[0].end(),
         inElse = e != branchScopes[1].end();
    bool isReturnValue = name == kReturnValueVar;
    Val tv = inThen ? t->second : Val::error();
    Val ev = inElse ? e->second : Val::error();
    Val *sides[2] = {&tv, &ev};
    bool present[2] = {inThen, inElse};
    if (name != kReturnedVar && !isReturnValue &&
        (returned[0] || returned[1])) {
      if (returned[0] && returned[1])
        continue; // dead code follows: keep the scope from before the `if`
      int live = returned[0] ? 1 : 0;
      if (!present[live]) {
        scope.erase(name);
        continue;
      }
      Val &lv = *sides[live];
      auto old = before.find(name);
      if (lv.isError() ||
          (old != before.end() && identicalVals(old->second, lv))) {
        scope[name] = lv;
        continue;
      }
      *sides[1 - live] = placeholderFor(lv, ifOp, blocks[1 - live], l);
      present[1 - live] = true;
    }
    if (isReturnValue) {
      // A path that has not returned (None) meets a returned value.
      for (int br = 0; br < 2; ++br)
        if (sides[br]->kind == Val::None && sides[1 - br]->kind != Val::None &&
            !sides[1 - br]->isError())
          *sides[br] = placeholderFor(*sides[1 - br], ifOp, blocks[br], l);
    }
    if (!present[0] || !present[1]) {
      scope.erase(name); // defined in one branch only: not visible after
      continue;
    }
    if (tv.isError() || ev.isError()) {
      scope[name] = Val::error();
      continue;
    }
    if (identicalVals(tv, ev)) {
      scope[name] = tv;
      continue;
    }
    auto mismatch = [&](const Val &x, const Val &y, size_t k, bool typed) {
      if (isReturnValue)
        error(where,
              "'" + fnName + "' returns " + describe(x) + " on one path and " +
                  describe(y) + " on another",
              length);
      else if (typed)
        error(where,
              "variable " + partName(name, tv, k) + " is " + describe(x) +
                  " in the 'if' branch but " + describe(y) +
                  " in the 'else' branch",
              length);
      else
        error(where,
              "variable " + partName(name, tv, k) + " is " + describe(x) +
                  " in one branch of the 'if' and " + describe(y) +
                  " in the other",
              length);
    };
    bool aggregate = tv.isAggregate() || ev.isAggregate();
    std::vector<Val *> leaves[2];
    if (aggregate && (!sameStructure(tv, ev) || !collectLeaves(tv, leaves[0]) ||
                      !collectLeaves(ev, leaves[1]))) {
      mismatch(tv, ev, 0, false);
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
      if (x.isNumber() && y.isNumber() && x.kind == y.kind &&
          x.wide() == y.wide() && x.f == y.f)
        continue; // equal constants stay constants
      if (x.isIR() && y.isIR() && x.v == y.v)
        continue;
      // Materialize constants next to the branch's terminator. Two different
      // constants meet in a common type: fp32 if either is a float, else
      // i32 (i64 when one does not fit), i1 for two bools.
      Val *leafSides[2] = {&x, &y};
      if (x.isNumber() && y.isNumber()) {
        bool anyFloat = x.kind == Val::Float || y.kind == Val::Float;
        bool bools = x.kind == Val::Bool && y.kind == Val::Bool;
        auto fits = [](const Val &v) {
          return v.kind != Val::Int ||
                 (v.wide() >= INT32_MIN && v.wide() <= INT32_MAX);
        };
        if (!anyFloat && ((x.kind == Val::Int && x.isWide) ||
                          (y.kind == Val::Int && y.isWide))) {
          // Constants that differ between the branches become a value of
          // i32 or i64.
          mismatch(x, y, k, true);
          bad = true;
          break;
        }
        DType common = DType::scalar(
            anyFloat ? ScalarKind::F32
            : bools  ? ScalarKind::I1
                    : (fits(x) && fits(y) ? ScalarKind::I32 : ScalarKind::I64));
        for (int br = 0; br < 2; ++br) {
          b.setInsertionPoint(blocks[br]->getTerminator());
          Val c = *leafSides[br];
          if (c.kind == Val::Bool && !bools)
            c = Val::integer(c.i);
          *leafSides[br] = materialize(c, common, l);
        }
      }
      for (int br = 0; br < 2; ++br) {
        if (leafSides[br]->isNumber()) {
          Val other = *leafSides[1 - br];
          b.setInsertionPoint(blocks[br]->getTerminator());
          Expr at(ExprKind::Name, where);
          *leafSides[br] = other.isIR()
                               ? cast(*leafSides[br], other.dtype, l, at)
                               : toIR(*leafSides[br], l, at);
          if (other.isIR() && leafSides[br]->isIR() && !other.shape().empty())
            *leafSides[br] = broadcastTo(*leafSides[br], other.shape(), l, at);
        }
      }
      if (!x.isIR() || !y.isIR()) {
        mismatch(x, y, k, false);
        bad = true;
      } else if (x.v.getType() != y.v.getType()) {
        mismatch(x, y, k, true);
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
  auto newIf = b.create<mlir::scf::IfOp>(l, types, cond, true);
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
}
