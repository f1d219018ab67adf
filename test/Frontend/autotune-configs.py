# @triton.autotune's configs (a list literal of triton.Config calls with dict
# literals), key, reset_to_zero and restore_value are read and listed;
# arguments tilec does not act on are named. The kernel itself compiles as before, given its constexprs.
# RUN: tilec %s --list-configs | FileCheck %s
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=tile | FileCheck %s --check-prefix=TILE
# CHECK:      k: 3 configs, key [n], reset_to_zero [x_ptr], restore_value [y_ptr] (not used: warmup)
# CHECK-NEXT:   0: BLOCK=128, num_warps=4, num_stages=3
# CHECK-NEXT:   1: BLOCK=256, num_warps=8, num_stages=2
# CHECK-NEXT:   2: BLOCK=1024, num_warps=2, num_stages=3
# CHECK-NEXT:   prune_configs_by: nothing to apply (no functions given)
# CHECK-NOT: plain
# CHECK:      plain: 1 configs, key []
# CHECK-NEXT:   0: SCALE=-0.5, FLAG=True, DT=tl.float16, num_warps=4, num_stages=3
# TILE: func.func @k
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({'BLOCK': 128}),
        triton.Config({'BLOCK': 256}, num_warps=8, num_stages=2),
        triton.Config({"BLOCK": 1024}, num_warps=2),
    ],
    key=['n'],
    prune_configs_by={'early_config_prune': None},
    warmup=5,
    reset_to_zero=['x_ptr'],
    restore_value=('y_ptr',),
)
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)


@triton.autotune(configs=[triton.Config({'SCALE': -0.5, 'FLAG': True, 'DT': tl.float16})], key=[])
@triton.jit
def plain(x_ptr, SCALE: tl.constexpr, FLAG: tl.constexpr, DT: tl.constexpr):
    tl.store(x_ptr, SCALE)
