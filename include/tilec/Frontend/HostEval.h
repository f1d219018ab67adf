//===- HostEval.h - Evaluating host-side Python expressions --------------===//
//
// Some Python of a kernel file runs on the host in Triton, not in the
// kernel, and tilec computes it as Python would, with one evaluator
// (lib/Frontend/HostEvaluator.h) in one of two scopes:
//
// - The module scope: module-level code as Python computes it at import.
//   While a module is parsed, the condition of a module-level `if` decides
//   which jit functions exist (`if os.environ.get('FAST', '0') == '1': def
//   exp ... else: def exp ...`, `if IS_BLACKWELL: def dot ...`); its names
//   are the module's constants, imports and functions of host code bound
//   before it. After parsing, the arguments of @triton.autotune
//   (evalModuleExpr) see the whole module, and also the constants, imports
//   and functions of host code of the other modules of the package (read
//   through a ModuleLoader). Both see the names a -D option binds
//   (HostDefines.h), the process environment (os.environ / os.getenv, read
//   as Python reads them at import), hasattr(triton.language, NAME) (true
//   for what tilec provides) and
//   `triton.runtime.driver.active.get_current_target().backend`, which is
//   "cuda": tilec compiles for NVIDIA GPUs. A value tilec cannot compute is
//   undecided, naming the host values a -D would give: a condition keeps the
//   `if`'s branches as alternatives (Module::Conditional); an argument of
//   @triton.autotune is an error.
// - The launch scope: the lambdas of @triton.heuristics (`lambda args:
//   args['K'] % args['BLOCK_K'] == 0`), per launch in the JIT and for the
//   signature entries `auto` of the tools, and the grids of `tilec tune`
//   (`triton.cdiv(M, BLOCK_M)`), per config. Its names are the values of
//   the kernel's arguments and of the config's meta-parameters (`P['name']`
//   of the lambda's parameter P, or bare names); what tilec cannot compute
//   is an error at that expression, in the compiler's style.
//
// Both compute literals, tuples, lists, dicts, int / float / bool
// arithmetic (+ - * / // % ** << >> & | ^ ~), `+` and `*` of strings,
// tuples and lists, comparisons (with `in` and `is`), and / or / not (the
// truth of `x and False` is false whatever x is), conditional expressions
// (one whose condition tilec cannot compute has a value when both arms have
// the same), subscripts, list comprehensions, and the calls triton.cdiv,
// triton.next_power_of_2, min, max, abs, int, float, bool, str, len, list,
// tuple, range, filter and str.lower / upper / strip. The module scope also
// calls module-level functions of host code (HostFunctions.cpp) and builds
// triton.Config objects (HostTriton.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTEVAL_H
#define TILEC_FRONTEND_HOSTEVAL_H

#include "tilec/Frontend/HostDefines.h"
#include "tilec/Frontend/HostValue.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct Expr;
struct Function;
struct Module;
class ModuleLoader;

// ------------------------------------------------------------ module scope

/// The truth of a module-level condition, or why tilec cannot tell.
struct HostEval {
  std::optional<bool> truth;
  /// When undecided: the names of host values it depends on that tilec
  /// cannot compute (each one a -D could give), or else a short reason.
  std::vector<std::string> undecidedNames;
  std::string reason;
  /// When undecided: the condition, kept for a later try with the other
  /// modules of the package (Module::Alternative::guard).
  std::shared_ptr<const Expr> test;
};

/// The truth of the module-level condition `e`, as Python computes it at
/// import. `scopes` are the modules whose earlier bindings it sees,
/// innermost first (the branch being parsed, then the enclosing module).
HostEval evalHostCondition(const Expr &e, llvm::ArrayRef<const Module *> scopes,
                           const HostDefines *defines);

/// Which of the alternatives of `c`, a name bound by the branches of
/// module-level `if`s of `module`, runs: the one whose guard (the
/// conditions the parser could not decide, Module::Alternative::guard)
/// holds when evaluated with the names the modules of the package that
/// `loader` reads bind (a name imported from another module: vLLM's
/// `HAS_TRITON`, a `triton` re-exported by a helper module). nullopt when
/// some condition is still undecided.
std::optional<size_t> decideAlternative(const Module &module,
                                        const std::string &name,
                                        ModuleLoader *loader,
                                        DiagnosticEngine &diags);

/// A message at a place in the sources: a note of a failure, a warning.
struct HostNote {
  SourceLoc loc;
  unsigned length = 1;
  std::string text;
};

/// A warning: what was computed without host code tilec cannot run, with
/// notes that say why.
struct HostWarning {
  HostNote warning;
  std::vector<HostNote> notes;
};

/// The value of a module-level expression, or why tilec cannot compute it.
struct HostResult {
  std::optional<HostValue> value;
  /// Without a value: the host values it needs that tilec cannot compute
  /// (each one a -D could give); when there are none, `reason`, at `at`,
  /// with `notes`.
  std::vector<std::string> undecidedNames;
  std::string reason;
  const Expr *at = nullptr;
  std::vector<HostNote> notes;
  /// What was computed without host code tilec cannot run (a predicate of
  /// filter() that keeps every element).
  std::vector<HostWarning> warnings;
};

/// The value of the module-level expression `e` of `module` (parsed), as
/// Python computes it at import. Names are those evalHostCondition sees and
/// the constants, imports and functions of host code of the modules of the
/// package that `loader` reads (null: none; their syntax errors go to
/// `diags`).
HostResult evalModuleExpr(const Expr &e, const Module &module,
                          ModuleLoader *loader, DiagnosticEngine &diags);

/// The keywords that `**e`, an argument of a module-level call of
/// `module`, may bind: the keys of the dict it is, or, where tilec cannot
/// compute it, of every dict it may be (the arms of conditions tilec cannot
/// decide, the branches of a module-level `if`). nullopt when one of them
/// is no dict whose keys tilec can compute; `why` then says why.
std::optional<std::vector<std::string>>
splatKeywords(const Expr &e, const Module &module, ModuleLoader *loader,
              DiagnosticEngine &diags, HostResult &why);

// ------------------------------------------------------------ launch scope

/// Where the names of a launch-scope expression get their values.
struct LaunchScope {
  /// The values by parameter (or meta-parameter) name.
  const std::map<std::string, HostValue> *values = nullptr;
  /// `P['name']` reads values (the lambda's parameter P; "": no such form).
  std::string argsName;
  /// Plain names read values too.
  bool bareNames = false;
  /// What is evaluated, for messages ("@triton.heuristics value of 'B'").
  std::string what = "the expression";
  /// Appended to the message for a name that has no value.
  std::string missing;
};

/// Evaluates `e` in `scope`; errors are reported to `diags` at the
/// expression concerned and returned.
llvm::Expected<HostValue> evaluateHostExpr(const Expr &e,
                                           const LaunchScope &scope,
                                           DiagnosticEngine &diags);

/// The value the body of the function of host code `fn` returns in `scope`
/// (its parameter is `scope.argsName`, read as `P['name']`), as for a call
/// at `at` (HostFunctions.cpp: assignments, `return`, `if`, `for`, ...); an
/// error reported to `diags` where tilec cannot evaluate it.
llvm::Expected<HostValue> evaluateHostFunction(const Function &fn,
                                               const Expr &at,
                                               const LaunchScope &scope,
                                               DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTEVAL_H
