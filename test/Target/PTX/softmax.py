# Softmax (examples/softmax.py) compiled to PTX; the row is loaded once, reduced
# with max (max.f32) and then with sum (add.f32), each reduction a butterfly
# of shfl.sync.bfly over the 32 lanes followed by one exchange of the warps'
# partials through shared memory (store, barrier, load); one barrier between
# the two reductions (same shared range); then one store. 3 barriers. No global
# load after the first shuffle: one pass over the input.
# The seed's launch: num_warps 4 for 1024, 8 for 2048, 16 for 4096 and 8192.
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 1024" --num-warps 4 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 2048" --num-warps 8 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 4096" --num-warps 16 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32
# fp16 / bf16 rows: the reductions run in f32 (fp16/bf16 max is exact in
# f32; the sum is accumulated in f32 and rounded once).
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp16:16, *fp16:16, i32, i32, i32, 1024" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp16:16, *fp16:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel --signature "*bf16:16, *bf16:16, i32, i32, i32, 4096" --num-warps 16 --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel_mixed --signature "*fp16:16, *fp16:16, i32, i32, i32, 2048" --num-warps 8 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32
# RUN: tilec %seeds/softmax.py --kernel softmax_kernel_mixed --signature "*bf16:16, *bf16:16, i32, i32, i32, 8192" --num-warps 16 --emit=ptx | FileCheck %s --check-prefixes=PTX,F32

# PTX: .extern .shared .align 1024 .b8 tilec_shared[];
# PTX-LABEL: .entry softmax_kernel
# PTX: ld.global
# PTX-NOT: st.global
# PTX-NOT: bar.sync
# max: 5 butterfly steps, lane masks 1..16.
# PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
# F32-NEXT: mov.b32
# F32-NEXT: max.f32
# PTX: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
# PTX-NOT: shfl.sync
# The first user of shared memory needs no barrier before its writes.
# PTX-NOT: bar.sync
# PTX: st.shared
# PTX: bar.sync 0;
# PTX: ld.shared
# PTX-NOT: ld.global
# sum: its scratch is the max's (both live only at their op, so both at
# offset 0), so a barrier (tilegpu-insert-barriers) comes before it.
# PTX: bar.sync 0;
# PTX-NOT: bar.sync
# PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
# F32-NEXT: mov.b32
# F32-NEXT: add.f32
# PTX: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
# PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
# PTX-NOT: shfl.sync
# PTX-NOT: bar.sync
# PTX: st.shared
# PTX: bar.sync 0;
# PTX: ld.shared
# PTX-NOT: ld.global
# PTX-NOT: bar.sync
# PTX: st.global
# PTX-NOT: ld.global
# PTX-NOT: bar.sync
# PTX: ret;
