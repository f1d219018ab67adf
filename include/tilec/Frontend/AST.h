//===- AST.h - Syntax tree of the kernel language -------------------------===//
//
// The AST of the Python subset that Triton kernels are written in. Nodes are
// deliberately uniform (one Expr and one Stmt struct with a kind), which keeps
// the parser, the dumper and MLIRGen short.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_AST_H
#define TILEC_FRONTEND_AST_H

#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

/// Binary operators: `a op b` and augmented assignments `a op= b`.
enum class BinaryOpKind {
  Add,      // +
  Sub,      // -
  Mul,      // *
  Div,      // /
  FloorDiv, // //
  Mod,      // %
  Pow,      // **
  MatMul,   // @
  BitAnd,   // &
  BitOr,    // |
  BitXor,   // ^
  Shl,      // <<
  Shr,      // >>
};
/// Unary operators: `-x`, `+x`, `~x`, `not x`.
enum class UnaryOpKind { Neg, Plus, Invert, Not };
/// The operators of a (chained) comparison.
enum class CompareOpKind { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };
/// `and` / `or`.
enum class BoolOpKind { And, Or };

/// How Python spells an operator ("//", "not in", "and"), for the AST dump
/// and diagnostics.
llvm::StringRef spelling(BinaryOpKind k);
llvm::StringRef spelling(UnaryOpKind k);
llvm::StringRef spelling(CompareOpKind k);
llvm::StringRef spelling(BoolOpKind k);
/// The binary (comparison) operator spelled `s`, if any.
std::optional<BinaryOpKind> binaryOpKind(llvm::StringRef s);
std::optional<CompareOpKind> compareOpKind(llvm::StringRef s);

enum class ExprKind {
  Name,  // str = identifier
  Int,   // intValue
  Float, // floatValue
  Str,   // str
  Bool,  // intValue (0/1)
  None,
  Ellipsis,
  Attribute, // args[0].str
  Call,      // args[0](args[1..], keywords)
  Subscript, // args[0][args[1..]]
  Slice,     // args: lower, upper, step (null when absent)
  Tuple,     // args
  List,      // args
  BinOp,     // args[0] binaryOp args[1]
  UnaryOp,   // unaryOp args[0]
  Compare,   // args[0] compareOps[0] args[1] compareOps[1] args[2] ...
  BoolOp,    // boolOp over args
  IfExp,     // args: body, test, orelse
  Dict,      // args: key0, value0, key1, value1, ... (module level only)
  Lambda,    // lambda P: body; args: body, Name P; str: the body's source
             // text (module-level host code only)
  ListComp,  // [elt for ... if ...]; args: elt, then the clauses in order,
             // each a CompFor or a CompIf (module level only)
  CompFor,   // `for T in ITER` of a ListComp; args: T (a Name or a Tuple of
             // Names), ITER
  CompIf,    // `if C` of a ListComp; args: C
  Starred,   // `*args[0]`, a positional argument of a call in a jit function
};

struct Keyword {
  /// The keyword; "" for a `**value` argument (module level only).
  std::string name;
  SourceLoc loc;
  ExprPtr value;
};

struct Expr {
  ExprKind kind;
  SourceLoc loc;
  unsigned length = 1; // columns of the node's first token, for carets
  std::string str;
  BinaryOpKind binaryOp = BinaryOpKind::Add; // BinOp
  UnaryOpKind unaryOp = UnaryOpKind::Neg;    // UnaryOp
  BoolOpKind boolOp = BoolOpKind::And;       // BoolOp
  std::vector<CompareOpKind> compareOps;     // Compare
  uint64_t intValue = 0;
  bool intOverflow = false;
  bool formatted = false; // Str: a part is an f-string (`str` unformatted)
  double floatValue = 0;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;

  Expr(ExprKind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  /// Frees the subtree without recursion: generated code can chain
  /// thousands of operators into one tall tree.
  ~Expr();
  Expr(Expr &&) = default;
  Expr &operator=(Expr &&) = default;
};

enum class StmtKind {
  Expr,      // value
  Assign,    // targets = value (targets: one or more, chained `a = b = v`)
  AugAssign, // targets[0] op= value
  AnnAssign, // targets[0]: annotation = value (value may be null)
  If,        // test, body, orelse
  For,       // targets[0] in iter: body (orelse unsupported)
  While,     // test, body
  Return,    // value (may be null)
  Pass,
  Break,
  Continue,
  Assert, // test, value (message, may be null)
  Raise,  // value (the exception, may be null): an error where compiled
  // Host code only (jit functions do not parse them): body, handlers (each
  // an Except), orelse.
  Try,
  Except, // test (the exception type, may be null), targets (`as NAME`), body
};

struct Stmt {
  StmtKind kind;
  SourceLoc loc;
  unsigned length = 1;
  std::vector<ExprPtr> targets;
  BinaryOpKind op = BinaryOpKind::Add; // AugAssign
  ExprPtr value;
  ExprPtr test;
  ExprPtr iter;
  ExprPtr annotation;
  std::vector<StmtPtr> body;
  std::vector<StmtPtr> orelse;
  std::vector<StmtPtr> handlers; // Try

