//===- SignatureTest.cpp - Unit tests of signatures and dtypes ------------===//

#include "tilec/Frontend/Types.h"

#include <gtest/gtest.h>

#include <string>

using namespace tilec;

namespace {

struct ParsedSig {
  bool ok = false;
  Signature sig;
  std::string errs;
  std::vector<Diagnostic> diags;
};

ParsedSig parseSig(const std::string &text) {
  SourceFile file("<signature>", text);
  ParsedSig out;
  llvm::raw_string_ostream os(out.errs);
  DiagnosticEngine diags(file, os);
  out.ok = parseSignature(file, diags, out.sig);
  out.diags = diags.diagnostics();
  os.flush();
  return out;
}

TEST(SignatureTest, EmptySignature) {
  ParsedSig s = parseSig("");
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.sig.entries.empty());
  ParsedSig b = parseSig("   ");
  EXPECT_TRUE(b.ok);
  EXPECT_TRUE(b.sig.entries.empty());
}

TEST(SignatureTest, PointersScalarsAndHints) {
  ParsedSig s = parseSig("*fp32:16, *fp16, i32, u8:16, *bf16:1, i1, fp64");
  ASSERT_TRUE(s.ok) << s.errs;
  ASSERT_EQ(s.sig.entries.size(), 7u);
  const auto &e = s.sig.entries;
  for (auto &x : e)
    EXPECT_EQ(x.kind, SignatureEntry::Type);
  EXPECT_EQ(e[0].type, DType::pointerTo(ScalarKind::F32));
  EXPECT_EQ(e[0].divisibility, 16u);
  EXPECT_EQ(e[0].text, "*fp32:16");
  EXPECT_EQ(e[0].loc.col, 1u);
  EXPECT_EQ(e[0].length, 8u);
  EXPECT_EQ(e[1].type, DType::pointerTo(ScalarKind::F16));
  EXPECT_EQ(e[1].divisibility, 1u);
  EXPECT_EQ(e[1].loc.col, 11u);
  EXPECT_EQ(e[2].type, DType::scalar(ScalarKind::I32));
  EXPECT_EQ(e[2].loc.col, 18u);
  EXPECT_EQ(e[3].type, DType::scalar(ScalarKind::U8));
  EXPECT_EQ(e[3].divisibility, 16u);
  EXPECT_EQ(e[4].type, DType::pointerTo(ScalarKind::BF16));
  EXPECT_EQ(e[4].divisibility, 1u);
  EXPECT_EQ(e[5].type, DType::scalar(ScalarKind::I1));
  EXPECT_EQ(e[6].type, DType::scalar(ScalarKind::F64));
}

TEST(SignatureTest, Constants) {
  ParsedSig s = parseSig("1024, -3, 0x10, 2.5, 1e-3, True, False");
  ASSERT_TRUE(s.ok) << s.errs;
  ASSERT_EQ(s.sig.entries.size(), 7u);
  const auto &e = s.sig.entries;
  EXPECT_EQ(e[0].kind, SignatureEntry::IntValue);
  EXPECT_EQ(e[0].intValue, 1024);
  EXPECT_EQ(e[1].kind, SignatureEntry::IntValue);
  EXPECT_EQ(e[1].intValue, -3);
  EXPECT_EQ(e[2].kind, SignatureEntry::IntValue);
  EXPECT_EQ(e[2].intValue, 16);
  EXPECT_EQ(e[3].kind, SignatureEntry::FloatValue);
  EXPECT_DOUBLE_EQ(e[3].floatValue, 2.5);
  EXPECT_EQ(e[4].kind, SignatureEntry::FloatValue);
  EXPECT_DOUBLE_EQ(e[4].floatValue, 1e-3);
  EXPECT_EQ(e[5].kind, SignatureEntry::BoolValue);
  EXPECT_EQ(e[5].intValue, 1);
  EXPECT_EQ(e[6].kind, SignatureEntry::BoolValue);
  EXPECT_EQ(e[6].intValue, 0);
}

TEST(SignatureTest, StringsAndNone) {
  // String constexprs (Triton's ACTIVATION="leaky_relu") in either quotes,
  // empty strings, and None.
  ParsedSig s = parseSig("'leaky_relu', \"\", None, \"x y\"");
  ASSERT_TRUE(s.ok) << s.errs;
  ASSERT_EQ(s.sig.entries.size(), 4u);
  const auto &e = s.sig.entries;
  EXPECT_EQ(e[0].kind, SignatureEntry::StrValue);
  EXPECT_EQ(e[0].strValue, "leaky_relu");
  EXPECT_EQ(e[1].kind, SignatureEntry::StrValue);
  EXPECT_EQ(e[1].strValue, "");
  EXPECT_EQ(e[2].kind, SignatureEntry::NoneValue);
  EXPECT_EQ(e[3].kind, SignatureEntry::StrValue);
  EXPECT_EQ(e[3].strValue, "x y");
}

TEST(SignatureTest, BadStrings) {
  ParsedSig s = parseSig("i32, 'relu, \"a'b\"");
  EXPECT_FALSE(s.ok);
  EXPECT_EQ(s.errs,
            "<signature>:1:6: error: unterminated string constant 'relu in "
            "signature\n"
            "i32, 'relu, \"a'b\"\n"
            "     ^~~~~\n"
            "<signature>:1:13: error: a string constant in a signature cannot "
            "contain quotes or backslashes\n"
            "i32, 'relu, \"a'b\"\n"
            "            ^~~~~\n");
}

