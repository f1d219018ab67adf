//===- Parser.cpp - Recursive-descent parser of kernel modules ------------===//
//
// Python's grammar for the subset kernels use, with Python's precedence:
//   test      := or_test ['if' or_test 'else' test]
//   or_test   := and_test ('or' and_test)*
//   and_test  := not_test ('and' not_test)*
//   not_test  := 'not' not_test | comparison
//   comparison:= bitor (compop bitor)*
//   bitor > bitxor > bitand > shift > arith > term > factor > power > primary
// Errors are reported and the parser resynchronizes at the next statement, so
// one run reports every syntax error of a file. The module level (constants,
// imports, which functions are jit functions) is in ModuleParser.cpp.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include "tilec/Frontend/Parser.h"

using namespace tilec;

namespace tilec::detail {

/// Reports (once per expression) and drops an expression taller than
/// kMaxExprHeight. Measures the height without recursing.
bool Parser::checkExprHeight(ExprPtr &e, SourceLoc start) {
  std::vector<std::pair<const Expr *, unsigned>> work{{e.get(), 1}};
  unsigned height = 0;
  while (!work.empty()) {
    auto [x, h] = work.back();
    work.pop_back();
    height = std::max(height, h);
    if (height > kMaxExprHeight)
      break;
    for (auto &a : x->args)
      if (a)
        work.push_back({a.get(), h + 1});
    for (auto &k : x->keywords)
      if (k.value)
        work.push_back({k.value.get(), h + 1});
  }
  if (height <= kMaxExprHeight)
    return true;
  diags.error(start,
              "expression is too deeply nested (more than " +
                  llvm::Twine(kMaxExprHeight) +
                  " levels of operators, calls, subscripts or attributes)");
  e.reset();
  return false;
}

std::string Parser::describe(const Token &t) const {
  switch (t.kind) {
  case Tok::Eof:
    return "end of file";
  case Tok::Newline:
    return "end of line";
  case Tok::Indent:
    return "an indented line";
  case Tok::Dedent:
    return "a less indented line";
  case Tok::String:
    return "string literal";
  default:
    return "'" + t.text + "'";
  }
}

bool Parser::expectOp(const char *s, const char *context) {
  if (acceptOp(s))
    return true;
  return error(cur(), llvm::Twine("expected '") + s + "' " + context +
                          ", found " + describe(cur()));
}

/// Skips the rest of the current logical line, and the indented block that
/// follows it, if any.
void Parser::skipStatement() {
  while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof))
    consume();
  if (cur().is(Tok::Newline))
    consume();
  if (cur().is(Tok::Indent)) {
    int level = 0;
    do {
      if (cur().is(Tok::Indent))
        ++level;
      else if (cur().is(Tok::Dedent))
        --level;
      consume();
    } while (level > 0 && !cur().is(Tok::Eof));
  }
}

/// Error recovery inside a block: drop tokens up to the end of the statement
/// (and any block it opens), without leaving the enclosing block.
void Parser::skipToNextStatement() {
  while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof) &&
         !cur().is(Tok::Dedent) && !cur().is(Tok::Indent))
    consume();
  if (cur().is(Tok::Newline))
    consume();
  if (cur().is(Tok::Indent)) {
    int level = 0;
    do {
      if (cur().is(Tok::Indent))
        ++level;
      else if (cur().is(Tok::Dedent))
        --level;
      consume();
    } while (level > 0 && !cur().is(Tok::Eof));
  }
}

