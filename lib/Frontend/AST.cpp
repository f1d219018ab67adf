//===- AST.cpp - Printing the syntax tree ---------------------------------===//

#include "tilec/Frontend/AST.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace tilec;

llvm::StringRef tilec::spelling(BinaryOpKind k) {
  switch (k) {
  case BinaryOpKind::Add:
    return "+";
  case BinaryOpKind::Sub:
    return "-";
  case BinaryOpKind::Mul:
    return "*";
  case BinaryOpKind::Div:
    return "/";
  case BinaryOpKind::FloorDiv:
    return "//";
  case BinaryOpKind::Mod:
    return "%";
  case BinaryOpKind::Pow:
    return "**";
  case BinaryOpKind::MatMul:
    return "@";
  case BinaryOpKind::BitAnd:
    return "&";
  case BinaryOpKind::BitOr:
    return "|";
  case BinaryOpKind::BitXor:
    return "^";
  case BinaryOpKind::Shl:
    return "<<";
  case BinaryOpKind::Shr:
    return ">>";
  }
  llvm_unreachable("unknown binary operator");
}

llvm::StringRef tilec::spelling(UnaryOpKind k) {
  switch (k) {
  case UnaryOpKind::Neg:
    return "-";
  case UnaryOpKind::Plus:
    return "+";
  case UnaryOpKind::Invert:
    return "~";
  case UnaryOpKind::Not:
    return "not";
  }
  llvm_unreachable("unknown unary operator");
}

llvm::StringRef tilec::spelling(CompareOpKind k) {
  switch (k) {
  case CompareOpKind::Lt:
    return "<";
  case CompareOpKind::Le:
    return "<=";
  case CompareOpKind::Gt:
    return ">";
  case CompareOpKind::Ge:
    return ">=";
  case CompareOpKind::Eq:
    return "==";
  case CompareOpKind::Ne:
    return "!=";
  case CompareOpKind::Is:
    return "is";
  case CompareOpKind::IsNot:
    return "is not";
  case CompareOpKind::In:
    return "in";
  case CompareOpKind::NotIn:
    return "not in";
  }
  llvm_unreachable("unknown comparison operator");
}

llvm::StringRef tilec::spelling(BoolOpKind k) {
  return k == BoolOpKind::And ? "and" : "or";
}

std::optional<BinaryOpKind> tilec::binaryOpKind(llvm::StringRef s) {
  for (int k = 0; k <= int(BinaryOpKind::Shr); ++k)
    if (spelling(BinaryOpKind(k)) == s)
      return BinaryOpKind(k);
  return std::nullopt;
}

std::optional<CompareOpKind> tilec::compareOpKind(llvm::StringRef s) {
  for (int k = 0; k <= int(CompareOpKind::NotIn); ++k)
    if (spelling(CompareOpKind(k)) == s)
      return CompareOpKind(k);
  return std::nullopt;
}

Expr::~Expr() {
  std::vector<ExprPtr> work;
  auto detachChildren = [&](Expr &x) {
    for (auto &a : x.args)
      if (a)
        work.push_back(std::move(a));
    for (auto &k : x.keywords)
      if (k.value)
        work.push_back(std::move(k.value));
  };
  detachChildren(*this);
  while (!work.empty()) {
    ExprPtr x = std::move(work.back());
    work.pop_back();
    detachChildren(*x);
  } // each node is freed here with no children left, so nothing recurses
}

namespace {

class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &os) : os(os) {}

  void function(const Function &fn) {
    os << "Function " << fn.name << " " << loc(fn.loc);
    for (auto &d : fn.decorators)
      os << " @" << d;
    os << "\n";
    for (auto &p : fn.params) {
      indent(1);
      os << "Param " << p.name << (p.isConstexpr ? " constexpr" : "") << " "
         << loc(p.loc) << "\n";
      if (p.defaultValue)
        expr(*p.defaultValue, 2);
    }
    if (!fn.docstring.empty()) {
      indent(1);
      os << "Docstring\n";
    }
    for (auto &s : fn.body)
      stmt(*s, 1);
  }

