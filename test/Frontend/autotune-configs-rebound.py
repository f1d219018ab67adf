# A module-level constant rebound in terms of itself reads the binding it
# replaces, as in Python (torchao's int8_mm: `configs = [(...), ...]`, then
# `configs = [triton.Config(dict(BLOCK=b), num_stages=s, num_warps=w) for
# b, s, w in configs]`); dict(k=v) is the dict of its keyword arguments.
# RUN: tilec --list-configs %s | FileCheck %s
# CHECK: copy_kernel: 2 configs, key [n]
# CHECK-NEXT: 0: BLOCK=64, num_warps=4, num_stages=3
# CHECK-NEXT: 1: BLOCK=128, num_warps=8, num_stages=2
# RUN: tilec %s --kernel k --signature "*i32:16" --emit=tile | FileCheck %s --check-prefix=SCALE
# SCALE: arith.constant 6 : i32
import triton
import triton.language as tl

configs = [(64, 3, 4), (128, 2, 8)]
configs = [triton.Config(dict(BLOCK=b), num_stages=s, num_warps=w) for b, s, w in configs]

SCALE = 2
SCALE = SCALE * 3


@triton.autotune(configs=configs, key=["n"])
@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def k(out):
    tl.store(out, SCALE)
