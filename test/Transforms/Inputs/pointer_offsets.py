# Kernels for tile-loop-pointer-offsets (Transforms/loop-pointer-offsets.test).
import triton
import triton.language as tl


@triton.jit
def after_loop(a_ptr, b_ptr, c_ptr, d_ptr, e_ptr, K, s):
    # Pointers advanced by a runtime step (b) and a constant one (a), and
    # both read again after the loop: out d through the final pointers, out e
    # through offsets computed from scratch (the same elements).
    r = tl.arange(0, 16)
    a_ptrs = a_ptr + r[:, None] * K + r[None, :]
    b_ptrs = b_ptr + r[:, None] * s + r[None, :]
    acc = tl.zeros([16, 16], dtype=tl.float32)
    n = 0
    for k in range(0, K - 16, 16):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += 16
        b_ptrs += 16 * s
        n += 1
    tl.store(c_ptr + r[:, None] * 16 + r[None, :], acc)
    tl.store(d_ptr + r[:, None] * 16 + r[None, :], tl.load(a_ptrs) + tl.load(b_ptrs))
    x = tl.load(a_ptr + r[:, None] * K + r[None, :] + n * 16)
    y = tl.load(b_ptr + r[:, None] * s + r[None, :] + n * 16 * s)
    tl.store(e_ptr + r[:, None] * 16 + r[None, :], x + y)


@triton.jit
def no_dot(a_ptr, out_ptr, K):
    # No tl.dot in the loop: the pointer tile stays carried.
    r = tl.arange(0, 64)
    ptrs = a_ptr + r
    acc = tl.zeros([64], dtype=tl.float32)
    for k in range(0, K, 64):
        acc += tl.load(ptrs)
        ptrs += 64
    tl.store(out_ptr + r, acc)


@triton.jit
def splat_base(a_ptr, b_ptr, c_ptr, K):
    # Pointers made as base + one offset tile (Triton's tutorial matmul):
    # in the loop the offset moves to the base, before the offset tile,
    # where a thread holds many addresses. Rows of A are K apart (no known
    # alignment: one element an access), so that on 4 warps a thread holds
    # 32 addresses of A and 4 of B.
    r = tl.arange(0, 64)
    a_ptrs = a_ptr + (r[:, None] * K + r[None, :])
    b_ptrs = b_ptr + (r[:, None] * 64 + r[None, :])
    acc = tl.zeros([64, 64], dtype=tl.float32)
    for k in range(0, K, 64):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += 64
        b_ptrs += 4096
    tl.store(c_ptr + r[:, None] * 64 + r[None, :], acc)
