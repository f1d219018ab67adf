# Kernels whose programs the coarsening must keep apart (run_coarsen.test):
# a persistent loop over num_programs blocks, an early exit, a 2-D grid.
import triton
import triton.language as tl


@triton.jit
def persistent_scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for start in range(pid * BLOCK, n, nprog * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(y_ptr + offs, x * 2.0 + pid, mask=m)


@triton.jit
def early_exit_rows(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    tl.store(y_ptr + row * n_cols + cols, x - tl.max(x, axis=0) + tl.sum(x, axis=0), mask=m)


@triton.jit
def grid_2d(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r * n_cols + c, mask=c < n_cols)
    tl.store(y_ptr + r * n_cols + c, x + r * 1000 + tl.program_id(1), mask=c < n_cols)
