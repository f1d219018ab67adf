# Checks keyword arguments bound by Triton's parameter names, in any order, mixed with
# positional ones (tl.load(pointer=..., other=..., mask=...), tl.sum(input=..., axis=...)).
# RUN: tilec %s --kernel kw_kernel --signature "*fp32:16, i32" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def kw_kernel(ptr, n):
    offs = tl.arange(start=0, end=128)
    x = tl.load(other=1.0, mask=offs < n, pointer=ptr + offs)
    s = tl.sum(axis=0, input=x)
    tl.store(ptr + offs, value=x * s, mask=offs < n)


# CHECK-LABEL: func.func @kw_kernel
# CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[R:.*]] = tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : tensor<128xi32>
# CHECK: %[[PT:.*]] = tile.addptr %{{.*}}, %[[R]]
# CHECK: %[[X:.*]] = tile.load %[[PT]], %[[M]], %[[ONE]] : tensor<128x!tile.ptr<f32>>
# CHECK: %[[S:.*]] = tile.reduce sum %[[X]] {axis = 0 : i32} : tensor<128xf32> -> f32
# CHECK: %[[V:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<128xf32>
# CHECK: tile.store %[[PT]], %[[V]], %[[M]] : tensor<128x!tile.ptr<f32>>
