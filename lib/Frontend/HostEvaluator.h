//===- HostEvaluator.h - The evaluator of host-side Python -----*- C++ -*-===//
//
// HostEvaluator computes the Python that HostEval.h describes; a HostScope
// gives its names their values. The module scope (HostModuleScope.cpp) and
// the launch scope (HostLaunchScope.cpp) are the two. The evaluator is in
// several files: HostEvaluator.cpp (numbers, strings, comparisons, the
// builtins of numbers), HostSequences.cpp (lists, tuples, dicts,
// comprehensions, subscripts and the builtins of sequences), HostMethods.cpp
// (the methods of dicts, strings, lists and tuples), HostEnums.cpp
// (enumerations), HostTorch.cpp (torch's dtypes and GPU queries),
// HostFunctions.cpp (calls of module-level functions of host code) and
// HostTriton.cpp (triton.Config, the target, dtypes and the attributes of
// objects).
//
// A value tilec cannot compute is nullopt. The evaluator records the first
// reason (fail()) and the names of the host values it needed that tilec
// cannot compute (undecided()), each one a -D could give.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_HOSTEVALUATOR_H
#define TILEC_LIB_FRONTEND_HOSTEVALUATOR_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostEval.h"
#include "tilec/Frontend/HostValue.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

/// `triton.__version__` in host code: the Triton release whose language
/// tilec compiles (the corpus is checked against it; docs/language.md).
inline constexpr llvm::StringLiteral kTritonVersion = "3.6.0";

class HostEvaluator;

/// Host code tilec does not evaluate, as a scope words its refusal.
enum class HostCode {
  Call,       // a call of a function tilec does not compute
  Attribute,  // an attribute read
  Expression, // any other expression (a lambda, a dict, ...)
};

/// Where the names of a host expression get their values.
class HostScope {
public:
  virtual ~HostScope() = default;
  /// The value of the name `e` (bound by no enclosing function or
  /// comprehension); nullopt (with `ev.fail()` or `ev.undecided()`) when it
  /// has none that tilec knows.
  virtual std::optional<HostValue> name(HostEvaluator &ev, const Expr &e) = 0;
  /// The truth of the name `e`: its value's unless the scope knows better.
  virtual std::optional<bool> nameTruth(HostEvaluator &ev, const Expr &e);
  /// The value of the subscript `e` (other than os.environ[...]).
  virtual std::optional<HostValue> subscript(HostEvaluator &ev,
                                             const Expr &e) = 0;
  /// The dotted path that the name `e` names as a module or a function
  /// (`os` after `import os`, `min`), nullopt for a value; `ev` computes
  /// what a name bound by host code names (`getattr(torch, device)`).
  virtual std::optional<std::string> namePath(HostEvaluator &ev,
                                              const Expr &e) = 0;
  /// The value of the attribute `e`, whose dotted path is `path`, where
  /// `path` is no value tilec knows (a module's constant: `U.BLOCK` after
  /// `import pkg.utils as U`); by default host code.
  virtual std::optional<HostValue> pathValue(HostEvaluator &ev, const Expr &e,
                                             const std::string &path);
  /// The value a -D option gives the text `text` of a method call without
  /// arguments (`current_platform.is_rocm()`), null for none.
  virtual const HostValue *defined(llvm::StringRef text) { return nullptr; }
  /// The enumeration that the module-level name `name` binds (a class of
  /// this module or one it imports), null for none.
  virtual const EnumClass *enumClass(const std::string &name) {
    (void)name;
    return nullptr;
  }
  /// The module-level function of host code that `callee` names, null for
  /// none.
  virtual const Function *hostFunction(HostEvaluator &ev, const Expr &callee) {
    (void)ev;
    (void)callee;
    return nullptr;
  }
  /// Module-level host code of `m` runs from here to the matching
  /// leaveModule (the body of one of its functions).
  virtual void enterModule(const Module &m) { (void)m; }
  virtual void leaveModule() {}
  /// Whether values here may be objects whose attributes tilec knows (a
  /// triton.Config); where they may not, an attribute of a value is host
  /// code (hostCode) whatever the value.
  virtual bool objects() const { return true; }
  /// Whether host code here reads the process environment (os.environ,
  /// os.getenv); getenv reads a variable (nullopt: not set).
  virtual bool readsEnvironment() const { return false; }
  virtual std::optional<std::string> getenv(const std::string &name) {
    (void)name;
    return std::nullopt;
  }
  /// The GPU architecture compiled for (`sm_90a`; empty: not known here),
  /// which host code's queries of the GPU read (HostTorch.cpp).
  virtual llvm::StringRef arch() const { return {}; }
  /// Why the host code `e` (of `kind`; `path`: the dotted path it names,
  /// if any) is not evaluated, in this scope's words.
  virtual std::string hostCode(HostCode kind, const Expr &e,
                               const std::optional<std::string> &path) = 0;
};

