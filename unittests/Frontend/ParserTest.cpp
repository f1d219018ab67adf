//===- ParserTest.cpp - Unit tests of the tilec parser --------------------===//

#include "tilec/Frontend/Parser.h"

#include <gtest/gtest.h>

#include <string>

using namespace tilec;

namespace {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<Module> module;
  std::string errs;
  unsigned numErrors = 0;
  std::vector<Diagnostic> diags;
};

Parsed parseText(const std::string &text) {
  Parsed p;
  p.file = std::make_unique<SourceFile>("k.py", text);
  llvm::raw_string_ostream os(p.errs);
  DiagnosticEngine diags(*p.file, os);
  p.module = parseModule(*p.file, diags);
  p.numErrors = diags.numErrors();
  p.diags = diags.diagnostics();
  os.flush();
  return p;
}

/// A fully parenthesized spelling of an expression, to check its structure.
std::string sexpr(const Expr *e) {
  if (!e)
    return "_";
  auto list = [&](size_t from) {
    std::string s;
    for (size_t i = from; i < e->args.size(); ++i)
      s += " " + sexpr(e->args[i].get());
    return s;
  };
  switch (e->kind) {
  case ExprKind::Name:
    return e->str;
  case ExprKind::Int:
    return std::to_string(e->intValue);
  case ExprKind::Float: {
    std::string s = std::to_string(e->floatValue);
    return "f" + s;
  }
  case ExprKind::Str:
    return "'" + e->str + "'";
  case ExprKind::Bool:
    return e->intValue ? "True" : "False";
  case ExprKind::None:
    return "None";
  case ExprKind::Ellipsis:
    return "...";
  case ExprKind::Attribute:
    return "(. " + sexpr(e->args[0].get()) + " " + e->str + ")";
  case ExprKind::Call: {
    std::string s = "(call " + sexpr(e->args[0].get()) + list(1);
    for (auto &k : e->keywords)
      s += " " + (k.name.empty() ? "**" : k.name + "=") + sexpr(k.value.get());
    return s + ")";
  }
  case ExprKind::Subscript:
    return "([] " + sexpr(e->args[0].get()) + list(1) + ")";
  case ExprKind::Slice:
    return "(slice" + list(0) + ")";
  case ExprKind::Tuple:
    return "(tuple" + list(0) + ")";
  case ExprKind::List:
    return "(list" + list(0) + ")";
  case ExprKind::BinOp:
    return "(" + spelling(e->binaryOp).str() + list(0) + ")";
  case ExprKind::BoolOp:
    return "(" + spelling(e->boolOp).str() + list(0) + ")";
  case ExprKind::UnaryOp:
    return "(" + spelling(e->unaryOp).str() + list(0) + ")";
  case ExprKind::Compare: {
    std::string s = "(cmp " + sexpr(e->args[0].get());
    for (size_t i = 0; i < e->compareOps.size(); ++i)
      s += " " + spelling(e->compareOps[i]).str() + " " +
           sexpr(e->args[i + 1].get());
    return s + ")";
  }
  case ExprKind::IfExp:
    return "(ifexp" + list(0) + ")";
  case ExprKind::Dict:
    return "(dict" + list(0) + ")";
  case ExprKind::Lambda:
    return "(lambda " + sexpr(e->args[1].get()) + " " +
           sexpr(e->args[0].get()) + ")";
  case ExprKind::ListComp:
    return "(listcomp" + list(0) + ")";
  case ExprKind::CompFor:
    return "(for" + list(0) + ")";
  case ExprKind::CompIf:
    return "(if" + list(0) + ")";
  }
  return "?";
}

/// Parses `expr` as the value of `r = <expr>` inside a jit function.
std::string parseExpr(const std::string &expr, std::string *errs = nullptr) {
  Parsed p = parseText("@triton.jit\ndef k():\n    r = " + expr + "\n");
  if (errs)
    *errs = p.errs;
  if (p.numErrors || p.module->functions.size() != 1 ||
      p.module->functions[0]->body.size() != 1)
    return "<error: " + p.errs + ">";
  const Stmt &s = *p.module->functions[0]->body[0];
  if (s.kind != StmtKind::Assign)
    return "<not an assignment>";
  return sexpr(s.value.get());
}

