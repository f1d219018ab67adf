# isinstance() in jit functions, decided at compile time as Triton's code
# generator decides it: a helper that takes a host tensor descriptor or a
# pointer (Triton's fused-attention tutorial) returns the descriptor as it
# is, or makes one; only the branch taken is compiled. Tests against
# tl.tensor, tl.tuple, tl.constexpr and a tuple of classes.
# RUN: tilec %s --kernel desc --signature "tensordesc<fp16[16, 16]>, *fp16:16" --emit=tile -o - | FileCheck %s --check-prefix=DESC
# RUN: tilec %s --kernel desc --signature "*fp16:16, *fp16:16" --emit=tile -o - | FileCheck %s --check-prefix=PTR
# RUN: tilec %s --kernel kinds --signature "*i32:16, 8" --emit=tile -o - | FileCheck %s --check-prefix=KINDS
# RUN: not tilec %s --kernel bad --signature "*i32:16" 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not tilec %s --kernel construct --signature "*i32:16" 2>&1 | FileCheck %s --check-prefix=CONSTRUCT
import triton
import triton.language as tl


@triton.jit
def _maybe_desc(desc_or_ptr, shape, strides, block_shape):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@triton.jit
def desc(x, out):
    d = _maybe_desc(x, shape=[64, 64], strides=[64, 1], block_shape=[16, 16])
    tile = d.load([16, 0])
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    tl.store(out + offs, tile)

# A host descriptor: its pointer, shape and strides are the kernel's own
# arguments (no descriptor is made from a pointer and constants).
# DESC: func.func @desc(%arg0: !tile.ptr<f16>{{.*}}, %arg1: i32, %arg2: i32, %arg3: i64{{.*}}, %arg4: i64, %arg5: !tile.ptr<f16>
# DESC-NOT: arith.constant 4096
# A pointer: the descriptor of shape [64, 64] the helper makes.
# PTR: func.func @desc(%arg0: !tile.ptr<f16>{{.*}}, %arg1: !tile.ptr<f16>
# PTR: arith.constant {{.*}}64


@triton.jit
def kinds(out, N: tl.constexpr):
    x = tl.arange(0, N)
    t = (x, x)
    a = isinstance(x, tl.tensor)
    b = isinstance(t, tl.tuple)
    c = isinstance(N, tl.constexpr)
    d = isinstance(N, tl.tensor)
    e = isinstance(t, (tl.tensor, tl.tuple))
    tl.store(out + tl.arange(0, 8), tl.full([8], a * 16 + b * 8 + c * 4 + d * 2 + e, tl.int32))

# 16 + 8 + 4 + 0 + 1 = 29, all decided at compile time.
# KINDS: arith.constant dense<29> : tensor<8xi32>


@triton.jit
def bad(out):
    if isinstance(out, int):
        tl.store(out, 1)

# BAD: isinstance.py:[[@LINE-3]]:8: error: isinstance() in a jit function tests against tl.tensor, tl.tensor_descriptor, tl.tuple or tl.constexpr (or a tuple of them), got


@triton.jit
def construct(out):
    t = tl.tensor_descriptor()
    tl.store(out, 1)

# CONSTRUCT: isinstance.py:[[@LINE-3]]:12: error: tl.tensor_descriptor() is a class of triton.language that jit functions test with isinstance(), not one they construct