/// The evaluator of host expressions in a scope.
class HostEvaluator {
public:
  explicit HostEvaluator(HostScope &scope) : scope(scope) {}

  /// The value of `e`; nullopt when tilec cannot compute it.
  std::optional<HostValue> eval(const Expr &e);
  /// The truth of `e`. `and`, `or` and `not` need only their operands'
  /// truth, so `x and False` is false whatever x is.
  std::optional<bool> truth(const Expr &e);

  /// Records why `at` cannot be computed (the first reason is kept, with
  /// `notes`); returns nullopt.
  std::nullopt_t fail(const Expr &at, const llvm::Twine &why,
                      std::vector<HostNote> notes = {});
  /// Records that `at` raises the Python exception `type` (KeyError,
  /// IndexError, ValueError, AttributeError) because `why`: a failure
  /// (fail()) that a `try` of a function of host code whose handler names
  /// the type, a base of it or none catches; returns nullopt. It stays an
  /// exception while it is what fails: another failure after it (fail()),
  /// a value computed in spite of it (the other operand of an `or`
  /// decides; restore()) and a condition tilec cannot decide on whose
  /// value it depends (Python may not run the code that raises) make it a
  /// plain failure.
  std::nullopt_t raise(const Expr &at, llvm::StringRef type,
                       const llvm::Twine &why);
  /// Records `name` as a host value tilec cannot compute. A decisive name
  /// decides a condition that tilec cannot (`IS_AMD` of `[2, 4] if IS_AMD
  /// else [4, 8]`): it stays named where a constant's value depends on it,
  /// where another name stands for the constant.
  std::nullopt_t undecided(const std::string &name, bool decisive = false);

  /// The first reason recorded, the expression it concerns and its notes.
  const std::string &reason() const { return reason_; }
  const Expr *failedAt() const { return failedAt_; }
  const std::vector<HostNote> &notes() const { return notes_; }
  /// The names recorded (undecided()), in order.
  std::vector<std::string> undecidedNames() const;
  /// Warnings: what was computed without what tilec cannot run.
  const std::vector<HostWarning> &warnings() const { return warnings_; }
  void warn(const Expr &at, const llvm::Twine &text,
            std::vector<HostNote> notes = {});

  /// The names recorded: taken away (the evaluator has none after), and
  /// given back.
  struct Undecided {
    std::string name;
    bool decisive = false;
  };
  std::vector<Undecided> takeNames() { return std::exchange(names_, {}); }
  void putNames(std::vector<Undecided> names) { names_ = std::move(names); }

  /// Bindings of names in a local scope: a function's parameters, a
  /// comprehension's targets (nullopt: a value tilec cannot compute).
  using Bindings = std::map<std::string, std::optional<HostValue>>;
  /// While alive, the local scopes so far are hidden: code of a module
  /// (a constant's value, a function's body) sees its own names.
  class Frame {
  public:
    explicit Frame(HostEvaluator &ev)
        : ev(ev), savedBase(std::exchange(ev.frameBase_, ev.locals_.size())) {}
    ~Frame() { ev.frameBase_ = savedBase; }

  private:
    HostEvaluator &ev;
    size_t savedBase;
  };

private:
  /// A `try` whose body runs: an id of this run of the statement (a
  /// recursive call's own), and the statement that marks its body's end.
  struct Try {
    unsigned id;
    std::shared_ptr<const Stmt> end;
  };

public:
  /// While alive, code runs apart from the `try`s of the function that
  /// reads its value: module-level code (a constant, an enumeration's
  /// members, a parameter's default), which Python ran at import. What it
  /// raises is a value tilec cannot compute, not an exception a handler of
  /// that function catches.
  class Apart {
  public:
    explicit Apart(HostEvaluator &ev)
        : ev(ev), tries(std::exchange(ev.tries_, {})), raised(ev.raised_) {}
    ~Apart() {
      ev.tries_ = std::move(tries);
      ev.raised_ = std::move(raised);
    }

