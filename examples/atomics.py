# Atomics: small kernels around tl.atomic_add / max / min / and / or / xor /
# xchg / cas and tl.debug_barrier, each checked on the GPU by tilec-gpu-test
# against a CPU computation (integers and max/min exactly, float sums within
# a bound from the number of terms).
# Every tl.atomic_* returns the values in memory before the operation (masked-
# off lanes return 0); sem defaults to "acq_rel" and scope to "gpu". A scalar
# pointer is accessed once per program, a tile of pointers once per element
# (by one thread, even where the tile is smaller than the CTA and its
# elements are replicated over threads). The order in which programs (and the
# lanes of one tile) reach one address is not defined: the old values of a
# contended address come out in any order, only their set is known.
# None of these kernels needs its programs to be resident at the same time
# (the spin lock is held by a running program); they run on the interpreter
# too, programs one after another.
import triton
import triton.language as tl


# Histogram of int32 data: bin x % NBINS (x >= 0) of every element counted
# with one tile atomic_add of 1; the tail of the last program masked. The
# counts are added to what bins_ptr holds (zero it for a plain histogram).
# Launch: grid = (cdiv(n, BLOCK),); bins_ptr: NBINS int32; x >= 0.
# tilec: --kernel histogram_kernel --signature "*i32:16, *i32:16, i32, 16, 1024" --num-warps 4
@triton.jit
def histogram_kernel(x_ptr, bins_ptr, n, NBINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x % NBINS, 1, mask=mask)


# A ticket counter: each program takes the next value of *counter_ptr with a
# scalar atomic_add (done once per program, its old value handed to every
# thread) and stores it at out[program_id]. After a grid of G programs from
# counter c, out holds c .. c + G - 1 in some order and *counter_ptr c + G.
# Launch: grid = (G,); out_ptr: G int32.
# tilec: --kernel ticket_kernel --signature "*i32:16, *i32:16" --num-warps 4
@triton.jit
def ticket_kernel(counter_ptr, out_ptr):
    ticket = tl.atomic_add(counter_ptr, 1)
    tl.store(out_ptr + tl.program_id(0), ticket)


