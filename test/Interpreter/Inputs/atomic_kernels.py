import triton
import triton.language as tl


@triton.jit
def histogram(x_ptr, bins_ptr, n, NBINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x % NBINS, 1, mask=mask)


@triton.jit
def ticket(counter_ptr, out_ptr):
    old = tl.atomic_add(counter_ptr, 1)
    tl.store(out_ptr + tl.program_id(0), old)


@triton.jit
def locked_sum(lock_ptr, acc_ptr, x_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * BLOCK + tl.arange(0, BLOCK))
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    acc = tl.load(acc_ptr + tl.arange(0, BLOCK))
    tl.store(acc_ptr + tl.arange(0, BLOCK), acc + x)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)


@triton.jit
def max_min(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_max(out_ptr + offs * 0, x, mask=mask)
    tl.atomic_min(out_ptr + 1 + offs * 0, x, mask=mask)


@triton.jit
def grid_barrier(count_ptr, out_ptr):
    # Every program waits until all have arrived: never, one at a time.
    tl.atomic_add(count_ptr, 1)
    while tl.atomic_add(count_ptr, 0) < tl.num_programs(0):
        pass
    tl.store(out_ptr + tl.program_id(0), 1)


@triton.jit
def bad_atomic(bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(bins_ptr + offs, 1, mask=offs < n + 1)
