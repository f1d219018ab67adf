# Top-k gating softmax of a mixture-of-experts router.
# For each token (a row of `logits`, one score an expert): the softmax over
# the E experts, then the K largest probabilities and their experts' indices,
# the largest first (ties: the smaller index), and with RENORM the K weights
# divided by their sum, as Mixtral-style MoE layers route. A row of 64-128
# experts is small, so a program takes BLOCK_T tokens, and the top-K is K
# rounds of a row maximum.
# Launch: grid = (cdiv(n_tokens, BLOCK_T),); weights fp32 and ids i32, both
#         [n_tokens, K]; logits of any float type (the arithmetic is fp32).
# tilec: --kernel topk_gating_softmax_kernel --signature "*bf16:16, *fp32:16, *i32:16, i32, 128, 8, 16, True" --num-warps 4
import triton
import triton.language as tl


@triton.jit
def topk_gating_softmax_kernel(logits_ptr, weights_ptr, ids_ptr, n_tokens,
                               E: tl.constexpr, K: tl.constexpr, BLOCK_T: tl.constexpr,
                               RENORM: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_T + tl.arange(0, BLOCK_T)
    cols = tl.arange(0, E)
    in_rows = rows[:, None] < n_tokens
    x = tl.load(logits_ptr + rows[:, None] * E + cols[None, :], mask=in_rows, other=0.0)
    x = x.to(tl.float32)
    x = x - tl.max(x, axis=1)[:, None]
    p = tl.exp(x)
    p = p / tl.sum(p, axis=1)[:, None]
    ks = tl.arange(0, K)
    w = tl.zeros((BLOCK_T, K), dtype=tl.float32)
    ids = tl.zeros((BLOCK_T, K), dtype=tl.int32)
    for j in tl.static_range(K):
        best = tl.max(p, axis=1)
        arg = tl.argmax(p, axis=1)
        w = tl.where(ks[None, :] == j, best[:, None], w)
        ids = tl.where(ks[None, :] == j, arg[:, None], ids)
        p = tl.where(cols[None, :] == arg[:, None], -1.0, p)
    if RENORM:
        w = w / tl.sum(w, axis=1)[:, None]
    out = rows[:, None] * K + ks[None, :]
    tl.store(weights_ptr + out, w, mask=in_rows)
    tl.store(ids_ptr + out, ids, mask=in_rows)