private:
  std::string loc(SourceLoc l) {
    return "<" + std::to_string(l.line) + ":" + std::to_string(l.col) + ">";
  }
  void indent(int n) {
    for (int i = 0; i < n; ++i)
      os << "  ";
  }

  void stmt(const Stmt &s, int d) {
    indent(d);
    static const char *names[] = {
        "Expr",   "Assign", "AugAssign", "AnnAssign", "If",     "For",  "While",
        "Return", "Pass",   "Break",     "Continue",  "Assert", "Raise"};
    os << names[(int)s.kind];
    if (s.kind == StmtKind::AugAssign)
      os << " '" << spelling(s.op) << "'";
    os << " " << loc(s.loc) << "\n";
    for (auto &t : s.targets) {
      indent(d + 1);
      os << "target:\n";
      expr(*t, d + 2);
    }
    if (s.annotation) {
      indent(d + 1);
      os << "annotation:\n";
      expr(*s.annotation, d + 2);
    }
    if (s.test) {
      indent(d + 1);
      os << "test:\n";
      expr(*s.test, d + 2);
    }
    if (s.iter) {
      indent(d + 1);
      os << "iter:\n";
      expr(*s.iter, d + 2);
    }
    if (s.value) {
      indent(d + 1);
      os << "value:\n";
      expr(*s.value, d + 2);
    }
    if (!s.body.empty()) {
      indent(d + 1);
      os << "body:\n";
      for (auto &b : s.body)
        stmt(*b, d + 2);
    }
    if (!s.orelse.empty()) {
      indent(d + 1);
      os << "orelse:\n";
      for (auto &b : s.orelse)
        stmt(*b, d + 2);
    }
  }

  void expr(const Expr &e, int d) {
    indent(d);
    switch (e.kind) {
    case ExprKind::Name:
      os << "Name " << e.str;
      break;
    case ExprKind::Int:
      os << "Int " << e.intValue << (e.intOverflow ? " (overflow)" : "");
      break;
    case ExprKind::Float:
      os << "Float " << e.floatValue;
      break;
    case ExprKind::Str:
      os << "Str \"" << e.str << "\"";
      break;
    case ExprKind::Bool:
      os << "Bool " << (e.intValue ? "True" : "False");
      break;
    case ExprKind::None:
      os << "None";
      break;
    case ExprKind::Ellipsis:
      os << "Ellipsis";
      break;
    case ExprKind::Attribute:
      os << "Attribute ." << e.str;
      break;
    case ExprKind::Call:
      os << "Call";
      break;
    case ExprKind::Subscript:
      os << "Subscript";
      break;
    case ExprKind::Slice:
      os << "Slice";
      break;
    case ExprKind::Tuple:
      os << "Tuple";
      break;
    case ExprKind::List:
      os << "List";
      break;
    case ExprKind::BinOp:
      os << "BinOp '" << spelling(e.binaryOp) << "'";
      break;
    case ExprKind::UnaryOp:
      os << "UnaryOp '" << spelling(e.unaryOp) << "'";
      break;
    case ExprKind::Compare:
      os << "Compare";
      for (CompareOpKind o : e.compareOps)
        os << " '" << spelling(o) << "'";
      break;
    case ExprKind::BoolOp:
      os << "BoolOp '" << spelling(e.boolOp) << "'";
      break;
    case ExprKind::IfExp:
      os << "IfExp";
      break;
    case ExprKind::Dict:
      os << "Dict";
      break;
    case ExprKind::Lambda:
      os << "Lambda";
      break;
    case ExprKind::ListComp:
      os << "ListComp";
      break;
    case ExprKind::CompFor:
      os << "CompFor";
      break;
    case ExprKind::CompIf:
      os << "CompIf";
      break;
    case ExprKind::Starred:
      os << "Starred";
      break;
    }
    os << " " << loc(e.loc) << "\n";
    for (auto &a : e.args) {
      if (a)
        expr(*a, d + 1);
      else {
        indent(d + 1);
        os << "<none>\n";
      }
    }
    for (auto &k : e.keywords) {
      indent(d + 1);
      os << "Keyword " << (k.name.empty() ? "**" : k.name) << "\n";
      expr(*k.value, d + 2);
    }
  }

  llvm::raw_ostream &os;
};

} // namespace

std::string tilec::dottedName(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.str;
  if (e.kind == ExprKind::Attribute && !e.args.empty() && e.args[0]) {
    std::string base = dottedName(*e.args[0]);
    return base.empty() ? "" : base + "." + e.str;
  }
  return "";
}

bool tilec::isConstexprAnnotation(const Expr *a) {
  return a && (a->kind == ExprKind::Name || a->kind == ExprKind::Attribute) &&
         a->str == "constexpr";
}

bool tilec::anyExpr(const Expr &e,
                    llvm::function_ref<bool(const Expr &)> pred) {
  return pred(e) ||
         llvm::any_of(
             e.args,
             [&](const ExprPtr &a) { return a && anyExpr(*a, pred); }) ||
         llvm::any_of(e.keywords, [&](const Keyword &k) {
           return k.value && anyExpr(*k.value, pred);
         });
}

void tilec::dumpAST(const Function &fn, llvm::raw_ostream &os) {
  Dumper(os).function(fn);
}

void tilec::dumpAST(const Module &module, llvm::raw_ostream &os) {
  os << "Module (" << module.functions.size() << " jit functions, "
     << module.skippedStatements << " top-level statements skipped)\n";
  for (auto &fn : module.functions)
    dumpAST(*fn, os);
}
