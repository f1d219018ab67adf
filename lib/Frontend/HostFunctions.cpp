//===- HostFunctions.cpp - Calls of module-level functions of host code ---===//
//
// A call of a module-level `def` that is no jit function (Module::
// hostFunctions), as Python runs it: positional and keyword arguments (`**`
// arguments spread) bound to the parameters, defaults for the others
// (evaluated in the function's module), and a body of assignments of
// names, `return` statements, `xs.append(v)` / `xs.extend(vs)` of local
// lists and `if` / `elif` / `else`, `for` (with `break` and `continue`;
// not `for ... else`) and `try` over them (its body and `else`; where the
// body raises an exception tilec computes, HostEvaluator::raise, the handler
// that catches it), evaluated in the function's module with its
// parameters as local names: the config builders that append to a list in
// nested loops. A condition tilec cannot compute gives a value when both
// ways return the same one, as a conditional expression does (each way
// from the locals before it). An augmented assignment of a local (`n *= 2`,
// `s += "x"`; a list only where the function holds it alone) binds the name
// to the operation's value. Anything else in the body (a `while` loop,
// another call for its effect) is host code tilec does not run.
//
// Statements run in continuation-passing style: an `if` runs its branch
// followed by the statements after it, so that an undecided condition can
// run both ways to the end. A loop's iteration is its body followed by the
// loop's end marker (Loop::end) and the statements after the loop; the
// marker takes the next element.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tilec;

bool HostEvaluator::arguments(
    const Expr &e, std::vector<HostValue> &args,
    std::vector<std::pair<std::string, HostValue>> &kwargs) {
  bool ok = true;
  for (size_t i = 1; i < e.args.size(); ++i) {
    std::optional<HostValue> v = eval(*e.args[i]);
    if (v)
      args.push_back(std::move(*v));
    ok &= v.has_value();
  }
  auto add = [&](const Expr &at, const std::string &name, HostValue v) {
    if (llvm::any_of(kwargs, [&](auto &kw) { return kw.first == name; })) {
      fail(at, "the keyword argument '" + name + "' is given twice");
      return false;
    }
    kwargs.emplace_back(name, std::move(v));
    return true;
  };
  for (const Keyword &kw : e.keywords) {
    std::optional<HostValue> v = eval(*kw.value);
    if (!v) {
      ok = false;
      continue;
    }
    if (!kw.name.empty()) {
      ok &= add(*kw.value, kw.name, std::move(*v));
      continue;
    }
    // **v: the items of a dict with string keys.
    if (v->kind != HostValue::Dict) {
      fail(*kw.value, "'**' of " + v->describe() + ", which is not a dict");
      ok = false;
      continue;
    }
    for (size_t k = 0; k < v->elems.size(); ++k) {
      if (v->elems[k].kind != HostValue::Str) {
        fail(*kw.value, "'**' of a dict whose key " + v->elems[k].repr() +
                            " is not a string");
        ok = false;
        break;
      }
      ok &= add(*kw.value, v->elems[k].s, v->values[k]);
    }
  }
  return ok;
}

/// Whether the decorator `spelling` leaves a function's values as they are
/// (it caches them).
static bool isCache(llvm::StringRef spelling) {
  return llvm::is_contained(
      {"cache", "lru_cache", "functools.cache", "functools.lru_cache"},
      spelling);
}