# Float (or integer) sums into a small output: element i of x is added to
# out[i % NOUT] with a tile atomic_add (NOUT = 1: every lane of every program
# on one address). Any dtype atomic_add supports: fp32, fp64, fp16, bf16
# (sm_90), i32/i64/u32/u64.
# Launch: grid = (cdiv(n, BLOCK),); out_ptr: NOUT elements, the sums are
# added to what it holds.
# tilec: --kernel accumulate_kernel --signature "*fp32:16, *fp32:16, i32, 64, 1024" --num-warps 4
@triton.jit
def accumulate_kernel(x_ptr, out_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_add(out_ptr + offs % NOUT, x, mask=mask)


# Running maximum and minimum: out[j] = max(out[j], x[i]) and out[NOUT + j] =
# min(out[NOUT + j], x[i]) for every i with i % NOUT == j. fp32/fp64 (negative
# values, -0 below +0), i32/i64 (signed), u32/u64 (unsigned: tl.atomic_max on
# an unsigned pointee is umax).
# Launch: grid = (cdiv(n, BLOCK),); out_ptr: 2 * NOUT elements.
# tilec: --kernel max_min_kernel --signature "*fp32:16, *fp32:16, i32, 64, 1024" --num-warps 4
@triton.jit
def max_min_kernel(x_ptr, out_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    slot = offs % NOUT
    tl.atomic_max(out_ptr + slot, x, mask=mask)
    tl.atomic_min(out_ptr + NOUT + slot, x, mask=mask)


# Bitwise accumulation over 32/64-bit integers: out[j] &= ~x[i],
# out[NOUT + j] |= x[i], out[2 * NOUT + j] ^= x[i] for i % NOUT == j (with
# x of a few set bits, each of the three keeps changing).
# Launch: grid = (cdiv(n, BLOCK),); out_ptr: 3 * NOUT elements.
# tilec: --kernel bitwise_kernel --signature "*i32:16, *i32:16, i32, 64, 1024" --num-warps 4
@triton.jit
def bitwise_kernel(x_ptr, out_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    slot = offs % NOUT
    tl.atomic_and(out_ptr + slot, ~x, mask=mask)
    tl.atomic_or(out_ptr + NOUT + slot, x, mask=mask)
    tl.atomic_xor(out_ptr + 2 * NOUT + slot, x, mask=mask)


# Exchange: x[i] is swapped into out[i % NOUT] and the value it replaced is
# stored at old[i]. With NOUT >= n each slot is swapped once (old = its
# initial value, out = x); with fewer slots the swaps of one slot form a
# chain: its initial value, then each x in the order the swaps happened, the
# last one left in out. i32/i64/fp32/fp64.
# Launch: grid = (cdiv(n, BLOCK),); out_ptr: NOUT elements, old_ptr: n.
# tilec: --kernel xchg_kernel --signature "*i32:16, *i32:16, *i32:16, i32, 1024, 1024" --num-warps 4
@triton.jit
def xchg_kernel(x_ptr, out_ptr, old_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    old = tl.atomic_xchg(out_ptr + offs % NOUT, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)


# A spin lock around a read-modify-write, Triton's layer-norm backward idiom
# (the partial dw/db sums): program p adds its row of x (n_cols elements) to
# row p % GROUPS of acc. GROUPS locks at lock_ptr[0 .. GROUPS), a "written"
# flag per group at lock_ptr[GROUPS + g]: the first program of a group stores
# its row, the others load, add and store. The lock is taken with atomic_cas
# (one thread spins; the others wait for its result), tl.debug_barrier()
# makes every thread's store happen before atomic_xchg releases it. Without
# the lock (or with a broken one) updates are lost. The flag is read and set
# by one atomic_xchg, whose old value every thread gets: the tutorial's
# `if tl.load(Count) == 0: tl.atomic_xchg(Count, 1)` lets a thread that
# loads the flag after another thread set it take the other branch (a race
# that compute-sanitizer's racecheck scheduling exposed here).
# Launch: grid = (P,); lock_ptr: 2 * GROUPS int32 zeros (all locks free and
# 1 for every group that had a program afterwards); acc_ptr: GROUPS * n_cols
# (need not be initialized); BLOCK >= n_cols.
# tilec: --kernel locked_accumulate_kernel --signature "*i32:16, *fp32:16, *fp32:16, i32, 4, 1024" --num-warps 4
@triton.jit
def locked_accumulate_kernel(lock_ptr, acc_ptr, x_ptr, n_cols, GROUPS: tl.constexpr,
                             BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    group = pid % GROUPS
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + pid * n_cols + cols, mask=mask, other=0)
    lock = lock_ptr + group
    written = lock_ptr + GROUPS + group
    acc_ptrs = acc_ptr + group * n_cols + cols
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.atomic_xchg(written, 1) != 0:
        x += tl.load(acc_ptrs, mask=mask)
    tl.store(acc_ptrs, x, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


# A tile atomic on a tile smaller than the CTA (16 elements, 4 warps: each
# element is held by several threads, and only one of them may do its
# atomic): program p adds j + 1 to counter[p * stride + j] for the lanes j <
# n_valid and stores the old values at old[p * BLOCK + j] (masked-off lanes:
# 0), so every holder of an element must get the one old value. stride =
# BLOCK: each program has its own counters (old = what was there); stride =
# 0: all programs on the same BLOCK counters (the old values of lane j are
# the initial value + (j + 1) * t for t = 0 .. P - 1, in some order).
# Launch: grid = (P,); counter_ptr: BLOCK (stride 0) or P * stride; old_ptr:
# P * BLOCK.
# tilec: --kernel small_tile_kernel --signature "*i32:16, *i32:16, i32, i32, 16" --num-warps 4
@triton.jit
def small_tile_kernel(counter_ptr, old_ptr, stride, n_valid, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_add(counter_ptr + pid * stride + offs, offs + 1, mask=offs < n_valid)
    tl.store(old_ptr + pid * BLOCK + offs, old)
