# prune_configs_by's functions are host Python: a warning at the decorator
# says they are not applied and every config is timed, and --list-configs
# says so. As in Triton, top_k without perf_model has no effect.
# RUN: tilec %s --list-configs 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN < %t.err
# CHECK:      k: 2 configs, key [n]
# CHECK-NEXT:   0: B=64, num_warps=4, num_stages=3
# CHECK-NEXT:   1: B=128, num_warps=4, num_stages=3
# CHECK-NEXT:   prune_configs_by: early_config_prune=prune, perf_model=perf.estimate, top_k=1: not applied (host Python tilec cannot run), all 2 configs are timed
# CHECK-NEXT: t: 2 configs, key [n]
# CHECK:        prune_configs_by: top_k=0.5: no effect without perf_model (as in Triton)
# WARN: autotune-prune.py:[[@LINE+12]]:5: warning: @triton.autotune: prune_configs_by's functions are host Python tilec cannot run: they are not applied, and every config is timed
# WARN-NEXT: {{^}}    prune_configs_by={'early_config_prune': prune, 'perf_model': perf.estimate, 'top_k': 1},
# WARN-NEXT: {{^}}    ^~~~~~~~~~~~~~~~
# WARN-NOT: warning
# The kernel compiles as before.
# RUN: tilec %s --kernel k --signature "*fp32, i32, 64" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: tile.kernel
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({'B': 64}), triton.Config({'B': 128})], key=['n'],
    prune_configs_by={'early_config_prune': prune, 'perf_model': perf.estimate, 'top_k': 1},
)
@triton.jit
def k(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 1.0, mask=tl.arange(0, B) < n)


@triton.autotune(configs=[triton.Config({'B': 64}), triton.Config({'B': 128})], key=['n'],
                 prune_configs_by={'top_k': 0.5})
@triton.jit
def t(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 1.0, mask=tl.arange(0, B) < n)
