//===- Loops.cpp - `for` and `while` loops
//---------------------------------===//
//
// `for` over range / tl.range (scf.for, with a negative constant step as a
// count-down) and tl.static_range (unrolled at compile time), and `while`
// (scf.while). Variables assigned in a body and defined before the loop are
// carried, as their runtime parts (collectLeaves).
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace tilec;

/// Decodes the iterable of a `for`: range(...), tl.range(...) or
/// tl.static_range(...). Returns false on error.
namespace {
struct RangeSpec {
  bool isStatic = false;
  Val start, end, step;
  int numStages = -1;
  bool warpSpecialize = false;
  bool flatten = false;
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
  genPositionalArgs(iter, pos); // errors stay in `pos`, checked below
  // Python's range() inside a jit function is Triton's loop too: it takes
  // tl.range's scheduling keywords (unsloth's MoE grouped GEMM writes
  // `range(E, flatten=FLATTEN)`), but Triton 3.6 steps it by its third
  // positional argument only, so a step= there is an error rather than a
  // different loop.
  bool loopRange = callee.s == "range" || callee.s == "tl.range";
  Val stepKw;
  for (auto &kw : iter.keywords) {
    Val v = genExpr(*kw.value);
    if (kw.name == "step" && callee.s == "range") {
      error(kw.loc,
            "range() takes no step= (Triton ignores it and steps by 1); give "
            "the step as the third argument, or use tl.range(..., step=)",
            kw.name.size());
      return;
    } else if (kw.name == "step") {
      stepKw = v;
      if (v.isError())
        return;
    } else if (kw.name == "num_stages" && loopRange) {
      int64_t n;
      if (requireInt(v, *kw.value, "num_stages", n)) {
        if (n < 0 || n > 32)
          error(kw.loc,
                "num_stages must be from 0 to 32, got " + std::to_string(n));
        else
          r.numStages = n;
      }
    } else if (kw.name == "warp_specialize" && loopRange) {
      int64_t on;
      if (requireInt(v, *kw.value, "warp_specialize", on))
        r.warpSpecialize = on != 0;
    } else if (kw.name == "flatten" && loopRange) {
      // A request to pipeline across the loop nest; a value the host does
      // not know leaves the loop as it is.
      r.flatten = (v.kind == Val::Int || v.kind == Val::Bool) && v.i != 0;
    } else if ((kw.name == "loop_unroll_factor" ||
                kw.name == "disallow_acc_multi_buffer" ||
                kw.name == "disable_licm") &&
               loopRange) {
      // Scheduling hints without effect in tilec yet.
    } else {
      error(kw.loc,
            "unexpected keyword argument '" + kw.name + "' to " + callee.s +
                "()",
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

  // 1. tl.static_range (and any range of constants in a compile-time
  // function): unroll at compile time.
  if (constexprDepth && !r.start.isIR() && !r.end.isIR() && !r.step.isIR())
    r.isStatic = true;
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
    int64_t span = st > 0 ? e - a : a - e, stride = st > 0 ? st : -st;
    int64_t count = span <= 0 ? 0 : (span - 1) / stride + 1;
    if (count > 65536 - int64_t(unrolledIterations)) {
      if (!sizeLimitReported)
        error(iter, "tl.static_range unrolls more than 65536 iterations");
      sizeLimitReported = true;
      return;
    }
    unrolledIterations += count;
    unrollStatic(s, target.str, a, st, count);
    return;
  }

  // 2. scf.for. Bounds in i32 unless one of them is i64.
  mlir::Location l = loc(s.loc);
  DType ivType = DType::scalar(ScalarKind::I32);
  for (Val *v : {&r.start, &r.end, &r.step}) {
    if (v->isIR() && v->dtype.bitwidth() == 64)
      ivType = DType::scalar(ScalarKind::I64);
    // A constant bound past int32 takes i64 too; past int64 is an error.
    if (v->kind == Val::Int && v->isWide) {
      error(iter,
            callee.s + "() takes bounds of int64's range, got " + describe(*v));
      return;
    }
    if (v->kind == Val::Int && (v->i < INT32_MIN || v->i > INT32_MAX))
      ivType = DType::scalar(ScalarKind::I64);
  }
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
    Val diff = binaryOp(BinaryOpKind::Sub, lb, ub, iter);
    Val zero = materialize(Val::integer(0), ivType, l);
    Val clamped =
        Val::ir(b.create<mlir::arith::MaxSIOp>(l, diff.v, zero.v), ivType);
    Val one = materialize(Val::integer(1), ivType, l);
    Val trips =
        binaryOp(BinaryOpKind::FloorDiv,
                 binaryOp(BinaryOpKind::Add, clamped,
                          binaryOp(BinaryOpKind::Sub, pos, one, iter), iter),
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
  // Honoured by tilegpu-pipeline where the loop's operands are all copied
  // with TMA on sm_90a (PipelineWarpSpec.cpp); a hint elsewhere.
  if (r.warpSpecialize)
    forOp->setAttr("tile.warp_specialize", b.getUnitAttr());
  if (r.flatten)
    forOp->setAttr("tile.flatten", b.getUnitAttr());
  mlir::Block *body = forOp.getBody();
  b.setInsertionPointToStart(body);
  Val iv = Val::ir(forOp.getInductionVar(), ivType);
  if (negativeStep) {
    Val k = iv;
    Val stepC = materialize(Val::integer(constStep), ivType, l);
    iv = binaryOp(BinaryOpKind::Add, lb,
                  binaryOp(BinaryOpKind::Mul, k, stepC, iter), iter);
  }
  scope[target.str] = iv;
  bindCarried(carried, forOp.getRegionIterArgs());

  ++loopDepth;
  genBlock(s.body);
  --loopDepth;

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

void CodeGen::unrollStatic(const Stmt &s, const std::string &var, int64_t first,
                           int64_t step, int64_t count) {
  for (int64_t k = 0; k < count; ++k) {
    scope[var] = Val::integer(first + k * step);
    genBlock(s.body);
    ReturnState st = returnState();
    if (st == ReturnState::Yes)
      return;
    if (st == ReturnState::Maybe) {
      if (k + 1 < count)
        genUnlessReturned(s.loc, s.length, [&] {
          unrollStatic(s, var, first + (k + 1) * step, step, count - k - 1);
        });
      return;
    }
  }
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
      error(s.loc,
            "variable '" + name + "' holds " + describe(v) +
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
        error(s.loc,
              "loop-carried variable '" + c.names[i] + "' is " +
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
      if (leaf.isIR() && leaf.v.getType() != init.getType() &&
          leaf.dtype == t && leaf.shape().empty())
        leaf = broadcastTo(leaf, Val::ir(init, t).shape(), l, where);
      if (leaf.isError()) {
        ok = false;
        yields.push_back(args[first + k]);
        continue;
      }
      if (!leaf.isIR() || leaf.v.getType() != init.getType()) {
        error(s.loc,
              "loop-carried variable " + partName(c.names[i], c.shapes[i], k) +
                  " is " + describe(Val::ir(init, t)) +
                  " before the loop but " + describe(leaf) +
                  " at the end of its body",
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
  if (constexprDepth) {
    // A compile-time function: the loop runs here, on constants.
    for (unsigned n = 0;; ++n) {
      Val c = genExpr(*s.test);
      bool t;
      if (c.isError() || !truthy(c, *s.test, t))
        return;
      if (!c.isConstexpr()) {
        error(*s.test, "the condition of a 'while' loop in a compile-time "
                       "function must be a compile-time value, got " +
                           describe(c));
        return;
      }
      if (!t)
        return;
      if (n == (1u << 16)) {
        error(*s.test, "a 'while' loop of a compile-time function ran more "
                       "than 65536 times");
        return;
      }
      genBlock(s.body);
      if (returnState() != ReturnState::No)
        return;
    }
  }
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
  } else if (auto cv = scalarCondition(c, *s.test, "while")) {
    condV = *cv;
  }
  if (!condV)
    condV = b.create<mlir::arith::ConstantOp>(l, b.getBoolAttr(false));
  b.create<mlir::scf::ConditionOp>(l, condV, cond->getArguments());

  // After region: the body.
  mlir::Block *bodyBlk = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  scope = before;
  bindCarried(carried, bodyBlk->getArguments());
  ++loopDepth;
  genBlock(s.body);
  --loopDepth;
  llvm::SmallVector<mlir::Value> yields;
  bool ok = yieldCarried(carried, bodyBlk->getArguments(), s, *s.test, yields);
  b.create<mlir::scf::YieldOp>(l, yields);
  b.setInsertionPointAfter(whileOp);
  scope = before;
  bindCarried(carried, whileOp.getResults(), ok);
}
