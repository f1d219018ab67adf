//===- HostEnums.cpp - Enumerations of module-level host code -------------===//
//
// A module-level `class NAME(Enum):` (IntEnum, StrEnum; Module::enumClasses)
// as Python's enum module makes it: `NAME.MEMBER` is the member, whose
// `name` and `value` are its name and the value of its assignment, which
// sees the members before it by name (`auto()`: one more than the previous
// int, from 1, where that is the largest so far; a StrEnum's, the name in
// lower case); `NAME['MEMBER']` finds a member by name and raises KeyError
// for another name, `NAME(value)` by value and raises ValueError; iterating
// the class (`for m in NAME`, `len(NAME)`, `list(NAME)`) takes its members
// in order, without aliases; members are equal to themselves, an IntEnum's
// or StrEnum's also to its value. Its methods are called through the class
// or a member: a `@classmethod` gets the class first, a `@staticmethod` its
// arguments, any other the member it is called on. fla's
// `Backend.get_shared_memory(arch)`, which looks its argument up by name and
// falls back on `DEFAULT` under `except KeyError`, is the kind of code this
// computes.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <climits>

using namespace tilec;

/// Whether `e` is a call of enum's `auto()`.
static bool isAutoCall(const Expr &e) {
  if (e.kind != ExprKind::Call || e.args.size() != 1 || !e.keywords.empty())
    return false;
  std::string callee = dottedName(*e.args[0]);
  return callee == "auto" || callee == "enum.auto";
}

std::optional<HostValue>
HostEvaluator::autoValue(const Expr &at, const EnumClass &cls,
                         const std::string &name,
                         llvm::ArrayRef<HostValue> earlier) {
  if (cls.strEnum) // StrEnum: the name in lower case
    return HostValue::str(llvm::StringRef(name).lower());
  if (earlier.empty())
    return HostValue::integer(1);
  // One more than the last value where that is the largest (Python's
  // versions differ otherwise: the last, or the largest, plus one).
  int64_t largest = INT64_MIN;
  for (const HostValue &m : earlier) {
    const HostValue &v = m.values[1];
    if (v.kind != HostValue::Int)
      return fail(at,
                  "auto() after " + v.describe() + ", a value that is no int");
    largest = std::max(largest, v.i);
  }
  int64_t last = earlier.back().values[1].i;
  if (last != largest)
    return fail(at, "auto() after a value smaller than an earlier one: "
                    "Python's versions differ on its value");
  return HostValue::integer(last + 1);
}

std::optional<std::vector<HostValue>>
HostEvaluator::enumMembers(const Expr &at, const EnumClass &cls) {
  if (depth_ >= kMaxDepth)
    return fail(at, "the members of '" + cls.name +
                        "' are computed more than " + llvm::Twine(kMaxDepth) +
                        " deep");
  ++depth_;
  auto leave = llvm::make_scope_exit([&] { --depth_; });
  std::vector<HostValue> members;
  if (cls.owner)
    scope.enterModule(*cls.owner);
  bool ok = true;
  {
    Frame frame(*this);
    Apart apart(*this); // the class body ran at import
    // The body's names: the members' values so far (`B = A + 1`).
    locals_.emplace_back();
    for (const auto &[name, expr] : cls.members) {
      std::optional<HostValue> v;
      if (isAutoCall(*expr))
        v = autoValue(*expr, cls, name, members);
      else
        v = eval(*expr);
      if (!v) {
        ok = false;
        break;
      }
      locals_.back()[name] = *v;
      // A name of a value an earlier member has is an alias of it.
      const HostValue *earlier = nullptr;
      for (const HostValue &m : members)
        if (!earlier && hostEquals(m.values[1], *v))
          earlier = &m;
      members.push_back(earlier ? *earlier
                                : HostValue::enumMember(cls, name, *v));
    }
    locals_.pop_back();
  }
  if (cls.owner)
    scope.leaveModule();
  if (!ok)
    return std::nullopt;
  return members;
}

/// The members of `cls` as iterating it takes them: no aliases.
static std::vector<HostValue> withoutAliases(const EnumClass &cls,
                                             std::vector<HostValue> members) {
  std::vector<HostValue> unique;
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].values[0].s == cls.members[i].first)
      unique.push_back(std::move(members[i]));
  return unique;
}

/// The member that the name `name` of `cls` binds (nullopt: a failure
/// recorded, or no such name).
static std::optional<HostValue> memberNamed(HostEvaluator &ev, const Expr &at,
                                            const EnumClass &cls,
                                            llvm::StringRef name) {
  auto it = llvm::find_if(cls.members,
                          [&](const auto &m) { return m.first == name; });
  if (it == cls.members.end())
    return std::nullopt;
  std::optional<std::vector<HostValue>> members = ev.enumMembers(at, cls);
  if (!members)
    return std::nullopt;
  return (*members)[it - cls.members.begin()];
}

