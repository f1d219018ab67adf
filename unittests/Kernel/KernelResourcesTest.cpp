//===- KernelResourcesTest.cpp - Reading the assembler's resource report --===//

#include "tilec/Kernel/KernelResources.h"

#include "gtest/gtest.h"

using namespace tilec;

namespace {

// ptxas -v, two kernels in one file.
const char *kPtxasLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'a' for 'sm_90a'\n"
    "ptxas info    : Function properties for a\n"
    "    8 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
    "ptxas info    : Used 255 registers, used 1 barriers, 384 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'b' for 'sm_90a'\n"
    "ptxas info    : Function properties for b\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 25 registers, used 1 barriers\n";

// The driver's linker (CU_JIT_LOG_VERBOSE) writes "info    :".
const char *kDriverLog =
    "info    : 0 bytes gmem\n"
    "info    : Function properties for softmax_kernel\n"
    "info    : used 40 registers, 0 stack, 512 bytes smem\n"
    "info    : Compiling entry function 'softmax_kernel' for 'sm_90'\n"
    "info    : Function properties for softmax_kernel\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "info    : Used 40 registers, used 1 barriers, 384 bytes cmem[0]\n";

TEST(KernelResources, ParsesPtxasLogPerKernel) {
  KernelResources a = parseAssemblerLog(kPtxasLog, "a");
  EXPECT_EQ(a.registers, 255);
  EXPECT_EQ(a.stackBytes, 8);
  EXPECT_EQ(a.spillStoreBytes, 8);
  EXPECT_EQ(a.spillLoadBytes, 12);
  EXPECT_TRUE(a.spills());
  EXPECT_EQ(a.summary(), "255 registers, 8 bytes stack frame, 8 bytes spill "
                         "stores, 12 bytes spill loads");
  KernelResources b = parseAssemblerLog(kPtxasLog, "b");
  EXPECT_EQ(b.registers, 25);
  EXPECT_FALSE(b.spills());
  KernelResources none = parseAssemblerLog(kPtxasLog, "c");
  EXPECT_FALSE(none.known());
  EXPECT_EQ(none.summary(), "");
}

TEST(KernelResources, ParsesDriverLog) {
  KernelResources r = parseAssemblerLog(kDriverLog, "softmax_kernel");
  EXPECT_EQ(r.registers, 40);
  EXPECT_EQ(r.spillStoreBytes, 0);
  EXPECT_FALSE(r.spills());
}

} // namespace