std::unique_ptr<Function>
Parser::parseFunction(std::vector<std::string> decorators) {
  consume(); // def
  auto fn = std::make_unique<Function>();
  fn->decorators = std::move(decorators);
  if (!cur().is(Tok::Name)) {
    error(cur(),
          "expected function name after 'def', found " + describe(cur()));
    skipStatement();
    return nullptr;
  }
  fn->name = cur().text;
  fn->loc = cur().loc;
  consume();
  bool ok = expectOp("(", "after the function name");
  while (ok && !isOp(")")) {
    if (isOp("*") || isOp("**")) {
      ok = error(cur(), "variadic parameters ('*args', '**kwargs') are not "
                        "supported in jit functions");
      break;
    }
    if (!cur().is(Tok::Name)) {
      ok = error(cur(), "expected parameter name, found " + describe(cur()));
      break;
    }
    Param p;
    p.name = cur().text;
    p.loc = cur().loc;
    for (auto &q : fn->params)
      if (q.name == p.name) {
        error(cur(), "duplicate parameter '" + p.name + "'");
        ok = false;
      }
    consume();
    if (acceptOp(":")) {
      p.annotation = parseTest();
      if (!p.annotation) {
        ok = false;
        break;
      }
      const Expr *a = p.annotation.get();
      if ((a->kind == ExprKind::Name && a->str == "constexpr") ||
          (a->kind == ExprKind::Attribute && a->str == "constexpr"))
        p.isConstexpr = true;
    }
    if (acceptOp("=")) {
      p.defaultValue = parseTest();
      if (!p.defaultValue) {
        ok = false;
        break;
      }
    }
    fn->params.push_back(std::move(p));
    if (!acceptOp(",")) {
      if (!isOp(")"))
        ok = error(cur(), "expected ',' or ')' in parameter list, found " +
                              describe(cur()));
      break;
    }
  }
  if (ok)
    ok = expectOp(")", "to close the parameter list");
  if (ok && acceptOp("->"))
    ok = parseTest() != nullptr;
  if (ok)
    ok = expectOp(":", "after the function signature");
  if (!ok) {
    skipStatement();
    return nullptr;
  }
  parseBlock(fn->body);
  // A leading string literal is the docstring.
  if (!fn->body.empty() && fn->body.front()->kind == StmtKind::Expr &&
      fn->body.front()->value->kind == ExprKind::Str) {
    fn->docstring = fn->body.front()->value->str;
    fn->body.erase(fn->body.begin());
  }
  return fn;
}

/// block := simple_stmts | NEWLINE INDENT statement+ DEDENT
bool Parser::parseBlock(std::vector<StmtPtr> &out) {
  DepthGuard guard(*this, cur());
  if (!guard.ok) {
    skipStatement();
    return false;
  }
  if (!cur().is(Tok::Newline))
    return parseSimpleStatements(out);
  Token newline = cur();
  consume();
  if (!cur().is(Tok::Indent)) {
    // At the end of the file or of the enclosing block there is no token to
    // point at: point at the end of the line that wanted the block.
    const Token &at =
        cur().is(Tok::Eof) || cur().is(Tok::Dedent) ? newline : cur();
    return error(at, "expected an indented block, found " + describe(cur()));
  }
  consume();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
    if (cur().is(Tok::Newline)) {
      consume();
      continue;
    }
    if (cur().is(Tok::Indent)) {
      error(cur(), "unexpected indent");
      skipStatement();
      continue;
    }
    parseStatement(out);
  }
  if (cur().is(Tok::Dedent))
    consume();
  return true;
}

bool Parser::parseStatement(std::vector<StmtPtr> &out) {
  const Token &t = cur();
  StmtPtr s;
  if (t.isKeyword("if")) {
    s = parseIf(false);
  } else if (t.isKeyword("for")) {
    s = parseFor();
  } else if (t.isKeyword("while")) {
    s = parseWhile();
  } else if (t.isKeyword("def")) {
    error(t, "nested function definitions are not supported in jit "
             "functions; define a separate @triton.jit function");
    skipStatement();
    return false;
  } else if (t.isKeyword("with") || t.isKeyword("try") ||
             t.isKeyword("class") || t.isKeyword("async")) {
    error(t, "'" + t.text + "' statements are not supported in jit functions");
    skipStatement();
    return false;
  } else if (t.isOp("@")) {
    error(t, "decorators are not supported inside jit functions");
    skipStatement();
    return false;
  } else if (t.isKeyword("elif") || t.isKeyword("else")) {
    error(t, "'" + t.text + "' without a matching 'if'");
    skipToNextStatement();
    return false;
  } else {
    return parseSimpleStatements(out);
  }
  if (!s)
    return false;
  out.push_back(std::move(s));
  return true;
}

