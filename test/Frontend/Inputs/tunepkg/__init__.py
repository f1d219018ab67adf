# A package whose module-level constants and functions of host code build
# @triton.autotune configs (test/Frontend/autotune-imported.py), the way
# flash-linear-attention's fla.utils does.
from tunepkg.env import BLOCKS, autotune_cache_kwargs, warps
from .hw import IS_WIDE
