//===- HostValue.h - A value of host-side Python ------------------------===//
//
// The values host code computes where tilec evaluates it (HostEval.h): the
// conditions of module-level `if`s, the names a -D option binds, the
// configs of @triton.autotune, the lambdas of @triton.heuristics and the
// grids of `tilec tune`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTVALUE_H
#define TILEC_FRONTEND_HOSTVALUE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

struct EnumClass;

/// A Python value of host code: None, a bool, an int, a float, a string, a
/// tuple, a list or a dict of them, an object with the attributes tilec knows
/// (a triton.Config, the target of triton.runtime.driver.active), a
/// triton.language dtype, an enumeration class of the module's host code
/// (Class) or one of its members (an Object of `enumClass`, with the
/// attributes `name` and `value`), or Other: a value tilec does not compute
/// with (a pointer argument, a function), described in `s`.
struct HostValue {
  enum Kind {
    None,
    Bool,
    Int,
    Float,
    Str,
    Tuple,
    List,
    Dict,
    Object,
    DType,
    Class,
    Other
  } kind = None;
  int64_t i = 0; // Int; Bool (0 or 1)
  double f = 0;  // Float
  /// Str: the string; Object: its class (`triton.Config`); DType: its name
  /// (`tl.float16`); Class: the class's name; Other: what it is.
  std::string s;
  /// Tuple, List: the elements; Dict: the keys; Object: the attributes'
  /// names (strings).
  std::vector<HostValue> elems;
  /// Dict: the values of the keys; Object: the values of the attributes.
  std::vector<HostValue> values;
  /// Class: the enumeration; Object: the enumeration it is a member of
  /// (null for other objects).
  const EnumClass *enumClass = nullptr;

  static HostValue none() { return {}; }
  static HostValue boolean(bool v);
  static HostValue integer(int64_t v);
  static HostValue floating(double v);
  static HostValue str(std::string v);
  static HostValue tuple(std::vector<HostValue> elems);
  static HostValue list(std::vector<HostValue> elems);
  static HostValue dict(std::vector<HostValue> keys,
                        std::vector<HostValue> values);
  static HostValue
  object(std::string cls,
         std::vector<std::pair<std::string, HostValue>> attributes);
  static HostValue dtype(std::string name);
  static HostValue enumeration(const EnumClass &cls);
  /// The member `name` of the enumeration `cls`, whose value is `value`.
  static HostValue enumMember(const EnumClass &cls, std::string name,
                              HostValue value);
  static HostValue other(std::string what);

  /// A Python literal: True, False, None, an int, a float, a string in
  /// quotes (without its quote or a backslash inside); nullopt otherwise.
  static std::optional<HostValue> parseLiteral(llvm::StringRef text);
  /// A literal (parseLiteral), or a list or tuple display of values
  /// (`[32, 64]`, `(1, 'a')`, `()`, nested); nullopt otherwise.
  static std::optional<HostValue> parseValue(llvm::StringRef text);
  /// A constant as signature text spells it (parseLiteral); anything else
  /// is Other.
  static HostValue fromText(llvm::StringRef text);

  bool isNumber() const { return kind == Bool || kind == Int || kind == Float; }
  bool isSequence() const { return kind == Tuple || kind == List; }
  /// A number's value as a double.
  double asDouble() const { return kind == Float ? f : double(i); }
  /// The value of the string key `name` of a Dict, or of the attribute
  /// `name` of an Object; null when it has none.
  const HostValue *item(llvm::StringRef name) const;
  /// Python's truth value (Other: true, as Python objects are).
  bool truthy() const;
  /// Python's repr (`'1'`, `True`, `0.5`, `(1, 2)`, `[1]`, `{'a': 1}`);
  /// an Object as its class called with its attributes; Other: its
  /// description.
  std::string repr() const;
  /// The value as signature text ("128", "True", "0.5", "None", "'relu'",
  /// "tl.float16"); "" for a container, an Object and Other.
  std::string text() const;
  /// The value in a message: "None", "the string 'x'", "a pointer", "3".
  std::string describe() const;
};

/// Python's `==` on host values (1 == 1.0 == True, [1] != (1,); an
/// enumeration or its member equal to itself alone, a member of an IntEnum
/// or StrEnum also to its value; other Objects and Other are equal to
/// nothing: tilec does not compare them).
bool hostEquals(const HostValue &a, const HostValue &b);
/// Whether `a` and `b` are the same value: of one kind, with the same
/// contents (1 and 1.0 are not; two objects with the same attributes are).
bool sameHostValue(const HostValue &a, const HostValue &b);

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTVALUE_H
