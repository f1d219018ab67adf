# Inside a jit function, an expression that reads torch and no local is
# host code that Python computes while compiling: torch's dtype limits
# (`FP32_MAX: tl.constexpr = torch.finfo(torch.float32).max`, torchao's
# nvfp4 quantizers) and `torch.version.hip`, None in the CUDA build that
# launches the kernel (torchao's float8 amax: `if tl.constexpr(
# torch.version.hip is not None)` picks the relaxed atomic on ROCm only).
# RUN: tilec %s --kernel clamp --signature "*fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=CLAMP
# CLAMP: arith.constant dense<3.40282347E+38> : tensor<128xf32>
# CLAMP: arith.minnumf
# RUN: tilec %s --kernel amax --signature "*fp32:16, *fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=AMAX
# AMAX: tile.atomic_rmw max acq_rel gpu
# What reads a local stays host code's, which jit functions cannot use.
# RUN: not tilec %s --kernel local --signature "*fp32:16, 128" --emit=tile 2>&1 | FileCheck %s --check-prefix=LOCAL
# LOCAL: error: the module 'torch' cannot be used in jit functions
import torch
import triton
import triton.language as tl


@triton.jit
def clamp(x_ptr, BLOCK: tl.constexpr):
    FP32_MAX: tl.constexpr = torch.finfo(torch.float32).max
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.minimum(x, FP32_MAX))


@triton.jit
def amax(x_ptr, amax_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    block_amax = tl.max(tl.abs(x))
    if tl.constexpr(torch.version.hip is not None):
        tl.atomic_max(amax_ptr, block_amax, sem="relaxed")
    else:
        tl.atomic_max(amax_ptr, block_amax)


@triton.jit
def local(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.minimum(x, torch.finfo(x.dtype).max))
