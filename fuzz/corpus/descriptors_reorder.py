import triton
import triton.language as tl


@triton.jit
def k(in_desc, out_desc, x_ptr, N: tl.constexpr):
    x = in_desc.load([0, 0])
    a, b = tl.split(tl.join(x, x))
    y = tl.sort(a, descending=True) + tl.flip(b, 0)
    out_desc.store([0, 0], y)
    r = tl.load(x_ptr + tl.arange(0, N))
    tl.store(x_ptr + tl.arange(0, 2 * N), tl.cat(r, tl.topk(r, N)))
