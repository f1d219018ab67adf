//===- BuiltinsTypes.cpp - dtypes and types as compile-time values --------===//
//
// What kernels ask of types while they compile: the attributes of dtypes and
// of tensor types (`p.dtype.element_ty`, `x.type.element_ty`, `.scalar`,
// `.primitive_bitwidth`), Triton's dtype predicates (`is_fp16()`, ...) and
// comparisons, dtypes called on a value (`tl.float32(0)`), `constexpr.value`,
// tl.core.get_int_dtype and tl.static_print. The fp8 dtypes exist only as such
// values: they compare and answer predicates, but no value has them.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"
#include "BuiltinUtils.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace tilec;

std::optional<std::string> tilec::fp8TypeName(llvm::StringRef tlName) {
  return llvm::StringSwitch<std::optional<std::string>>(tlName)
      .Case("float8e5", "fp8e5")
      .Case("float8e5b16", "fp8e5b16")
      .Case("float8e4nv", "fp8e4nv")
      .Case("float8e4b8", "fp8e4b8")
      .Case("float8e4b15", "fp8e4b15")
      .Default(std::nullopt);
}

Val tilec::fp8DTypeVal(const std::string &name) {
  // fp8e4nv and fp8e5 are value types; the others (AMD's fnuz formats and
  // the deprecated fp8e4b15) exist only as names to compare.
  if (auto k = parseSignatureScalar(name))
    return Val::dtypeVal(DType::scalar(*k));
  Val v = Val::dtypeVal(DType::scalar(ScalarKind::I8));
  v.s = name;
  return v;
}

/// Triton's name of a dtype (`dtype.name`, also what str() gives): int32,
/// uint8, fp16, bf16, fp32, pointer<fp16>, fp8e5, and `<[32, 64], fp32>` for
/// the type of a tensor.
static std::string tritonName(const Val &t) {
  if (!t.blockShape.empty()) {
    Val elem = Val::dtypeVal(t.dtype);
    return "<" + shapeStr(t.blockShape) + ", " + tritonName(elem) + ">";
  }
  if (!t.s.empty())
    return t.s;
  if (t.dtype.isPointer)
    return "pointer<" + tritonName(Val::dtypeVal(t.dtype.pointee())) + ">";
  return t.dtype.isFloat() ? t.dtype.str() : t.dtype.tlName();
}

std::string tilec::describeType(const Val &t) {
  if (!t.blockShape.empty())
    return "the tensor type " + tritonName(t);
  if (!t.s.empty())
    return "the dtype float8" + t.s.substr(3);
  return "the dtype " + t.dtype.tlName();
}

bool tilec::sameType(const Val &a, const Val &b) {
  return a.dtype == b.dtype && a.s == b.s && a.blockShape == b.blockShape;
}

static bool isTypePredicate(llvm::StringRef m) {
  static const char *names[] = {
      "is_fp8",        "is_fp8e4nv",      "is_fp8e4b8",
      "is_fp8e4b15",   "is_fp8e5",        "is_fp8e5b16",
      "is_fp16",       "is_bf16",         "is_fp32",
      "is_fp64",       "is_int1",         "is_int8",
      "is_int16",      "is_int32",        "is_int64",
      "is_uint8",      "is_uint16",       "is_uint32",
      "is_uint64",     "is_floating",     "is_standard_floating",
      "is_int_signed", "is_int_unsigned", "is_int",
      "is_bool",       "is_block",        "is_ptr",
      "is_const"};
  for (const char *n : names)
    if (m == n)
      return true;
  return false;
}