TEST(ParserTest, ArithmeticPrecedence) {
  EXPECT_EQ(parseExpr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(parseExpr("a * b + c"), "(+ (* a b) c)");
  EXPECT_EQ(parseExpr("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(parseExpr("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(parseExpr("a // b % c @ d"), "(@ (% (// a b) c) d)");
  EXPECT_EQ(parseExpr("a | b ^ c & d << 1 + e"),
            "(| a (^ b (& c (<< d (+ 1 e)))))");
}

TEST(ParserTest, PowerBindsTighterThanUnaryMinusAndIsRightAssociative) {
  EXPECT_EQ(parseExpr("-x ** 2"), "(- (** x 2))");
  EXPECT_EQ(parseExpr("a ** b ** c"), "(** a (** b c))");
  EXPECT_EQ(parseExpr("a ** -b"), "(** a (- b))");
  EXPECT_EQ(parseExpr("-~+x"), "(- (~ (+ x)))");
  EXPECT_EQ(parseExpr("2 * -x"), "(* 2 (- x))");
}

TEST(ParserTest, ChainedComparison) {
  EXPECT_EQ(parseExpr("a < b < c"), "(cmp a < b < c)");
  EXPECT_EQ(parseExpr("a == b + 1"), "(cmp a == (+ b 1))");
  EXPECT_EQ(parseExpr("a is not None"), "(cmp a is not None)");
  EXPECT_EQ(parseExpr("a not in b"), "(cmp a not in b)");
  EXPECT_EQ(parseExpr("a <= b != c >= d"), "(cmp a <= b != c >= d)");
}

TEST(ParserTest, BooleanOperators) {
  EXPECT_EQ(parseExpr("not a and b"), "(and (not a) b)");
  EXPECT_EQ(parseExpr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(parseExpr("a and b and c"), "(and a b c)");
  EXPECT_EQ(parseExpr("not not a"), "(not (not a))");
  EXPECT_EQ(parseExpr("not a < b"), "(not (cmp a < b))");
  EXPECT_EQ(parseExpr("x if c else y"), "(ifexp x c y)");
  EXPECT_EQ(parseExpr("x if a or b else y if c else z"),
            "(ifexp x (or a b) (ifexp y c z))");
}

TEST(ParserTest, SubscriptsAndSlices) {
  EXPECT_EQ(parseExpr("x[:, None]"), "([] x (slice _ _ _) None)");
  EXPECT_EQ(parseExpr("x[None, :]"), "([] x None (slice _ _ _))");
  EXPECT_EQ(parseExpr("x[1:2:3]"), "([] x (slice 1 2 3))");
  EXPECT_EQ(parseExpr("x[::2]"), "([] x (slice _ _ 2))");
  EXPECT_EQ(parseExpr("x[i + 1]"), "([] x (+ i 1))");
  EXPECT_EQ(parseExpr("x[...]"), "([] x ...)");
  EXPECT_EQ(parseExpr("a.b[0].c"), "(. ([] (. a b) 0) c)");
}

TEST(ParserTest, CallsWithKeywordArguments) {
  EXPECT_EQ(parseExpr("tl.load(p + o, mask=m, other=0.0)"),
            "(call (. tl load) (+ p o) mask=m other=f0.000000)");
  EXPECT_EQ(parseExpr("tl.program_id(axis=0)"),
            "(call (. tl program_id) axis=0)");
  EXPECT_EQ(parseExpr("f()"), "(call f)");
  EXPECT_EQ(parseExpr("f(a, b,)"), "(call f a b)");
  EXPECT_EQ(parseExpr("f(a)(b)"), "(call (call f a) b)");
  EXPECT_EQ(parseExpr("x.to(tl.float16)"), "(call (. x to) (. tl float16))");
}

TEST(ParserTest, CallArgumentErrors) {
  std::string errs;
  parseExpr("f(a=1, b)", &errs);
  EXPECT_NE(errs.find("k.py:3:16: error: positional argument follows keyword "
                      "argument"),
            std::string::npos)
      << errs;
  parseExpr("f(a=1, a=2)", &errs);
  EXPECT_NE(errs.find("error: keyword argument 'a' repeated"),
            std::string::npos)
      << errs;
  parseExpr("f(**kw)", &errs);
  EXPECT_NE(errs.find("error: argument unpacking ('**') is not "
                      "supported in jit functions"),
            std::string::npos)
      << errs;
}

TEST(ParserTest, TuplesListsAndLiterals) {
  EXPECT_EQ(parseExpr("a, b"), "(tuple a b)");
  EXPECT_EQ(parseExpr("(a,)"), "(tuple a)");
  EXPECT_EQ(parseExpr("()"), "(tuple)");
  EXPECT_EQ(parseExpr("[1, 2]"), "(list 1 2)");
  EXPECT_EQ(parseExpr("(a)"), "a");
  EXPECT_EQ(parseExpr("True"), "True");
  EXPECT_EQ(parseExpr("'a' 'b'"), "'ab'"); // implicit concatenation
  EXPECT_EQ(parseExpr("1.5e1"), "f15.000000");
}

TEST(ParserTest, StatementKinds) {
  Parsed p = parseText("@triton.jit\n"
                       "def k(x):\n"
                       "    a = b = 1\n"
                       "    a += 2\n"
                       "    c: tl.constexpr = 3\n"
                       "    if a:\n"
                       "        pass\n"
                       "    elif b:\n"
                       "        return\n"
                       "    else:\n"
                       "        return a, b\n"
                       "    for i in range(10):\n"
                       "        break\n"
                       "    while a < 3: continue\n"
                       "    assert a, 'msg'\n"
                       "    f(a); g(b)\n");
  ASSERT_EQ(p.numErrors, 0u) << p.errs;
  ASSERT_EQ(p.module->functions.size(), 1u);
  const auto &body = p.module->functions[0]->body;
  ASSERT_EQ(body.size(), 9u);
  EXPECT_EQ(body[0]->kind, StmtKind::Assign);
  ASSERT_EQ(body[0]->targets.size(), 2u);
  EXPECT_EQ(sexpr(body[0]->targets[0].get()), "a");
  EXPECT_EQ(sexpr(body[0]->targets[1].get()), "b");
  EXPECT_EQ(sexpr(body[0]->value.get()), "1");
  EXPECT_EQ(body[1]->kind, StmtKind::AugAssign);
  EXPECT_EQ(body[1]->op, BinaryOpKind::Add);
  EXPECT_EQ(body[2]->kind, StmtKind::AnnAssign);
  EXPECT_EQ(sexpr(body[2]->annotation.get()), "(. tl constexpr)");
  EXPECT_EQ(body[3]->kind, StmtKind::If);
  ASSERT_EQ(body[3]->orelse.size(), 1u); // elif nests an If
  const Stmt &elif = *body[3]->orelse[0];
  EXPECT_EQ(elif.kind, StmtKind::If);
  EXPECT_EQ(sexpr(elif.test.get()), "b");
  ASSERT_EQ(elif.body.size(), 1u);
  EXPECT_EQ(elif.body[0]->kind, StmtKind::Return);
  EXPECT_EQ(elif.body[0]->value, nullptr);
  ASSERT_EQ(elif.orelse.size(), 1u);
  EXPECT_EQ(sexpr(elif.orelse[0]->value.get()), "(tuple a b)");
  EXPECT_EQ(body[4]->kind, StmtKind::For);
  EXPECT_EQ(sexpr(body[4]->targets[0].get()), "i");
  EXPECT_EQ(sexpr(body[4]->iter.get()), "(call range 10)");
  EXPECT_EQ(body[4]->body[0]->kind, StmtKind::Break);
  EXPECT_EQ(body[5]->kind, StmtKind::While);
  EXPECT_EQ(body[5]->body[0]->kind, StmtKind::Continue);
  EXPECT_EQ(body[6]->kind, StmtKind::Assert);
  EXPECT_EQ(sexpr(body[6]->value.get()), "'msg'");
  EXPECT_EQ(body[7]->kind, StmtKind::Expr);
  EXPECT_EQ(sexpr(body[7]->value.get()), "(call f a)");
  EXPECT_EQ(sexpr(body[8]->value.get()), "(call g b)");
  // Statement locations.
  EXPECT_EQ(body[4]->loc.line, 12u);
  EXPECT_EQ(body[4]->loc.col, 5u);
}

TEST(ParserTest, ForWithTupleTarget) {
  Parsed p = parseText("@triton.jit\ndef k():\n    for i, j in x:\n"
                       "        pass\n");
  ASSERT_EQ(p.numErrors, 0u) << p.errs;
  const Stmt &s = *p.module->functions[0]->body[0];
  EXPECT_EQ(sexpr(s.targets[0].get()), "(tuple i j)");
  EXPECT_EQ(sexpr(s.iter.get()), "x");
}

TEST(ParserTest, SkipsHostCodeAndNonJitFunctions) {
  Parsed p = parseText("import triton\n"
                       "import triton.language as tl\n"
                       "\n"
                       "def host(x):\n"
                       "    return x $ 2   # not even lexable: still skipped\n"
                       "\n"
                       "@torch.compile\n"
                       "def other(y):\n"
                       "    return y\n"
                       "\n"
                       "class C:\n"
                       "    def m(self):\n"
                       "        pass\n"
                       "\n"
                       "@triton.jit\n"
                       "def kern(a):\n"
                       "    pass\n"
                       "\n"
                       "if __name__ == '__main__':\n"
                       "    kern[(1,)](a)\n");
  // The lexer still reports the invalid character; the parser skips host code.
  EXPECT_EQ(p.numErrors, 1u) << p.errs;
  ASSERT_EQ(p.module->functions.size(), 1u);
  EXPECT_EQ(p.module->functions[0]->name, "kern");
  EXPECT_EQ(p.module->lookup("host"), nullptr);
  EXPECT_EQ(p.module->lookup("other"), nullptr);
  EXPECT_EQ(p.module->lookup("kern"), p.module->functions[0].get());
  // import, import, def host, def other, class, if.
  EXPECT_EQ(p.module->skippedStatements, 6u);
}

TEST(ParserTest, JitDecoratorSpellings) {
  Parsed p = parseText("@triton.jit\ndef a():\n    pass\n"
                       "@jit\ndef b():\n    pass\n"
                       "@triton.jit(do_not_specialize=['x'])\ndef c(x):\n"
                       "    pass\n"
                       "@triton.autotune(configs=[])\n@triton.jit\n"
                       "def d():\n    pass\n"
                       "@triton.heuristics({})\ndef e():\n    pass\n");
  ASSERT_EQ(p.numErrors, 0u) << p.errs;
  ASSERT_EQ(p.module->functions.size(), 4u);
  EXPECT_EQ(p.module->functions[0]->name, "a");
  EXPECT_EQ(p.module->functions[1]->name, "b");
  EXPECT_EQ(p.module->functions[2]->name, "c");
  ASSERT_EQ(p.module->functions[2]->decorators.size(), 1u);
  EXPECT_EQ(p.module->functions[2]->decorators[0], "triton.jit");
  EXPECT_EQ(p.module->functions[3]->name, "d");
  ASSERT_EQ(p.module->functions[3]->decorators.size(), 2u);
  EXPECT_EQ(p.module->functions[3]->decorators[0], "triton.autotune");
  EXPECT_EQ(p.module->functions[3]->decorators[1], "triton.jit");
  EXPECT_EQ(p.module->lookup("e"), nullptr);
}

TEST(ParserTest, ParametersAndConstexprDetection) {
  Parsed p = parseText(
      "@triton.jit\n"
      "def k(x_ptr, n, B: tl.constexpr, C: constexpr = 4, d: int = 2,\n"
      "      E: triton.language.constexpr,) -> None:\n"
      "    pass\n");
  ASSERT_EQ(p.numErrors, 0u) << p.errs;
  const Function &fn = *p.module->functions[0];
  EXPECT_EQ(fn.name, "k");
  EXPECT_EQ(fn.loc.line, 2u);
  EXPECT_EQ(fn.loc.col, 5u);
  ASSERT_EQ(fn.params.size(), 6u);
  const char *names[] = {"x_ptr", "n", "B", "C", "d", "E"};
  bool constexprs[] = {false, false, true, true, false, true};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(fn.params[i].name, names[i]) << i;
    EXPECT_EQ(fn.params[i].isConstexpr, constexprs[i]) << i;
  }
  EXPECT_EQ(fn.params[0].annotation, nullptr);
  EXPECT_EQ(sexpr(fn.params[3].defaultValue.get()), "4");
  EXPECT_EQ(sexpr(fn.params[4].annotation.get()), "int");
  EXPECT_EQ(fn.params[2].loc.col, 17u);
}

TEST(ParserTest, ParameterErrors) {
  Parsed p = parseText("@triton.jit\ndef k(a, a):\n    pass\n");
  EXPECT_EQ(p.numErrors, 1u);
  EXPECT_NE(p.errs.find("k.py:2:10: error: duplicate parameter 'a'"),
            std::string::npos)
      << p.errs;
  EXPECT_TRUE(p.module->functions.empty());

  Parsed v = parseText("@triton.jit\ndef k(*args):\n    pass\n");
  EXPECT_EQ(v.numErrors, 1u);
  EXPECT_NE(v.errs.find("k.py:2:7: error: variadic parameters"),
            std::string::npos)
      << v.errs;
}

TEST(ParserTest, DocstringExtraction) {
  Parsed p = parseText("@triton.jit\n"
                       "def k(x):\n"
                       "    \"\"\"Adds one.\n\n    More text.\"\"\"\n"
                       "    y = x + 1\n"
                       "@triton.jit\n"
                       "def h(x):\n"
                       "    y = 1\n"
                       "    'not a docstring'\n");
  ASSERT_EQ(p.numErrors, 0u) << p.errs;
  const Function &k = *p.module->functions[0];
  EXPECT_EQ(k.docstring, "Adds one.\n\n    More text.");
  ASSERT_EQ(k.body.size(), 1u); // the docstring is not a statement
  EXPECT_EQ(k.body[0]->kind, StmtKind::Assign);
  const Function &h = *p.module->functions[1];
  EXPECT_EQ(h.docstring, "");
  EXPECT_EQ(h.body.size(), 2u);
}

TEST(ParserTest, ErrorRecoveryReportsSeveralErrors) {
  Parsed p = parseText("@triton.jit\n"
                       "def k(x):\n"
                       "    a = (1 +\n"
                       "        )\n"
                       "    b = 2\n"
                       "    c = x[]\n"
                       "    lambda y: y\n"
                       "    d = 3 4\n"
                       "    e = 5\n");
  EXPECT_EQ(p.numErrors, 4u) << p.errs;
  EXPECT_NE(p.errs.find("k.py:4:9: error: expected an expression, found "
                        "')'"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:6:11: error: expected an index expression, "
                        "found ']'"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:7:5: error: 'lambda' is not supported in jit "
                        "functions"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:8:11: error: expected end of statement, found "
                        "'4'"),
            std::string::npos)
      << p.errs;
  // The function itself survives with its good statements.
  ASSERT_EQ(p.module->functions.size(), 1u);
  const auto &body = p.module->functions[0]->body;
  // (`d = 3` is kept too: the error is after the complete statement.)
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(sexpr(body[0]->targets[0].get()), "b");
  EXPECT_EQ(sexpr(body[1]->targets[0].get()), "d");
  EXPECT_EQ(sexpr(body[2]->targets[0].get()), "e");
}

TEST(ParserTest, ErrorsAcrossFunctions) {
  Parsed p = parseText("@triton.jit\n"
                       "def f(x)\n"
                       "    pass\n"
                       "@triton.jit\n"
                       "def g(x):\n"
                       "    y = = 1\n"
                       "@triton.jit\n"
                       "def h(x):\n"
                       "    return x\n");
  EXPECT_EQ(p.numErrors, 2u) << p.errs;
  EXPECT_NE(p.errs.find("k.py:2:9: error: expected ':' after the function "
                        "signature, found end of line"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:6:9: error: expected an expression, found "
                        "'='"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.module->lookup("g"), nullptr);
  EXPECT_NE(p.module->lookup("h"), nullptr);
  EXPECT_EQ(p.module->lookup("f"), nullptr);
}

TEST(ParserTest, UnsupportedConstructs) {
  Parsed p = parseText("@triton.jit\n"
                       "def k(x):\n"
                       "    def inner():\n"
                       "        pass\n"
                       "    with x:\n"
                       "        pass\n"
                       "    y = [i for i in x]\n"
                       "    z = {1: 2}\n"
                       "    else:\n"
                       "        pass\n"
                       "    w = 1\n");
  EXPECT_EQ(p.numErrors, 5u) << p.errs;
  EXPECT_NE(p.errs.find("k.py:3:5: error: nested function definitions are not "
                        "supported"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:5:5: error: 'with' statements are not "
                        "supported in jit functions"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:7:12: error: comprehensions are not supported"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:8:9: error: dict and set literals are not "
                        "supported"),
            std::string::npos)
      << p.errs;
  EXPECT_NE(p.errs.find("k.py:9:5: error: 'else' without a matching 'if'"),
            std::string::npos)
      << p.errs;
  ASSERT_EQ(p.module->functions.size(), 1u);
  const auto &body = p.module->functions[0]->body;
  ASSERT_FALSE(body.empty());
  EXPECT_EQ(sexpr(body.back()->targets[0].get()), "w");
}

TEST(ParserTest, ModuleLevelHostSyntax) {
  // Constants of host code parse with comprehensions, dicts, lambdas and
  // `**` arguments; jit functions still reject them.
  Parsed p = parseText("X = [f(a, b) for a, b in P if a for (c,) in Q]\n"
                       "Y = g(1, k=2, **{'a': [i for i in range(2)]})\n"
                       "Z = lambda c: c.num_warps\n"
                       "@triton.jit\n"
                       "def k():\n"
                       "    r = g(**d)\n");
  EXPECT_EQ(sexpr(p.module->globals["X"].get()),
            "(listcomp (call f a b) (for (tuple a b) P) (if a) "
            "(for (tuple c) Q))");
  EXPECT_EQ(sexpr(p.module->globals["Y"].get()),
            "(call g 1 k=2 **(dict 'a' (listcomp i (for i (call range "
            "2)))))");
  EXPECT_EQ(sexpr(p.module->globals["Z"].get()), "(lambda c (. c num_warps))");
  EXPECT_EQ(p.numErrors, 1u) << p.errs;
  EXPECT_NE(p.errs.find("k.py:6:11: error: argument unpacking ('**') is "
                        "not supported in jit functions"),
            std::string::npos)
      << p.errs;
}

TEST(ParserTest, FunctionsOfHostCode) {
  Parsed p = parseText("def configs(n=2, *, w=4):\n"
                       "    return [n]\n"
                       "def get(n, w=[4, 8]):\n"
                       "    if n:\n"
                       "        return {'n': n}\n"
                       "    return [x for x in w]\n"
                       "def host():\n"
                       "    try:\n"
                       "        return 1\n"
                       "    finally:\n"
                       "        pass\n"
                       "def probe():\n"
                       "    try:\n"
                       "        return 1\n"
                       "    except (KeyError, OSError) as e:\n"
                       "        return 2\n"
                       "    except:\n"
                       "        return 3\n"
                       "    else:\n"
                       "        pass\n"
                       "def bare():\n"
                       "    try:\n"
                       "        return 1\n"
                       "    return 2\n");
  EXPECT_EQ(p.numErrors, 0u) << p.errs;
  ASSERT_EQ(p.module->hostFunctions.size(), 2u);
  const Function &probe = *p.module->hostFunctions["probe"];
  ASSERT_EQ(probe.body.size(), 1u);
  const Stmt &t = *probe.body[0];
  EXPECT_EQ(t.kind, StmtKind::Try);
  EXPECT_EQ(t.body.size(), 1u);
  EXPECT_EQ(t.orelse.size(), 1u);
  ASSERT_EQ(t.handlers.size(), 2u);
  EXPECT_EQ(t.handlers[0]->kind, StmtKind::Except);
  EXPECT_EQ(sexpr(t.handlers[0]->test.get()), "(tuple KeyError OSError)");
  ASSERT_EQ(t.handlers[0]->targets.size(), 1u);
  EXPECT_EQ(t.handlers[0]->targets[0]->str, "e");
  EXPECT_EQ(t.handlers[1]->test, nullptr);
  const Function &get = *p.module->hostFunctions["get"];
  EXPECT_EQ(get.params.size(), 2u);
  EXPECT_EQ(get.owner, p.module.get());
  EXPECT_EQ(get.body.size(), 2u);
  EXPECT_EQ(p.module->unparsedHostFunctions.count("configs"), 1u);
  EXPECT_EQ(p.module->unparsedHostFunctions.count("host"), 1u);
  // `try` without `except` does not parse (nor in Python).
  EXPECT_EQ(p.module->unparsedHostFunctions.count("bare"), 1u);
  EXPECT_EQ(p.module->lookup("get"), nullptr); // no jit function
}

TEST(ParserTest, RedefinitionIsAnError) {
  Parsed p = parseText("@triton.jit\ndef k():\n    pass\n"
                       "@triton.jit\ndef k():\n    pass\n");
  EXPECT_EQ(p.numErrors, 1u);
  EXPECT_NE(p.errs.find("k.py:5:5: error: redefinition of jit function 'k'"),
            std::string::npos)
      << p.errs;
  EXPECT_EQ(p.module->functions.size(), 1u);
}

TEST(ParserTest, MissingIndentedBlock) {
  Parsed p = parseText("@triton.jit\ndef k():\nx = 1\n");
  EXPECT_GE(p.numErrors, 1u);
  EXPECT_NE(p.errs.find("k.py:3:1: error: expected an indented block, found "
                        "'x'"),
            std::string::npos)
      << p.errs;
}

TEST(ParserTest, DeepNestingIsDiagnosedNotCrashing) {
  std::string deep(5000, '(');
  deep += "1";
  deep += std::string(5000, ')');
  std::string errs;
  EXPECT_EQ(parseExpr(deep, &errs).rfind("<error", 0), 0u);
  EXPECT_NE(errs.find("expression or block nesting is too deep (limit 100)"),
            std::string::npos);
  // Exactly one report, not one per level.
  size_t first = errs.find("too deep");
  EXPECT_EQ(errs.find("too deep", first + 1), std::string::npos);

  std::string minus(5000, '-');
  parseExpr(minus + "x", &errs);
  EXPECT_NE(errs.find("nesting is too deep"), std::string::npos);

  std::string nots;
  for (int i = 0; i < 5000; ++i)
    nots += "not ";
  parseExpr(nots + "x", &errs);
  EXPECT_NE(errs.find("nesting is too deep"), std::string::npos);
}

TEST(ParserTest, LongOperatorChains) {
  // Left-associative chains build deep trees without deep parser recursion;
  // a moderate one parses, a huge one is rejected with a diagnostic (later
  // passes recurse over the tree), never a stack overflow.
  std::string chain = "x";
  for (int i = 0; i < 300; ++i)
    chain += " + x";
  std::string r = parseExpr(chain);
  EXPECT_EQ(r.rfind("(+ (+ (+ ", 0), 0u) << r.substr(0, 200);
  std::string huge = "x";
  for (int i = 0; i < 20000; ++i)
    huge += "+x";
  std::string errs;
  EXPECT_EQ(parseExpr(huge, &errs).rfind("<error", 0), 0u);
  EXPECT_NE(errs.find("k.py:3:"), std::string::npos) << errs.substr(0, 300);
}

TEST(ParserTest, ModerateNestingIsFine) {
  // Each parenthesis level counts twice against the limit of 100 (once for
  // the atom, once for the test inside it), so 40 levels must pass.
  std::string e(40, '(');
  e += "x";
  e += std::string(40, ')');
  EXPECT_EQ(parseExpr(e), "x");
  std::string m(90, '-');
  EXPECT_EQ(parseExpr(m + "1").substr(0, 5), "(- (-");
}

} // namespace
