# Random numbers at 64-bit offsets (torchao's stochastic rounding keeps
# `(idx.to(tl.uint64) << 32) | base` as the Philox offset): run_rand64.test.
import triton
import triton.language as tl


@triton.jit
def rand64(seed_ptr, ints_ptr, floats_ptr, B: tl.constexpr):
    seed = tl.load(seed_ptr)
    idx = tl.arange(0, B)
    offset = (idx.to(tl.uint64) << 32) | 7
    tl.store(ints_ptr + idx, tl.randint(seed, offset))
    signed = idx.to(tl.int64) * -3000000000
    tl.store(ints_ptr + B + idx, tl.randint(seed, signed))
    tl.store(floats_ptr + idx, tl.rand(seed, offset))
