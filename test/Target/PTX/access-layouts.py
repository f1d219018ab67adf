# Stores and atomic updates write whole 32-byte sectors: an fp32 value made
# from a bf16 load sits 8 floats a thread in the load's layout, where each
# 16-byte instruction would write half of every sector its warp touches.
# tilegpu-store-layouts gives the store (and the atomic add whose old
# values nobody reads) a layout of 4 floats a thread and converts the value
# through shared memory first, as Triton's coalescing does.
# RUN: tilec %s --kernel widen_store --signature "*bf16:16, *fp32:16, i32:16, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=STORE-IR
# STORE-IR-DAG: #[[L8:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
# STORE-IR-DAG: #[[L4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
# STORE-IR: tile.load {{.*}} : tensor<1024x!tile.ptr<bf16>, #[[L8]]>
# STORE-IR: %[[V:.*]] = tilegpu.convert_layout %{{.*}} : tensor<1024xf32, #[[L8]]> -> tensor<1024xf32, #[[L4]]>
# STORE-IR: tile.store %{{.*}}, %[[V]], %{{.*}} {{.*}}tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[L4]]>
# RUN: tilec %s --kernel widen_store --signature "*bf16:16, *fp32:16, i32:16, 1024" --num-warps 4 --emit=ptx -o %t.store.ptx
# RUN: FileCheck %s --check-prefix=STORE < %t.store.ptx
# STORE: ld.global.v4.b32
# STORE: st.shared.v4.f32
# STORE: bar.sync
# STORE: ld.volatile.shared.v4.f32 {{.*}}, [%r[[S:[0-9]+]]];
# STORE: ld.volatile.shared.v4.f32 {{.*}}, [%r[[S]]+2048];
# STORE: st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ]
# STORE-NOT: + 16 ]
# STORE: st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ]
# STORE-NOT: st.global
# RUN: tilec %s --kernel accumulate --signature "*bf16:16, *fp32:16, i32:16, 1024" --num-warps 4 --emit=ptx -o %t.red.ptx
# RUN: FileCheck %s --check-prefix=RED < %t.red.ptx
# RED: ld.global.v4.b32
# RED: st.shared.v4.f32
# RED: bar.sync
# RED: red.relaxed.gpu.global.add.v4.f32 [ %rd{{[0-9]+}} + 0 ]
# RED-NOT: + 16 ]
# RED: red.relaxed.gpu.global.add.v4.f32 [ %rd{{[0-9]+}} + 0 ]
# RED-NOT: red.
#
# A mask `offs < n` with n a multiple of 16 is constant over each aligned
# group of 16 offsets (the axis analysis' constancy, which tilegpu-coalesce
# records as `tilegpu.constancy`): one compare for a thread's 8 elements,
# shared by the load, the where and the store. With a plain `i32` n (a
# prefix mask): one compare, of the run's last element, where the thread's
# run lies in bounds (16-byte accesses, no select), and one compare an
# element at the edge.
# RUN: tilec %s --kernel masked_where --signature "*bf16:16, *bf16:16, i32:16, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=CONST-IR
# CONST-IR: arith.cmpi slt, %{{.*}}, %{{.*}} {tilegpu.constancy = array<i32: 16>} : tensor<1024xi32, #blocked>
# RUN: tilec %s --kernel masked_where --signature "*bf16:16, *bf16:16, i32:16, 1024" --num-warps 4 --emit=ptx -o %t.const.ptx
# RUN: FileCheck %s --check-prefix=CONST < %t.const.ptx
# CONST: setp.lt.s32
# CONST-NOT: setp.
# CONST: selp.b16
# RUN: tilec %s --kernel masked_where --signature "*bf16:16, *bf16:16, i32, 1024" --num-warps 4 --emit=ptx -o %t.plain.ptx
# RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.ptx
# PLAIN: setp.ge.s32
# PLAIN-NEXT: bra
# PLAIN-NOT: selp
# PLAIN: {{^}}	ld.global.v4.b32
# PLAIN-NOT: selp
# PLAIN: {{^}}	st.global.v4.b32
# PLAIN-COUNT-7: setp.lt.s32
# PLAIN-NOT: setp.
import triton
import triton.language as tl


@triton.jit
def widen_store(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src + offs, mask=offs < n, other=0.0)
    tl.store(dst + offs, x.to(tl.float32) * 2.0, mask=offs < n)


@triton.jit
def accumulate(src, acc, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(src + tl.program_id(0) * n + offs, mask=offs < n, other=0.0)
    tl.atomic_add(acc + offs, x.to(tl.float32), mask=offs < n, sem="relaxed")


@triton.jit
def masked_where(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src + offs, mask=offs < n, other=0.0)
    y = tl.where(offs < n, x * 2.0, 1.0)
    tl.store(dst + offs, y, mask=offs < n)
