//===- HostEval.h - Evaluating host-side Python expressions --------------===//
//
// Some Python of a kernel file runs on the host in Triton, not in the
// kernel, and tilec computes it as Python would, with one evaluator
// (lib/Frontend/HostEvaluator.cpp) in one of two scopes:
//
// - The module scope: the condition of a module-level `if` decides which
//   jit functions exist (`if os.environ.get('FAST', '0') == '1': def exp
//   ... else: def exp ...`, `if IS_BLACKWELL: def dot ...`). Its names are
//   the module's constants and imports, the names a -D option binds
//   (HostDefines.h), the process environment (os.environ / os.getenv, read
//   as Python reads them at import) and hasattr(triton.language, NAME)
//   (true for what tilec provides). A condition tilec cannot compute is
//   undecided, not an error: the `if` keeps its branches as alternatives
//   (Module::Conditional), and its names say which -D would decide it.
// - The launch scope: the lambdas of @triton.heuristics (`lambda args:
//   args['K'] % args['BLOCK_K'] == 0`), per launch in the JIT and for the
//   signature entries `auto` of the tools, and the grids of `tilec tune`
//   (`triton.cdiv(M, BLOCK_M)`), per config. Its names are the values of
//   the kernel's arguments and of the config's meta-parameters (`P['name']`
//   of the lambda's parameter P, or bare names); what tilec cannot compute
//   is an error at that expression, in the compiler's style.
//
// Both compute literals, tuples, int / float / bool arithmetic (+ - * / //
// % ** << >> & | ^ ~), comparisons (with `in` and `is`), and / or / not
// (the truth of `x and False` is false whatever x is), conditional
// expressions, and the calls triton.cdiv, triton.next_power_of_2, min,
// max, abs, int, float, bool, str and str.lower / upper / strip.
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
#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct Expr;
struct Module;

// ------------------------------------------------------------ module scope

/// The truth of a module-level condition, or why tilec cannot tell.
struct HostEval {
  std::optional<bool> truth;
  /// When undecided: the names of host values it depends on that tilec
  /// cannot compute (each one a -D could give), or else a short reason.
  std::vector<std::string> undecidedNames;
  std::string reason;
};

/// The truth of the module-level condition `e`, as Python computes it at
/// import. `scopes` are the modules whose earlier bindings it sees,
/// innermost first (the branch being parsed, then the enclosing module).
HostEval evalHostCondition(const Expr &e, llvm::ArrayRef<const Module *> scopes,
                           const HostDefines *defines);

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

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTEVAL_H
