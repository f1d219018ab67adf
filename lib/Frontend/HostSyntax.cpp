//===- HostSyntax.cpp - Python syntax of module-level host code -----------===//
//
// Module-level code that tilec reads itself (constants, functions of host
// code, the arguments of @triton.autotune and @triton.heuristics) may use
// Python that jit functions may not: dict displays, lambdas, list
// comprehensions and `**` arguments. They parse while Parser::hostSyntax is
// set; in a jit function each is a syntax error.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include "llvm/ADT/STLExtras.h"

using namespace tilec;

namespace tilec::detail {

Parser::SpeculativeHostParse::SpeculativeHostParse(Parser &p)
    : p(p), savedDepthReported(p.depthReported), savedHostSyntax(p.hostSyntax) {
  p.diags.setSuppressed(true);
  p.hostSyntax = true;
}

Parser::SpeculativeHostParse::~SpeculativeHostParse() {
  p.diags.setSuppressed(false);
  p.depthReported = savedDepthReported;
  p.hostSyntax = savedHostSyntax;
}

bool Parser::SpeculativeHostParse::failed() const {
  return p.diags.suppressedErrors() != 0;
}

StmtPtr Parser::parseTry() {
  auto s = std::make_unique<Stmt>(StmtKind::Try, cur().loc);
  s->length = cur().length;
  consume();
  if (!expectOp(":", "after 'try'")) {
    skipStatement();
    return nullptr;
  }
  parseBlock(s->body);
  while (isKw("except")) {
    auto h = std::make_unique<Stmt>(StmtKind::Except, cur().loc);
    h->length = cur().length;
    consume();
    if (!isOp(":")) {
      h->test = parseTest();
      if (h->test && isKw("as")) {
        consume();
        if (!cur().is(Tok::Name)) {
          error(cur(), "expected a name after 'as', found " + describe(cur()));
          skipStatement();
          return nullptr;
        }
        h->targets.push_back(std::make_unique<Expr>(ExprKind::Name, cur().loc));
        h->targets.back()->str = cur().text;
        consume();
      }
    }
    if (!expectOp(":", "after the 'except' clause")) {
      skipStatement();
      return nullptr;
    }
    parseBlock(h->body);
    s->handlers.push_back(std::move(h));
  }
  if (s->handlers.empty()) {
    error(cur(),
          "expected 'except' after the 'try' block, found " + describe(cur()));
    return nullptr;
  }
  if (isKw("else")) {
    consume();
    if (!expectOp(":", "after 'else'")) {
      skipStatement();
      return nullptr;
    }
    parseBlock(s->orelse);
  }
  if (isKw("finally")) {
    error(cur(), "'try ... finally' is not supported");
    skipStatement();
    return nullptr;
  }
  return s;
}

ExprPtr Parser::parseDict() {
  // {key: value, ...}: args alternate keys and values.
  DepthGuard guard(*this, cur());
  if (!guard.ok)
    return nullptr;
  auto e = std::make_unique<Expr>(ExprKind::Dict, cur().loc);
  consume();
  while (!isOp("}")) {
    ExprPtr key = parseTest();
    if (!key || !expectOp(":", "after a dict key"))
      return nullptr;
    ExprPtr value = parseTest();
    if (!value)
      return nullptr;
    e->args.push_back(std::move(key));
    e->args.push_back(std::move(value));
    if (!acceptOp(","))
      break;
  }
  if (!expectOp("}", "to close the dict"))
    return nullptr;
  return e;
}

ExprPtr Parser::parseLambda() {
  if (!hostSyntax) {
    error(cur(), "lambda expressions are not supported in jit functions");
    return nullptr;
  }
  auto e = std::make_unique<Expr>(ExprKind::Lambda, cur().loc);
  e->length = 6;
  consume(); // lambda
  if (!cur().is(Tok::Name)) {
    error(cur(),
          "expected the lambda's one parameter, found " + describe(cur()));
    return nullptr;
  }
  auto param = std::make_unique<Expr>(ExprKind::Name, cur().loc);
  param->str = cur().text;
  consume();
  if (!isOp(":")) {
    error(cur(), "expected ':' after the lambda's one parameter, found " +
                     describe(cur()));
    return nullptr;
  }
  consume();
  SourceLoc from = cur().loc;
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  // The body's text, for listings: from its first token to its last.
  const Token &last = toks[idx - 1];
  const SourceFile &file = diags.file(from.file);
  for (unsigned line = from.line; line <= last.loc.line; ++line) {
    llvm::StringRef text = file.lineText(line);
    size_t begin = line == from.line ? from.col - 1 : 0;
    size_t end =
        line == last.loc.line ? last.loc.col - 1 + last.length : text.size();
    if (!e->str.empty())
      e->str += " ";
    e->str += text.slice(begin, end).trim().str();
  }
  e->args.push_back(std::move(body));
  e->args.push_back(std::move(param));
  return e;
}

/// The target of a comprehension's `for`: a name, or names separated by
/// commas (in parentheses or not); a Name or a Tuple of Names.
ExprPtr Parser::parseCompTarget() {
  SourceLoc loc = cur().loc;
  bool paren = acceptOp("(");
  auto tuple = std::make_unique<Expr>(ExprKind::Tuple, loc);
  bool comma = false;
  while (true) {
    if (!cur().is(Tok::Name)) {
      error(cur(), "expected a name as the target of a comprehension's "
                   "'for', found " +
                       describe(cur()));
      return nullptr;
    }
    auto name = std::make_unique<Expr>(ExprKind::Name, cur().loc);
    name->str = cur().text;
    name->length = cur().length;
    consume();
    tuple->args.push_back(std::move(name));
    if (!acceptOp(","))
      break;
    comma = true;
    if ((paren && isOp(")")) || (!paren && isKw("in")))
      break;
  }
  if (paren && !expectOp(")", "to close the targets"))
    return nullptr;
  if (!comma)
    return std::move(tuple->args[0]);
  return tuple;
}

ExprPtr Parser::parseComprehension(ExprPtr elt, SourceLoc loc,
                                   const char *close) {
  // [elt for T in ITER (for T in ITER | if C)*]: the iterables and
  // conditions are or_tests, as in Python (an `if` after them starts a
  // condition, not a conditional expression). A generator expression
  // `(elt for ...)`, or a call's only argument `f(elt for ...)` (`close`
  // null: the call's ')' closes it), is the same list: host code tilec
  // evaluates consumes it whole (join, tuple, sum, any, ...).
  if (!hostSyntax) {
    error(cur(), "comprehensions are not supported in jit functions");
    return nullptr;
  }
  auto e = std::make_unique<Expr>(ExprKind::ListComp, loc);
  e->args.push_back(std::move(elt));
  while (isKw("for") || isKw("if")) {
    if (isKw("if")) {
      auto clause = std::make_unique<Expr>(ExprKind::CompIf, cur().loc);
      clause->length = 2;
      consume();
      ExprPtr test = parseOrTest();
      if (!test)
        return nullptr;
      clause->args.push_back(std::move(test));
      e->args.push_back(std::move(clause));
      continue;
    }
    auto clause = std::make_unique<Expr>(ExprKind::CompFor, cur().loc);
    clause->length = 3;
    consume();
    ExprPtr target = parseCompTarget();
    if (!target)
      return nullptr;
    if (!isKw("in")) {
      error(cur(), "expected 'in' after the comprehension's targets, found " +
                       describe(cur()));
      return nullptr;
    }
    consume();
    ExprPtr iter = parseOrTest();
    if (!iter)
      return nullptr;
    clause->args.push_back(std::move(target));
    clause->args.push_back(std::move(iter));
    e->args.push_back(std::move(clause));
  }
  if (close && !expectOp(close, "to close the comprehension"))
    return nullptr;
  return e;
}

bool Parser::parseSplatArgument(Expr &call) {
  if (!hostSyntax)
    return error(cur(), "argument unpacking ('*', '**') is not supported in "
                        "jit functions");
  Keyword kw;
  kw.loc = cur().loc;
  consume(); // **
  kw.value = parseTest();
  if (!kw.value)
    return false;
  call.keywords.push_back(std::move(kw));
  return true;
}

std::vector<std::string> Parser::parseDecoratorSpellings() {
  std::vector<std::string> spellings;
  while (isOp("@")) {
    consume();
    std::string spelling;
    while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof) && !isOp("(")) {
      spelling += cur().text;
      consume();
    }
    while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      consume();
    if (cur().is(Tok::Newline))
      consume();
    spellings.push_back(std::move(spelling));
  }
  return spellings;
}

