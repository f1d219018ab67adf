# A variable bound to a number by an assignment (or a jit function's
# return) holds a scalar of Triton's type for it (bool i1; int i32, u32,
# i64 or u64 by range; float fp32), as Triton's code generator makes it a
# tensor there: what is computed from it wraps in 32 bits, `//` and `%`
# truncate, `~` of a bool is not, True + True is False, and it promotes a
# narrower tile (an i8 tile times k = 2 is i32, a bf16 tile times s = 0.5 is
# fp32). A `tl.constexpr` annotation keeps Python's number. Every expected
# value below is what Triton 3.6 folds the same source to.
# RUN: tilec %s --kernel scalars --signature "*i32, i32" --emit=tile | FileCheck %s
# CHECK: tile.store %arg0, %c-3_i32
# CHECK: tile.store %{{.*}}, %c-1_i32
# CHECK: tile.store %{{.*}}, %c-2147483648_i32
# CHECK: tile.store %{{.*}}, %c1_i32
# CHECK: tile.store %{{.*}}, %c0_i32
# CHECK: tile.store %{{.*}}, %c-184995328_i32
# CHECK: tile.store %{{.*}}, %c-3_i32
# CHECK: tile.store %{{.*}}, %c-4_i32
# CHECK: tile.store %{{.*}}, %c428571428_i32
# CHECK: tile.store %{{.*}}, %c-4_i32
# RUN: tilec %s --kernel promote --signature "*i8, *bf16, *i32, *fp32, 16" --emit=tile | FileCheck %s --check-prefix=PROMOTE
# PROMOTE: arith.muli %{{.*}}, %{{.*}} : tensor<16xi32>
# PROMOTE: arith.mulf %{{.*}}, %{{.*}} : tensor<16xf32>
# vLLM's sparse-MLA index conversion: `is_prefill = False`, replaced by a
# loaded mask only under a constexpr flag: ~is_prefill is True, the load
# masked by `valid` alone.
# RUN: tilec %s --kernel masked --signature "*i32, *i32, i32, 64, False" --emit=tile | FileCheck %s --check-prefix=MASKED
# MASKED: %[[VALID:.*]] = arith.cmpi slt
# MASKED: tile.load %{{.*}}, %[[VALID]], %{{.*}} : tensor<64x!tile.ptr<i32>>
import triton
import triton.language as tl


@triton.jit
def neg_seven():
    return -7


@triton.jit
def scalars(out, n):
    b = -7
    c = 2147483647
    f = False
    t = True
    h = 3
    tl.store(out + 0, b // 2)
    tl.store(out + 1, b % 3)
    tl.store(out + 2, c + 1)
    tl.store(out + 3, (~f).to(tl.int32))
    tl.store(out + 4, (t + t).to(tl.int32))
    tl.store(out + 5, (h * 1000000000) // 7)
    tl.store(out + 6, neg_seven() // 2)
    b2: tl.constexpr = -7
    tl.store(out + 7, b2 // 2)
    u = 3000000000
    tl.store(out + 8, (u // 7).to(tl.int32))
    tl.store(out + 9, -7 // 2)


@triton.jit
def promote(x_ptr, y_ptr, out_ptr, o_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    k = 2
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x * k)
    s = 0.5
    y = tl.load(y_ptr + offs)
    tl.store(o_ptr + offs, y * s)


@triton.jit
def masked(p, q, n, B: tl.constexpr, HAS_PREFILL: tl.constexpr):
    o = tl.arange(0, B)
    valid = o < n
    is_prefill = False
    if HAS_PREFILL:
        is_prefill = tl.load(q + o) >= 0
    x = tl.load(p + o, mask=valid & ~is_prefill, other=0)
    tl.store(p + o, x + 1, mask=valid)
