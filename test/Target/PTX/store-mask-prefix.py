# A masked store whose mask is true for a prefix of each thread's run (a
# bound along the contiguous dimension that no vector width divides):
# tilegpu-version-bounds branches once on whether all of the thread's runs
# are in bounds; if so each run is one unpredicated 16-byte store, else one
# 16-byte store where its last element is in bounds and its in-bounds
# elements one by one (predicated scalar stores) where not, as a TMA store
# of a descriptor's block clips at the edge. Alone, the store's prefix
# mask chooses the layout too (8 halves a thread).
# RUN: tilec %s --kernel scale_rows --signature "*bf16:16, *bf16:16, i32, i32:16, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: tile.load {{.*}} {tilegpu.vector = 8 : i32}
# TGPU: tilegpu.runs_in_bounds {{.*}} {vector = 8 : i32}
# TGPU: scf.if
# TGPU: tile.store {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32}
# TGPU: } else {
# TGPU: tile.store {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32}
# RUN: tilec %s --kernel scale_rows --signature "*bf16:16, *bf16:16, i32, i32:16, 1024" --num-warps 4 --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK: @{{!?}}%p{{[0-9]+}} bra
# CHECK: {{^}}	st.global.v4.b32
# CHECK: @%p{{[0-9]+}} st.global.v4.b32
# CHECK-COUNT-7: @%p{{[0-9]+}} st.global.b16
# CHECK-NOT: st.global
# RUN: tilec %s --kernel store_only --signature "*bf16:16, i32, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=ALONE
# ALONE: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [8]
# ALONE: tile.store {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32} : tensor<1024x!tile.ptr<bf16>, #[[B]]>
# ALONE: tile.store {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32} : tensor<1024x!tile.ptr<bf16>, #[[B]]>
import triton
import triton.language as tl


@triton.jit
def scale_rows(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * BLOCK + cols)
    tl.store(y_ptr + row * stride + cols, x * 2, mask=cols < n_cols)


@triton.jit
def store_only(y_ptr, n_cols, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    tl.store(y_ptr + cols, tl.zeros([BLOCK], dtype=tl.bfloat16), mask=cols < n_cols)
