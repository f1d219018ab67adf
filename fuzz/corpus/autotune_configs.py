import os

import torch
import triton
import triton.language as tl

IS_BIG = torch.cuda.is_available()
WARPS = [4, 8] if IS_BIG else [4]
STAGES = [2, 3] if os.environ.get('FAST', '0') == '0' else [2]
kw = {'cache_results': True} if IS_BIG else {}


def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"


def configs(n=2, pre_hook=None):
    """Configs."""
    if n > 4:
        return []
    elif is_cuda():
        return [triton.Config({'B': 16 * b}, num_warps=w, num_stages=s, pre_hook=pre_hook)
                for b in range(1, n + 1) if b != 3 for w in WARPS for s in STAGES]
    return [triton.Config({'B': 16})]


if is_cuda():
    SCALE = 2.0
else:
    SCALE = 1.0


@triton.autotune(configs=list(filter(lambda c: c.num_warps > 2 and c.kwargs['B'] <= 64, configs(n=3))),
                 key=['n'], **kw)
@triton.jit
def k(x_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * SCALE, mask=offs < n)
