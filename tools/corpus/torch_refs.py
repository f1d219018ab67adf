"""PyTorch's operators beside corpus launches (tools/corpus/corpus.py run).

A launch of test/Corpus/*/*.json that names one of these in its "torch"
field gets the operator timed in the same run as Triton and tilec
(`torch_ms`), on tensors of the same shapes and types as the launch's
arguments (a copy of its inputs): the work the library's kernel stands in
for, as its users would otherwise run it. Each function takes the launch's
tensors by argument name and its other arguments, and returns the call to
time. torch is imported when a function runs, so that `corpus.py check`
can list the names without it.
"""


def rms_norm_fwd(t, a):
    """Liger's RMSNorm forward: F.rms_norm over the last dimension."""
    import torch.nn.functional as F
    x, w = t["X_ptr"], t["W_ptr"]
    return lambda: F.rms_norm(x, (a["n_cols"],), w, a["eps"])


def fused_add_rms_norm_fwd(t, a):
    """Liger's fused residual add + RMSNorm forward: the sum, then F.rms_norm."""
    import torch.nn.functional as F
    x, r, w = t["X_ptr"], t["R_ptr"], t["W_ptr"]
    return lambda: F.rms_norm(x + r, (a["n_cols"],), w, a["eps"])


def layer_norm_fwd(t, a):
    """Liger's LayerNorm forward: F.layer_norm over the last dimension."""
    import torch.nn.functional as F
    x, w, b = t["X_ptr"], t["W_ptr"], t["B_ptr"]
    return lambda: F.layer_norm(x, (a["n_cols"],), w, b, a["eps"])


def softmax_fwd(t, a):
    """Liger's single-block softmax forward: torch.softmax of each row."""
    import torch
    x = t["X_ptr"]
    return lambda: torch.softmax(x, dim=-1)


def cross_entropy_fwd_grad(t, a):
    """Liger's cross entropy with gradients (the loss and, in place, the
    logits' gradient): F.cross_entropy and its backward through autograd."""
    import torch.nn.functional as F
    x, y = t["X_ptr"], t["Y_ptr"]

    def run():
        leaf = x.detach().requires_grad_()
        loss = F.cross_entropy(leaf, y, ignore_index=a["ignore_index"],
                               reduction=a["reduction"])
        loss.backward()
    return run


def unit_lower_inverse_16(t, a):
    """fla's solve_tril on 16-row chunks: for each chunk of each head, the
    inverse of I plus the chunk's strictly lower 16 x 16 block
    (torch.linalg.solve_triangular against the identity)."""
    import torch
    A = t["A"]  # [B, T, H, 16]
    b, n, h, bt = A.shape
    eye = torch.eye(bt, device=A.device, dtype=A.dtype)

    def run():
        blocks = A.view(b, n // bt, bt, h, bt).permute(0, 1, 3, 2, 4)
        lower = torch.tril(blocks, -1) + eye
        return torch.linalg.solve_triangular(lower, eye, upper=False, unitriangular=True)
    return run


def attention_fwd(t, a):
    """The fused-attention tutorial's forward: F.scaled_dot_product_attention
    of q, k, v (descriptors of [Z * H * N_CTX, HEAD_DIM] or [Z, H, N_CTX,
    HEAD_DIM] tensors) with sm_scale, causal for STAGE 3."""
    import torch.nn.functional as F
    shape = (a["Z"], a["H"], a["N_CTX"], a["HEAD_DIM"])
    q, k, v = (t[n].view(shape) for n in ("desc_q", "desc_k", "desc_v"))
    causal = a["STAGE"] == 3
    return lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                  scale=a["sm_scale"])


def matmul_bt(t, a):
    """Triton's tutorial 09 on host descriptors: C = A B^T (cuBLAS) of the
    M x K and N x K tensors behind a_desc and b_desc, into c_desc's (into
    one of A's type where C's differs: the kernel's fp16 C of bf16 inputs)."""
    import torch
    x, w, c = t["a_desc"], t["b_desc"], t["c_desc"]
    if c.dtype != x.dtype:
        c = torch.empty(c.shape, dtype=x.dtype, device=c.device)
    return lambda: torch.matmul(x, w.T, out=c)


REFS = {f.__name__: f for f in (rms_norm_fwd, fused_add_rms_norm_fwd, layer_norm_fwd,
                                softmax_fwd, cross_entropy_fwd_grad, unit_lower_inverse_16,
                                attention_fwd, matmul_bt)}
