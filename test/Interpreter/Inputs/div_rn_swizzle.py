import triton
import triton.language as tl


@triton.jit
def div_rn(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + offs, tl.div_rn(x, y))


@triton.jit
def swizzle(out_ptr, M, N, G: tl.constexpr):
    i = tl.arange(0, 16)[:, None]
    j = tl.arange(0, 8)[None, :]
    ni, nj = tl.swizzle2d(i, j, M, N, G)
    tl.store(out_ptr + i * 8 + j, ni * 1000 + nj)


@triton.jit
def dtype_calls(out_ptr, n, DTYPE: tl.constexpr):
    a = tl.float32(n) / 4 + tl.int64(3).to(tl.float32) + DTYPE(1.5).to(tl.float32)
    tl.store(out_ptr, a)
