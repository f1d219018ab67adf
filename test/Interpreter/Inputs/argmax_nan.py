# Index reductions over rows that hold NaNs and infinities: per row of a
# [ROWS, COLS] tile, tl.argmax, tl.argmin and tl.max(..., return_indices=True)
# along axis 1. Rows are spread over lanes and warps by the layout, so every
# step of the GPU reduction (within a thread, across lanes, across warps)
# meets NaNs. Semantics: a NaN loses against any number (including -inf and
# +inf), ties go to the smaller index, and a row of NaNs only gives 0.
import triton
import triton.language as tl


@triton.jit
def arg_rows(x_ptr, out_ptr, ROWS: tl.constexpr, COLS: tl.constexpr):
    rows = tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    x = tl.load(x_ptr + rows[:, None] * COLS + cols[None, :])
    hi_at = tl.argmax(x, axis=1)
    lo_at = tl.argmin(x, axis=1)
    _, hi_at2 = tl.max(x, axis=1, return_indices=True)
    tl.store(out_ptr + rows * 3, hi_at)
    tl.store(out_ptr + rows * 3 + 1, lo_at)
    tl.store(out_ptr + rows * 3 + 2, hi_at2)