std::optional<std::vector<HostValue>>
HostEvaluator::enumItems(const Expr &at, const HostValue &cls) {
  std::optional<std::vector<HostValue>> members =
      enumMembers(at, *cls.enumClass);
  if (!members)
    return std::nullopt;
  return withoutAliases(*cls.enumClass, std::move(*members));
}

std::optional<HostValue> HostEvaluator::enumAttribute(const Expr &e,
                                                      const HostValue &cls) {
  const EnumClass &c = *cls.enumClass;
  if (llvm::any_of(c.members,
                   [&](const auto &m) { return m.first == e.str; })) {
    return memberNamed(*this, e, c, e.str);
  }
  if (e.str == "__name__")
    return HostValue::str(c.name);
  if (c.methods.count(e.str))
    return fail(e, "the method '" + c.name + "." + e.str +
                       "' is called, not read, in host code tilec evaluates");
  // Enum's own names (`__members__`, `_value2member_map_`) are not known
  // here: no exception.
  if (llvm::StringRef(e.str).starts_with("_"))
    return fail(e, "'" + c.name + "." + e.str +
                       "' is an attribute of enumerations tilec does not know");
  return raise(e, "AttributeError",
               c.name + " has no attribute '" + e.str + "'");
}

std::optional<HostValue> HostEvaluator::enumLookup(const Expr &e,
                                                   const HostValue &cls,
                                                   const HostValue &key,
                                                   bool byName) {
  const EnumClass &c = *cls.enumClass;
  std::optional<std::vector<HostValue>> members = enumMembers(e, c);
  if (!members)
    return std::nullopt;
  if (byName) {
    if (key.kind == HostValue::Str &&
        llvm::any_of(c.members,
                     [&](const auto &m) { return m.first == key.s; }))
      return memberNamed(*this, e, c, key.s);
    return raise(e, "KeyError", c.name + " has no member named " + key.repr());
  }
  // By value; a member is its own value.
  for (const HostValue &m : withoutAliases(c, std::move(*members)))
    if (hostEquals(m.values[1], key) || hostEquals(m, key))
      return m;
  if (c.methods.count("_missing_"))
    return fail(e, c.name + " looks up values no member has with its "
                            "_missing_, which tilec does not run");
  return raise(e, "ValueError",
               key.repr() + " is the value of no member of " + c.name);
}

std::optional<HostValue> HostEvaluator::enumCall(const Expr &e) {
  const Expr &callee = *e.args[0];
  // NAME(value): the member of that value.
  if (callee.kind != ExprKind::Attribute) {
    std::optional<HostValue> cls = eval(callee);
    if (!cls)
      return std::nullopt;
    if (e.args.size() != 2 || !e.keywords.empty())
      return fail(e, "'" + cls->s +
                         "' is called with one argument, a member's value");
    std::optional<HostValue> v = eval(*e.args[1]);
    if (!v)
      return std::nullopt;
    return enumLookup(e, *cls, *v, /*byName=*/false);
  }
  // A method, through the class or a member.
  std::optional<HostValue> base = eval(*callee.args[0]);
  if (!base)
    return std::nullopt;
  const EnumClass &c = *base->enumClass;
  auto it = c.methods.find(callee.str);
  if (it == c.methods.end())
    return fail(callee, base->describe() + " has no method '" + callee.str +
                            "' that tilec knows");
  const Function &fn = *it->second;
  std::vector<HostValue> args;
  std::vector<std::pair<std::string, HostValue>> kwargs;
  if (!arguments(e, args, kwargs))
    return std::nullopt;
  bool isStatic = llvm::is_contained(fn.decorators, "staticmethod");
  bool isClass = llvm::is_contained(fn.decorators, "classmethod");
  if (isClass)
    args.insert(args.begin(), HostValue::enumeration(c));
  else if (!isStatic && base->kind == HostValue::Object)
    args.insert(args.begin(), *base);
  return callHostFunction(e, fn, std::move(args), std::move(kwargs),
                          /*method=*/true);
}

bool HostEvaluator::isEnumCall(const Expr &e) {
  const Expr &callee = *e.args[0];
  const Expr *base =
      callee.kind == ExprKind::Attribute ? callee.args[0].get() : &callee;
  // Only a name of an enumeration or a local, or an attribute of one
  // (`Cls.MEMBER.method()`), is evaluated here, quietly.
  const Expr *root = base;
  while (root->kind == ExprKind::Attribute)
    root = root->args[0].get();
  if (root->kind != ExprKind::Name ||
      (!local(root->str) && !scope.enumClass(root->str)))
    return false;
  State before = save();
  std::optional<HostValue> v = eval(*base);
  restore(std::move(before));
  if (!v || !v->enumClass)
    return false;
  // NAME(value) of a class; a method of a class or a member.
  return callee.kind == ExprKind::Attribute || v->kind == HostValue::Class;
}
