//===- Cubin.cpp - PTX assembled for one GPU by ptxas ---------------------===//

#include "tilec/Target/Cubin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace tilec;

std::optional<std::string> tilec::findPtxas() {
  if (const char *env = std::getenv("TILEC_PTXAS"); env && *env)
    return llvm::sys::fs::can_execute(env) ? std::optional<std::string>(env)
                                           : std::nullopt;
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  llvm::SmallVector<std::string, 2> dirs;
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    dirs.push_back(home);
  dirs.push_back("/usr/local/cuda");
  for (const std::string &d : dirs) {
    llvm::SmallString<128> p(d);
    llvm::sys::path::append(p, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(p))
      return std::string(p);
  }
  return std::nullopt;
}

namespace {
/// Temporary files removed when the object goes.
struct TempFiles {
  llvm::SmallVector<llvm::SmallString<128>, 4> paths;
  ~TempFiles() {
    for (auto &p : paths)
      llvm::sys::fs::remove(p);
  }
  llvm::Expected<llvm::StringRef> make(llvm::StringRef suffix) {
    llvm::SmallString<128> p;
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("tilec", suffix, p))
      return llvm::createStringError(ec, "cannot create a temporary file: " +
                                             ec.message());
    paths.push_back(p);
    return llvm::StringRef(paths.back());
  }
};
} // namespace

llvm::Expected<AssembledKernel>
tilec::assembleWithPtxas(llvm::StringRef ptx, llvm::StringRef arch,
                         llvm::StringRef ptxas) {
  TempFiles tmp;
  auto in = tmp.make("ptx");
  if (!in)
    return in.takeError();
  auto out = tmp.make("cubin");
  if (!out)
    return out.takeError();
  auto log = tmp.make("log");
  if (!log)
    return log.takeError();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(*in, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + *in);
    os << ptx;
  }
  std::string archFlag = ("-arch=" + arch).str();
  llvm::StringRef args[] = {ptxas, archFlag, "-v", "-o", *out, *in};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, *log, *log};
  std::string err;
  int rc =
      llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                /*SecondsToWait=*/0, /*MemoryLimit=*/0, &err);
  AssembledKernel result;
  if (auto buf = llvm::MemoryBuffer::getFile(*log, /*IsText=*/true))
    result.log = (*buf)->getBuffer().str();
  if (rc != 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("{0} failed ({1}): {2}", ptxas,
                      rc < 0 ? err : "exit code " + std::to_string(rc),
                      llvm::StringRef(result.log).trim()));
  auto bin = llvm::MemoryBuffer::getFile(*out, /*IsText=*/false);
  if (!bin)
    return llvm::createStringError(bin.getError(),
                                   "cannot read " + *out + ": " +
                                       bin.getError().message());
  result.cubin = (*bin)->getBuffer().str();
  return std::move(result);
}
