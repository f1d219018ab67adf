import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr, u_ptr, uo_ptr, t_ptr, M: tl.constexpr, N: tl.constexpr,
      DESC: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    tl.store(o_ptr + rows * N + cols, tl.sort(x, descending=DESC))
    tl.store(t_ptr + rows * 4 + tl.arange(0, 4)[None, :], tl.topk(x, 4))
    offs = tl.arange(0, M * N)
    u = tl.load(u_ptr + offs).to(tl.uint32)
    tl.store(uo_ptr + offs, u.sort(0).to(tl.int32, bitcast=True))
