import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)) > 0.0
    v, i = tl.max(x, axis=0, return_indices=True)
    tl.store(out_ptr, tl.argmax(x, axis=0) * 100 + tl.argmin(x, axis=0) * 10 + i + v.to(tl.int32) * 1000)