std::optional<HostValue> HostEvaluator::callHostFunction(
    const Expr &e, const Function &fn, std::vector<HostValue> args,
    std::vector<std::pair<std::string, HostValue>> kwargs, bool method) {
  std::string name = "'" + fn.name + "'";
  for (const std::string &d : fn.decorators)
    if (!isCache(d) && !(method && (d == "classmethod" || d == "staticmethod")))
      return fail(e, name + " is decorated with @" + d +
                         ", which is host code tilec does not run");
  if (depth_ >= kMaxDepth)
    return fail(e, name + " calls functions more than " +
                       llvm::Twine(kMaxDepth) + " deep");
  // The arguments bound to the parameters.
  const std::vector<Param> &params = fn.params;
  if (args.size() > params.size())
    return fail(e, llvm::formatv("{0} takes {1} positional argument(s) but "
                                 "{2} were given",
                                 name, params.size(), args.size()));
  Bindings bound;
  for (size_t i = 0; i < args.size(); ++i)
    bound[params[i].name] = std::move(args[i]);
  for (auto &kw : kwargs) {
    const std::string &key = kw.first;
    if (llvm::none_of(params, [&](const Param &p) { return p.name == key; }))
      return fail(e, name + " has no parameter '" + key + "'");
    if (bound.count(key))
      return fail(e, name + " is given the argument '" + key + "' twice");
    bound[key] = std::move(kw.second);
  }

  if (fn.owner)
    scope.enterModule(*fn.owner);
  std::optional<HostValue> result;
  {
    Frame frame(*this);
    bool ok = true;
    for (const Param &p : params) {
      if (bound.count(p.name))
        continue;
      if (!p.defaultValue) {
        ok = false;
        fail(e, name + " is called without its argument '" + p.name + "'");
        break;
      }
      std::optional<HostValue> v;
      {
        Apart apart(*this); // a default is computed at import
        v = eval(*p.defaultValue);
      }
      if (!v) {
        ok = false;
        break;
      }
      bound[p.name] = std::move(*v);
    }
    if (ok)
      result = runFrame(e, fn, std::move(bound));
  }
  if (fn.owner)
    scope.leaveModule();
  return result;
}

std::optional<HostValue> HostEvaluator::runFunctionBody(const Expr &at,
                                                        const Function &fn) {
  Frame frame(*this);
  return runFrame(at, fn, {});
}

std::optional<HostValue>
HostEvaluator::runFrame(const Expr &call, const Function &fn, Bindings bound) {
  std::vector<Loop> callerLoops = std::exchange(loops_, {});
  std::set<std::string> callerLists = std::exchange(ownedLists_, {});
  locals_.push_back(std::move(bound));
  ++depth_;
  std::vector<const Stmt *> body;
  for (const StmtPtr &s : fn.body)
    body.push_back(s.get());
  std::optional<HostValue> result = runBody(call, fn, body);
  --depth_;
  locals_.pop_back();
  loops_ = std::move(callerLoops);
  ownedLists_ = std::move(callerLists);
  return result;
}

std::optional<HostValue>
HostEvaluator::iterate(const Expr &call, const Function &fn,
                       llvm::ArrayRef<const Stmt *> rest) {
  Loop &l = loops_.back();
  if (l.next == l.elems.size()) {
    loops_.pop_back();
    return runBody(call, fn, rest);
  }
  if (!bindTarget(*l.loop->targets[0], l.elems[l.next++]))
    return std::nullopt;
  shareLists(*l.loop->targets[0]);
  std::vector<const Stmt *> next;
  for (const StmtPtr &b : l.loop->body)
    next.push_back(b.get());
  next.push_back(l.end.get());
  next.insert(next.end(), rest.begin(), rest.end());
  return runBody(call, fn, next);
}

bool HostEvaluator::mayChangeList(const Expr &at, const std::string &name) {
  if (ownedLists_.count(name))
    return true;
  fail(at, "tilec changes only a list the function made and holds in one "
           "name, and '" +
               name +
               "' may be held elsewhere too (a parameter, or bound to "
               "another name or put in a list)");
  return false;
}

std::optional<HostValue> HostEvaluator::augmented(const Stmt &s,
                                                  const HostValue &a,
                                                  const HostValue &b) {
  // `a op b` as an expression for binary(), its operands at the places of
  // the statement's; a failure there moves to the statement's own nodes.
  Expr op(ExprKind::BinOp, s.loc);
  op.binaryOp = s.op;
  op.length = s.targets[0]->length;
  for (const Expr *side : {s.targets[0].get(), s.value.get()}) {
    auto copy = std::make_unique<Expr>(side->kind, side->loc);
    copy->length = side->length;
    copy->str = side->str;
    op.args.push_back(std::move(copy));
  }
  std::optional<HostValue> v = binary(op, a, b);
  if (failedAt_ == op.args[1].get())
    failedAt_ = s.value.get();
  else if (failedAt_ == &op || failedAt_ == op.args[0].get())
    failedAt_ = s.targets[0].get();
  return v;
}