/// What the dotted name `base` of a class's base names in `module`: enum's
/// "enum.Enum", "enum.IntEnum" or "enum.StrEnum", the builtins "int" and
/// "str", or another path.
static std::string basePath(const Module &module, llvm::StringRef base) {
  auto [head, rest] = base.split('.');
  if (auto it = module.imports.find(head.str()); it != module.imports.end())
    return rest.empty() ? it->second : it->second + "." + rest.str();
  if (module.globals.count(head.str()) ||
      module.hostFunctions.count(head.str()))
    return "";
  return base.str();
}

void Parser::parseModuleClass(Module &module) {
  size_t start = idx;
  auto skip = [&] {
    idx = start;
    ++module.skippedStatements;
    skipStatement();
  };
  consume(); // class
  if (!cur().is(Tok::Name))
    return skip();
  auto cls = std::make_unique<EnumClass>();
  cls->name = cur().text;
  cls->loc = cur().loc;
  consume();
  module.unbind(cls->name);
  // The bases: dotted names; one of them enum's.
  bool isEnum = false;
  if (isOp("(")) {
    consume();
    while (cur().is(Tok::Name)) {
      std::string base;
      while (cur().is(Tok::Name) || isOp(".")) {
        base += cur().text;
        consume();
      }
      std::string path = basePath(module, base);
      isEnum |= path == "enum.Enum" || path == "enum.IntEnum" ||
                path == "enum.StrEnum";
      if (path == "enum.IntEnum" || path == "int")
        cls->mixin = "int";
      if (path == "enum.StrEnum" || path == "str")
        cls->mixin = "str";
      cls->strEnum |= path == "enum.StrEnum";
      if (!isOp(","))
        break;
      consume();
    }
    if (!isOp(")"))
      return skip();
    consume();
  }
  if (!isEnum || !isOp(":"))
    return skip();
  consume();
  if (!cur().is(Tok::Newline))
    return skip();
  consume();
  if (!cur().is(Tok::Indent))
    return skip();
  consume();
  bool ok = true;
  {
    SpeculativeHostParse speculative(*this);
    while (ok && !cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
      if (cur().is(Tok::Newline)) {
        consume();
      } else if (cur().is(Tok::String) || isKw("pass")) {
        // A docstring, `pass`.
        while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof))
          consume();
      } else if (cur().is(Tok::Name) && peekTok().isOp("=")) {
        std::string name = cur().text;
        consume();
        consume(); // =
        ExprPtr value = parseTest();
        // A name bound twice is Python's TypeError at import.
        ok = value && !speculative.failed() &&
             (cur().is(Tok::Newline) || cur().is(Tok::Eof)) &&
             !cls->methods.count(name) &&
             llvm::none_of(cls->members,
                           [&](const auto &m) { return m.first == name; });
        if (ok)
          cls->members.emplace_back(std::move(name), std::move(value));
      } else if (isOp("@") || isKw("def")) {
        std::vector<std::string> decorators = parseDecoratorSpellings();
        if (!isKw("def") || !peekTok().is(Tok::Name)) {
          ok = false;
          break;
        }
        std::unique_ptr<Function> fn = parseFunction(std::move(decorators));
        ok = fn && !speculative.failed() &&
             llvm::none_of(cls->members,
                           [&](const auto &m) { return m.first == fn->name; });
        if (ok) {
          std::string name = fn->name;
          cls->methods[name] = std::move(fn);
        }
      } else {
        ok = false;
      }
    }
  }
  if (!ok || !cur().is(Tok::Dedent))
    return skip();
  consume();
  ++module.skippedStatements;
  module.enumClasses[cls->name] = std::move(cls);
}

} // namespace tilec::detail
