# A small result tile stored with every warp: examples/topk_gating.py's
# [16, 8] top-k weights and ids (16 tokens, 4 warps) are computed in a layout
# of whole rows a thread, 4 rows a warp. Stored 4 elements a thread, the
# store's layout would give 16 rows to each warp (three warps idle) and move
# every warp's rows to the first through shared memory between two CTA
# barriers. tilegpu-store-layouts narrows the vector to the tile's elements
# a thread (128 / 128 = 1, as Triton's coalescing does): every warp stores
# its own 4 rows (128 contiguous bytes a warp), and the conversion before
# the store stays within each warp (bar.warp.sync instead of bar.sync).
# The one CTA barrier left separates the two stores' uses of one buffer.
# RUN: tilec %seeds/topk_gating.py --kernel topk_gating_softmax_kernel --signature "*bf16:16, *fp32:16, *i32:16, i32:16, 64, 8, 16, True" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=IR
# IR: #[[ONE:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# IR: tile.store {{.*}}tilegpu.vector = 1 : i32{{.*}} : tensor<16x8x!tile.ptr<f32>, #[[ONE]]>
# IR: tile.store {{.*}}tilegpu.vector = 1 : i32{{.*}} : tensor<16x8x!tile.ptr<i32>, #[[ONE]]>
# RUN: tilec %seeds/topk_gating.py --kernel topk_gating_softmax_kernel --signature "*bf16:16, *fp32:16, *i32:16, i32:16, 64, 8, 16, True" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-NOT: bar.sync
# PTX: bar.warp.sync -1;
# PTX-NOT: bar.sync
# PTX: st.global.b32
# PTX: bar.sync 0;
# PTX-NOT: bar.sync
# PTX: bar.warp.sync -1;
# PTX-NOT: bar.sync
# PTX: st.global.b32
# PTX-NOT: bar.sync
# PTX: ret;
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
