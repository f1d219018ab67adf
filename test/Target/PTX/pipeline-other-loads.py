# A loop that pipelines its dot operands stages its other loads through
# cp.async slots too (tilegpu-pipeline, as Triton's pipeliner): in the
# chunked delta rule's state update, v is read by elementwise code (v - w h),
# so it is copied iterations ahead with w and k into a plain buffer of its
# own and read back in the accumulator layout that used it (no conversion).
# Where the loop writes through v's argument (v_new stored over v), v stays
# a plain load: a copy issued iterations ahead would read stale values.
# test/GPU/pipeline-other-loads.test runs both against the interpreter.
# RUN: tilec %s --kernel state_update --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64, False" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=STAGED
# RUN: tilec %s --kernel state_update --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64, True" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=INPLACE
# RUN: tilec %s --kernel state_update --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64, False" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# STAGED: #[[MMA:mma[0-9]*]] = #tilegpu.mma<{version = 3
# STAGED: %[[V:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<3x64x64xbf16>
# STAGED: scf.for
# STAGED-NOT: tile.load
# STAGED: tilegpu.async_copy {{.*}} -> !tilegpu.memdesc<64x64xbf16>
# STAGED-NOT: tile.load
# STAGED: %[[SLOT:.*]] = tilegpu.memdesc_subview %[[V]][%{{.*}}] : !tilegpu.memdesc<3x64x64xbf16> -> !tilegpu.memdesc<64x64xbf16>
# STAGED-NOT: tile.load
# STAGED: tilegpu.local_load %[[SLOT]] : !tilegpu.memdesc<64x64xbf16> -> tensor<64x64xbf16, #[[MMA]]>
# STAGED-NOT: tile.load
# STAGED: scf.yield
# INPLACE-NOT: !tilegpu.memdesc<3x64x64xbf16>{{$}}
# INPLACE: scf.for
# INPLACE: tile.load
# INPLACE: tile.store
# INPLACE: scf.yield
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
# A store through hinted pointers (tl.multiple_of on the tile of VNEW's
# addresses) is still known to write through VNEW alone: v is staged.
# RUN: tilec %s --kernel state_update_hinted --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=STAGED
import triton
import triton.language as tl


@triton.jit
def state_update(W, K, V, VNEW, H, T, BT: tl.constexpr, D: tl.constexpr, IN_PLACE: tl.constexpr):
    # Chunked delta rule: v_new = v - w h; h += k^T v_new, chunk by chunk;
    # v_new written to VNEW, or over v when IN_PLACE.
    o_d = tl.arange(0, D)
    b_h = tl.zeros([D, D], dtype=tl.float32)
    for i_t in range(0, T, BT):
        o_t = i_t + tl.arange(0, BT)
        b_w = tl.load(W + o_t[:, None] * D + o_d[None, :])
        b_v = tl.load(V + o_t[:, None] * D + o_d[None, :]) - tl.dot(b_w, b_h.to(tl.bfloat16))
        if IN_PLACE:
            tl.store(V + o_t[:, None] * D + o_d[None, :], b_v.to(tl.bfloat16))
        else:
            tl.store(VNEW + o_t[:, None] * D + o_d[None, :], b_v.to(tl.bfloat16))
        b_k = tl.load(K + o_d[:, None] + o_t[None, :] * D)
        b_h = tl.dot(b_k, b_v.to(tl.bfloat16), b_h)
    tl.store(H + o_d[:, None] * D + o_d[None, :], b_h)


@triton.jit
def state_update_hinted(W, K, V, VNEW, H, T, BT: tl.constexpr, D: tl.constexpr):
    o_d = tl.arange(0, D)
    b_h = tl.zeros([D, D], dtype=tl.float32)
    for i_t in range(0, T, BT):
        o_t = i_t + tl.arange(0, BT)
        b_w = tl.load(W + o_t[:, None] * D + o_d[None, :])
        b_v = tl.load(V + o_t[:, None] * D + o_d[None, :]) - tl.dot(b_w, b_h.to(tl.bfloat16))
        p_vnew = tl.multiple_of(VNEW + o_t[:, None] * D + o_d[None, :], [16, 16])
        tl.store(p_vnew, b_v.to(tl.bfloat16))
        b_k = tl.load(K + o_d[:, None] + o_t[None, :] * D)
        b_h = tl.dot(b_k, b_v.to(tl.bfloat16), b_h)
    tl.store(H + o_d[:, None] * D + o_d[None, :], b_h)
