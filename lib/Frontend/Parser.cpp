//===- Parser.cpp - Recursive-descent parser of kernel modules ------------===//
//
// Python's statements for the subset kernels use; expressions are in
// ParserExpressions.cpp. Errors are reported and the parser resynchronizes at
// the next statement, so one run reports every syntax error of a file. The
// module level (constants, imports, which functions are jit functions) is in
// ModuleParser.cpp.
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
      p.isConstexpr = isConstexprAnnotation(p.annotation.get());
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
  } else if (t.isKeyword("try") && hostSyntax) {
    s = parseTry();
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

} // namespace tilec::detail
