# Values of the environment and of the installed Triton.
import inspect
import os

import triton

FAST = os.getenv('TUNEPKG_FAST', '0') == '1'
# Whether this Triton's autotune takes cache_results: tilec cannot tell.
SUPPORTS_AUTOTUNE_CACHE = "cache_results" in inspect.signature(triton.autotune).parameters
autotune_cache_kwargs = {"cache_results": True} if SUPPORTS_AUTOTUNE_CACHE else {}

BLOCKS = [32, 64] if FAST else [32, 64, 128]


def warps(wide=False, base=4):
    """The warps to try."""
    if wide:
        return [base, 2 * base]
    elif FAST:
        return [base]
    return [base // 2, base]
