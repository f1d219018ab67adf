# A thread's run of elements with consecutive addresses is addressed from
# the run's first pointer, each access at an immediate offset, also where
# the accesses are one element each (a mask not constant over the run: here
# a causal mask on the load, a prefix mask along the rows, whose exact
# version at the diagonal reads element by element; the store's mask is
# constant over the run, so it is one 16-byte store a run): one address
# register per 8 halves instead of one per element.
# RUN: tilec %s --kernel causal_copy --signature "*bf16:16, *bf16:16, i32:16, i32:16, 64" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# TGPU: tilegpu.runs_in_bounds {{.*}} {vector = 8 : i32} : tensor<64x64xi1, #[[B]]>
# TGPU: tile.load {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<bf16>, #[[B]]>
# TGPU: } else {
# TGPU: tile.load {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<bf16>, #[[B]]>
# TGPU: tile.store {{.*}} {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<bf16>, #[[B]]>
# RUN: tilec %s --kernel causal_copy --signature "*bf16:16, *bf16:16, i32:16, i32:16, 64" --num-warps 4 --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK-NOT: .minnctapersm
# CHECK: {{^}}	ld.global.v4.b32
# CHECK: @%p{{[0-9]+}} ld.global.v4.b32 {{.*}}, [ %rd[[R:[0-9]+]] + 0 ];
# CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[R]] + 0 ];
# CHECK-NEXT: // end inline asm
# CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[R]] + 2 ];
# CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[R]] + 12 ];
# CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[S:[0-9]+]] + 0 ];
# CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd[[S]] + 2 ];
# CHECK: @%p{{[0-9]+}} st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ]
#
# A run longer than 16 bytes: bf16 rows loaded 8 halves (16 bytes) a
# thread and stored as fp32, 8 floats a thread in the same layout (a tile
# too large to move to a 4-float layout through shared memory, see
# access-layouts.py): two 16-byte stores from one address register.
# RUN: tilec %s --kernel widen_rows --signature "*bf16:16, *fp32:16, i32:16, 256, 256" --num-warps 8 --emit=ptx -o %t.wide.ptx
# RUN: FileCheck %s --check-prefix=WIDE < %t.wide.ptx
# WIDE: ld.global.v4.b32
# WIDE: st.global.v4.b32 [ %rd[[W:[0-9]+]] + 0 ]
# WIDE-NEXT: // end inline asm
# WIDE: st.global.v4.b32 [ %rd[[W]] + 16 ]
#
# A tile that alone needs more registers than a thread has (256x256 bf16 on
# 4 warps: 512 elements a thread) spills whatever ptxas does; with a bare
# .maxntid ptxas also cut its registers to the occupancy limit (32, 1440
# bytes of spills where 255 registers spill 368 with CUDA 13's ptxas), so
# the kernel asks for one CTA an SM.
# RUN: tilec %s --kernel causal_copy --signature "*bf16:16, *bf16:16, i32:16, i32:16, 256" --num-warps 4 --emit=ptx -o %t.big.ptx
# RUN: FileCheck %s --check-prefix=BIG < %t.big.ptx
# BIG: .maxntid 128, 1, 1
# BIG-NEXT: .minnctapersm 1
import triton
import triton.language as tl


@triton.jit
def causal_copy(src, dst, stride, L, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    offs = rows[:, None] * stride + cols[None, :]
    in_bounds = (rows[:, None] < L) & (cols[None, :] < L)
    x = tl.load(src + offs, mask=in_bounds & (cols[None, :] <= rows[:, None]), other=-1.0)
    tl.store(dst + offs, x, mask=in_bounds)


@triton.jit
def widen_rows(src, dst, stride, ROWS: tl.constexpr, COLS: tl.constexpr):
    rows = tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(src + offs)
    tl.store(dst + offs, x.to(tl.float32))
