//===- ParserImpl.h - The parser class, shared by its two files -*- C++ -*-===//
//
// Private to lib/Frontend: Parser.cpp parses jit functions (statements and
// expressions), ModuleParser.cpp the module level around them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PARSERIMPL_H
#define TILEC_LIB_FRONTEND_PARSERIMPL_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostEval.h"
#include "tilec/Frontend/Lexer.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/Twine.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tilec::detail {

/// The operator of an augmented assignment token (`+=`: Add), if it is one.
inline std::optional<BinaryOpKind> augOp(const Token &t) {
  llvm::StringRef text = t.text;
  if (t.kind != Tok::Op || !text.consume_back("="))
    return std::nullopt;
  return binaryOpKind(text);
}

class Parser {
public:
  Parser(std::vector<Token> toks, DiagnosticEngine &diags,
         const HostDefines *defines = nullptr)
      : toks(std::move(toks)), diags(diags), defines(defines) {}

  std::unique_ptr<Module> parseModule();
  /// A whole buffer as one expression list (tilec::parseExpression).
  ExprPtr parseStandaloneExpression();
  /// Records the names a top-level import binds (Module::imports).
  void parseImport(Module &module);

private:
  // Token access.
  const Token &cur() const { return toks[idx]; }
  const Token &peekTok(size_t k = 1) const {
    return toks[std::min(idx + k, toks.size() - 1)];
  }
  void consume() {
    if (idx + 1 < toks.size())
      ++idx;
  }
  bool isOp(llvm::StringRef s) const {
    return cur().kind == Tok::Op && cur().text == s;
  }
  bool isKw(const char *s) const { return cur().isKeyword(s); }
  bool acceptOp(const char *s) {
    if (!isOp(s))
      return false;
    consume();
    return true;
  }
  bool expectOp(const char *s, const char *context);
  bool error(const Token &t, const llvm::Twine &msg) {
    if (t.is(Tok::Error)) {
      // The lexer reported it, unless it left the message to us (for
      // constructs that are only wrong inside jit functions).
      if (!t.text.empty())
        diags.error(t.loc, t.text, t.length);
      return false;
    }
    diags.error(t.loc, msg, t.length);
    return false;
  }
  std::string describe(const Token &t) const;

  // Top level (ModuleParser.cpp).
  /// One statement at module level (or in a module-level `if` / `try`):
  /// a constant, an import, a jit function, or host code, skipped.
  void parseModuleStatement(Module &module);
  /// `A, B = VALUE` at module level (names unpacked from a tuple or list):
  /// each name a global, its element of VALUE. False, with nothing
  /// consumed, where the statement is not of that form.
  bool parseModuleUnpacking(Module &module);
  /// Where `value`, about to be bound to the global `name`, reads the
  /// binding it replaces, that one stays, under a name no Python code can
  /// spell (`name#N`), and `value` reads it there.
  void keepReboundGlobal(Module &module, const std::string &name, Expr &value);
  /// A module-level `if` / `try`: its branches parsed as module-level
  /// statements, their bindings merged into `module` (mergeBranches).
  void parseModuleBranches(Module &module);
  /// The statements of one branch's suite (an indented block or the rest
  /// of the line).
  /// `plain`, where given, is cleared unless every statement of the suite
  /// is `pass`, an import or `NAME = dotted.name` (plainStatement).
  void parseModuleSuite(Module &branch, bool *plain = nullptr);
  bool plainStatement() const;
  /// Module-level constants rebound in terms of themselves so far.
  unsigned rebindings = 0;
  /// The truth of the condition of the `if` / `elif` at the current token
  /// (HostEval.h); the tokens are not consumed.
  HostEval moduleCondition();
  /// `NAME = ...triton.jit(F)...` at module level: records NAME -> F.
  void scanJitCall(const std::string &name);
  /// Undecorated functions at module level (their `def` token), and the
  /// triton.jit calls that make jit functions of them (name, function, loc).
  std::map<std::string, size_t> plainDefs;
  struct JitCall {
    std::string name, function;
    SourceLoc loc;
    size_t valueStart = 0; // the token after `NAME =`
  };
  /// The @triton.autotune / @triton.heuristics calls that the value of a
  /// call form (`k = triton.heuristics(d)(triton.jit(f))`) applies to the
  /// function, given to `fn` as its decorators would be.
  void applyCallFormDecorators(const JitCall &c, Function &fn);
  std::vector<JitCall> jitCalls;
  void skipStatement();
  void skipToNextStatement();
  std::unique_ptr<Function> parseFunction(std::vector<std::string> decorators);

