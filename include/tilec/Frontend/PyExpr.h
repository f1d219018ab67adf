//===- PyExpr.h - Evaluating host-side Python expressions -----------------===//
//
// A few expressions of a kernel file run on the host in Triton, not in the
// kernel: the lambdas of @triton.heuristics (`lambda args: args['K'] %
// args['BLOCK_K'] == 0`) and the launch grids of `tilec tune`
// (`triton.cdiv(M, BLOCK_M)`). tilec evaluates them as Python would when
// they are integer, float and bool arithmetic (+ - * / // % ** << >> & | ^
// ~, comparisons, and/or/not, conditional expressions) over the values of
// the kernel's parameters and constants, with the calls
// triton.next_power_of_2, triton.cdiv, min, max, abs, int, float and bool.
// Anything else (an attribute such as `args['x'].dtype`, a call into host
// code) is an error at that expression, in the compiler's style.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_PYEXPR_H
#define TILEC_FRONTEND_PYEXPR_H

#include "tilec/Frontend/AST.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>

namespace tilec {

/// A Python value of a host expression.
struct PyValue {
  /// Other: a value arithmetic cannot use (a pointer, a tl.dtype), with
  /// what it is in `s`.
  enum Kind { Int, Float, Bool, None, Str, Other } kind = None;
  int64_t i = 0; // Int, Bool (0/1)
  double f = 0;  // Float
  std::string s; // Str: the string; Other: a description

  static PyValue integer(int64_t v);
  static PyValue real(double v);
  static PyValue boolean(bool v);
  static PyValue none() { return {}; }
  static PyValue str(std::string v);
  static PyValue other(std::string what);
  /// Reads a constant as signature text spells it: an integer, a float,
  /// True / False, None, a quoted string; anything else is Other.
  static PyValue fromText(llvm::StringRef text);
  /// The value as signature text ("128", "True", "0.5", "None", "'relu'");
  /// "" for Other.
  std::string text() const;
};

/// Where the names of an expression get their values.
struct PyScope {
  /// The values by parameter (or constant) name.
  const std::map<std::string, PyValue> *values = nullptr;
  /// `P['name']` reads values (the lambda's parameter P; "": no such form).
  std::string argsName;
  /// Plain names read values too.
  bool bareNames = false;
  /// What is evaluated, for messages ("@triton.heuristics value of 'B'").
  std::string what = "the expression";
  /// Appended to the message for a name that has no value.
  std::string missing;
};

/// Evaluates `e` (see above); errors are reported to `diags` at the
/// expression concerned and returned.
llvm::Expected<PyValue> evaluateHostExpr(const Expr &e, const PyScope &scope,
                                         DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_PYEXPR_H
