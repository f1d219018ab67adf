//===- Arch.cpp - The GPU targets tilec compiles for ----------------------===//

#include "tilec/Support/Arch.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>

using namespace tilec;

bool tilec::isSupportedArch(llvm::StringRef arch) {
  static const char *known[] = {"sm_60", "sm_61", "sm_62", "sm_70",
                                "sm_72", "sm_75", "sm_80", "sm_86",
                                "sm_87", "sm_89", "sm_90", "sm_90a"};
  return llvm::is_contained(known, arch);
}

llvm::StringRef tilec::supportedArchList() {
  return "sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, "
         "sm_89, sm_90 or sm_90a";
}

int tilec::computeCapabilityOf(llvm::StringRef arch) {
  int cc = 90;
  if (arch.consume_front("sm_"))
    arch.take_while([](char c) { return isdigit(c); }).getAsInteger(10, cc);
  return cc;
}

bool tilec::hasWgmma(llvm::StringRef arch) { return arch == "sm_90a"; }

uint64_t tilec::maxSharedBytesPerBlock(llvm::StringRef arch) {
  arch.consume_front("sm_");
  unsigned cc = 0;
  if (arch.take_while([](char c) { return isdigit(c); }).getAsInteger(10, cc))
    return 0;
  if (cc >= 120)
    return 101376; // 99 KB (sm_120: RTX 50 series)
  if (cc >= 90)
    return 232448; // 227 KB (H100, H200, B200)
  if (cc == 80 || cc == 87)
    return 166912; // 163 KB (A100)
  if (cc >= 86)
    return 101376; // 99 KB (sm_86, sm_89)
  if (cc == 75)
    return 65536; // 64 KB (Turing)
  if (cc >= 70)
    return 98304; // 96 KB (Volta)
  return 49152;
}
