# Checks pointers to integer types: *i32 / *i8 / *i16 / *u8 signatures give !tile.ptr<i32>,
# !tile.ptr<i8>, ..., and loads/stores through them move those element types.
# RUN: tilec %s --kernel ip --signature "*i32:16, *i8, *i16, *u8" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def ip(a, b, c, d):
    offs = tl.arange(0, 16)
    x = tl.load(a + offs)
    tl.store(b + offs, x)
    tl.store(c + offs, x)
    tl.store(d + offs, tl.argmax(tl.load(b + offs), axis=0))


# CHECK-LABEL: func.func @ip
# CHECK-SAME: (%{{.*}}: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %{{.*}}: !tile.ptr<i8>, %{{.*}}: !tile.ptr<i16>, %{{.*}}: !tile.ptr<i8>)
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i32>>
# CHECK: %[[T8:.*]] = arith.trunci %[[X]] : tensor<16xi32> to tensor<16xi8>
# CHECK: tile.store %{{.*}}, %[[T8]] : tensor<16x!tile.ptr<i8>>
# CHECK: %[[T16:.*]] = arith.trunci %[[X]] : tensor<16xi32> to tensor<16xi16>
# CHECK: tile.store %{{.*}}, %[[T16]] : tensor<16x!tile.ptr<i16>>
# CHECK: %[[L:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: tile.reduce argmax %[[L]] {axis = 0 : i32} : tensor<16xi8> -> i32
