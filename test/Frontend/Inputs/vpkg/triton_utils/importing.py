# As vLLM's vllm/triton_utils/importing.py decides whether Triton is there.
from importlib.util import find_spec

HAS_TRITON = find_spec("triton") is not None


class TritonLanguagePlaceholder:
    pass
