//===- CaseSupport.cpp - Device buffers and interpreter runs of the cases -===//

#include "Cases.h"

namespace tilec::gputest {

//===----------------------------------------------------------------------===//
// Device buffers
//===----------------------------------------------------------------------===//

llvm::Error upload(rt::Device &dev, rt::DeviceBuffer &d, const HostArray &h) {
  if (auto e = d.alloc(h.byteSize()))
    return e;
  return d.copyFromHost(h.data(), h.byteSize());
}

llvm::Error poison(rt::DeviceBuffer &d, ElemTy dt) {
  size_t n = d.bytes() / byteSize(dt);
  switch (byteSize(dt)) {
  case 2:
    return d.fill16(uint16_t(poisonBits(dt)));
  case 4:
    return d.fill32(uint32_t(poisonBits(dt)));
  default:
    break;
  }
  std::vector<uint64_t> h(n, poisonBits(dt)); // 8-byte elements
  return d.copyFromHost(h.data(), n * 8);
}

llvm::Error poisonedOutput(rt::Device &dev, rt::DeviceBuffer &d, ElemTy dt,
                           size_t n) {
  if (auto e = d.alloc(n * byteSize(dt)))
    return e;
  return poison(d, dt);
}

llvm::Error download(rt::DeviceBuffer &d, HostArray &h) {
  return d.copyToHost(h.data(), h.byteSize());
}

//===----------------------------------------------------------------------===//
// Comparison with the interpreter
//===----------------------------------------------------------------------===//

llvm::Error compareOutputsWithInterpreter(
    Ctx &ctx, Checker &chk, std::array<unsigned, 3> grid,
    std::vector<std::pair<std::string, HostArray *>> arrays,
    std::vector<std::pair<unsigned, const HostArray *>> outs,
    std::vector<interp::KernelArg> args) {
  if (!ctx.ck)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "interpreter: no compiled kernel");
  std::vector<interp::HostBuffer> bufs;
  for (auto &[name, a] : arrays)
    bufs.push_back({a->data(), a->byteSize(), name});
  if (auto e = interp::interpret(*ctx.ck, grid, args, bufs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "interpreter: " +
                                       llvm::toString(std::move(e)));
  for (auto &[index, gpuOut] : outs)
    compareArrays(chk, *arrays[index].second, *gpuOut,
                  outs.size() > 1 ? arrays[index].first : std::string());
  return llvm::Error::success();
}

llvm::Error
compareWithInterpreter(Ctx &ctx, Checker &chk, std::array<unsigned, 3> grid,
                       std::vector<std::pair<std::string, HostArray *>> arrays,
                       unsigned outIndex, const HostArray &gpuOut,
                       std::vector<interp::KernelArg> args) {
  return compareOutputsWithInterpreter(ctx, chk, grid, std::move(arrays),
                                       {{outIndex, &gpuOut}}, std::move(args));
}

//===----------------------------------------------------------------------===//
// Tolerances
//===----------------------------------------------------------------------===//

SoftmaxTol tolFor(ElemTy dt) {
  switch (dt) {
  case ElemTy::F32:
    return {1e-5, 1e-30};
  case ElemTy::F16:
    return {2e-3, 1.2e-7};
  case ElemTy::BF16:
    return {1.6e-2, 1e-30};
  default:
    break;
  }
  return {0, 0};
}

} // namespace tilec::gputest