  // Statements.
  bool parseBlock(std::vector<StmtPtr> &out);
  bool parseStatement(std::vector<StmtPtr> &out);
  bool parseSimpleStatements(std::vector<StmtPtr> &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseIf(bool isElif);
  StmtPtr parseFor();
  StmtPtr parseWhile();

  // Expressions.
  ExprPtr parseTestList(); // a, b, c -> Tuple
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int level);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseSubscriptItem();
  bool parseCallArgs(Expr &call);

  struct DepthGuard {
    Parser &p;
    bool ok;
    DepthGuard(Parser &p, const Token &t) : p(p) {
      ok = ++p.depth <= kMaxDepth;
      if (!ok && !p.depthReported) {
        p.diags.error(t.loc,
                      "expression or block nesting is too deep (limit " +
                          llvm::Twine(kMaxDepth) + ")",
                      t.length);
        p.depthReported = true;
      }
    }
    ~DepthGuard() { --p.depth; }
  };
  static constexpr unsigned kMaxDepth = 100;
  /// The tallest expression tree accepted. Chains of binary operators,
  /// attributes, calls and subscripts grow the tree without nesting brackets;
  /// everything after the parser (MLIRGen, the AST dumper, even the tree's
  /// destructor) recurses on the tree, so a huge generated expression would
  /// overflow the stack.
  static constexpr unsigned kMaxExprHeight = 1000;
  bool checkExprHeight(ExprPtr &e, SourceLoc start);
  unsigned testNesting = 0;

  std::vector<Token> toks;
  size_t idx = 0;
  DiagnosticEngine &diags;
  /// Module-level names bound by -D, and the modules whose bindings a
  /// module-level condition sees, innermost first.
  const HostDefines *defines = nullptr;
  std::vector<const Module *> moduleScopes;
  unsigned depth = 0;
  bool depthReported = false;
  // Module-level host code (HostSyntax.cpp).
  /// Dict displays, lambdas, list comprehensions and `**` arguments parse
  /// only while this is set: in module-level code that tilec reads itself
  /// (constants, functions of host code, the arguments of @triton.autotune
  /// and @triton.heuristics), never in jit functions.
  bool hostSyntax = false;
  /// While alive: hostSyntax is set, and diagnostics are neither printed nor
  /// counted (module-level code is parsed speculatively: what does not parse
  /// is host code tilec skips).
  class SpeculativeHostParse {
  public:
    explicit SpeculativeHostParse(Parser &p);
    ~SpeculativeHostParse();
    /// Whether an error occurred since it was made.
    bool failed() const;

  private:
    Parser &p;
    bool savedDepthReported, savedHostSyntax;
  };
  /// `try:` ... `except [TYPE [as NAME]]:` ... [`else:` ...] of a function
  /// of host code (an error unless hostSyntax; `finally` is not parsed).
  StmtPtr parseTry();
  /// `{key: value, ...}` at the current '{'.
  ExprPtr parseDict();
  /// `lambda NAME: test` (an error unless hostSyntax).
  ExprPtr parseLambda();
  /// The clauses of the list comprehension whose element `elt` (after the
  /// bracket at `loc`) was parsed, up to its `close` (a generator
  /// expression's ')'; null: a call's only argument, whose ')' the call
  /// takes), an error unless hostSyntax.
  ExprPtr parseComprehension(ExprPtr elt, SourceLoc loc,
                             const char *close = "]");
  ExprPtr parseCompTarget();
  /// `**value` among the arguments of `call` (a keyword named "").
  bool parseSplatArgument(Expr &call);
  /// A module-level `def` that is no jit or compile-time function (the
  /// current token): a function of host code, kept in `module` when it
  /// parses (Module::hostFunctions), else skipped.
  void parseHostFunction(Module &module, std::vector<std::string> decorators);
  /// A module-level `class` (the current token): an enumeration whose body
  /// is members, methods, docstrings and `pass` is kept in `module`
  /// (Module::enumClasses); any other class is skipped.
  void parseModuleClass(Module &module);
  /// The decorators before a `def` (the current token is '@'): each one's
  /// spelling up to its arguments, which are skipped.
  std::vector<std::string> parseDecoratorSpellings();
};

} // namespace tilec::detail

#endif // TILEC_LIB_FRONTEND_PARSERIMPL_H
