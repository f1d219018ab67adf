//===- LexerTest.cpp - Unit tests of the tilec lexer ----------------------===//

#include "tilec/Frontend/Lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace tilec;

namespace {

struct Lexed {
  std::vector<Token> toks;
  std::string errs;
  unsigned numErrors = 0;
};

Lexed lexText(const std::string &text) {
  SourceFile file("t.py", text);
  Lexed out;
  llvm::raw_string_ostream os(out.errs);
  DiagnosticEngine diags(file, os);
  out.toks = lex(file, diags);
  out.numErrors = diags.numErrors();
  os.flush();
  return out;
}

const char *kindName(Tok k) {
  switch (k) {
  case Tok::Eof:
    return "EOF";
  case Tok::Newline:
    return "NL";
  case Tok::Indent:
    return "INDENT";
  case Tok::Dedent:
    return "DEDENT";
  case Tok::Name:
    return "NAME";
  case Tok::Keyword:
    return "KW";
  case Tok::Int:
    return "INT";
  case Tok::Float:
    return "FLOAT";
  case Tok::String:
    return "STR";
  case Tok::Op:
    return "OP";
  case Tok::Error:
    return "ERR";
  }
  return "?";
}

/// A compact spelling of the token stream: "NAME:x OP:= INT:1 NL EOF".
std::string render(const std::vector<Token> &toks) {
  std::string s;
  for (const Token &t : toks) {
    if (!s.empty())
      s += ' ';
    s += kindName(t.kind);
    if (t.kind == Tok::Name || t.kind == Tok::Keyword || t.kind == Tok::Op ||
        t.kind == Tok::Int || t.kind == Tok::Float)
      s += ":" + t.text;
  }
  return s;
}

std::string renderText(const std::string &text) {
  return render(lexText(text).toks);
}

TEST(LexerTest, EmptyInputIsJustEof) {
  Lexed l = lexText("");
  ASSERT_EQ(l.toks.size(), 1u);
  EXPECT_EQ(l.toks[0].kind, Tok::Eof);
  EXPECT_EQ(l.numErrors, 0u);
  EXPECT_EQ(renderText("\n\n   \n# only a comment\n"), "EOF");
}

TEST(LexerTest, SimpleStatementAndLocations) {
  Lexed l = lexText("x = a1 + 2\n");
  EXPECT_EQ(render(l.toks), "NAME:x OP:= NAME:a1 OP:+ INT:2 NL EOF");
  EXPECT_EQ(l.toks[0].loc.line, 1u);
  EXPECT_EQ(l.toks[0].loc.col, 1u);
  EXPECT_EQ(l.toks[2].loc.col, 5u);
  EXPECT_EQ(l.toks[2].length, 2u);
  EXPECT_EQ(l.toks[4].loc.col, 10u);
  EXPECT_EQ(l.toks[4].intValue, 2u);
  EXPECT_EQ(l.numErrors, 0u);
}

TEST(LexerTest, MissingFinalNewlineStillEndsTheLine) {
  EXPECT_EQ(renderText("pass"), "KW:pass NL EOF");
}

TEST(LexerTest, KeywordsVersusNames) {
  EXPECT_EQ(renderText("if not x and y or None is True\n"),
            "KW:if KW:not NAME:x KW:and NAME:y KW:or KW:None KW:is KW:True NL "
            "EOF");
  // Keywords are case sensitive and whole words only.
  EXPECT_EQ(renderText("iff If none_ tl\n"),
            "NAME:iff NAME:If NAME:none_ NAME:tl NL EOF");
}

TEST(LexerTest, IndentAndDedent) {
  const char *src = "def f():\n"
                    "    if x:\n"
                    "        y\n"
                    "    z\n"
                    "w\n";
  EXPECT_EQ(renderText(src), "KW:def NAME:f OP:( OP:) OP:: NL "
                             "INDENT KW:if NAME:x OP:: NL "
                             "INDENT NAME:y NL "
                             "DEDENT NAME:z NL "
                             "DEDENT NAME:w NL EOF");
}

TEST(LexerTest, DedentsClosedAtEndOfFile) {
  Lexed l = lexText("def f():\n  if x:\n    y");
  EXPECT_EQ(render(l.toks),
            "KW:def NAME:f OP:( OP:) OP:: NL INDENT KW:if "
            "NAME:x OP:: NL INDENT NAME:y NL DEDENT DEDENT EOF");
  EXPECT_EQ(l.numErrors, 0u);
}

TEST(LexerTest, BlankAndCommentLinesDoNotAffectIndentation) {
  const char *src = "if a:\n"
                    "    b\n"
                    "\n"
                    "  # a comment at another indentation\n"
                    "        \n"
                    "    c\n";
  EXPECT_EQ(renderText(src),
            "KW:if NAME:a OP:: NL INDENT NAME:b NL NAME:c NL DEDENT EOF");
}

TEST(LexerTest, TabsIndentToMultiplesOfEight) {
  // A tab is 8 columns: "\t" and 8 spaces are the same level...
  Lexed l = lexText("if a:\n\tb\n        c\n");
  EXPECT_EQ(render(l.toks),
            "KW:if NAME:a OP:: NL INDENT NAME:b NL NAME:c NL DEDENT EOF");
  // ...but, as in Python 3 (TabError), a level that depends on the tab width
  // is an error.
  EXPECT_EQ(l.numErrors, 1u);
  EXPECT_NE(l.errs.find("t.py:3:9: error: inconsistent use of tabs and spaces "
                        "in indentation"),
            std::string::npos)
      << l.errs;
}

TEST(LexerTest, InconsistentDedentIsAnError) {
  Lexed l = lexText("if a:\n    b\n  c\n");
  EXPECT_EQ(l.numErrors, 1u);
  EXPECT_NE(l.errs.find("t.py:3:3: error: unindent does not match any outer "
                        "indentation level"),
            std::string::npos)
      << l.errs;
}

TEST(LexerTest, NoNewlineInsideBrackets) {
  const char *src = "x = f(a,\n"
                    "      b,\n"
                    "  [c,\n"
                    "d])\n"
                    "y\n";
  Lexed l = lexText(src);
  EXPECT_EQ(render(l.toks),
            "NAME:x OP:= NAME:f OP:( NAME:a OP:, NAME:b OP:, OP:[ NAME:c OP:, "
            "NAME:d OP:] OP:) NL NAME:y NL EOF");
  EXPECT_EQ(l.numErrors, 0u);
  // Locations keep counting lines inside the brackets.
  EXPECT_EQ(l.toks[6].loc.line, 2u);
  EXPECT_EQ(l.toks[6].loc.col, 7u);
}

TEST(LexerTest, BackslashContinuation) {
  Lexed l = lexText("x = a + \\\n    b\ny\n");
  EXPECT_EQ(render(l.toks), "NAME:x OP:= NAME:a OP:+ NAME:b NL NAME:y NL EOF");
  EXPECT_EQ(l.toks[4].loc.line, 2u);
  EXPECT_EQ(l.toks[4].loc.col, 5u);
  // CRLF after the backslash too.
  EXPECT_EQ(renderText("x = a + \\\r\n b\r\n"),
            "NAME:x OP:= NAME:a OP:+ NAME:b NL EOF");
}

TEST(LexerTest, DecimalHexOctalBinaryIntegers) {
  Lexed l = lexText("0 42 1_000_000 0x1F 0XfF 0o17 0b1010 0x_ff\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(render(l.toks), "INT:0 INT:42 INT:1_000_000 INT:0x1F INT:0XfF "
                            "INT:0o17 INT:0b1010 INT:0x_ff NL EOF");
  EXPECT_EQ(l.toks[0].intValue, 0u);
  EXPECT_EQ(l.toks[1].intValue, 42u);
  EXPECT_EQ(l.toks[2].intValue, 1000000u);
  EXPECT_EQ(l.toks[2].length, 9u);
  EXPECT_EQ(l.toks[3].intValue, 31u);
  EXPECT_EQ(l.toks[4].intValue, 255u);
  EXPECT_EQ(l.toks[5].intValue, 15u);
  EXPECT_EQ(l.toks[6].intValue, 10u);
  EXPECT_EQ(l.toks[7].intValue, 255u);
  for (int i = 0; i < 8; ++i)
    EXPECT_FALSE(l.toks[i].intOverflow) << i;
}

TEST(LexerTest, FloatsAndExponents) {
  Lexed l = lexText("1.5 .25 3. 1e3 2.5E-2 1_0.0_1 6e+1\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(render(l.toks), "FLOAT:1.5 FLOAT:.25 FLOAT:3. FLOAT:1e3 "
                            "FLOAT:2.5E-2 FLOAT:1_0.0_1 FLOAT:6e+1 NL EOF");
  EXPECT_DOUBLE_EQ(l.toks[0].floatValue, 1.5);
  EXPECT_DOUBLE_EQ(l.toks[1].floatValue, 0.25);
  EXPECT_DOUBLE_EQ(l.toks[2].floatValue, 3.0);
  EXPECT_DOUBLE_EQ(l.toks[3].floatValue, 1000.0);
  EXPECT_DOUBLE_EQ(l.toks[4].floatValue, 0.025);
  EXPECT_DOUBLE_EQ(l.toks[5].floatValue, 10.01);
  EXPECT_DOUBLE_EQ(l.toks[6].floatValue, 60.0);
}

TEST(LexerTest, NumberFollowedByAttributeOrRange) {
  // `1 .` is not a float when followed by another dot ("..." ellipsis).
  EXPECT_EQ(renderText("x[1...]\n"), "NAME:x OP:[ INT:1 OP:... OP:] NL EOF");
  // An exponent marker without digits is not part of the number.
  Lexed l = lexText("1e\n");
  EXPECT_EQ(l.numErrors, 1u);
  EXPECT_NE(l.errs.find("invalid numeric literal '1e'"), std::string::npos)
      << l.errs;
}

TEST(LexerTest, IntegerOverflowFlag) {
  Lexed l = lexText("18446744073709551615 18446744073709551616 "
                    "0xFFFFFFFFFFFFFFFFF\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(l.toks.size(), 5u);
  EXPECT_EQ(l.toks[0].kind, Tok::Int);
  EXPECT_FALSE(l.toks[0].intOverflow);
  EXPECT_EQ(l.toks[0].intValue, UINT64_MAX);
  EXPECT_EQ(l.toks[1].kind, Tok::Int);
  EXPECT_TRUE(l.toks[1].intOverflow);
  EXPECT_EQ(l.toks[2].kind, Tok::Int);
  EXPECT_TRUE(l.toks[2].intOverflow);
}

TEST(LexerTest, InvalidNumbers) {
  Lexed l = lexText("12abc 0x 0b102 3j\n");
  EXPECT_EQ(render(l.toks), "ERR ERR ERR ERR NL EOF");
  // Complex literals are valid Python (host code may use them): the lexer
  // leaves the error to the parser, which reports it only in jit functions.
  EXPECT_EQ(l.numErrors, 3u);
  EXPECT_NE(l.errs.find("t.py:1:1: error: invalid numeric literal '12abc'"),
            std::string::npos)
      << l.errs;
  EXPECT_NE(l.errs.find("t.py:1:7: error: invalid numeric literal '0x'"),
            std::string::npos)
      << l.errs;
  EXPECT_NE(l.errs.find("t.py:1:10: error: invalid numeric literal '0b102'"),
            std::string::npos)
      << l.errs;
  EXPECT_EQ(l.toks[3].text, "complex literals are not supported in jit "
                            "functions");
  // The error token covers the whole literal, for the caret.
  EXPECT_EQ(l.toks[0].length, 5u);
}

TEST(LexerTest, SimpleStrings) {
  Lexed l = lexText("'abc' \"d'e\" 'a\\nb\\t\\\\\\'' '\\q'\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(l.toks.size(), 6u);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(l.toks[i].kind, Tok::String) << i;
  EXPECT_EQ(l.toks[0].text, "abc");
  EXPECT_EQ(l.toks[0].length, 5u);
  EXPECT_EQ(l.toks[1].text, "d'e");
  EXPECT_EQ(l.toks[2].text, "a\nb\t\\'");
  EXPECT_EQ(l.toks[3].text, "\\q"); // unknown escapes are kept
}

TEST(LexerTest, StringPrefixes) {
  Lexed l = lexText("r'a\\n' b'x' u\"y\" f'z' Rb'\\t' br\"q\" rf'w'\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(l.toks.size(), 9u);
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ(l.toks[i].kind, Tok::String) << i;
  EXPECT_EQ(l.toks[0].text, "a\\n"); // raw: escape kept verbatim
  EXPECT_EQ(l.toks[0].length, 6u);   // prefix included
  EXPECT_EQ(l.toks[1].text, "x");
  EXPECT_EQ(l.toks[2].text, "y");
  EXPECT_EQ(l.toks[3].text, "z");
  EXPECT_EQ(l.toks[4].text, "\\t");
  EXPECT_EQ(l.toks[5].text, "q");
  EXPECT_EQ(l.toks[6].text, "w");
  // A name that merely starts with prefix letters is a name.
  EXPECT_EQ(renderText("rb bar fr\n"), "NAME:rb NAME:bar NAME:fr NL EOF");
}

TEST(LexerTest, TripleQuotedStrings) {
  Lexed l =
      lexText("x = \"\"\"line1\n  'quoted' \"q\"\nline3\"\"\"\ny = '''a''' "
              "\n");
  ASSERT_EQ(l.numErrors, 0u) << l.errs;
  ASSERT_EQ(render(l.toks), "NAME:x OP:= STR NL NAME:y OP:= STR NL EOF");
  EXPECT_EQ(l.toks[2].text, "line1\n  'quoted' \"q\"\nline3");
  EXPECT_EQ(l.toks[6].text, "a");
  EXPECT_EQ(l.toks[4].loc.line, 4u); // line counting continues after it
}

TEST(LexerTest, UnterminatedStrings) {
  Lexed l = lexText("x = 'abc\ny = 1\n");
  EXPECT_EQ(l.numErrors, 1u);
  EXPECT_NE(l.errs.find("t.py:1:5: error: unterminated string literal"),
            std::string::npos)
      << l.errs;
  EXPECT_EQ(render(l.toks), "NAME:x OP:= ERR NL NAME:y OP:= INT:1 NL EOF");

  Lexed t = lexText("s = '''never\nclosed\n");
  EXPECT_EQ(t.numErrors, 1u);
  EXPECT_NE(t.errs.find("t.py:1:5: error: unterminated triple-quoted string "
                        "literal"),
            std::string::npos)
      << t.errs;
}

TEST(LexerTest, OperatorsMaximalMunch) {
  EXPECT_EQ(renderText("a**=b//=c>>=d<<=e...\n"),
            "NAME:a OP:**= NAME:b OP://= NAME:c OP:>>= NAME:d OP:<<= NAME:e "
            "OP:... NL EOF");
  EXPECT_EQ(renderText("a**b//c<=d>=e==f!=g->h:=i\n"),
            "NAME:a OP:** NAME:b OP:// NAME:c OP:<= NAME:d OP:>= NAME:e OP:== "
            "NAME:f OP:!= NAME:g OP:-> NAME:h OP::= NAME:i NL EOF");
  EXPECT_EQ(renderText("a***b\n"), "NAME:a OP:** OP:* NAME:b NL EOF");
  EXPECT_EQ(renderText("a<<<b\n"), "NAME:a OP:<< OP:< NAME:b NL EOF");
  EXPECT_EQ(renderText("x.y@z%w&v|u^t~s\n"),
            "NAME:x OP:. NAME:y OP:@ NAME:z OP:% NAME:w OP:& NAME:v OP:| "
            "NAME:u OP:^ NAME:t OP:~ NAME:s NL EOF");
  EXPECT_EQ(renderText("a+=1;b-=2\n"),
            "NAME:a OP:+= INT:1 OP:; NAME:b OP:-= INT:2 NL EOF");
}

TEST(LexerTest, InvalidCharactersAreErrorTokens) {
  Lexed l = lexText("a $ b ? c ` d\n");
  EXPECT_EQ(render(l.toks), "NAME:a ERR NAME:b ERR NAME:c ERR NAME:d NL EOF");
  EXPECT_EQ(l.numErrors, 3u);
  EXPECT_NE(l.errs.find("t.py:1:3: error: invalid character '$' in source"),
            std::string::npos)
      << l.errs;
  EXPECT_NE(l.errs.find("t.py:1:7: error: invalid character '?' in source"),
            std::string::npos)
      << l.errs;
  EXPECT_EQ(l.toks[1].loc.col, 3u);
}

TEST(LexerTest, NullAndControlBytes) {
  Lexed l = lexText(std::string("a\0b\x01\n", 5));
  EXPECT_EQ(render(l.toks), "NAME:a ERR NAME:b ERR NL EOF");
  EXPECT_EQ(l.numErrors, 2u);
  EXPECT_NE(l.errs.find("t.py:1:2: error: unexpected null byte in source"),
            std::string::npos)
      << l.errs;
  EXPECT_NE(l.errs.find("t.py:1:4: error: unexpected control character in "
                        "source"),
            std::string::npos)
      << l.errs;
  // The echoed line replaces the unprintable bytes.
  EXPECT_NE(l.errs.find("\na?b?\n"), std::string::npos) << l.errs;
}

TEST(LexerTest, BracketMismatches) {
  Lexed l = lexText("x = (a]\n");
  EXPECT_NE(l.errs.find("t.py:1:7: error: closing bracket ']' does not match "
                        "opening bracket '('"),
            std::string::npos)
      << l.errs;
  Lexed u = lexText("x = a)\n");
  EXPECT_EQ(u.numErrors, 1u);
  EXPECT_NE(u.errs.find("t.py:1:6: error: unmatched ')'"), std::string::npos)
      << u.errs;
  Lexed n = lexText("x = f(a,\n  b\n");
  EXPECT_EQ(n.numErrors, 1u);
  EXPECT_NE(n.errs.find("t.py:1:6: error: '(' was never closed"),
            std::string::npos)
      << n.errs;
  // Eof still terminates the stream.
  EXPECT_EQ(n.toks.back().kind, Tok::Eof);
}

TEST(LexerTest, CommentsAreSkipped) {
  EXPECT_EQ(renderText("x = 1  # set x\n# full line\ny # trailing\n"),
            "NAME:x OP:= INT:1 NL NAME:y NL EOF");
}

TEST(LexerTest, CarriageReturnLineEndings) {
  Lexed l = lexText("if a:\r\n    b\r\nc\r\n");
  EXPECT_EQ(render(l.toks),
            "KW:if NAME:a OP:: NL INDENT NAME:b NL DEDENT NAME:c NL EOF");
  EXPECT_EQ(l.numErrors, 0u);
}

TEST(LexerTest, NonAsciiIdentifiers) {
  Lexed l = lexText("\xc3\xa9t\xc3\xa9 = 1\n");
  EXPECT_EQ(render(l.toks), "NAME:\xc3\xa9t\xc3\xa9 OP:= INT:1 NL EOF");
  EXPECT_EQ(l.numErrors, 0u);
}

} // namespace