  Stmt(StmtKind kind, SourceLoc loc) : kind(kind), loc(loc) {}
};

struct Param {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation;   // may be null
  ExprPtr defaultValue; // may be null
  bool isConstexpr = false;
};

/// A `@triton.jit` function: a kernel or a helper called from kernels.
struct Module;

struct Function {
  std::string name;
  SourceLoc loc;
  /// The module whose names the body sees (set by the parser).
  const Module *owner = nullptr;
  std::vector<std::string> decorators; // decorator spellings, e.g. "triton.jit"
  std::vector<Param> params;
  std::vector<StmtPtr> body;
  std::string docstring;
  /// The call of an @triton.autotune decorator (`triton.autotune(configs=
  /// [...], key=[...])`), when its arguments are plain data; see
  /// Frontend/Autotune.h. `autotuneLoc` is set (line != 0) for any
  /// @triton.autotune, also one tilec cannot read.
  ExprPtr autotune;
  SourceLoc autotuneLoc;
  /// The calls of its @triton.heuristics decorators, outermost first (the
  /// order Triton evaluates them in), each with its `@`; a null call for one
  /// whose argument tilec cannot parse (Frontend/Heuristics.h).
  std::vector<std::pair<SourceLoc, ExprPtr>> heuristics;
  /// A compile-time function (`@triton.constexpr_function`, `@tl.constexpr`
  /// on a def): called with compile-time arguments only, evaluated while
  /// compiling, and its result must be a compile-time value.
  bool constexprFunction = false;
  /// The branches of module-level `if` / `try` statements that define it,
  /// outermost first: the statement's keyword and the branch's index among
  /// those that may run. It exists only where they ran, so it sees their
  /// bindings (Module::Alternative::branchPath).
  std::vector<std::pair<SourceLoc, unsigned>> branchPath;
};

/// A module-level enumeration, `class NAME(Enum):` (enum's Enum, IntEnum or
/// StrEnum as its base): its members (`NAME = value`, in order) and its
/// methods (a `def` of host code, with its decorators: `classmethod`,
/// `staticmethod`), which host code that tilec evaluates reads and calls.
struct EnumClass {
  std::string name;
  SourceLoc loc;
  /// The module its members' values and its methods' bodies see.
  const Module *owner = nullptr;
  /// The type its members are also values of: "int" (IntEnum, a base
  /// `int`), "str" (StrEnum, a base `str`), or "" (Enum).
  std::string mixin;
  /// Whether it is a StrEnum (its auto() is the member's name in lower case).
  bool strEnum = false;
  std::vector<std::pair<std::string, ExprPtr>> members;
  std::map<std::string, std::unique_ptr<Function>> methods;
};

/// A parsed source file: its jit functions; all other top-level code skipped.
struct Module {
  /// The dotted name the module is imported under ("" for a kernel file
  /// outside any package on the search path) and the package its relative
  /// imports start from (`from .utils import f` in pkg.ops.x: pkg.ops).
  std::string name;
  std::string package;
  std::vector<std::unique_ptr<Function>> functions;
  /// Jit functions that branches of a module-level `if` tilec cannot decide
  /// define under one name (owned here; found through `conditional`).
  std::vector<std::unique_ptr<Function>> branchFunctions;
  /// Top-level `NAME = expr` / `NAME: annotation = expr` assignments that
  /// parse as kernel-language expressions (the last one wins); jit functions
  /// may read them if they evaluate to compile-time constants.
  std::map<std::string, ExprPtr> globals;
  /// Top-level imports: the name each binds and the dotted path it names
  /// (`import triton.language as tl`: tl -> triton.language; `from
  /// triton.language.extra import libdevice`: libdevice ->
  /// triton.language.extra.libdevice; `import triton.language`: triton ->
  /// triton). A relative import keeps its leading dots (`from ..utils
  /// import f`: f -> ..utils.f), resolved against `package` where used.
  std::map<std::string, std::string> imports;
  /// A name that a module-level `if` / `try` binds where tilec cannot tell
  /// which branch runs (a `try`, or an `if` whose condition is host code's:
  /// HostEval.h): what each branch binds it to (an import's dotted path, a
  /// constant's expression, or a jit function). A jit function may use it
  /// when every branch binds it and all of them mean the same thing
  /// (CodeGen::lookupName).
  struct Alternative {
    std::string importPath;             // set for an import
    ExprPtr value;                      // set for a constant
    const Function *function = nullptr; // set for a jit function
    /// When the branch runs: conditions of the `if` (and of enclosing ones)
    /// that the parser could not decide, each with the truth it needs
    /// (the earlier branches' false, its own true). A use evaluates them
    /// again with the other modules of the package (decideAlternative,
    /// HostEval.h).
    std::vector<std::pair<std::shared_ptr<const Expr>, bool>> guard;
    /// The branches that bind it, as Function::branchPath.
    std::vector<std::pair<SourceLoc, unsigned>> branchPath;
  };
  struct Conditional {
    SourceLoc where;       // the `if` / `try` keyword
    std::string statement; // "if" or "try"
    bool partial = false;  // some branch does not bind it
    std::vector<Alternative> alternatives;
    /// For an `if`: the host values its condition reads that tilec cannot
    /// compute (each one a `-D NAME=VALUE` could give), or else why the
    /// condition is undecided.
    std::vector<std::string> undecidedNames;
    std::string reason;
    /// For a `try` whose body only imports names and binds names to dotted
    /// names (`X = tl.uint_to_uniform_float`): the paths it reads (import
    /// paths; a dotted name as written). Where each means something tilec
    /// knows, the body raises nothing, so its handlers do not run and
    /// alternative `tryBranch` (the body's binding of this name; -1 where
    /// the body binds none) is the one that does (CodeGen::evalConditional).
    std::shared_ptr<const std::vector<std::string>> tryReads;
    int tryBranch = -1;
    /// For a `try` whose body runs `import triton` and one of whose handlers
    /// binds `triton` to None (DeepSpeed's availability check): where a
    /// handler ran, `@triton.jit` fails, so no kernel of a module using it
    /// exists; the body's bindings are the ones kernels see, whatever else
    /// the body runs (alternative `tryBranch`).
    bool tritonGuard = false;
  };
  std::map<std::string, Conditional> conditional;
  /// Names bound to a jit function by a call of triton.jit at module level
  /// (`k = triton.jit(_k)`, `k = triton.heuristics(...)(triton.jit(_k))`):
  /// the name -> the function's own name. lookup() follows them.
  std::map<std::string, std::string> jitAliases;
  /// Compile-time functions whose bodies are not kernel-language syntax
  /// (dict literals, comprehensions, ...): their names and places, for the
  /// diagnostic of a call.
  std::map<std::string, SourceLoc> unparsedConstexprFunctions;
  /// Module-level functions of host code (a `def` that is no jit or
  /// compile-time function) whose definitions parse, with the syntax of
  /// module-level expressions: module-level host code that tilec evaluates
  /// calls them (HostEval.h). `owner` is set as for jit functions.
  std::map<std::string, std::unique_ptr<Function>> hostFunctions;
  /// The other module-level functions of host code: their names and places.
  std::map<std::string, SourceLoc> unparsedHostFunctions;
  /// Module-level enumerations whose bodies are members and methods.
  std::map<std::string, std::unique_ptr<EnumClass>> enumClasses;
  unsigned skippedStatements = 0;