/// simple_stmts := small_stmt (';' small_stmt)* [';'] NEWLINE
bool Parser::parseSimpleStatements(std::vector<StmtPtr> &out) {
  while (true) {
    StmtPtr s = parseSmallStatement();
    if (!s) {
      skipToNextStatement();
      return false;
    }
    out.push_back(std::move(s));
    if (acceptOp(";")) {
      if (cur().is(Tok::Newline))
        break;
      continue;
    }
    break;
  }
  if (cur().is(Tok::Newline)) {
    consume();
    return true;
  }
  if (cur().is(Tok::Eof) || cur().is(Tok::Dedent))
    return true;
  error(cur(), "expected end of statement, found " + describe(cur()));
  skipToNextStatement();
  return false;
}

/// The operator of an augmented assignment token (`+=`: Add), if it is one.
static std::optional<BinaryOpKind> augOp(const Token &t) {
  llvm::StringRef text = t.text;
  if (t.kind != Tok::Op || !text.consume_back("="))
    return std::nullopt;
  return binaryOpKind(text);
}

StmtPtr Parser::parseSmallStatement() {
  const Token &t = cur();
  SourceLoc loc = t.loc;
  if (t.isKeyword("pass") || t.isKeyword("break") || t.isKeyword("continue")) {
    auto kind = t.text == "pass"    ? StmtKind::Pass
                : t.text == "break" ? StmtKind::Break
                                    : StmtKind::Continue;
    auto s = std::make_unique<Stmt>(kind, loc);
    s->length = t.length;
    consume();
    return s;
  }
  if (t.isKeyword("return")) {
    auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
    s->length = t.length;
    consume();
    if (!cur().is(Tok::Newline) && !isOp(";") && !cur().is(Tok::Eof)) {
      s->value = parseTestList();
      if (!s->value)
        return nullptr;
    }
    return s;
  }
  if (t.isKeyword("raise")) {
    // Parsed; an error only where it is compiled (Triton too never looks at a
    // branch whose compile-time condition is false).
    auto s = std::make_unique<Stmt>(StmtKind::Raise, loc);
    s->length = t.length;
    consume();
    if (!cur().is(Tok::Newline) && !isOp(";") && !cur().is(Tok::Eof)) {
      s->value = parseTest();
      if (!s->value)
        return nullptr;
      if (isKw("from")) {
        consume();
        if (!parseTest())
          return nullptr;
      }
    }
    return s;
  }
  if (t.isKeyword("assert")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assert, loc);
    s->length = t.length;
    consume();
    s->test = parseTest();
    if (!s->test)
      return nullptr;
    if (acceptOp(",")) {
      s->value = parseTest();
      if (!s->value)
        return nullptr;
    }
    return s;
  }
  if (t.kind == Tok::Keyword &&
      (t.text == "import" || t.text == "from" || t.text == "global" ||
       t.text == "nonlocal" || t.text == "del" || t.text == "yield" ||
       t.text == "await" || t.text == "lambda")) {
    error(t, "'" + t.text + "' is not supported in jit functions");
    return nullptr;
  }
  ExprPtr first = parseTestList();
  if (!first)
    return nullptr;
  if (std::optional<BinaryOpKind> op = augOp(cur())) {
    auto s = std::make_unique<Stmt>(StmtKind::AugAssign, loc);
    s->op = *op;
    consume();
    s->targets.push_back(std::move(first));
    s->value = parseTestList();
    if (!s->value)
      return nullptr;
    return s;
  }
  if (isOp(":")) {
    consume();
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    s->targets.push_back(std::move(first));
    s->annotation = parseTest();
    if (!s->annotation)
      return nullptr;
    if (acceptOp("=")) {
      s->value = parseTestList();
      if (!s->value)
        return nullptr;
    }
    return s;
  }
  if (isOp("=")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    s->targets.push_back(std::move(first));
    while (acceptOp("=")) {
      ExprPtr next = parseTestList();
      if (!next)
        return nullptr;
      s->targets.push_back(std::move(next));
    }
    s->value = std::move(s->targets.back());
    s->targets.pop_back();
    return s;
  }
  auto s = std::make_unique<Stmt>(StmtKind::Expr, loc);
  s->value = std::move(first);
  return s;
}

StmtPtr Parser::parseIf(bool isElif) {
  (void)isElif;
  auto s = std::make_unique<Stmt>(StmtKind::If, cur().loc);
  s->length = cur().length;
  consume(); // if / elif
  s->test = parseTest();
  if (!s->test || !expectOp(":", "after the 'if' condition")) {
    skipStatement();
    return nullptr;
  }
  parseBlock(s->body);
  if (isKw("elif")) {
    StmtPtr nested = parseIf(true);
    if (nested)
      s->orelse.push_back(std::move(nested));
  } else if (isKw("else")) {
    consume();
    if (!expectOp(":", "after 'else'")) {
      skipStatement();
      return s;
    }
    parseBlock(s->orelse);
  }
  return s;
}

