# examples/flash_attention.py (block pointers, two dots per iteration, an
# online softmax). At sm_90a both dots run on wgmma. The first takes its
# computed A (q * scale, loop-invariant) from a shared buffer written once
# before the loop: the writers fence their stores for the async proxy
# (fence.proxy.async) before the barrier that the dot waits at, and the
# buffer stays live, behind barriers, through the loop. The scores, the
# running max and sum and the accumulator stay in the dots' accumulator
# layout (and its row slice) through the loop, and the second dot takes p
# from registers (wgmma's register-A form): no layout conversion through
# shared memory inside the loop, one after it for the store. With the
# causal mask the loop is split where the mask stops being all-true
# (tile-split-masked-loops): the first loop's scores dot starts from zero
# like the unmasked kernel's, the second (the last BLOCK_M / BLOCK_N
# iterations) from the mask's 0 / -inf. Without the causal mask the scores'
# dot starts from zero: its first wgmma ignores the accumulator (scale-d 0)
# and no registers are zeroed (ZERO). exp2 is ex2.approx.ftz (as Triton's); no
# fence in the loop; no spills at 8 warps (ptxas -v); mma.sync at sm_90.
# REQUIRES: ptxas
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 1" --emit=ptx -o %t.a.ptx
# RUN: FileCheck %s --check-prefix=SM90A < %t.a.ptx
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 0" --emit=ptx | FileCheck %s --check-prefix=ZERO
# ZERO:      wgmma.fence.sync.aligned
# ZERO-NOT:  mov.f32 %f{{[0-9]+}}, 0f00000000;
# ZERO:      wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 0, 1, 1, 0, 0;
# ZERO-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1, 1, 1, 0, 0;
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 1" --emit=tilegpu | FileCheck %s --check-prefix=LOOP
# LOOP:      tilegpu.local_alloc %{{.*}} : tensor<128x64xf16, #{{.*}}> -> !tilegpu.memdesc<128x64xf16
# LOOP:      scf.for {{.*}} -> (i32, i32, tensor<128x64xf32, #[[ACC:mma[0-9]*]]>, tensor<128xf32, #[[ROW:slice[0-9]*]]>, tensor<128xf32, #[[ROW]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP-NOT:  arith.select {{.*}}tensor<128x64xi1
# LOOP:      tile.reduce max %{{.*}} {axis = 1 : i32} : tensor<128x64xf32, #[[ACC]]> -> tensor<128xf32, #[[ROW]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP:      tilegpu.wgmma_wait %arg{{[0-9]+}} {pendings = 0 : i32} : tensor<128x64xf32, #[[ACC]]>
# LOOP:      %[[P:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32, #[[ACC]]> to tensor<128x64xf16, #[[ACC]]>
# LOOP-NEXT: tilegpu.convert_layout %[[P]] : tensor<128x64xf16, #[[ACC]]> -> tensor<128x64xf16, #[[OPA:dot_op[0-9]*]]>
# LOOP:      tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32} : tensor<128x64xf16, #[[OPA]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP-NOT:  tilegpu.local_alloc
# LOOP:      scf.yield
# LOOP:      scf.for {{.*}} -> (i32, i32, tensor<128x64xf32, #[[ACC]]>, tensor<128xf32, #[[ROW]]>, tensor<128xf32, #[[ROW]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP:      arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<128x64xi32, #[[ACC]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP:      tile.reduce max %{{.*}} {axis = 1 : i32} : tensor<128x64xf32, #[[ACC]]> -> tensor<128xf32, #[[ROW]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP:      %[[P2:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32, #[[ACC]]> to tensor<128x64xf16, #[[ACC]]>
# LOOP-NEXT: tilegpu.convert_layout %[[P2]] : tensor<128x64xf16, #[[ACC]]> -> tensor<128x64xf16, #[[OPA]]>
# LOOP-NOT:  tilegpu.convert_layout
# LOOP-NOT:  tilegpu.local_alloc
# LOOP:      scf.yield
# LOOP:      tilegpu.convert_layout %{{.*}} : tensor<128x64xf16, #[[ACC]]> -> tensor<128x64xf16, #{{.*}}>
# LOOP-NOT:  tilegpu.convert_layout
# RUN: %ptxas -arch=sm_90a -v %t.a.ptx -o %t.a.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# SM90A-NOT: mma.sync
# SM90A:     st.shared.v4.b32
# SM90A:     fence.proxy.async.shared::cta
# SM90A-NEXT: // end inline asm
# SM90A-NEXT: bar.sync 0;
# SM90A-NOT: fence.proxy.async
# SM90A:     wgmma.fence.sync.aligned
# SM90A:     wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 0, 1, 1, 0, 0;
# SM90A-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1, 1, 1, 0, 0;
# SM90A:     ex2.approx.ftz.f32
# SM90A-NOT: st.shared
# SM90A-NOT: bar.sync
# SM90A-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, 1, 1, 1, 1;
# SM90A:     wgmma.commit_group.sync.aligned;
# SM90A-NOT: wgmma.wait_group.sync.aligned 0;
# SM90A:     wgmma.wait_group.sync.aligned 1;
# SM90A:     bar.sync 0;
# SM90A:     cp.async.cg.shared.global
# SM90A:     wgmma.fence.sync.aligned
# SM90A-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1, 1, 1, 0, 0;
# SM90A:     ex2.approx.ftz.f32
# SM90A-NOT: st.shared
# SM90A-NOT: bar.sync
# SM90A-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, 1, 1, 1, 1;
# SM90A:     wgmma.commit_group.sync.aligned;
# SM90A-NOT: wgmma.wait_group.sync.aligned 0;
# SM90A:     wgmma.wait_group.sync.aligned 1;
# SM90A-NOT: mma.sync
# REGS: 0 bytes spill stores, 0 bytes spill loads
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 0" --emit=ptx -o %t.m.ptx
# RUN: FileCheck %s --check-prefix=MMA < %t.m.ptx
# RUN: %ptxas -arch=sm_90 %t.m.ptx -o %t.m.cubin
# MMA: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
