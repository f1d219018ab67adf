//===- Interpret.cpp - Running kernels in the interpreter for tests -------===//

#include "tilec/Testing/Interpret.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace tilec::testing {

TileKernels::TileKernels(std::string path, std::string text) {
  if (text.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (buf)
      text = (*buf)->getBuffer().str();
  }
  src_ = compiler_.parse(path, text, llvm::errs());
}

mlir::ModuleOp TileKernels::get(const std::string &kernel,
                                const std::string &sig) {
  auto key = kernel + "|" + sig;
  auto it = cache_.find(key);
  if (it != cache_.end())
    return it->second.get();
  CompileOptions opts;
  opts.kernel = kernel;
  opts.signature = sig;
  auto m = compiler_.compileToTile(src_, opts, llvm::errs());
  mlir::ModuleOp r = m.get();
  cache_.emplace(key, std::move(m));
  return r;
}

std::string run(mlir::ModuleOp m, std::array<unsigned, 3> grid,
                llvm::ArrayRef<interp::KernelArg> args,
                llvm::MutableArrayRef<interp::HostBuffer> bufs) {
  if (!m)
    return "<compile failed>";
  llvm::Error e = interp::interpret(m, grid, args, bufs);
  return e ? llvm::toString(std::move(e)) : std::string();
}

std::string runKernel(TileKernels &kernels, const std::string &kernel,
                      const std::string &sig, std::array<unsigned, 3> grid,
                      std::vector<RunArg> args,
                      const std::vector<std::string> &names) {
  mlir::ModuleOp m = kernels.get(kernel, sig);
  if (!m)
    return "<compile failed: " + kernel + " " + sig + ">";
  std::vector<interp::HostBuffer> bufs;
  std::vector<interp::KernelArg> kargs;
  for (auto &a : args) {
    if (auto *b = std::get_if<HostArray *>(&a)) {
      kargs.push_back(interp::KernelArg::buf(unsigned(bufs.size())));
      bufs.push_back(
          hostBuffer(**b, bufs.size() < names.size()
                              ? names[bufs.size()]
                              : "buf" + std::to_string(bufs.size())));
    } else {
      kargs.push_back(std::get<interp::KernelArg>(a));
    }
  }
  return run(m, grid, kargs, bufs);
}

} // namespace tilec::testing
