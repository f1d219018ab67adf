import triton
import triton.language as tl


@triton.jit
def _decayed_update(b_h, b_k, b_gk, gk_last, v, i_t, o_k, o_t, BK: tl.constexpr):
    b_gl = tl.load(gk_last + i_t * BK + o_k)
    b_v = tl.load(v + o_t[:, None] * BK + o_k[None, :])
    b_h *= tl.exp2(b_gl)[:, None]
    b_k = (b_k * tl.exp2(b_gl[:, None] - b_gk)).to(b_k.dtype)
    return tl.dot(b_k, b_v, b_h)


# A dot operand computed from tiles loaded down their columns (fla's chunk_h
# forward with a per-key decay), see staged-chain-order.test.
@triton.jit
def decayed_kv(k, gk, gk_last, v, h, T, BK: tl.constexpr, BT: tl.constexpr):
    o_k = tl.arange(0, BK)
    b_h = tl.zeros([BK, BK], dtype=tl.float32)
    for i_t in range(T // BT):
        o_t = i_t * BT + tl.arange(0, BT)
        b_k = tl.load(k + o_k[:, None] + o_t[None, :] * BK)
        b_gk = tl.load(gk + o_k[:, None] + o_t[None, :] * BK)
        b_h = _decayed_update(b_h, b_k, b_gk, gk_last, v, i_t, o_k, o_t, BK)
    tl.store(h + o_k[:, None] * BK + o_k[None, :], b_h)


# The same with k and gk masked by rows (a bound that the axis analysis
# sees only as a prefix): tilegpu-load-layouts gives these loads their
# column-fastest layout only where the mask is constant over a vector, and
# the operand is staged M-major only then (staged-chain-order.py, MASKED).
@triton.jit
def decayed_kv_masked(k, gk, gk_last, v, h, T, n, BK: tl.constexpr,
                      BT: tl.constexpr):
    o_k = tl.arange(0, BK)
    b_h = tl.zeros([BK, BK], dtype=tl.float32)
    for i_t in range(T // BT):
        o_t = i_t * BT + tl.arange(0, BT)
        m = (o_k < n)[:, None]
        b_k = tl.load(k + o_k[:, None] + o_t[None, :] * BK, mask=m, other=0.0)
        b_gk = tl.load(gk + o_k[:, None] + o_t[None, :] * BK, mask=m, other=0.0)
        b_h = _decayed_update(b_h, b_k, b_gk, gk_last, v, i_t, o_k, o_t, BK)
    tl.store(h + o_k[:, None] * BK + o_k[None, :], b_h)
