import torch  # host code only: never read
import triton
import triton.language as tl

from .. import utils
from ..utils import twice, SCALE
from . import ext as tle
from kpkg.ops.ext import add_one
import kpkg.utils as U


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    pid = tle.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = twice(x) + utils.scale(x) + U.scale(x) + add_one(x) * SCALE
    tl.store(y_ptr + offs, tle.exp(y))
