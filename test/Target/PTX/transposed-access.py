# Loads and stores whose pointers are contiguous along the layout's slower
# dimension go along that dimension. Such a load (a tile given transposed
# by its strides) is made in the layout with that
# dimension fastest, 16 bytes a thread, whatever its users: a staging buffer
# takes it as it is, other users get it converted back (one conversion
# through shared memory instead of 2-byte loads whose lanes each touch
# another line), and a conversion that two such loads feed into an
# elementwise op and a reduction moves below them and disappears.
#
# state_grad: h and dh [V, K] with V contiguous (fla's chunk_o backward
# loads its states so); h is a dot operand and, with dh, summed.
# RUN: tilec %s --kernel state_grad --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, 64, 64, 64" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=STATE
# STATE-DAG: #[[T:.*]] = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
# STATE-DAG: #[[SL:.*]] = #tilegpu.slice<{dim = 1, parent = #[[T]]}>
# STATE: %[[H:.*]] = tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<bf16>, #[[T]]>
# STATE: %[[DH:.*]] = tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<bf16>, #[[T]]>
# STATE: tilegpu.local_alloc %[[H]] : tensor<64x64xbf16, #[[T]]>
# STATE-NOT: tilegpu.convert_layout {{.*}}#[[T]]>
# STATE: %[[P:.*]] = arith.mulf %[[H]], %[[DH]] : tensor<64x64xbf16, #[[T]]>
# STATE: %[[PW:.*]] = arith.extf %[[P]] : tensor<64x64xbf16, #[[T]]> to tensor<64x64xf32, #[[T]]>
# STATE: %[[R:.*]] = tile.reduce sum %[[PW]] {axis = 1 : i32} : tensor<64x64xf32, #[[T]]> -> tensor<64xf32, #[[SL]]>
# STATE: tile.reduce sum %[[R]] {axis = 0 : i32} : tensor<64xf32, #[[SL]]> -> f32
# RUN: tilec %s --kernel state_grad --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, 64, 64, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.state.ptx
# RUN: FileCheck %s --check-prefix=STATEPTX < %t.state.ptx
# STATEPTX-COUNT-12: ld.global.v4.b32
# STATEPTX-NOT: ld.global.b16
#
# transpose: read column-major, written row-major. The load is 16-byte
# along columns, converted once to the store's layout, stored 16 bytes a
# thread (it was 2-byte loads before).
# RUN: tilec %s --kernel transpose --signature "*fp16:16, *fp16:16, 64, 128" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=TR
# TR-DAG: #[[ROW:.*]] = #tilegpu.blocked<{{.*}}order = [1, 0]}>
# TR-DAG: #[[COL:.*]] = #tilegpu.blocked<{{.*}}order = [0, 1]}>
# TR: %[[X:.*]] = tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x128x!tile.ptr<f16>, #[[COL]]>
# TR: %[[Y:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x128xf16, #[[COL]]> -> tensor<64x128xf16, #[[ROW]]>
# TR: tile.store {{.*}}, %[[Y]] {tilegpu.vector = 8 : i32} : tensor<64x128x!tile.ptr<f16>, #[[ROW]]>
#
# store_transposed: a row-major tile stored column-major. The store gets the
# column-major layout, 16 bytes a thread, its pointers recomputed there and
# its value converted (tilegpu-store-layouts; Liger's MoE dW2 stored its
# [i, h] accumulator transposed 2 bytes a thread before).
# RUN: tilec %s --kernel store_transposed --signature "*fp16:16, *fp16:16, 64, 128" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=ST
# ST-DAG: #[[ROW:.*]] = #tilegpu.blocked<{{.*}}order = [1, 0]}>
# ST-DAG: #[[COL:.*]] = #tilegpu.blocked<{{.*}}order = [0, 1]}>
# ST: %[[X:.*]] = tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x128x!tile.ptr<f16>, #[[ROW]]>
# ST: %[[Y:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x128xf16, #[[ROW]]> -> tensor<64x128xf16, #[[COL]]>
# ST: %[[Z:.*]] = arith.mulf %[[Y]], %{{.*}} : tensor<64x128xf16, #[[COL]]>
# ST: tile.store {{.*}}, %[[Z]] {tilegpu.vector = 8 : i32} : tensor<64x128x!tile.ptr<f16>, #[[COL]]>
# RUN: tilec %s --kernel store_transposed --signature "*fp16:16, *fp16:16, 64, 128" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=STPTX
# STPTX-COUNT-4: st.global.v4.b32
# STPTX-NOT: st.global.b16
import triton
import triton.language as tl


@triton.jit
def state_grad(h_ptr, dh_ptr, do_ptr, dq_ptr, out_ptr, V: tl.constexpr, K: tl.constexpr,
               T: tl.constexpr):
    o_v = tl.arange(0, V)
    o_k = tl.arange(0, K)
    o_t = tl.arange(0, T)
    b_h = tl.load(h_ptr + o_v[:, None] + o_k[None, :] * V)
    b_dh = tl.load(dh_ptr + o_v[:, None] + o_k[None, :] * V)
    b_do = tl.load(do_ptr + o_t[:, None] * V + o_v[None, :])
    b_dq = tl.dot(b_do, b_h)
    tl.store(dq_ptr + o_t[:, None] * K + o_k[None, :], b_dq)
    tl.store(out_ptr, tl.sum(b_h * b_dh))


@triton.jit
def transpose(src, dst, M: tl.constexpr, N: tl.constexpr):
    r = tl.arange(0, M)
    c = tl.arange(0, N)
    x = tl.load(src + r[:, None] + c[None, :] * M)
    tl.store(dst + r[:, None] * N + c[None, :], x)


@triton.jit
def store_transposed(src, dst, M: tl.constexpr, N: tl.constexpr):
    r = tl.arange(0, M)
    c = tl.arange(0, N)
    x = tl.load(src + r[:, None] * N + c[None, :])
    tl.store(dst + r[:, None] + c[None, :] * M, x * 2)
