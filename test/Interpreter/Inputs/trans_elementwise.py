import triton
import triton.language as tl


# A transpose of an elementwise result combined with an untransposed tile
# (fla's log-linear attention: b_s * tl.trans(b_a * b_h)).
@triton.jit
def trans_of_product(x_ptr, y_ptr, out_ptr, B: tl.constexpr):
    o = tl.arange(0, B)
    x = tl.load(x_ptr + o[:, None] * B + o[None, :])
    y = tl.load(y_ptr + o[:, None] * B + o[None, :])
    tl.store(out_ptr + o[:, None] * B + o[None, :], x * tl.trans(y * y))


@triton.jit
def trans_of_sum(x_ptr, y_ptr, out_ptr, B: tl.constexpr):
    o = tl.arange(0, B)
    x = tl.load(x_ptr + o[:, None] * B + o[None, :])
    y = tl.load(y_ptr + o[:, None] * B + o[None, :])
    tl.store(out_ptr + o[:, None] * B + o[None, :], x + tl.trans(y + 1.0))
