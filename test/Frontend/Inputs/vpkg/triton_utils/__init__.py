# As vLLM's vllm/triton_utils/__init__.py: Triton's modules, or placeholders
# where it is missing (typing.TYPE_CHECKING is False when code runs).
from typing import TYPE_CHECKING

from vpkg.triton_utils.importing import HAS_TRITON, TritonLanguagePlaceholder

if TYPE_CHECKING or HAS_TRITON:
    import triton
    import triton.language as tl
else:
    triton = TritonLanguagePlaceholder()
    tl = TritonLanguagePlaceholder()

SCALE = 3.0
