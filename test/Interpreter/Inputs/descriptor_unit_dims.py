import triton
import triton.language as tl


@triton.jit
def scale3d(in_desc, out_desc, M: tl.constexpr, N: tl.constexpr):
    # [B, rows, cols] through [1, M, N] blocks used as [M, N] tiles, as
    # kernels over batched tensors write it.
    pid = tl.program_id(0)
    b = tl.program_id(1)
    x = in_desc.load([b, pid * M, 0])
    x = tl.reshape(x, [M, N])
    y = x * 2.0
    out_desc.store([b, pid * M, 0], tl.reshape(y, [1, M, N]))


@triton.jit
def row_bias(b_ptr, y_ptr, N: tl.constexpr):
    # A [1, N] block of a rank-2 block pointer stays a [1, N] tile.
    bp = tl.make_block_ptr(b_ptr, shape=(1, N), strides=(N, 1), offsets=(0, 0),
                           block_shape=(1, N), order=(1, 0))
    b = tl.load(bp, boundary_check=(0, 1))
    tl.store(y_ptr + tl.arange(0, N)[None, :], b * 2.0)
