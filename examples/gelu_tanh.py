# GeLU (tanh approximation) as Triton projects write it with the CUDA math
# library's tanh (triton.language.extra.libdevice), computed in fp32 for
# 16-bit inputs; the same launch and results as gelu.py.
# Launch: BLOCK_SIZE = 1024; grid = (cdiv(n, BLOCK_SIZE),); num_warps = 4.
# tilec: --kernel gelu_tanh_kernel --signature "*bf16:16, *bf16:16, i32, 1024"
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def gelu_tanh_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements
    x = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    y = 0.5 * x * (1 + libdevice.tanh(inner))
    tl.store(y_ptr + offsets, y.to(y_ptr.dtype.element_ty), mask=mask)
