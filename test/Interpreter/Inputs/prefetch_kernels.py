# Loops that tile-prefetch-loads rewrites (read-only bodies) and loops it
# must leave alone (stores, volatile loads). test/Interpreter/run_prefetch.test
# runs each with and without the pass; test/Transforms/prefetch-loads.test
# checks the IR.
import triton
import triton.language as tl


@triton.jit
def advance_ptrs(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # The pointers are an iteration argument the body advances.
    row = tl.program_id(0)
    ptrs = x_ptr + row * N + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, N, BLOCK):
        x = tl.load(ptrs, mask=k + tl.arange(0, BLOCK) < N, other=0.0)
        acc += x * x
        ptrs += BLOCK
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def gather_dot(idx_ptr, x_ptr, y_ptr, out_ptr, lo, hi, BLOCK: tl.constexpr):
    # Three loads: the index load and y are computable at the next
    # iteration; x's pointers come from the index load, so x is not.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(lo, hi, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        m = offs < hi
        idx = tl.load(idx_ptr + offs, mask=m, other=0)
        x = tl.load(x_ptr + idx + 100, mask=m, other=0.0)  # idx in [-100, 100)
        y = tl.load(y_ptr + offs, mask=m, other=0.0)
        acc += x * y
    tl.store(out_ptr + tl.program_id(0), tl.sum(acc, axis=0))


@triton.jit
def scale_rows(x_ptr, N, BLOCK: tl.constexpr):
    # Writes in the loop: not rewritten.
    row = tl.program_id(0)
    for k in range(0, N, BLOCK):
        offs = row * N + k + tl.arange(0, BLOCK)
        m = k + tl.arange(0, BLOCK) < N
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(x_ptr + offs, x * 2.0 + 1.0, mask=m)


@triton.jit
def poll_sum(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # A volatile load: not rewritten.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, N, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < N, other=0.0, volatile=True)
    tl.store(out_ptr, tl.sum(acc, axis=0))


@triton.jit
def chunk_sum(x_ptr, out_ptr, chunks, BLOCK: tl.constexpr):
    # No mask: only the loop's bound keeps the loads inside the buffer, so
    # the load of the iteration after the last must be masked off.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for c in range(chunks):
        acc += tl.load(x_ptr + c * BLOCK + tl.arange(0, BLOCK))
    tl.store(out_ptr, tl.sum(acc, axis=0))


@triton.jit
def poll_cv(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # A `.cv` load (don't cache, fetch again) is not rewritten either.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, N, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < N, other=0.0, cache_modifier=".cv")
    tl.store(out_ptr, tl.sum(acc, axis=0))
