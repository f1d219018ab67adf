# Softmax of rows too long for one tile (N >= 65536): the documented pattern.
# One program per row walks the row in BLOCK_SIZE chunks twice:
#   pass 1 keeps, per lane, a running maximum m and a running sum s of
#          exp(x - m), rescaled by exp(m_old - m_new) whenever m grows (the
#          "online softmax"); the lanes are then combined once;
#   pass 2 reads the row again and writes exp(x - max) / sum.
# Registers stay bounded by BLOCK_SIZE whatever N is. DRAM traffic is up to
# two reads and one write of the row: the second read hits L2 only while
# the rows in flight fit it (on the H200, 16-warp rows of 256 KB and more
# do not: docs/benchmarks.md measures 2.6-2.7 TB/s of logical traffic,
# ~4 TB/s of DRAM traffic, for 64K-256K fp32 columns).
# Launch: BLOCK_SIZE = 4096 (fp32) or 8192 (bf16/fp16), num_warps = 16,
#         grid = (n_rows,). Works for any n_cols >= 1 and any dtype of x/y
#         (the arithmetic is fp32).
# tilec: --kernel softmax_long_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 4096" --num-warps 16
import triton
import triton.language as tl


@triton.jit
def softmax_long_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols,
                        BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    in_row = input_ptr + row_idx * input_row_stride
    out_row = output_ptr + row_idx * output_row_stride
    offsets = tl.arange(0, BLOCK_SIZE)
    m = tl.full([BLOCK_SIZE], -float('inf'), tl.float32)
    s = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + offsets
        x = tl.load(in_row + cols, mask=cols < n_cols, other=-float('inf')).to(tl.float32)
        m_new = tl.maximum(m, x)
        # lanes that have seen only padding keep m = -inf and s = 0
        seen = m_new > -float('inf')
        alpha = tl.where(seen, tl.exp(m - m_new), 0.0)
        p = tl.where(seen, tl.exp(x - m_new), 0.0)
        s = s * alpha + p
        m = m_new
    row_max = tl.max(m, axis=0)
    denominator = tl.sum(s * tl.exp(m - row_max), axis=0)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + offsets
        x = tl.load(in_row + cols, mask=cols < n_cols, other=-float('inf')).to(tl.float32)
        y = tl.exp(x - row_max) / denominator
        tl.store(out_row + cols, y.to(output_ptr.dtype.element_ty), mask=cols < n_cols)
