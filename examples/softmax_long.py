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



# The faster pattern: a persistent grid that keeps the rows in flight in L2.
# One program per SM (grid = (min(n_rows, SM count),), e.g. torch's
# get_device_properties().multi_processor_count); each walks the rows
# row_idx = program_id, program_id + num_programs, ... Compared with the
# kernel above:
#   - the second read of a row hits L2 while the SMs' rows in flight fit it
#     (132 rows of 256 KB, fp32 x 65536, on the H200's 60 MB);
#   - pass 1 keeps one running maximum per chunk (tl.max of the chunk)
#     instead of one per lane, so each element costs one exp instead of two,
#     and pass 2 multiplies by 1 / sum instead of dividing: half the MUFU
#     work, which bounds bf16 rows;
#   - the next chunk's load is issued before this chunk is reduced (x_next),
#     so a load is in flight during the chunk's reduction barrier; past the
#     row's end the load is fully masked and reads nothing;
#   - eviction_policy evict_last on the first read and evict_first on the
#     second, and cache_modifier ".cs" (streaming) on the output store, so
#     the output does not push the rows out of L2.
# Launch: BLOCK_SIZE = 16384, num_warps = 32, any n_rows, n_cols >= 1, any
#         dtype of x/y (the arithmetic is fp32). Entries of -inf count as
#         zero weight, as in torch.softmax (a row of only -inf gives NaN).
# tilec: --kernel softmax_long_persistent_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, 16384" --num-warps 32
@triton.jit
def softmax_long_persistent_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
                                   n_cols, n_rows, BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE)
    for row_idx in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        # 64-bit row offsets: n_rows * stride may pass 2^31 elements
        in_row = input_ptr + row_idx.to(tl.int64) * input_row_stride
        out_row = output_ptr + row_idx.to(tl.int64) * output_row_stride
        # pass 1: running maximum m (a scalar) and per-lane sums of exp(x - m)
        m = -float('inf')
        s = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
        x_next = tl.load(in_row + offsets, mask=offsets < n_cols, other=-float('inf'),
                         eviction_policy="evict_last")
        for start in range(BLOCK_SIZE, n_cols + BLOCK_SIZE, BLOCK_SIZE):
            x = x_next.to(tl.float32)
            cols = start + offsets
            x_next = tl.load(in_row + cols, mask=cols < n_cols, other=-float('inf'),
                             eviction_policy="evict_last")
            m_new = tl.maximum(m, tl.max(x, axis=0))
            # while the row has shown only -inf (padding, masked scores),
            # subtract 0 rather than -inf: s stays 0 instead of NaN
            m_ref = tl.where(m_new > -float('inf'), m_new, 0.0)
            s = s * tl.exp(m - m_ref) + tl.exp(x - m_ref)
            m = m_new
        inv = 1.0 / tl.sum(s, axis=0)
        # pass 2: the row again (from L2 while it fits), normalized
        for start in range(0, n_cols, BLOCK_SIZE):
            cols = start + offsets
            x = tl.load(in_row + cols, mask=cols < n_cols, other=-float('inf'),
                        eviction_policy="evict_first").to(tl.float32)
            y = tl.exp(x - m) * inv
            tl.store(out_row + cols, y.to(output_ptr.dtype.element_ty), mask=cols < n_cols,
                     cache_modifier=".cs")


# Rows read once: each row split over CHUNKS programs that exchange their
# partial results through global memory (atomics on a counter a row). A
# chunk (BLOCK_SIZE columns) stays in registers while its program waits for
# the row's other chunks, so the row crosses DRAM once each way, however
# long it is (the persistent kernel above reads it twice once the rows in
# flight exceed L2). Program p takes chunk p % CHUNKS of the rows p //
# CHUNKS, p // CHUNKS + G, ... (G = num_programs / CHUNKS groups); for each:
#   1. m = max of its chunk, s = sum of exp(x - m); (m, s) to its slot of
#      stats_ptr (2 * CHUNKS fp32 a row);
#   2. tl.debug_barrier() (every thread's stores ordered before what
#      follows), then one release atomic_add on count_ptr[row], which returns
#      its ticket; the next row's chunk is loaded (in flight while it waits);
#      then it polls count_ptr[row] with acquire atomics until the row's
#      CHUNKS tickets of this launch are taken (the counter only grows: each
#      launch adds CHUNKS a row, and uint32 arithmetic wraps consistently
#      because CHUNKS is a power of two, so it is never reset);
#   3. reads the row's CHUNKS (m, s), combines them (max M, total
#      sum s_j * exp(m_j - M)) and writes exp(x - M) / total of its chunk.
# Launch: every program must be resident on the GPU at once (the programs
# of a row wait for one another): grid = a multiple of CHUNKS at most
# (SM count) x (CTAs an SM holds), e.g. 128 programs of 32 warps on the
# H200's 132 SMs; CHUNKS a power of two, n_cols <= CHUNKS * BLOCK_SIZE;
# stats_ptr: n_rows * CHUNKS * 2 fp32; count_ptr: n_rows uint32, zeroed once
# before the first launch (any values that are multiples of CHUNKS will
# do). Needs the GPU (the interpreter runs programs one at a time, so a
# program never sees its row's others). Entries of -inf weigh zero, as in
# torch.softmax (a row of only -inf gives NaN).
# tilec: --kernel softmax_long_split_kernel --signature "*fp32:16, *fp32:16, *fp32:16, *u32:16, i32:16, i32:16, i32:16, i32, 8, 16384" --num-warps 32
@triton.jit
def softmax_long_split_kernel(output_ptr, input_ptr, stats_ptr, count_ptr, input_row_stride,
                              output_row_stride, n_cols, n_rows, CHUNKS: tl.constexpr,
                              BLOCK_SIZE: tl.constexpr):
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
        # a chunk of only -inf (or past the row's end): weight 0, not NaN
        m_ref = tl.where(m > -float('inf'), m, 0.0)
        s = tl.sum(tl.exp(x - m_ref), axis=0)
        slot = stats_ptr + (row * CHUNKS + chunk) * 2
        tl.store(slot, m)
        tl.store(slot + 1, s)
        tl.debug_barrier()
        ticket = tl.atomic_add(count_ptr + row, 1, sem="release")
        target = ticket - ticket % CHUNKS + CHUNKS
        nxt = row + groups
        x_next = tl.load(input_ptr + nxt.to(tl.int64) * input_row_stride + cols,
                         mask=mask & (nxt < n_rows), other=-float('inf'))
        while (tl.atomic_add(count_ptr + row, 0, sem="acquire") - target).to(tl.int32) < 0:
            pass
        ms = tl.load(stats_ptr + (row * CHUNKS + peers) * 2, cache_modifier=".cg")
        ss = tl.load(stats_ptr + (row * CHUNKS + peers) * 2 + 1, cache_modifier=".cg")
        row_max = tl.max(ms, axis=0)
        ref = tl.where(row_max > -float('inf'), row_max, 0.0)
        inv = 1.0 / tl.sum(ss * tl.exp(ms - ref), axis=0)
        y = tl.exp(x - ref) * inv
        tl.store(output_ptr + row.to(tl.int64) * output_row_stride + cols,
                 y.to(output_ptr.dtype.element_ty), mask=mask, cache_modifier=".cs")