TEST(SignatureTest, UnknownTypeReportsColumnAndUnderline) {
  ParsedSig s = parseSig("*fp32:16, float32, i32");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].loc.line, 1u);
  EXPECT_EQ(s.diags[0].loc.col, 11u);
  EXPECT_EQ(s.errs,
            "<signature>:1:11: error: unknown type 'float32' in signature "
            "(expected fp16, bf16, fp32, fp64, fp8e4nv, fp8e5, i1, i8, i16, "
            "i32, i64, u8, u16, u32 or u64)\n"
            "*fp32:16, float32, i32\n"
            "          ^~~~~~~\n");
  // All entries are still recorded.
  EXPECT_EQ(s.sig.entries.size(), 3u);
}

TEST(SignatureTest, UnknownPointeeType) {
  ParsedSig s = parseSig("*f32");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].loc.col, 1u);
  EXPECT_NE(s.errs.find("error: unknown type 'f32' in signature"),
            std::string::npos)
      << s.errs;
}

TEST(SignatureTest, BadHint) {
  ParsedSig s = parseSig("i32, *fp32:8");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].loc.col, 6u);
  EXPECT_EQ(s.diags[0].message,
            "unsupported hint ':8' in signature (only ':16' and ':1' are "
            "understood)");
  EXPECT_EQ(s.errs.substr(s.errs.find('\n') + 1), "i32, *fp32:8\n"
                                                  "     ^~~~~~~\n");
  ParsedSig e = parseSig("*fp32:");
  EXPECT_FALSE(e.ok);
  ParsedSig x = parseSig("*fp32:abc");
  EXPECT_FALSE(x.ok);
}

TEST(SignatureTest, EmptyEntries) {
  ParsedSig s = parseSig("i32,, i32,");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 2u);
  EXPECT_EQ(s.diags[0].message, "empty signature entry");
  EXPECT_EQ(s.diags[0].loc.col, 5u);
  EXPECT_EQ(s.diags[1].loc.col, 11u);
  EXPECT_EQ(s.sig.entries.size(), 4u);
}

TEST(SignatureTest, InvalidConstants) {
  ParsedSig s = parseSig("12abc, -x, 99999999999999999999");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 3u);
  EXPECT_EQ(s.diags[0].message, "invalid constant '12abc' in signature");
  EXPECT_EQ(s.diags[0].loc.col, 1u);
  EXPECT_EQ(s.diags[1].message, "invalid constant '-x' in signature");
  EXPECT_EQ(s.diags[1].loc.col, 8u);
  EXPECT_EQ(s.diags[2].message,
            "invalid constant '99999999999999999999' in signature");
  EXPECT_EQ(s.diags[2].loc.col, 12u);
}

TEST(SignatureTest, SeveralErrorsAreAllReported) {
  ParsedSig s = parseSig("*fp33, i32, q, 1.5.5");
  EXPECT_FALSE(s.ok);
  ASSERT_EQ(s.diags.size(), 3u);
  EXPECT_EQ(s.diags[0].loc.col, 1u);
  EXPECT_EQ(s.diags[1].loc.col, 13u);
  EXPECT_EQ(s.diags[2].loc.col, 16u);
  EXPECT_EQ(s.diags[2].message, "invalid constant '1.5.5' in signature");
}

TEST(SignatureTest, ScalarNames) {
  EXPECT_EQ(parseSignatureScalar("fp16"), ScalarKind::F16);
  EXPECT_EQ(parseSignatureScalar("bf16"), ScalarKind::BF16);
  EXPECT_EQ(parseSignatureScalar("u64"), ScalarKind::U64);
  EXPECT_EQ(parseSignatureScalar("i1"), ScalarKind::I1);
  EXPECT_EQ(parseSignatureScalar("f32"), std::nullopt);
  EXPECT_EQ(parseSignatureScalar(""), std::nullopt);
  EXPECT_EQ(parseTLDTypeName("float32"), ScalarKind::F32);
  EXPECT_EQ(parseTLDTypeName("bfloat16"), ScalarKind::BF16);
  EXPECT_EQ(parseTLDTypeName("uint8"), ScalarKind::U8);
  EXPECT_EQ(parseTLDTypeName("int1"), ScalarKind::I1);
  EXPECT_EQ(parseTLDTypeName("fp32"), std::nullopt);
}

TEST(SignatureTest, DTypeProperties) {
  DType f16 = DType::scalar(ScalarKind::F16);
  DType u32 = DType::scalar(ScalarKind::U32);
  DType i1 = DType::scalar(ScalarKind::I1);
  DType pf = DType::pointerTo(ScalarKind::F32);
  EXPECT_TRUE(f16.isFloat());
  EXPECT_FALSE(f16.isInt());
  EXPECT_EQ(f16.bitwidth(), 16u);
  EXPECT_TRUE(u32.isUnsigned());
  EXPECT_FALSE(u32.isSigned());
  EXPECT_TRUE(i1.isBool());
  EXPECT_FALSE(i1.isSigned());
  EXPECT_TRUE(DType::scalar(ScalarKind::I64).isSigned());
  EXPECT_FALSE(pf.isFloat());
  EXPECT_FALSE(pf.isInt());
  EXPECT_EQ(pf.bitwidth(), 64u);
  EXPECT_EQ(pf.pointee(), DType::scalar(ScalarKind::F32));
  EXPECT_EQ(pf.str(), "*fp32");
  EXPECT_EQ(pf.tlName(), "pointer<float32>");
  EXPECT_EQ(DType::scalar(ScalarKind::BF16).str(), "bf16");
  EXPECT_EQ(DType::scalar(ScalarKind::BF16).tlName(), "bfloat16");
  EXPECT_EQ(u32.str(), "u32");
  EXPECT_EQ(u32.tlName(), "uint32");
  EXPECT_NE(pf, DType::scalar(ScalarKind::F32));
}

} // namespace