Val CodeGen::typeAttribute(const Expr &e, const Val &base,
                           const std::string &attr) {
  std::string name = tritonName(base);
  bool block = !base.blockShape.empty();
  auto method = [&] {
    Val m = Val::named(Val::Method, attr);
    m.elems.push_back(base);
    return m;
  };
  if (isTypePredicate(attr))
    return method();
  if (attr == "name")
    return Val::str(name);
  if (block) {
    if (attr == "element_ty" || attr == "scalar")
      return Val::dtypeVal(base.dtype);
    if (attr == "shape") {
      std::vector<Val> dims;
      for (int64_t d : base.blockShape)
        dims.push_back(Val::integer(d));
      return Val::tuple(std::move(dims));
    }
    if (attr == "numel") {
      int64_t n = 1;
      for (int64_t d : base.blockShape)
        n *= d;
      return Val::integer(n);
    }
    return error(e, describeType(base) + " has no attribute '" + attr + "'");
  }
  if (attr == "scalar")
    return base;
  if (attr == "element_ty") {
    if (!base.dtype.isPointer || !base.s.empty())
      return error(e, describeType(base) + " is not a pointer type and has no "
                                           "'element_ty'");
    return Val::dtypeVal(base.dtype.pointee());
  }
  if (attr == "primitive_bitwidth")
    return Val::integer(base.s.empty() ? base.dtype.bitwidth() : 8);
  bool isFloat = !base.s.empty() || base.dtype.isFloat();
  if (attr == "int_bitwidth" && base.s.empty() && base.dtype.isInt())
    return Val::integer(base.dtype.bitwidth());
  if ((attr == "fp_mantissa_width" || attr == "exponent_bias") && isFloat) {
    // Triton's table (core.py, dtype.__init__).
    static const std::map<std::string, std::pair<int, int>> fp = {
        {"fp8e4b15", {3, 15}}, {"fp8e4nv", {3, 7}},   {"fp8e4b8", {3, 8}},
        {"fp8e5", {2, 15}},    {"fp8e5b16", {2, 16}}, {"fp16", {10, 15}},
        {"bf16", {7, 127}},    {"fp32", {23, 127}},   {"fp64", {52, 1023}}};
    auto [mantissa, bias] = fp.at(name);
    return Val::integer(attr == "fp_mantissa_width" ? mantissa : bias);
  }
  return error(e, describeType(base) + " has no attribute '" + attr + "'");
}

Val CodeGen::typeMethod(const Expr &call, const Val &self, const std::string &m,
                        bool hasArgs) {
  if (hasArgs)
    return error(call, "'" + m + "' takes no arguments");
  // Triton's definitions, on the dtype's name (core.py, class dtype).
  static const char *sint[] = {"int8", "int16", "int32", "int64"};
  static const char *uint[] = {"int1", "uint8", "uint16", "uint32", "uint64"};
  static const char *fp[] = {"fp8e4b15", "fp8e4nv",  "fp8e4b8",
                             "fp8e5",    "fp8e5b16", "fp16",
                             "bf16",     "fp32",     "fp64"};
  std::string name = tritonName(self);
  auto in = [&](auto &list, size_t from = 0) {
    for (size_t i = from; i < std::size(list); ++i)
      if (name == list[i])
        return true;
    return false;
  };
  llvm::StringRef r = m;
  bool v;
  if (r == "is_fp8")
    v = llvm::StringRef(name).contains("fp8");
  else if (r == "is_floating")
    v = in(fp);
  else if (r == "is_standard_floating")
    v = in(fp, 5);
  else if (r == "is_int_signed")
    v = in(sint);
  else if (r == "is_int_unsigned")
    v = in(uint);
  else if (r == "is_int")
    v = in(sint) || in(uint);
  else if (r == "is_bool")
    v = name == "int1";
  else if (r == "is_block")
    v = !self.blockShape.empty();
  else if (r == "is_ptr")
    v = self.blockShape.empty() && self.dtype.isPointer && self.s.empty();
  else if (r == "is_const")
    v = false;
  else // is_fp16, is_int32, is_uint8, is_fp8e5, ...: the name itself
    v = name == r.drop_front(3);
  return Val::boolean(v);
}

Val CodeGen::callDType(const Expr &call, const Val &dt, std::vector<Val> &args,
                       bool hasKeywords) {
  if (!dt.blockShape.empty())
    return error(call, describeType(dt) + " cannot be called");
  if (!dt.s.empty())
    return error(call, describeType(dt) +
                           " is an fp8 type not supported on NVIDIA GPUs "
                           "(fp8e4nv and fp8e5 are)");
  if (dt.dtype.isPointer)
    return error(call, "a pointer type cannot be called; use "
                       "x.to(tl.pointer_type(...)) to cast addresses");
  std::string shown = "tl." + dt.dtype.tlName() + "()";
  if (hasKeywords || args.size() != 1)
    return error(call, shown + " takes one argument, the value to convert");
  Val x = args[0];
  mlir::Location l = loc(call);
  if (x.isNumber())
    return materialize(x, dt.dtype, l); // as tl.full((), x, dtype)
  if (x.isIR()) {
    if (!x.shape().empty())
      return error(call, shown + " converts a scalar, got " + describe(x) +
                             "; use x.to(tl." + dt.dtype.tlName() +
                             ") to cast a tensor");
    return cast(x, dt.dtype, l, call);
  }
  return error(call,
               shown + " expects a number or a scalar, got " + describe(x));
}

//===----------------------------------------------------------------------===//
// tl.static_print
//===----------------------------------------------------------------------===//

