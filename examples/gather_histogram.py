"""tl.gather and tl.histogram, as tilec-gpu-test runs them."""
import triton
import triton.language as tl


@triton.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr,
                  I: tl.constexpr, AXIS: tl.constexpr):
    # src: R x C. AXIS 1: idx R x I (values in [0, C)), out R x I;
    # AXIS 0: idx I x C (values in [0, R)), out I x C.
    src = tl.load(src_ptr + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    if AXIS == 1:
        offs = tl.arange(0, R)[:, None] * I + tl.arange(0, I)[None, :]
    else:
        offs = tl.arange(0, I)[:, None] * C + tl.arange(0, C)[None, :]
    idx = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(src, idx, AXIS))


@triton.jit
def histogram_builtin_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr,
                             BINS: tl.constexpr):
    # One histogram of BLOCK values per program; values outside [0, BINS)
    # and lanes past n are not counted.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(out_ptr + pid * BINS + tl.arange(0, BINS), h)
