//===- Heuristics.h - The values of @triton.heuristics --------------------===//
//
// `@triton.heuristics({'EVEN_K': lambda args: args['K'] % args['BLOCK_K'] ==
// 0, 'BLOCK_N': lambda args: triton.next_power_of_2(args['N'])})` sets
// parameters of a kernel from the values of the others at each launch. The
// lambdas are read from the decorator (a dict literal of lambdas of one
// parameter, or of the names of functions of host code of one parameter
// in the kernel's module, whose bodies HostFunctions.cpp runs) and
// evaluated with HostEval.h. As in Triton, the decorators are
// evaluated outermost first, each seeing the values of the launch, of the
// autotuner's config and of the heuristics before it.
//
// rt::JitKernel evaluates them at every specialization. `tilec`, `tilec run`
// and `tilec aot` evaluate those whose signature entry is `auto`
// (resolveHeuristicSignature) from the signature's literals (and `tilec
// run`'s scalar arguments); a heuristic that needs a value the signature
// does not give is an error that asks for its parameter's value.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HEURISTICS_H
#define TILEC_FRONTEND_HEURISTICS_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostEval.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// One value of a @triton.heuristics dict.
struct Heuristic {
  std::string name;             // the parameter it sets
  const Expr *lambda = nullptr; // ExprKind::Lambda (owned by the Function)
  /// Or a function of host code of one parameter, given by its name (`{'B':
  /// heur_block}`, `def heur_block(args): ...`), owned by its module; `at`
  /// is its name in the decorator.
  const Function *function = nullptr;
  const Expr *at = nullptr;
  SourceLoc loc; // its key
  /// The lambda as written, for listings ("args['K'] % 16 == 0").
  std::string text() const;
};

/// `fn`'s heuristics in evaluation order (none without the decorator). A
/// decorator whose argument is not a dict literal of `lambda P: ...` (or
/// names of functions of host code of one parameter) keyed by parameter
/// names is an error, reported to `diags` at it.
llvm::Expected<std::vector<Heuristic>> readHeuristics(const Function &fn,
                                                      DiagnosticEngine &diags);

/// Evaluates `h` over `values` (the kernel's parameters by name); a missing
/// value or an expression tilec cannot evaluate is an error reported to
/// `diags` at the expression, with `missing` appended to the message of a
/// value not known.
llvm::Expected<HostValue>
evaluateHeuristic(const Heuristic &h,
                  const std::map<std::string, HostValue> &values,
                  DiagnosticEngine &diags, llvm::StringRef missing = "");

/// Their texts.
std::vector<std::string> splitSignature(llvm::StringRef signature);

/// The signature of `sigDiags` (its file: the signature's text, e.g.
/// `<signature>`) with each entry written `auto` replaced by the value of
/// the heuristic that sets its parameter, evaluated from the entries that
/// are literals and `runtimeValues` (the values of the typed entries, in
/// order, where known). `auto` for a parameter no heuristic sets is an
/// error at the entry (to `sigDiags`); a heuristic that needs a value not
/// known is an error at its expression (to `diags`). Errors are returned
/// too.
llvm::Expected<std::string> resolveHeuristicSignature(
    const Function &fn, DiagnosticEngine &diags, DiagnosticEngine &sigDiags,
    llvm::ArrayRef<std::optional<HostValue>> runtimeValues = {});

} // namespace tilec

#endif // TILEC_FRONTEND_HEURISTICS_H
