//===- KernelResources.cpp - Registers and spills of an assembled kernel --===//

#include "tilec/Kernel/KernelResources.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilec;

std::string KernelResources::summary() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto part = [&](int64_t v, llvm::StringRef what) {
    if (v < 0)
      return;
    os << (s.empty() ? "" : ", ") << v << " " << what;
  };
  part(registers, "registers");
  part(stackBytes, "bytes stack frame");
  part(spillStoreBytes, "bytes spill stores");
  part(spillLoadBytes, "bytes spill loads");
  return os.str();
}

KernelResources tilec::parseAssemblerLog(llvm::StringRef log,
                                         llvm::StringRef kernel) {
  // ptxas info    : Compiling entry function 'k' for 'sm_90a'
  // ptxas info    : Function properties for k
  //     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  // ptxas info    : Used 25 registers, used 1 barriers
  // (the driver's linker writes the same lines with "info    :").
  static const llvm::Regex entry("Compiling entry function '([^']*)'");
  static const llvm::Regex properties("Function properties for ([^ ]+)");
  static const llvm::Regex frame("([0-9]+) bytes stack frame, ([0-9]+) bytes "
                                 "spill stores, ([0-9]+) bytes spill loads");
  static const llvm::Regex used("Used ([0-9]+) registers");
  KernelResources r;
  std::string current;
  llvm::SmallVector<llvm::StringRef, 8> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 4> m;
    if (entry.match(line, &m)) {
      current = m[1].str();
      continue;
    }
    if (properties.match(line, &m)) {
      current = m[1].trim().str();
      continue;
    }
    if (current != kernel)
      continue;
    if (frame.match(line, &m)) {
      m[1].getAsInteger(10, r.stackBytes);
      m[2].getAsInteger(10, r.spillStoreBytes);
      m[3].getAsInteger(10, r.spillLoadBytes);
    } else if (used.match(line, &m)) {
      m[1].getAsInteger(10, r.registers);
    }
  }
  return r;
}
