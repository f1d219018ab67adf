//===- CubinTest.cpp - Assembling PTX with ptxas --------------------------===//

#include "tilec/Target/Cubin.h"

#include "gtest/gtest.h"

using namespace tilec;

namespace {

TEST(Cubin, AssembleReportsPtxasErrors) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "no ptxas";
  auto bad = assembleWithPtxas(".version 8.0\n.target sm_90\nnonsense\n",
                               "sm_90", *ptxas);
  ASSERT_FALSE(bool(bad));
  std::string msg = llvm::toString(bad.takeError());
  EXPECT_NE(msg.find("failed (exit code"), std::string::npos) << msg;
  EXPECT_NE(msg.find("error"), std::string::npos) << msg;
}

} // namespace
