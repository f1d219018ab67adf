# A tf32 dot whose operands are computed in registers (a loaded tile scaled
# by a gate, a bf16 tile cast to fp32), next to a bf16 dot, both
# accumulating into one loop-carried state: the shape of chunked linear
# attention's backward state update (fla's chunk_delta_h dhu). The computed
# operands are staged by local_alloc, which writes K-major as cheaply as
# not, so the tf32 dot takes wgmma like the bf16 one although q is M-major
# in memory: both share one accumulator layout and the state never converts
# between layouts in the loop (TILEGPU). The PTX has tf32 and bf16 wgmma and
# no mma.sync. test/GPU/tf32-computed-operand.test runs it against the
# interpreter.
# RUN: tilec %s --kernel state_update --signature "*fp32:16, *fp32:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64, 64" --num-warps 4 --num-stages 2 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=TILEGPU
# RUN: tilec %s --kernel state_update --signature "*fp32:16, *fp32:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 64, 64, 64" --num-warps 4 --num-stages 2 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# TILEGPU: #[[MMA:mma[0-9]*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1]}>
# TILEGPU-NOT: #tilegpu.mma<
# TILEGPU: scf.for
# TILEGPU-NOT: tilegpu.convert_layout {{.*}}#[[MMA]]> -> tensor<{{.*}}#mma
# TILEGPU: tile.dot {{.*}} : tensor<64x64xf32, #{{.*}}> * tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[MMA]]>
# TILEGPU: tile.dot {{.*}} : tensor<64x64xbf16, #{{.*}}> * tensor<64x64xbf16, #{{.*}}> -> tensor<64x64xf32, #[[MMA]]>
# TILEGPU: scf.yield
# PTX-NOT: mma.sync
# PTX-DAG: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# PTX-DAG: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def state_update(Q, G, DO, W, DV, H, T, K: tl.constexpr, BT: tl.constexpr, V: tl.constexpr):
    # h += (q * exp(g)) @ do - w @ dv over chunks of BT rows; q and w are
    # read K-contiguous ([K, BT] tiles of [T, K] rows).
    o_k = tl.arange(0, K)
    o_v = tl.arange(0, V)
    b_h = tl.zeros([K, V], dtype=tl.float32)
    for i_t in range(0, T, BT):
        o_t = i_t + tl.arange(0, BT)
        b_q = tl.load(Q + o_k[:, None] + o_t[None, :] * K)
        b_g = tl.load(G + o_t)
        b_do = tl.load(DO + o_t[:, None] * V + o_v[None, :])
        b_w = tl.load(W + o_k[:, None] + o_t[None, :] * K)
        b_dv = tl.load(DV + o_t[:, None] * V + o_v[None, :])
        b_q = b_q * tl.exp(b_g)[None, :]
        b_h += tl.dot(b_q, b_do.to(tl.float32)) - tl.dot(b_w, b_dv)
    tl.store(H + o_k[:, None] * V + o_v[None, :], b_h)
