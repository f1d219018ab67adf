import triton
import triton.language as tl
from triton.language.extra import cuda


@triton.jit
def k(t_ptr):
    start = cuda.globaltimer()
    tl.store(t_ptr + 1, cuda.smid().to(tl.int64))
    tl.store(t_ptr, (cuda.globaltimer() - start >= 0).to(tl.int64) + (start > 0))