StmtPtr Parser::parseFor() {
  auto s = std::make_unique<Stmt>(StmtKind::For, cur().loc);
  s->length = cur().length;
  consume(); // for
  SourceLoc targetLoc = cur().loc;
  // The target list stops before 'in', so parse it at bit-or level.
  ExprPtr target = parseBinary(0);
  if (target && isOp(",")) {
    auto tuple = std::make_unique<Expr>(ExprKind::Tuple, target->loc);
    tuple->args.push_back(std::move(target));
    while (acceptOp(",")) {
      if (isKw("in"))
        break;
      ExprPtr e = parseBinary(0);
      if (!e) {
        tuple.reset();
        break;
      }
      tuple->args.push_back(std::move(e));
    }
    target = std::move(tuple);
  }
  if (target && !checkExprHeight(target, targetLoc))
    target.reset();
  if (!target) {
    skipStatement();
    return nullptr;
  }
  if (!isKw("in")) {
    error(cur(),
          "expected 'in' after the loop variable, found " + describe(cur()));
    skipStatement();
    return nullptr;
  }
  consume();
  s->targets.push_back(std::move(target));
  s->iter = parseTestList();
  if (!s->iter || !expectOp(":", "after the 'for' header")) {
    skipStatement();
    return nullptr;
  }
  parseBlock(s->body);
  if (isKw("else")) {
    error(cur(), "'for ... else' is not supported in jit functions");
    skipStatement();
  }
  return s;
}