// See BuiltinUtils.h.
std::string tilec::pyFloat(double f) {
  if (std::isnan(f))
    return "nan";
  if (std::isinf(f))
    return f < 0 ? "-inf" : "inf";
  char buf[64];
  int prec = 1;
  for (; prec <= 17; ++prec) {
    snprintf(buf, sizeof buf, "%.*e", prec - 1, f);
    if (strtod(buf, nullptr) == f)
      break;
  }
  // buf is "[-]d.ddde[+-]XX": split into digits and exponent.
  std::string s = buf;
  size_t ePos = s.find('e');
  int exp = std::atoi(s.c_str() + ePos + 1);
  std::string mant = s.substr(0, ePos);
  bool neg = mant[0] == '-';
  std::string digits;
  for (char c : mant)
    if (isdigit((unsigned char)c))
      digits += c;
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
  std::string out = neg ? "-" : "";
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out += "0." + std::string(-exp - 1, '0') + digits;
    } else if (size_t(exp) + 1 >= digits.size()) {
      out += digits + std::string(exp + 1 - digits.size(), '0') + ".0";
    } else {
      out += digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1)
    out += "." + digits.substr(1);
  char e[16];
  snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
  return out + e;
}

/// What Python's print() shows for a value during Triton's compilation:
/// constexprs unwrapped, dtypes by name, a tensor as `fp32[constexpr[32]]`.
static std::string pyStr(const Val &v, bool repr) {
  switch (v.kind) {
  case Val::None:
    return "None";
  case Val::Int:
    return intString(v.wide());
  case Val::Bool:
    return v.i ? "True" : "False";
  case Val::Float:
    return pyFloat(v.f);
  case Val::Str:
    return repr ? "'" + v.s + "'" : v.s;
  case Val::DTypeV:
    if (repr && v.blockShape.empty())
      return "triton.language." +
             (v.s.empty() ? v.dtype.tlName() : "float8" + v.s.substr(3));
    return tritonName(v);
  case Val::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < v.elems.size(); ++i)
      s += (i ? ", " : "") + pyStr(v.elems[i], true);
    return s + (v.elems.size() == 1 ? ",)" : ")");
  }
  case Val::IR: {
    std::string s = tritonName(Val::dtypeVal(v.dtype)) + "[";
    auto shape = v.shape();
    for (size_t i = 0; i < shape.size(); ++i)
      s += (i ? ", " : "") + ("constexpr[" + std::to_string(shape[i]) + "]");
    return s + "]";
  }
  default:
    return describe(v);
  }
}

void CodeGen::registerTypeBuiltins(BuiltinRegistry &r) {
  r.add("tl.static_print", {"values"}, 0, &CodeGen::emitStaticPrint, Unbound);
  r.add("tl.get_int_dtype", {"bitwidth", "signed"}, 2,
        &CodeGen::emitGetIntDtype);
}

/// tl.core.get_int_dtype(bitwidth, signed): the integer dtype of that width
/// (1, 8, 16, 32 or 64 bits; 1 is int1 whatever `signed`), as the bitcasts
/// of bitonic sorts pick it from a float's primitive_bitwidth.
Val CodeGen::emitGetIntDtype(BuiltinCall &c) {
  int64_t bits = 0;
  bool isSigned = false;
  if (!requireInt(c.a[0], c.call, "the bitwidth of get_int_dtype", bits) ||
      !truthy(c.a[1], c.call, isSigned))
    return Val::error();
  struct IntKinds {
    int64_t bits;
    ScalarKind withSign, without;
  };
  static const IntKinds kinds[] = {{1, ScalarKind::I1, ScalarKind::I1},
                                   {8, ScalarKind::I8, ScalarKind::U8},
                                   {16, ScalarKind::I16, ScalarKind::U16},
                                   {32, ScalarKind::I32, ScalarKind::U32},
                                   {64, ScalarKind::I64, ScalarKind::U64}};
  for (const IntKinds &k : kinds)
    if (k.bits == bits)
      return Val::dtypeVal(DType::scalar(isSigned ? k.withSign : k.without));
  return error(c.call, "get_int_dtype has no integer type of " +
                           std::to_string(bits) + " bits");
}

Val CodeGen::emitStaticPrint(BuiltinCall &c) {
  const Expr &call = c.call;
  std::vector<Val> &args = c.a;
  std::string sep = " ", end = "\n";
  for (auto &[kw, v] : c.kwargs) {
    if (kw == "flush")
      continue;
    if (kw != "sep" && kw != "end")
      return error(call, "tl.static_print() got an unexpected keyword "
                         "argument '" +
                             kw + "'");
    if (v.kind != Val::Str && v.kind != Val::None)
      return error(call, "the '" + kw +
                             "' of tl.static_print must be a "
                             "string, got " +
                             describe(v));
    if (v.kind == Val::Str)
      (kw == "sep" ? sep : end) = v.s;
  }
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].isError())
      return Val::error();
    out += (i ? sep : "") + pyStr(args[i], false);
  }
  llvm::errs() << out << end;
  llvm::errs().flush();
  return Val::none();
}
