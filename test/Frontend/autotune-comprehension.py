# @triton.autotune's configs built by a list comprehension (nested fors, a
# tuple target, an if), `+` of lists, list(range()), module constants decided
# by the environment, and a constant that host code computes from the device
# (IS_BIG), given with -D, or the list that depends on it given whole
# (-D WARPS=[2]). The keywords tilec does not use (num_ctas, maxnreg, pre_hook)
# are accepted, and key and warmup come from a constant dict through `**`.
# RUN: env -u TUNE_FAST tilec %s --list-configs -D IS_BIG=True | FileCheck %s --check-prefix=BIG
# RUN: env -u TUNE_FAST tilec %s --list-configs -D "WARPS=[2]" | FileCheck %s --check-prefix=W2
# RUN: env TUNE_FAST=1 tilec %s --list-configs -D IS_BIG=False | FileCheck %s --check-prefix=FAST
# The kernel compiles as before, given its constexprs.
# RUN: tilec %s -D IS_BIG=True --kernel k --signature "*fp32:16, i32, 64, 64, tl.float16" --emit=tile | FileCheck %s --check-prefix=TILE
# BIG:      k: 10 configs, key [n] (not used: warmup)
# BIG-NEXT:   0: BM=64, BN=64, DT=tl.float16, num_warps=4, num_stages=2
# BIG-NEXT:   1: BM=64, BN=64, DT=tl.float16, num_warps=4, num_stages=3
# BIG-NEXT:   2: BM=64, BN=64, DT=tl.float16, num_warps=8, num_stages=2
# BIG-NEXT:   3: BM=64, BN=64, DT=tl.float16, num_warps=8, num_stages=3
# BIG-NEXT:   4: BM=128, BN=32, DT=tl.float16, num_warps=4, num_stages=2
# BIG-NEXT:   5: BM=128, BN=32, DT=tl.float16, num_warps=4, num_stages=3
# BIG-NEXT:   6: BM=128, BN=32, DT=tl.float16, num_warps=8, num_stages=2
# BIG-NEXT:   7: BM=128, BN=32, DT=tl.float16, num_warps=8, num_stages=3
# BIG-NEXT:   8: BM=16, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# BIG-NEXT:   9: BM=32, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# BIG-NOT: {{.}}
# W2:      k: 6 configs, key [n] (not used: warmup)
# W2-NEXT:   0: BM=64, BN=64, DT=tl.float16, num_warps=2, num_stages=2
# W2-NEXT:   1: BM=64, BN=64, DT=tl.float16, num_warps=2, num_stages=3
# W2-NEXT:   2: BM=128, BN=32, DT=tl.float16, num_warps=2, num_stages=2
# W2-NEXT:   3: BM=128, BN=32, DT=tl.float16, num_warps=2, num_stages=3
# W2-NEXT:   4: BM=16, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# W2-NEXT:   5: BM=32, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# FAST:      k: 4 configs, key [n] (not used: warmup)
# FAST-NEXT:   0: BM=64, BN=64, DT=tl.float16, num_warps=4, num_stages=2
# FAST-NEXT:   1: BM=128, BN=32, DT=tl.float16, num_warps=4, num_stages=2
# FAST-NEXT:   2: BM=16, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# FAST-NEXT:   3: BM=32, BN=16, DT=tl.float32, num_warps=4, num_stages=3
# TILE: func.func @k
import os

import torch
import triton
import triton.language as tl

IS_BIG = torch.cuda.get_device_properties(0).multi_processor_count > 100
WARPS = [4, 8] if IS_BIG else [4]
STAGES = [2, 3] if os.environ.get('TUNE_FAST', '0') == '0' else [2]
SIZES = [(32, 64), (64, 64), (128, 32)]
TUNING = {'key': ['n'], 'warmup': 5}


@triton.autotune(
    configs=[
        triton.Config({'BM': bm, 'BN': bn, 'DT': tl.float16}, num_warps=w, num_stages=s, num_ctas=1,
                      maxnreg=None, pre_hook=None)
        for bm, bn in SIZES
        if bm * bn >= 64 * 64
        for w in WARPS
        for s in STAGES
    ] + [triton.Config({'BM': 16 * i, 'BN': 16, 'DT': tl.float32}) for i in list(range(1, 3))],
    **TUNING,
)
@triton.jit
def k(x_ptr, n, BM: tl.constexpr, BN: tl.constexpr, DT: tl.constexpr):
    offs = tl.arange(0, BM)
    tl.store(x_ptr + offs, tl.zeros([BM], dtype=DT).to(tl.float32), mask=offs < n)