  private:
    HostEvaluator &ev;
    std::vector<Try> tries;
    std::string raised;
  };
  /// The local binding of `name` in the current frame, null if none.
  const std::optional<HostValue> *local(const std::string &name) const;

  /// The subscript `e` of a value (`d['k']`, `xs[-1]`), computed from its
  /// operands' values.
  std::optional<HostValue> subscriptValue(const Expr &e);

  /// The dotted path `e` names through the scope (`os.environ`,
  /// `triton.language`), nullopt for a value.
  std::optional<std::string> dottedPath(const Expr &e);
  /// `F(a) op F(b)` for one function F of one argument (packaging's
  /// Version or parse, a library's wrapper of them) and version strings a
  /// and b: the comparison of their release numbers; nullopt when `e` is
  /// not of that form (it is then evaluated as any comparison).
  std::optional<HostValue> versionComparison(const Expr &e);
  /// Whether `name` is a builtin function the evaluator computes.
  static bool isBuiltin(llvm::StringRef name);
  /// min or max (`fn`) of numbers, the first of equal ones, as Python's.
  static HostValue extreme(llvm::StringRef fn, llvm::ArrayRef<HostValue> xs);

  /// The functions of host code tilec calls, for messages.
  static constexpr llvm::StringLiteral kEvaluatedBodies =
      "tilec evaluates functions whose bodies are assignments of names "
      "(augmented ones of local names too), 'return' statements, appends to "
      "lists and 'if' / 'elif' / 'else', 'for' and 'try' over them";

  /// The most elements a list may have, and the most steps (elements of
  /// comprehensions, calls) one evaluation may take.
  static constexpr size_t kMaxElements = 1 << 16;
  static constexpr size_t kMaxSteps = 1 << 18;
  /// The deepest nesting of calls of host functions and constants'
  /// evaluations.
  static constexpr unsigned kMaxDepth = 64;

  /// What fail() and undecided() recorded, to be restored where a value is
  /// computed after all (the arms of an undecided condition are equal, a
  /// predicate tilec cannot run keeps every element).
  struct State {
    std::string reason;
    const Expr *failedAt;
    std::vector<HostNote> notes;
    std::vector<Undecided> names;
    std::string raised;
  };
  State save() const { return {reason_, failedAt_, notes_, names_, raised_}; }
  void restore(State s);
  /// Marks the names recorded since the first `from` as decisive.
  void markDecisive(size_t from);
  size_t numNames() const { return names_.size(); }

  /// Counts a step (an element of a comprehension, a call, a statement, a
  /// constant's evaluation); false (with a failure at `at`) past kMaxSteps.
  bool step(const Expr &at);

  /// The members of the enumeration `cls` (HostEnums.cpp), one a name it
  /// binds, in order (an alias: the member of the earlier name with its
  /// value); nullopt when tilec cannot compute one.
  std::optional<std::vector<HostValue>> enumMembers(const Expr &at,
                                                    const EnumClass &cls);

  /// The value the body of the function of host code `fn` returns, run as
  /// a call at `at` with its parameters unbound: what they read comes from
  /// the scope (a heuristic given as a function reads `args['name']`).
  std::optional<HostValue> runFunctionBody(const Expr &at, const Function &fn);

private:
  // HostEvaluator.cpp
  std::optional<HostValue> number(const Expr &e);
  std::optional<HostValue> unary(const Expr &e);
  std::optional<HostValue> binary(const Expr &e, const HostValue &a,
                                  const HostValue &b);
  std::optional<HostValue> compareChain(const Expr &e);
  std::optional<bool> compare(const Expr &e, CompareOpKind op,
                              const HostValue &lhs, const Expr &rhsExpr,
                              std::optional<HostValue> &rhs);
  std::optional<HostValue> conditional(const Expr &e);
  /// Whether `e` gives a bool whatever its operands (a comparison, a `not`,
  /// an `and` / `or` of such).
  static bool isBoolSyntax(const Expr &e);
  std::optional<HostValue> subscript(const Expr &e);
  std::optional<HostValue> call(const Expr &e);
  std::optional<HostValue> convert(const Expr &e, llvm::StringRef fn,
                                   const HostValue &v);
  std::optional<std::string> envName(const Expr &e);
  bool isNumber(const Expr &e, const HostValue &v);

