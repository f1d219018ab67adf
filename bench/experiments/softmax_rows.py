# Experiment: the seed softmax over ROWS consecutive rows a program, the next row's load
# issued before the current row's reductions (software-pipelined by hand).
import triton
import triton.language as tl

@triton.jit
def softmax_rows_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols,
                        BLOCK_SIZE: tl.constexpr, ROWS: tl.constexpr):
    row0 = tl.program_id(0) * ROWS
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    row = tl.load(input_ptr + row0 * input_row_stride + col_offsets, mask=mask, other=-float('inf'))
    for j in tl.static_range(ROWS):
        if j + 1 < ROWS:
            nxt = tl.load(input_ptr + (row0 + j + 1) * input_row_stride + col_offsets, mask=mask,
                          other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        tl.store(output_ptr + (row0 + j) * output_row_stride + col_offsets, numerator / denominator,
                 mask=mask)
        if j + 1 < ROWS:
            row = nxt