void HostEvaluator::shareLists(const Expr &e) {
  if (e.kind == ExprKind::Name)
    ownedLists_.erase(e.str);
  for (const ExprPtr &a : e.args)
    if (a)
      shareLists(*a);
  for (const Keyword &kw : e.keywords)
    if (kw.value)
      shareLists(*kw.value);
}

std::optional<bool> HostEvaluator::listMethod(const Expr &e) {
  if (e.kind != ExprKind::Call || e.args.size() != 2 || !e.keywords.empty())
    return std::nullopt;
  const Expr &callee = *e.args[0];
  if (callee.kind != ExprKind::Attribute ||
      (callee.str != "append" && callee.str != "extend") ||
      callee.args[0]->kind != ExprKind::Name)
    return std::nullopt;
  const std::string &name = callee.args[0]->str;
  const std::optional<HostValue> *held = local(name);
  if (!held || !*held || (*held)->kind != HostValue::List)
    return std::nullopt;
  if (!mayChangeList(callee, name))
    return false;
  std::optional<HostValue> v = eval(*e.args[1]);
  if (!v)
    return false;
  shareLists(*e.args[1]); // `grid.append(row)`: row is in grid too
  std::vector<HostValue> add;
  if (callee.str == "append") {
    add.push_back(std::move(*v));
  } else {
    std::optional<std::vector<HostValue>> xs = items(*e.args[1], *v);
    if (!xs)
      return false;
    add = std::move(*xs);
  }
  std::vector<HostValue> &elems = locals_.back()[name]->elems;
  if (elems.size() + add.size() > kMaxElements) {
    fail(e, llvm::formatv("the list has more than {0} elements", kMaxElements));
    return false;
  }
  elems.insert(elems.end(), std::make_move_iterator(add.begin()),
               std::make_move_iterator(add.end()));
  return true;
}

/// The exceptions an `except` clause naming `type` catches, and their bases.
static bool catches(llvm::StringRef handler, llvm::StringRef raised) {
  handler.consume_front("builtins.");
  if (handler == raised || handler == "Exception" || handler == "BaseException")
    return true;
  return handler == "LookupError" &&
         (raised == "KeyError" || raised == "IndexError");
}

std::optional<HostValue> HostEvaluator::runHandler(
    const Expr &call, const Function &fn, const Stmt &tryStmt, unsigned tryId,
    llvm::ArrayRef<const Stmt *> rest, State before, bool &handled) {
  handled = false;
  if (raised_.empty() || !llvm::is_contained(raisedIn_, tryId))
    return std::nullopt;
  for (const StmtPtr &h : tryStmt.handlers) {
    bool match = !h->test;
    if (h->test) {
      std::vector<const Expr *> types;
      if (h->test->kind == ExprKind::Tuple)
        for (const ExprPtr &t : h->test->args)
          types.push_back(t.get());
      else
        types.push_back(h->test.get());
      for (const Expr *t : types)
        match |= catches(dottedName(*t), raised_);
    }
    if (!match)
      continue;
    // Caught: the failure forgotten, the name after `as` bound.
    std::string type = raised_;
    restore(std::move(before));
    if (!h->targets.empty())
      locals_.back()[h->targets[0]->str] =
          HostValue::other("a " + type + " exception");
    handled = true;
    std::vector<const Stmt *> next;
    for (const StmtPtr &b : h->body)
      next.push_back(b.get());
    next.insert(next.end(), rest.begin(), rest.end());
    return runBody(call, fn, next);
  }
  return std::nullopt;
}

/// Whether `t` is a name, or a tuple or list of names: the assignment and
/// `for` targets runBody binds.
static bool isNamesTarget(const ExprPtr &t) {
  auto isName = [](const ExprPtr &x) { return x->kind == ExprKind::Name; };
  return isName(t) ||
         ((t->kind == ExprKind::Tuple || t->kind == ExprKind::List) &&
          llvm::all_of(t->args, isName));
}