  // HostSequences.cpp
  std::optional<HostValue> display(const Expr &e);
  std::optional<HostValue> comprehension(const Expr &e);
  bool clause(const Expr &e, size_t i, std::vector<HostValue> &out);
  void probe(const Expr &e, size_t i);
  bool bindTarget(const Expr &target, std::optional<HostValue> v);
  /// The value of the augmented assignment `s` (`x op= y`), from x's value
  /// `a` and y's `b`: binary()'s, a failure at the statement's nodes.
  std::optional<HostValue> augmented(const Stmt &s, const HostValue &a,
                                     const HostValue &b);
  /// Whether the function may change the list `name` holds in place: one it
  /// made and holds in that name alone (else a failure at `at`).
  bool mayChangeList(const Expr &at, const std::string &name);
  std::optional<std::vector<HostValue>> items(const Expr &e,
                                              const HostValue &v);
  std::optional<HostValue> sequenceOp(const Expr &e, const HostValue &a,
                                      const HostValue &b);
  std::optional<bool> contains(const Expr &e, const HostValue &container,
                               const HostValue &x);
  std::optional<HostValue> index(const Expr &e, const HostValue &base,
                                 const HostValue &key);
  std::optional<HostValue> sequenceCall(const Expr &e, llvm::StringRef fn);
  std::optional<HostValue> filter(const Expr &e);
  std::optional<bool> predicate(const Expr &e, const Expr &fn,
                                const HostValue &x);

  // HostFunctions.cpp
  /// The positional and keyword arguments of the call `e` (`**` arguments
  /// spread); false when one cannot be computed (all are evaluated).
  bool arguments(const Expr &e, std::vector<HostValue> &args,
                 std::vector<std::pair<std::string, HostValue>> &kwargs);
  /// `fn` called at `e` with `args` and `kwargs`; `method`: a method of an
  /// enumeration (it may be a @classmethod or @staticmethod).
  std::optional<HostValue>
  callHostFunction(const Expr &e, const Function &fn,
                   std::vector<HostValue> args,
                   std::vector<std::pair<std::string, HostValue>> kwargs,
                   bool method = false);
  /// The statements after the `try` whose body raised, from its handler
  /// that catches the exception (raise()); nullopt when none does, with
  /// `handled` false.
  /// `before`: what fail() had recorded when the `try` began, restored
  /// when a handler catches.
  std::optional<HostValue> runHandler(const Expr &call, const Function &fn,
                                      const Stmt &tryStmt, unsigned tryId,
                                      llvm::ArrayRef<const Stmt *> rest,
                                      State before, bool &handled);
  std::optional<HostValue> runBody(const Expr &call, const Function &fn,
                                   llvm::ArrayRef<const Stmt *> stmts);
  /// `fn`'s body run in a new local scope of `bound` (its parameters), in
  /// the current Frame, with loops and owned lists of its own.
  std::optional<HostValue> runFrame(const Expr &call, const Function &fn,
                                    Bindings bound);
  /// The next iteration of the innermost loop (loops_), then `rest`.
  std::optional<HostValue> iterate(const Expr &call, const Function &fn,
                                   llvm::ArrayRef<const Stmt *> rest);
  /// `xs.append(v)` or `xs.extend(vs)` of a local list `xs`: true when
  /// done, false when it failed, nullopt when `e` is no such call.
  std::optional<bool> listMethod(const Expr &e);

  // HostTriton.cpp
  /// Whether `path` is a function of triton that HostTriton.cpp computes.
  static bool isTritonCall(llvm::StringRef path);
  std::optional<HostValue> tritonCall(const Expr &e, llvm::StringRef fn);
  std::optional<HostValue> attribute(const Expr &e);
  /// `props[key]` of Triton's device properties (`props`).
  std::optional<HostValue> deviceProperty(const Expr &e, const HostValue &props,
                                          const HostValue &key);
  /// Whether `v` is Triton's device properties.
  static bool isDeviceProperties(const HostValue &v);

