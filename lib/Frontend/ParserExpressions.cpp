//===- ParserExpressions.cpp - Expressions of kernel modules --------------===//
//
// Python's expression grammar for the subset kernels use, with Python's
// precedence:
//   test      := or_test ['if' or_test 'else' test]
//   or_test   := and_test ('or' and_test)*
//   and_test  := not_test ('and' not_test)*
//   not_test  := 'not' not_test | comparison
//   comparison:= bitor (compop bitor)*
//   bitor > bitxor > bitand > shift > arith > term > factor > power > primary
// Statements are in Parser.cpp.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

using namespace tilec;

namespace tilec::detail {

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
    if (isOp("**") && !hostSyntax)
      return error(cur(), "argument unpacking ('**') is not supported in "
                          "jit functions");
    if (isOp("*") && hostSyntax)
      return error(cur(), "argument unpacking ('*') is not supported in "
                          "module-level code");
    if (isOp("*")) {
      // f(*t) in a jit function: genCall passes the parts of the tuple t.
      SourceLoc loc = cur().loc;
      consume();
      ExprPtr value = parseTest();
      if (!value)
        return false;
      auto star = std::make_unique<Expr>(ExprKind::Starred, loc);
      star->length = 1;
      star->args.push_back(std::move(value));
      call.args.push_back(std::move(star));
    } else if (isOp("**")) {
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
      if (isKw("for")) {
        // A generator expression, the call's only argument (host code):
        // read as the list it yields (HostSyntax.cpp).
        if (!hostSyntax || call.args.size() != 1 || !call.keywords.empty())
          return error(cur(), "generator expressions are not supported in "
                              "jit functions");
        SourceLoc loc = arg->loc;
        arg = parseComprehension(std::move(arg), loc, /*close=*/nullptr);
        if (!arg)
          return false;
      }
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
        // [x for ...] and, in host code, the generator (x for ...), read
        // as the list it yields (HostSyntax.cpp).
        if (e->args.empty() && isKw("for") && (isList || hostSyntax))
          return parseComprehension(std::move(item), loc, close);
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
