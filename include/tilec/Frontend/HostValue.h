//===- HostValue.h - A value of host-side Python ------------------------===//
//
// The values host code computes where tilec evaluates it (HostEval.h): the
// conditions of module-level `if`s, the names a -D option binds, the
// lambdas of @triton.heuristics and the grids of `tilec tune`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTVALUE_H
#define TILEC_FRONTEND_HOSTVALUE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// A Python value of host code: None, a bool, an int, a float, a string, a
/// tuple of them, or Other: a value tilec does not compute with (a pointer
/// argument, a tl.dtype), described in `s`.
struct HostValue {
  enum Kind { None, Bool, Int, Float, Str, Tuple, Other } kind = None;
  int64_t i = 0;                // Int; Bool (0 or 1)
  double f = 0;                 // Float
  std::string s;                // Str: the string; Other: what it is
  std::vector<HostValue> elems; // Tuple

  static HostValue none() { return {}; }
  static HostValue boolean(bool v);
  static HostValue integer(int64_t v);
  static HostValue floating(double v);
  static HostValue str(std::string v);
  static HostValue tuple(std::vector<HostValue> elems);
  static HostValue other(std::string what);

  /// A Python literal: True, False, None, an int, a float, a string in
  /// quotes (without its quote or a backslash inside); nullopt otherwise.
  static std::optional<HostValue> parseLiteral(llvm::StringRef text);
  /// A constant as signature text spells it (parseLiteral); anything else
  /// is Other.
  static HostValue fromText(llvm::StringRef text);

  bool isNumber() const { return kind == Bool || kind == Int || kind == Float; }
  /// A number's value as a double.
  double asDouble() const { return kind == Float ? f : double(i); }
  /// Python's truth value (Other: true, as Python objects are).
  bool truthy() const;
  /// Python's repr (`'1'`, `True`, `0.5`, `(1, 2)`); Other: its description.
  std::string repr() const;
  /// The value as signature text ("128", "True", "0.5", "None", "'relu'");
  /// "" for a tuple and Other.
  std::string text() const;
  /// The value in a message: "None", "the string 'x'", "a pointer", "3".
  std::string describe() const;
};

/// Python's `==` on host values (1 == 1.0 == True; Other is equal to
/// nothing).
bool hostEquals(const HostValue &a, const HostValue &b);

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTVALUE_H