StmtPtr Parser::parseWhile() {
  auto s = std::make_unique<Stmt>(StmtKind::While, cur().loc);
  s->length = cur().length;
  consume();
  s->test = parseTest();
  if (!s->test || !expectOp(":", "after the 'while' condition")) {
    skipStatement();
    return nullptr;
  }
  parseBlock(s->body);
  if (isKw("else")) {
    error(cur(), "'while ... else' is not supported in jit functions");
    skipStatement();
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTestList() {
  ExprPtr first = parseTest();
  if (!first || !isOp(","))
    return first;
  auto tuple = std::make_unique<Expr>(ExprKind::Tuple, first->loc);
  tuple->args.push_back(std::move(first));
  while (acceptOp(",")) {
    if (cur().is(Tok::Newline) || isOp("=") || isOp(")") || isOp(";") ||
        isOp(":") || augOp(cur()) || cur().is(Tok::Eof))
      break;
    ExprPtr e = parseTest();
    if (!e)
      return nullptr;
    tuple->args.push_back(std::move(e));
  }
  return tuple;
}

ExprPtr Parser::parseTest() {
  if (testNesting == 0) {
    // The outermost expression: parse it, then bound the tree's height.
    SourceLoc start = cur().loc;
    ++testNesting;
    ExprPtr e = parseTest();
    --testNesting;
    if (e && !checkExprHeight(e, start))
      return nullptr;
    return e;
  }
  DepthGuard guard(*this, cur());
  if (!guard.ok)
    return nullptr;
  if (isKw("lambda"))
    return parseLambda(); // HostSyntax.cpp
  ExprPtr body = parseOrTest();
  if (!body || !isKw("if"))
    return body;
  SourceLoc loc = cur().loc;
  consume();
  ExprPtr test = parseOrTest();
  if (!test)
    return nullptr;
  if (!isKw("else")) {
    error(cur(), "expected 'else' in conditional expression, found " +
                     describe(cur()));
    return nullptr;
  }
  consume();
  ExprPtr orelse = parseTest();
  if (!orelse)
    return nullptr;
  auto e = std::make_unique<Expr>(ExprKind::IfExp, loc);
  e->args.push_back(std::move(body));
  e->args.push_back(std::move(test));
  e->args.push_back(std::move(orelse));
  return e;
}

ExprPtr Parser::parseOrTest() {
  ExprPtr lhs = parseAndTest();
  if (!lhs || !isKw("or"))
    return lhs;
  auto e = std::make_unique<Expr>(ExprKind::BoolOp, cur().loc);
  e->boolOp = BoolOpKind::Or;
  e->length = 2;
  e->args.push_back(std::move(lhs));
  while (isKw("or")) {
    consume();
    ExprPtr rhs = parseAndTest();
    if (!rhs)
      return nullptr;
    e->args.push_back(std::move(rhs));
  }
  return e;
}

ExprPtr Parser::parseAndTest() {
  ExprPtr lhs = parseNotTest();
  if (!lhs || !isKw("and"))
    return lhs;
  auto e = std::make_unique<Expr>(ExprKind::BoolOp, cur().loc);
  e->boolOp = BoolOpKind::And;
  e->length = 3;
  e->args.push_back(std::move(lhs));
  while (isKw("and")) {
    consume();
    ExprPtr rhs = parseNotTest();
    if (!rhs)
      return nullptr;
    e->args.push_back(std::move(rhs));
  }
  return e;
}

ExprPtr Parser::parseNotTest() {
  if (!isKw("not"))
    return parseComparison();
  DepthGuard guard(*this, cur());
  if (!guard.ok)
    return nullptr;
  auto e = std::make_unique<Expr>(ExprKind::UnaryOp, cur().loc);
  e->unaryOp = UnaryOpKind::Not;
  e->length = 3;
  consume();
  ExprPtr operand = parseNotTest();
  if (!operand)
    return nullptr;
  e->args.push_back(std::move(operand));
  return e;
}

ExprPtr Parser::parseComparison() {
  ExprPtr lhs = parseBinary(0);
  if (!lhs)
    return nullptr;
  std::unique_ptr<Expr> cmp;
  while (true) {
    CompareOpKind op;
    const Token &t = cur();
    std::optional<CompareOpKind> sym =
        t.kind == Tok::Op ? compareOpKind(t.text) : std::nullopt;
    if (sym && *sym != CompareOpKind::Is && *sym != CompareOpKind::IsNot &&
        *sym != CompareOpKind::In && *sym != CompareOpKind::NotIn) {
      op = *sym;
      consume();
    } else if (t.isKeyword("in")) {
      op = CompareOpKind::In;
      consume();
    } else if (t.isKeyword("not") && peekTok().isKeyword("in")) {
      op = CompareOpKind::NotIn;
      consume();
      consume();
    } else if (t.isKeyword("is")) {
      consume();
      op = CompareOpKind::Is;
      if (isKw("not")) {
        consume();
        op = CompareOpKind::IsNot;
      }
    } else {
      break;
    }
    if (!cmp) {
      cmp = std::make_unique<Expr>(ExprKind::Compare, t.loc);
      cmp->length = spelling(op).size();
      cmp->args.push_back(std::move(lhs));
    }
    cmp->compareOps.push_back(op);
    ExprPtr rhs = parseBinary(0);
    if (!rhs)
      return nullptr;
    cmp->args.push_back(std::move(rhs));
  }
  if (cmp)
    return cmp;
  return lhs;
}

/// Binary operator levels, lowest precedence first.
static const std::vector<std::vector<BinaryOpKind>> kBinaryLevels = {
    {BinaryOpKind::BitOr},
    {BinaryOpKind::BitXor},
    {BinaryOpKind::BitAnd},
    {BinaryOpKind::Shl, BinaryOpKind::Shr},
    {BinaryOpKind::Add, BinaryOpKind::Sub},
    {BinaryOpKind::Mul, BinaryOpKind::Div, BinaryOpKind::FloorDiv,
     BinaryOpKind::Mod, BinaryOpKind::MatMul},
};

ExprPtr Parser::parseBinary(int level) {
  if (level == (int)kBinaryLevels.size())
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  if (!lhs)
    return nullptr;
  while (true) {
    std::optional<BinaryOpKind> matched;
    for (BinaryOpKind op : kBinaryLevels[level])
      if (isOp(spelling(op)))
        matched = op;
    if (!matched)
      return lhs;
    auto e = std::make_unique<Expr>(ExprKind::BinOp, cur().loc);
    e->binaryOp = *matched;
    e->length = cur().length;
    consume();
    ExprPtr rhs = parseBinary(level + 1);
    if (!rhs)
      return nullptr;
    e->args.push_back(std::move(lhs));
    e->args.push_back(std::move(rhs));
    lhs = std::move(e);
  }
}

ExprPtr Parser::parseFactor() {
  if (isOp("-") || isOp("+") || isOp("~")) {
    DepthGuard guard(*this, cur());
    if (!guard.ok)
      return nullptr;
    auto e = std::make_unique<Expr>(ExprKind::UnaryOp, cur().loc);
    e->unaryOp = isOp("-")   ? UnaryOpKind::Neg
                 : isOp("+") ? UnaryOpKind::Plus
                             : UnaryOpKind::Invert;
    consume();
    ExprPtr operand = parseFactor();
    if (!operand)
      return nullptr;
    e->args.push_back(std::move(operand));
    return e;
  }
  return parsePower();
}

ExprPtr Parser::parsePower() {
  ExprPtr base = parsePrimary();
  if (!base || !isOp("**"))
    return base;
  // '**' is right-associative: a chain recurses, so it counts as nesting.
  DepthGuard guard(*this, cur());
  if (!guard.ok)
    return nullptr;
  auto e = std::make_unique<Expr>(ExprKind::BinOp, cur().loc);
  e->binaryOp = BinaryOpKind::Pow;
  e->length = 2;
  consume();
  ExprPtr exponent = parseFactor();
  if (!exponent)
    return nullptr;
  e->args.push_back(std::move(base));
  e->args.push_back(std::move(exponent));
  return e;
}

ExprPtr Parser::parsePrimary() {
  ExprPtr e = parseAtom();
  while (e) {
    if (isOp(".")) {
      consume();
      if (!cur().is(Tok::Name)) {
        error(cur(),
              "expected attribute name after '.', found " + describe(cur()));
        return nullptr;
      }
      auto a = std::make_unique<Expr>(ExprKind::Attribute, cur().loc);
      a->str = cur().text;
      a->length = cur().length;
      consume();
      a->args.push_back(std::move(e));
      e = std::move(a);
    } else if (isOp("(")) {
      DepthGuard guard(*this, cur());
      if (!guard.ok)
        return nullptr;
      auto c = std::make_unique<Expr>(ExprKind::Call, e->loc);
      c->length = e->length;
      consume();
      c->args.push_back(std::move(e));
      if (!parseCallArgs(*c))
        return nullptr;
      e = std::move(c);
    } else if (isOp("[")) {
      DepthGuard guard(*this, cur());
      if (!guard.ok)
        return nullptr;
      auto s = std::make_unique<Expr>(ExprKind::Subscript, cur().loc);
      consume();
      s->args.push_back(std::move(e));
      do {
        if (isOp("]"))
          break;
        ExprPtr item = parseSubscriptItem();
        if (!item)
          return nullptr;
        s->args.push_back(std::move(item));
      } while (acceptOp(","));
      if (s->args.size() == 1) {
        error(cur(), "expected an index expression, found " + describe(cur()));
        return nullptr;
      }
      if (!expectOp("]", "to close the subscript"))
        return nullptr;
      e = std::move(s);
    } else {
      break;
    }
  }
  return e;
}

ExprPtr Parser::parseSubscriptItem() {
  SourceLoc loc = cur().loc;
  ExprPtr lower;
  if (!isOp(":")) {
    lower = parseTest();
    if (!lower || !isOp(":"))
      return lower;
  }
  // A slice lower:upper:step.
  auto slice = std::make_unique<Expr>(ExprKind::Slice, loc);
  consume(); // ':'
  slice->args.push_back(std::move(lower));
  ExprPtr upper, step;
  if (!isOp(":") && !isOp(",") && !isOp("]")) {
    upper = parseTest();
    if (!upper)
      return nullptr;
  }
  if (acceptOp(":") && !isOp(",") && !isOp("]")) {
    step = parseTest();
    if (!step)
      return nullptr;
  }
  slice->args.push_back(std::move(upper));
  slice->args.push_back(std::move(step));
  return slice;
}

bool Parser::parseCallArgs(Expr &call) {
  while (!isOp(")")) {
    if (isOp("*") || (isOp("**") && !hostSyntax))
      return error(cur(), "argument unpacking ('*', '**') is not supported in "
                          "jit functions");
    if (isOp("**")) {
      if (!parseSplatArgument(call)) // HostSyntax.cpp
        return false;
    } else if (cur().is(Tok::Name) && peekTok().isOp("=")) {
      Keyword kw;
      kw.name = cur().text;
      kw.loc = cur().loc;
      for (auto &k : call.keywords)
        if (k.name == kw.name)
          return error(cur(), "keyword argument '" + kw.name + "' repeated");
      consume();
      consume();
      kw.value = parseTest();
      if (!kw.value)
        return false;
      call.keywords.push_back(std::move(kw));
    } else {
      if (!call.keywords.empty())
        return error(cur(), "positional argument follows keyword argument");
      ExprPtr arg = parseTest();
      if (!arg)
        return false;
      if (isKw("for"))
        return error(cur(), "generator expressions are not supported in jit "
                            "functions");
      call.args.push_back(std::move(arg));
    }
    if (!acceptOp(","))
      break;
  }
  return expectOp(")", "to close the argument list");
}

ExprPtr Parser::parseAtom() {
  const Token &t = cur();
  switch (t.kind) {
  case Tok::Name: {
    auto e = std::make_unique<Expr>(ExprKind::Name, t.loc);
    e->str = t.text;
    e->length = t.length;
    consume();
    return e;
  }
  case Tok::Int: {
    auto e = std::make_unique<Expr>(ExprKind::Int, t.loc);
    e->intValue = t.intValue;
    e->intOverflow = t.intOverflow;
    e->str = t.text;
    e->length = t.length;
    consume();
    return e;
  }
  case Tok::Float: {
    auto e = std::make_unique<Expr>(ExprKind::Float, t.loc);
    e->floatValue = t.floatValue;
    e->str = t.text;
    e->length = t.length;
    consume();
    return e;
  }
  case Tok::String: {
    auto e = std::make_unique<Expr>(ExprKind::Str, t.loc);
    e->length = t.length;
    while (cur().is(Tok::String)) { // implicit concatenation
      e->str += cur().text;
      e->formatted |= cur().formatted;
      consume();
    }
    return e;
  }
  case Tok::Keyword:
    if (t.text == "True" || t.text == "False") {
      auto e = std::make_unique<Expr>(ExprKind::Bool, t.loc);
      e->intValue = t.text == "True";
      e->length = t.length;
      consume();
      return e;
    }
    if (t.text == "None") {
      auto e = std::make_unique<Expr>(ExprKind::None, t.loc);
      e->length = 4;
      consume();
      return e;
    }
    error(t, "expected an expression, found keyword '" + t.text + "'");
    return nullptr;
  case Tok::Op: {
    if (t.text == "...") {
      auto e = std::make_unique<Expr>(ExprKind::Ellipsis, t.loc);
      consume();
      return e;
    }
    if (t.text == "(" || t.text == "[") {
      DepthGuard guard(*this, t);
      if (!guard.ok)
        return nullptr;
      bool isList = t.text == "[";
      SourceLoc loc = t.loc;
      const char *close = isList ? "]" : ")";
      consume();
      auto e = std::make_unique<Expr>(isList ? ExprKind::List : ExprKind::Tuple,
                                      loc);
      bool sawComma = false;
      while (!isOp(close)) {
        ExprPtr item = parseTest();
        if (!item)
          return nullptr;
        if (isList && e->args.empty() && isKw("for"))
          return parseComprehension(std::move(item), loc); // HostSyntax.cpp
        if (isKw("for")) {
          error(cur(), "comprehensions are not supported in jit functions");
          return nullptr;
        }
        e->args.push_back(std::move(item));
        if (!acceptOp(","))
          break;
        sawComma = true;
      }
      if (!expectOp(close, isList ? "to close the list" : "to close '('"))
        return nullptr;
      if (!isList && e->args.size() == 1 && !sawComma)
        return std::move(e->args[0]); // parenthesized expression
      return e;
    }
    if (t.text == "{" && hostSyntax)
      return parseDict(); // HostSyntax.cpp
    if (t.text == "{") {
      error(t, "dict and set literals are not supported in jit functions");
      return nullptr;
    }
    error(t, "expected an expression, found " + describe(t));
    return nullptr;
  }
  default:
    error(t, "expected an expression, found " + describe(t));
    return nullptr;
  }
}

} // namespace tilec::detail
