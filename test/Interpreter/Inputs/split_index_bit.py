import triton
import triton.language as tl


# tl.split of tiles that tl.reshape and tl.permute made from one index bit
# of a dimension: each kernel stores the halves back where they came from,
# so every output equals the input bit for bit.
@triton.jit
def halves_1d(x_ptr, out_ptr, N: tl.constexpr):
    # Halves of a row (a repeat of the default layout's CTA tile), then the
    # even and odd elements of each half (within a thread's vector after a
    # conversion).
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    lo, hi = tl.split(tl.permute(tl.reshape(x, (2, N // 2)), (1, 0)))
    half = tl.arange(0, N // 2)
    ev, od = tl.split(tl.reshape(lo, (N // 4, 2)))
    quarter = tl.arange(0, N // 4)
    tl.store(out_ptr + 2 * quarter, ev)
    tl.store(out_ptr + 2 * quarter + 1, od)
    tl.store(out_ptr + N // 2 + half, hi)


@triton.jit
def halves_2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    # Column halves, row halves, even and odd columns of a loaded tile, and
    # a split that is not one index bit of the tile (rows and columns
    # exchanged), which stays tl.split of the permuted tile.
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    a, b = x.reshape(M, 2, N // 2).permute(0, 2, 1).split()
    hc = tl.arange(0, N // 2)[None, :]
    tl.store(out_ptr + rows * N + hc, a)
    tl.store(out_ptr + rows * N + N // 2 + hc, b)
    hr = tl.arange(0, M // 2)[:, None]
    c, d = tl.split(tl.permute(tl.reshape(x, (2, M // 2, N)), (1, 2, 0)))
    tl.store(out_ptr + M * N + hr * N + cols, c)
    tl.store(out_ptr + M * N + (M // 2 + hr) * N + cols, d)
    e, f = tl.split(tl.reshape(x, (M, N // 2, 2)))
    tl.store(out_ptr + 2 * M * N + rows * N + 2 * hc, e)
    tl.store(out_ptr + 2 * M * N + rows * N + 2 * hc + 1, f)
    g, h = tl.split(tl.permute(tl.reshape(x, (M, N // 2, 2)), (1, 0, 2)))
    tc = tl.arange(0, N // 2)[:, None]
    tr = tl.arange(0, M)[None, :]
    tl.store(out_ptr + 3 * M * N + tr * N + 2 * tc, g)
    tl.store(out_ptr + 3 * M * N + tr * N + 2 * tc + 1, h)


@triton.jit
def halves_dot(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # A dot's accumulator stored whole, in halves of its columns, and in
    # quarters (halves of the halves), as Triton's persistent matmul
    # tutorial stores its C with EPILOGUE_SUBTILE: the three thirds of the
    # output are equal.
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + cols)
    acc = tl.dot(a, b)
    tl.store(out_ptr + rows * N + cols, acc.to(tl.float16))
    x, y = tl.split(tl.permute(tl.reshape(acc, (M, 2, N // 2)), (0, 2, 1)))
    hc = tl.arange(0, N // 2)[None, :]
    base = out_ptr + M * N + rows * N
    tl.store(base + hc, x.to(tl.float16))
    tl.store(base + N // 2 + hc, y.to(tl.float16))
    x0, x1 = tl.split(tl.permute(tl.reshape(x, (M, 2, N // 4)), (0, 2, 1)))
    y0, y1 = tl.split(tl.permute(tl.reshape(y, (M, 2, N // 4)), (0, 2, 1)))
    qc = tl.arange(0, N // 4)[None, :]
    base = out_ptr + 2 * M * N + rows * N
    tl.store(base + qc, x0.to(tl.float16))
    tl.store(base + N // 4 + qc, x1.to(tl.float16))
    tl.store(base + N // 2 + qc, y0.to(tl.float16))
    tl.store(base + 3 * N // 4 + qc, y1.to(tl.float16))


@triton.jit
def rotate_pairs(x_ptr, cs_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    # fla's rotation of element pairs: the even and odd columns split off,
    # rotated, and interleaved back (tl.join then a reshape); with cos = 1
    # and sin = 0 read from memory the output is the input. Then
    # tl.interleave of the halves of a row, stored through a permuted
    # index: the input again.
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    c = tl.load(cs_ptr)
    s = tl.load(cs_ptr + 1)
    ev, od = tl.split(tl.reshape(x, (M, N // 2, 2)))
    y = tl.reshape(tl.join(c * ev - s * od, s * ev + c * od), (M, N))
    tl.store(out_ptr + rows * N + cols, y)
    lo, hi = tl.split(tl.permute(tl.reshape(x, (M, 2, N // 2)), (0, 2, 1)))
    z = tl.interleave(lo, hi)
    half = tl.arange(0, N // 2)
    perm = tl.reshape(tl.join(half, half + N // 2), (N,))
    tl.store(out_ptr + M * N + rows * N + perm[None, :], z)


@triton.jit
def join_dot_halves(a_ptr, b_ptr, cs_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                    K: tl.constexpr):
    # A dot's accumulator in column halves, each scaled, joined back as
    # Triton's fused-attention tutorial does off Hopper:
    # tl.join(acc0, acc1).permute(0, 2, 1).reshape([M, N]). With the
    # scale 1 the two thirds of the output are equal.
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + cols)
    acc = tl.dot(a, b)
    tl.store(out_ptr + rows * N + cols, acc.to(tl.float16))
    c = tl.load(cs_ptr)
    acc0, acc1 = acc.reshape([M, 2, N // 2]).permute(0, 2, 1).split()
    acc0 = acc0 * c
    acc1 = acc1 * c
    back = tl.join(acc0, acc1).permute(0, 2, 1).reshape([M, N])
    tl.store(out_ptr + M * N + rows * N + cols, back.to(tl.float16))
