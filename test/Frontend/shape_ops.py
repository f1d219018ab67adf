# Checks the shape builtins: tl.reshape (tuple and varargs), tl.view, tl.trans (2-D and with
# dims), x.T, tl.permute, tl.broadcast_to, tl.broadcast (pair), tl.expand_dims (one axis,
# negative axis, tuple of axes) and tl.ravel (can_reorder=True keeps the order).
# RUN: tilec %s --kernel sh --signature "*fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def sh(p):
    offs = tl.arange(0, 64)
    x = tl.load(p + offs)
    a = tl.reshape(x, (8, 8))
    b = tl.reshape(x, 4, 16)
    c = tl.view(x, (2, 32))
    d = tl.trans(b)
    e = b.T
    f = tl.reshape(x, (2, 4, 8))
    g = tl.permute(f, (2, 0, 1))
    h = tl.trans(f, 1, 0, 2)
    v = tl.arange(0, 8)
    bt = tl.broadcast_to(v[None, :], (4, 8))
    l, r = tl.broadcast(v[:, None], v[None, :])
    ed = tl.expand_dims(v, 0)
    en = tl.expand_dims(v, -1)
    et = tl.expand_dims(v, (0, 2))
    tl.store(p + offs, tl.ravel(a) + tl.ravel(d) + tl.ravel(e) + tl.ravel(c) + tl.ravel(g) + tl.ravel(h))
    tl.store(p + tl.ravel(l + r), 1.0)
    tl.store(p + tl.ravel(bt, can_reorder=True), 2.0)
    tl.store(p + ed + en + et, 3.0)


# CHECK-LABEL: func.func @sh
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[A:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<8x8xf32>
# CHECK: %[[B:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<4x16xf32>
# CHECK: %[[C:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<2x32xf32>
# CHECK: %[[D:.*]] = tile.trans %[[B]] {order = array<i32: 1, 0>} : tensor<4x16xf32> -> tensor<16x4xf32>
# CHECK: %[[E:.*]] = tile.trans %[[B]] {order = array<i32: 1, 0>} : tensor<4x16xf32> -> tensor<16x4xf32>
# CHECK: %[[F:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<2x4x8xf32>
# CHECK: %[[G:.*]] = tile.trans %[[F]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
# CHECK: %[[H:.*]] = tile.trans %[[F]] {order = array<i32: 1, 0, 2>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
# CHECK: %[[V:.*]] = tile.make_range 0 to 8 : tensor<8xi32>
# broadcast_to
# CHECK: %[[V0:.*]] = tile.expand_dims %[[V]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: %[[BT:.*]] = tile.broadcast %[[V0]] : tensor<1x8xi32> -> tensor<4x8xi32>
# broadcast(pair)
# CHECK: %[[VC:.*]] = tile.expand_dims %[[V]] {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
# CHECK: %[[VR:.*]] = tile.expand_dims %[[V]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: %[[L:.*]] = tile.broadcast %[[VC]] : tensor<8x1xi32> -> tensor<8x8xi32>
# CHECK: %[[RR:.*]] = tile.broadcast %[[VR]] : tensor<1x8xi32> -> tensor<8x8xi32>
# expand_dims(v, 0), (v, -1), (v, (0, 2))
# CHECK: tile.expand_dims %[[V]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: tile.expand_dims %[[V]] {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
# CHECK: %[[ET0:.*]] = tile.expand_dims %[[V]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: tile.expand_dims %[[ET0]] {axis = 2 : i32} : tensor<1x8xi32> -> tensor<1x8x1xi32>
# ravel
# CHECK: tile.reshape %[[A]] : tensor<8x8xf32> -> tensor<64xf32>
# CHECK: tile.reshape %[[D]] : tensor<16x4xf32> -> tensor<64xf32>
# CHECK: tile.reshape %[[G]] : tensor<8x2x4xf32> -> tensor<64xf32>
# CHECK: %[[LR:.*]] = arith.addi %[[L]], %[[RR]] : tensor<8x8xi32>
# CHECK: tile.reshape %[[LR]] : tensor<8x8xi32> -> tensor<64xi32>
# CHECK: tile.reshape %[[BT]] : tensor<4x8xi32> -> tensor<32xi32>
# CHECK: tile.store %{{.*}}, %{{.*}} : tensor<1x8x8x!tile.ptr<f32>>