  const Function *lookup(llvm::StringRef name) const;
  /// The jit function (no compile-time one) a kernel named `name` is: the
  /// module's, or else the only one of that name that a branch of a
  /// module-level `if` / `try` defines (the kernel exists where it ran).
  const Function *kernelNamed(llvm::StringRef name) const;
  /// Forgets what `name` was bound to (before it is bound again).
  void unbind(const std::string &name) {
    globals.erase(name);
    imports.erase(name);
    conditional.erase(name);
    hostFunctions.erase(name);
    unparsedHostFunctions.erase(name);
    enumClasses.erase(name);
  }
};

/// The dotted name of a name or attribute chain (`tl.float16`), or "".
std::string dottedName(const Expr &e);

/// Whether an annotation (may be null) is `tl.constexpr` or `constexpr`.
bool isConstexprAnnotation(const Expr *annotation);

/// Whether `pred` holds for `e` or for one of the expressions under it
/// (arguments and keyword values).
bool anyExpr(const Expr &e, llvm::function_ref<bool(const Expr &)> pred);

/// Prints the AST as an indented tree with source locations.
void dumpAST(const Module &module, llvm::raw_ostream &os);
void dumpAST(const Function &fn, llvm::raw_ostream &os);

} // namespace tilec

#endif // TILEC_FRONTEND_AST_H