  // HostEnums.cpp
  /// Whether `e` calls an enumeration (`Backend(value)`) or a method of one
  /// or of a member.
  bool isEnumCall(const Expr &e);
  std::optional<HostValue> enumCall(const Expr &e);
  /// The attribute `e` of the enumeration `cls`: a member.
  std::optional<HostValue> enumAttribute(const Expr &e, const HostValue &cls);
  /// The member of `cls` named `key` (byName: `cls[key]`) or of the value
  /// `key` (`cls(key)`).
  std::optional<HostValue> enumLookup(const Expr &e, const HostValue &cls,
                                      const HostValue &key, bool byName);
  /// The value of `auto()` (at `at`) for the member `name` of `cls` after
  /// the members `earlier`.
  std::optional<HostValue> autoValue(const Expr &at, const EnumClass &cls,
                                     const std::string &name,
                                     llvm::ArrayRef<HostValue> earlier);
  /// The members of `cls` as a `for` over it takes them (no aliases).
  std::optional<std::vector<HostValue>> enumItems(const Expr &at,
                                                  const HostValue &cls);

  // HostMethods.cpp
  /// Whether `name` is a method of dicts, strings, lists or tuples that
  /// valueMethod computes.
  static bool isValueMethod(llvm::StringRef name);
  /// Whether the call `e` is `x.m(...)` of such a method, with `x` a value
  /// that has it (put in `self`).
  bool receiverWithMethod(const Expr &e, std::optional<HostValue> &self);
  /// The call `e` of a method of `self`.
  std::optional<HostValue> valueMethod(const Expr &e, const HostValue &self);

  // HostTorch.cpp
  /// The value of torch's `path` that tilec knows: a dtype (`torch.float16`,
  /// `torch.half`), `torch.version.hip`.
  static std::optional<HostValue> torchAttribute(llvm::StringRef path);
  /// Whether `path` is torch.finfo or torch.iinfo.
  static bool isTorchCall(llvm::StringRef path);
  std::optional<HostValue> torchCall(const Expr &e, llvm::StringRef fn);
  /// torch.cuda's queries of the GPU (HostTorch.cpp).
  std::optional<HostValue> deviceCall(const Expr &e, llvm::StringRef fn);

  HostScope &scope;
  std::string reason_;
  const Expr *failedAt_ = nullptr;
  std::vector<HostNote> notes_;
  std::vector<Undecided> names_;
  std::vector<HostWarning> warnings_;
  std::vector<Bindings> locals_;
  /// A `for` loop of the host function being run: its statement, the
  /// elements it takes, the next one, and the statement that ends an
  /// iteration in the statements runBody goes on with (then the loop takes
  /// its next element).
  struct Loop {
    const Stmt *loop;
    std::vector<HostValue> elems;
    size_t next = 0;
    std::shared_ptr<const Stmt> end;
  };
  std::vector<Loop> loops_;
  /// The `try`s whose bodies run (innermost last), each with the statement
  /// that marks its body's end in the statements runBody goes on with;
  /// raise() notes which ran (raisedIn_) and the exception's type.
  std::vector<Try> tries_;
  unsigned nextTryId_ = 0;
  std::vector<unsigned> raisedIn_;
  std::string raised_;
  /// The local lists of the host function being run that `append` and
  /// `extend` may change: made by a list display, comprehension or `list()`
  /// and bound to one name, held by no other binding since (lists are
  /// values here, so a change must not be one another holder would see).
  std::set<std::string> ownedLists_;
  /// How deep runBody recurses (an iteration or a branch is a level).
  unsigned bodyDepth_ = 0;
  static constexpr unsigned kMaxBodyDepth = 4096;
  /// Drops from ownedLists_ the names `e` reads: what they hold may now be
  /// held elsewhere too.
  void shareLists(const Expr &e);
  size_t frameBase_ = 0;
  unsigned depth_ = 0;
  size_t steps_ = 0;
};

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_HOSTEVALUATOR_H
