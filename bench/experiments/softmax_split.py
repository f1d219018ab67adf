# Experiment: variants of examples/softmax_long.py's softmax_long_split_kernel (the
# ticket version: a uint32 counter a row that only grows, the next row's chunk loaded
# before the wait).
#   POLL:         0 = poll with acquire atomics (the example), 1 = poll with volatile
#                 loads by every thread, then one acquire atomic and a barrier;
#   COUNT_STRIDE: counters COUNT_STRIDE uint32 apart (32: one 128-byte line a row, so
#                 that the groups' polls do not all hit the line of 32 adjacent rows'
#                 counters; count_ptr then holds n_rows * COUNT_STRIDE uint32).
# The first version (a departure atomic and reset, PREFETCH/POLL flags) was measured on
# 2026-12-01; this one is not.
import triton
import triton.language as tl


@triton.jit
def softmax_split_kernel(output_ptr, input_ptr, stats_ptr, count_ptr, input_row_stride,
                         output_row_stride, n_cols, n_rows, CHUNKS: tl.constexpr,
                         BLOCK_SIZE: tl.constexpr, POLL: tl.constexpr,
                         COUNT_STRIDE: tl.constexpr):
    pid = tl.program_id(0)
    chunk = pid % CHUNKS
    groups = tl.num_programs(0) // CHUNKS
    cols = chunk * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    peers = tl.arange(0, CHUNKS)
    first = pid // CHUNKS
    x_next = tl.load(input_ptr + first.to(tl.int64) * input_row_stride + cols,
                     mask=mask & (first < n_rows), other=-float('inf'))
    for row in range(first, n_rows, groups):
        x = x_next.to(tl.float32)
        m = tl.max(x, axis=0)
        m_ref = tl.where(m > -float('inf'), m, 0.0)
        s = tl.sum(tl.exp(x - m_ref), axis=0)
        slot = stats_ptr + (row * CHUNKS + chunk) * 2
        tl.store(slot, m)
        tl.store(slot + 1, s)
        tl.debug_barrier()
        counter = count_ptr + row * COUNT_STRIDE
        ticket = tl.atomic_add(counter, 1, sem="release")
        target = ticket - ticket % CHUNKS + CHUNKS
        nxt = row + groups
        x_next = tl.load(input_ptr + nxt.to(tl.int64) * input_row_stride + cols,
                         mask=mask & (nxt < n_rows), other=-float('inf'))
        if POLL:
            while (tl.load(counter, volatile=True) - target).to(tl.int32) < 0:
                pass
            tl.atomic_add(counter, 0, sem="acquire")
            tl.debug_barrier()
        else:
            while (tl.atomic_add(counter, 0, sem="acquire") - target).to(tl.int32) < 0:
                pass
        ms = tl.load(stats_ptr + (row * CHUNKS + peers) * 2, cache_modifier=".cg")
        ss = tl.load(stats_ptr + (row * CHUNKS + peers) * 2 + 1, cache_modifier=".cg")
        row_max = tl.max(ms, axis=0)
        ref = tl.where(row_max > -float('inf'), row_max, 0.0)
        inv = 1.0 / tl.sum(ss * tl.exp(ms - ref), axis=0)
        y = tl.exp(x - ref) * inv
        tl.store(output_ptr + row.to(tl.int64) * output_row_stride + cols,
                 y.to(output_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")
