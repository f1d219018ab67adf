# Kernels for tile-remat-across-reductions (test/Interpreter/run_remat.test
# runs them with and without the pass; test/Transforms/remat-across-
# reductions.test checks the IR). 16-bit rows computed on in fp32.
import triton
import triton.language as tl


@triton.jit
def normalize_rows(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # Two reductions: the row (fp32) is live across the mean, the centred
    # row across the variance.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    xc = tl.where(m, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / n_cols
    y = xc / tl.sqrt(var + 1e-5)
    tl.store(y_ptr + row * n_cols + offs, y.to(tl.bfloat16), mask=m)


@triton.jit
def store_between(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # A store between the load and the reduction: the row is not reloaded
    # (the store could have changed it).
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(x_ptr + row * n_cols + offs, (x * 0.5).to(tl.bfloat16), mask=m)
    s = tl.sum(x, axis=0)
    tl.store(y_ptr + row * n_cols + offs, (x / s).to(tl.bfloat16), mask=m)


@triton.jit
def layer_norm(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    # Three 16-bit rows live across the reductions: kept packed they would
    # need more than 64 registers a thread, so nothing is recomputed.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + offs, mask=m, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    xc = tl.where(m, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / n_cols
    y = xc / tl.sqrt(var + 1e-5) * w + b
    tl.store(y_ptr + row * n_cols + offs, y.to(tl.bfloat16), mask=m)


@triton.jit
def two_rows(x_ptr, y_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    # Two 16-bit rows live across one reduction: each reload names its own
    # source load.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    y = tl.load(y_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    s = tl.sum(x * y, axis=0)
    tl.store(out_ptr + row * n_cols + offs, ((x - y) / s).to(tl.bfloat16), mask=m)


@triton.jit
def row_and_dot(x_ptr, y_ptr, a_ptr, b_ptr, c_ptr, n_cols, BLOCK: tl.constexpr):
    # A row across a reduction, as normalize_rows, and a dot whose fp32
    # accumulator (64 x 128 over 128 threads: 64 registers a thread) leaves
    # no room for a second CTA: not recomputed.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0).to(tl.float32)
    mx = tl.max(x, axis=0)
    tl.store(y_ptr + row * n_cols + offs, (x - mx).to(tl.bfloat16), mask=m)
    i = tl.arange(0, 64)
    j = tl.arange(0, 128)
    a = tl.load(a_ptr + i[:, None] * 64 + i[None, :])
    b = tl.load(b_ptr + i[:, None] * 128 + j[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + i[:, None] * 128 + j[None, :], c)




@triton.jit
def rows_with_sums(x_ptr, dy_ptr, mean_ptr, rstd_ptr, dx_ptr, dw_ptr, n_rows,
                   D: tl.constexpr, BT: tl.constexpr):
    # A layer norm backward: BT rows at a time, x normalized by the saved
    # mean and rstd, a row reduction of xhat * dy, and dw = sum of dy * xhat
    # carried by the loop as a [BT, D] fp32 tile, which takes registers
    # across the reduction.
    o_d = tl.arange(0, D)
    dw = tl.zeros([BT, D], dtype=tl.float32)
    for t in range(tl.program_id(0) * BT, n_rows, tl.num_programs(0) * BT):
        o_t = t + tl.arange(0, BT)
        m = o_t[:, None] < n_rows
        p = o_t[:, None] * D + o_d[None, :]
        x = tl.load(x_ptr + p, mask=m, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + p, mask=m, other=0.0).to(tl.float32)
        mean = tl.load(mean_ptr + o_t, mask=o_t < n_rows, other=0.0)
        rstd = tl.load(rstd_ptr + o_t, mask=o_t < n_rows, other=0.0)
        xhat = (x - mean[:, None]) * rstd[:, None]
        c = tl.sum(xhat * dy, axis=1) / D
        dw += dy * xhat
        tl.store(dx_ptr + p, ((dy - xhat * c[:, None]) * rstd[:, None]).to(tl.bfloat16), mask=m)
    tl.store(dw_ptr + tl.program_id(0) * D + o_d, tl.sum(dw, axis=0))
