import triton
import triton.language as tl


@triton.jit
def bad(x):
    return x + undefined_name