std::optional<HostValue>
HostEvaluator::runBody(const Expr &call, const Function &fn,
                       llvm::ArrayRef<const Stmt *> stmts) {
  if (bodyDepth_ >= kMaxBodyDepth)
    return fail(call, "'" + fn.name + "' runs more than " +
                          llvm::Twine(kMaxBodyDepth) +
                          " loop iterations and branches in one call, more "
                          "than tilec evaluates");
  ++bodyDepth_;
  auto leave = llvm::make_scope_exit([&] { --bodyDepth_; });
  for (size_t i = 0; i < stmts.size(); ++i) {
    const Stmt &s = *stmts[i];
    if (!step(call))
      return std::nullopt;
    // The end of an iteration of the innermost loop: its next element.
    if (!loops_.empty() && loops_.back().end.get() == &s)
      return iterate(call, fn, stmts.drop_front(i + 1));
    // The end of the innermost `try`'s body: what raises from here on is
    // not its to catch.
    if (!tries_.empty() && tries_.back().end.get() == &s) {
      tries_.pop_back();
      continue;
    }
    // Where the statements go on after the innermost loop's end marker.
    auto endOfLoop = [&]() -> std::optional<size_t> {
      for (size_t j = i + 1; j < stmts.size(); ++j)
        if (!loops_.empty() && stmts[j] == loops_.back().end.get())
          return j;
      return std::nullopt;
    };
    switch (s.kind) {
    case StmtKind::Pass:
      continue;
    case StmtKind::Expr:
      if (s.value && s.value->kind == ExprKind::Str)
        continue; // a string (a docstring) does nothing
      if (s.value) {
        std::optional<bool> done = listMethod(*s.value);
        if (done && !*done)
          return std::nullopt;
        if (done)
          continue;
      }
      break;
    case StmtKind::For: {
      // The elements of what tilec computes, each bound to the target in
      // turn (iterate).
      if (!s.orelse.empty() || !isNamesTarget(s.targets[0]))
        break;
      std::optional<HostValue> it = eval(*s.iter);
      if (!it)
        return std::nullopt;
      std::optional<std::vector<HostValue>> elems = items(*s.iter, *it);
      if (!elems)
        return std::nullopt;
      loops_.push_back({&s, std::move(*elems), 0,
                        std::make_shared<Stmt>(StmtKind::Pass, s.loc)});
      return iterate(call, fn, stmts.drop_front(i + 1));
    }
    case StmtKind::Break:
    case StmtKind::Continue: {
      std::optional<size_t> j = endOfLoop();
      if (!j)
        break;
      // Out of the bodies of the `try`s it leaves.
      for (size_t k = i + 1; k < *j; ++k)
        if (!tries_.empty() && tries_.back().end.get() == stmts[k])
          tries_.pop_back();
      if (s.kind == StmtKind::Continue)
        return runBody(call, fn, stmts.drop_front(*j));
      loops_.pop_back();
      return runBody(call, fn, stmts.drop_front(*j + 1));
    }
    case StmtKind::Return:
      return s.value ? eval(*s.value) : HostValue::none();
    case StmtKind::Assign:
    case StmtKind::AnnAssign: {
      // `name = value` (or names unpacked from a tuple or list): a local.
      if (!s.value || !llvm::all_of(s.targets, isNamesTarget))
        break;
      std::optional<HostValue> v = eval(*s.value);
      if (!v)
        return std::nullopt;
      shareLists(*s.value);
      for (const ExprPtr &t : s.targets) {
        if (!bindTarget(*t, *v))
          return std::nullopt;
        shareLists(*t);
      }
      // A new list bound to one name is that name's alone.
      const Expr &x = *s.value;
      bool fresh =
          x.kind == ExprKind::List || x.kind == ExprKind::ListComp ||
          (x.kind == ExprKind::Call && x.args[0]->kind == ExprKind::Name &&
           x.args[0]->str == "list");
      if (fresh && s.targets.size() == 1 &&
          s.targets[0]->kind == ExprKind::Name && v->kind == HostValue::List)
        ownedLists_.insert(s.targets[0]->str);
      continue;
    }
    case StmtKind::AugAssign: {
      // `name op= value` of a local: the name bound to `name op value`. A
      // list's `+=` extends it in place in Python, so only a list the
      // function made and holds in one name (as for append).
      if (!s.value || s.targets.size() != 1 ||
          s.targets[0]->kind != ExprKind::Name || !local(s.targets[0]->str))
        break;
      const Expr &t = *s.targets[0];
      std::optional<HostValue> a = eval(t);
      if (!a)
        return std::nullopt;
      if (a->kind == HostValue::List && !mayChangeList(t, t.str))
        return std::nullopt;
      std::optional<HostValue> b = eval(*s.value);
      if (!b)
        return std::nullopt;
      shareLists(*s.value);
      std::optional<HostValue> v = augmented(s, *a, *b);
      if (!v || !bindTarget(t, *v))
        return std::nullopt;
      continue;
    }
    case StmtKind::If: {
      // The branch taken, then the statements after the `if`.
      auto run = [&](const std::vector<StmtPtr> &branch) {
        std::vector<const Stmt *> next;
        for (const StmtPtr &b : branch)
          next.push_back(b.get());
        next.insert(next.end(), stmts.begin() + i + 1, stmts.end());
        return runBody(call, fn, next);
      };
      State before = save();
      size_t mark = numNames();
      std::optional<bool> t = truth(*s.test);
      if (t)
        return run(*t ? s.body : s.orelse);
      if (!raised_.empty())
        return std::nullopt; // the condition raises
      markDecisive(mark);
      // Each arm from the locals, loops and `try`s before the `if`.
      Bindings before_ = locals_.back();
      std::vector<Loop> loopsBefore = loops_;
      std::vector<Try> triesBefore = tries_;
      std::set<std::string> listsBefore = ownedLists_;
      std::optional<HostValue> a = run(s.body);
      locals_.back() = before_;
      loops_ = loopsBefore;
      tries_ = triesBefore;
      ownedLists_ = listsBefore;
      std::optional<HostValue> b = run(s.orelse);
      locals_.back() = std::move(before_);
      loops_ = std::move(loopsBefore);
      tries_ = std::move(triesBefore);
      ownedLists_ = std::move(listsBefore);
      if (a && b && sameHostValue(*a, *b)) {
        restore(std::move(before));
        return a;
      }
      raised_.clear(); // an arm's exception may not happen
      return std::nullopt;
    }
    case StmtKind::Try: {
      // The body, its `else`, then the statements after the `try`. Where
      // the body raises an exception that tilec computes (raise()), a
      // handler that catches it runs instead of the rest of the body and
      // the `else`; what tilec cannot compute in the body fails the call
      // (no handler runs for it: Python's exception is not known).
      size_t triesBefore = tries_.size();
      unsigned id = nextTryId_++;
      tries_.push_back({id, std::make_shared<Stmt>(StmtKind::Pass, s.loc)});
      std::vector<const Stmt *> next;
      for (const StmtPtr &b : s.body)
        next.push_back(b.get());
      next.push_back(tries_.back().end.get());
      for (const StmtPtr &b : s.orelse)
        next.push_back(b.get());
      next.insert(next.end(), stmts.begin() + i + 1, stmts.end());
      size_t loopsBefore = loops_.size();
      raised_.clear();
      State before = save();
      std::optional<HostValue> r = runBody(call, fn, next);
      tries_.resize(std::min(tries_.size(), triesBefore));
      if (r)
        return r;
      loops_.resize(std::min(loops_.size(), loopsBefore));
      bool handled = false;
      std::optional<HostValue> h = runHandler(
          call, fn, s, id, stmts.drop_front(i + 1), std::move(before), handled);
      return handled ? h : std::nullopt;
    }
    default:
      break;
    }
    return fail(
        call,
        "'" + fn.name + "' is a function of host code tilec cannot evaluate",
        {{s.loc, s.length, kEvaluatedBodies.str() + ", not this statement"}});
  }
  return HostValue::none();
}
