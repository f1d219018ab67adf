# Experiment: variants of examples/softmax_long.py's softmax_long_split_kernel.
#   PREFETCH: the next row's chunk is loaded before the wait (in flight
#             during the wait, the combination and the store);
#   POLL:     0 = poll with acquire atomics (the example), 1 = poll with
#             volatile loads by every thread, then one acquire atomic.
import triton
import triton.language as tl


@triton.jit
def softmax_split_kernel(output_ptr, input_ptr, stats_ptr, count_ptr, input_row_stride,
                         output_row_stride, n_cols, n_rows, CHUNKS: tl.constexpr,
                         BLOCK_SIZE: tl.constexpr, PREFETCH: tl.constexpr, POLL: tl.constexpr):
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
        if PREFETCH:
            x = x_next.to(tl.float32)
        else:
            x = tl.load(input_ptr + row.to(tl.int64) * input_row_stride + cols, mask=mask,
                        other=-float('inf')).to(tl.float32)
        m = tl.max(x, axis=0)
        m_ref = tl.where(m > -float('inf'), m, 0.0)
        s = tl.sum(tl.exp(x - m_ref), axis=0)
        slot = stats_ptr + (row * CHUNKS + chunk) * 2
        tl.store(slot, m)
        tl.store(slot + 1, s)
        tl.debug_barrier()
        tl.atomic_add(count_ptr + row, 1, sem="release")
        if PREFETCH:
            nxt = row + groups
            x_next = tl.load(input_ptr + nxt.to(tl.int64) * input_row_stride + cols,
                             mask=mask & (nxt < n_rows), other=-float('inf'))
        if POLL:
            while tl.load(count_ptr + row, volatile=True) < CHUNKS:
                pass
            tl.atomic_add(count_ptr + row, 0, sem="acquire")
            # thread 0's acquire, then every thread (an unused result has no
            # broadcast, hence no barrier of its own; measured before this fix)
            tl.debug_barrier()
        else:
            while tl.atomic_add(count_ptr + row, 0, sem="acquire") < CHUNKS:
                pass
        ms = tl.load(stats_ptr + (row * CHUNKS + peers) * 2, cache_modifier=".cg")
        ss = tl.load(stats_ptr + (row * CHUNKS + peers) * 2 + 1, cache_modifier=".cg")
        row_max = tl.max(ms, axis=0)
        ref = tl.where(row_max > -float('inf'), row_max, 0.0)
        inv = 1.0 / tl.sum(ss * tl.exp(ms - ref), axis=0)
        y = tl.exp(x - ref) * inv
        tl.store(output_ptr + row.to(tl.int64) * output_row_stride + cols,
                 y.to(output_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")
        if tl.atomic_add(count_ptr + row, 1, sem="relaxed") == 2 * CHUNKS - 1:
            tl.atomic_xchg(count_ptr + row, 0, sem="relaxed")
