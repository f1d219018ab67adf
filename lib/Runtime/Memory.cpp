//===- Memory.cpp - Device and page-locked host memory --------------------===//

#include "tilec/Runtime/Runtime.h"

#include "llvm/Support/FormatVariadic.h"

#include <utility>

using namespace tilec;
using namespace tilec::rt;

//===----------------------------------------------------------------------===//
// PinnedBuffer
//===----------------------------------------------------------------------===//

PinnedBuffer::PinnedBuffer(PinnedBuffer &&o) noexcept
    : ctx_(std::move(o.ctx_)), ptr_(std::exchange(o.ptr_, nullptr)),
      bytes_(std::exchange(o.bytes_, 0)) {}

PinnedBuffer &PinnedBuffer::operator=(PinnedBuffer &&o) noexcept {
  if (this != &o) {
    reset();
    ctx_ = std::move(o.ctx_);
    ptr_ = std::exchange(o.ptr_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

void PinnedBuffer::reset() {
  if (ptr_ && ctx_) {
    (void)ctx_.makeCurrent();
    ctx_.driver().cuMemFreeHost(ptr_);
  }
  ptr_ = nullptr;
  bytes_ = 0;
}

llvm::Error PinnedBuffer::alloc(size_t bytes) {
  reset();
  if (bytes == 0)
    return llvm::Error::success();
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  if (auto e = d.check(d.cuMemAllocHost(&ptr_, bytes),
                       llvm::formatv("cuMemAllocHost({0} bytes)", bytes).str()))
    return e;
  bytes_ = bytes;
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// DeviceBuffer
//===----------------------------------------------------------------------===//

DeviceBuffer::DeviceBuffer(DeviceBuffer &&o) noexcept
    : ctx_(std::move(o.ctx_)), ptr_(std::exchange(o.ptr_, 0)),
      bytes_(std::exchange(o.bytes_, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&o) noexcept {
  if (this != &o) {
    reset();
    ctx_ = std::move(o.ctx_);
    ptr_ = std::exchange(o.ptr_, 0);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

void DeviceBuffer::reset() {
  if (ptr_ && ctx_) {
    (void)ctx_.makeCurrent();
    ctx_.driver().cuMemFree(ptr_);
  }
  ptr_ = 0;
  bytes_ = 0;
}

llvm::Error DeviceBuffer::alloc(size_t bytes) {
  reset();
  if (bytes == 0)
    return llvm::Error::success();
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  if (auto e = d.check(d.cuMemAlloc(&ptr_, bytes),
                       llvm::formatv("cuMemAlloc({0} bytes)", bytes).str()))
    return e;
  bytes_ = bytes;
  return llvm::Error::success();
}

/// Checks a copy of `bytes` against a buffer of `size` and makes the
/// context current.
static llvm::Error prepareCopy(const Context &ctx, size_t bytes, size_t size,
                               llvm::StringRef direction) {
  if (bytes > size)
    return llvm::createStringError(llvm::formatv("copy of {0} bytes {1} a device buffer of "
                                   "{2}",
                                   bytes, direction, size));
  if (bytes == 0)
    return llvm::Error::success();
  return ctx.makeCurrent();
}

llvm::Error DeviceBuffer::copyFromHost(const void *src, size_t bytes) {
  if (auto e = prepareCopy(ctx_, bytes, bytes_, "into"))
    return e;
  if (bytes == 0)
    return llvm::Error::success();
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemcpyHtoD(ptr_, src, bytes), "cuMemcpyHtoD");
}

llvm::Error DeviceBuffer::copyToHost(void *dst, size_t bytes) const {
  if (auto e = prepareCopy(ctx_, bytes, bytes_, "out of"))
    return e;
  if (bytes == 0)
    return llvm::Error::success();
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemcpyDtoH(dst, ptr_, bytes), "cuMemcpyDtoH");
}

llvm::Error DeviceBuffer::copyFromHostAsync(const void *src, size_t bytes,
                                            CUstream stream) {
  if (auto e = prepareCopy(ctx_, bytes, bytes_, "into"))
    return e;
  if (bytes == 0)
    return llvm::Error::success();
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemcpyHtoDAsync(ptr_, src, bytes, stream),
                 "cuMemcpyHtoDAsync");
}

llvm::Error DeviceBuffer::copyToHostAsync(void *dst, size_t bytes,
                                          CUstream stream) const {
  if (auto e = prepareCopy(ctx_, bytes, bytes_, "out of"))
    return e;
  if (bytes == 0)
    return llvm::Error::success();
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemcpyDtoHAsync(dst, ptr_, bytes, stream),
                 "cuMemcpyDtoHAsync");
}

llvm::Error DeviceBuffer::fill8(uint8_t v) {
  if (!bytes_)
    return llvm::Error::success();
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemsetD8(ptr_, v, bytes_), "cuMemsetD8");
}

llvm::Error DeviceBuffer::fill16(uint16_t v) {
  if (!bytes_)
    return llvm::Error::success();
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemsetD16(ptr_, v, bytes_ / 2), "cuMemsetD16");
}

llvm::Error DeviceBuffer::fill32(uint32_t v) {
  if (!bytes_)
    return llvm::Error::success();
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  return d.check(d.cuMemsetD32(ptr_, v, bytes_ / 4), "cuMemsetD32");
}
