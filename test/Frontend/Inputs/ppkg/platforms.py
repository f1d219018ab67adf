# An object host code builds, whose methods module-level code calls (as
# vLLM's vllm.platforms.current_platform).
class _Platform:
    def is_rocm(self):
        return False


current_platform = _Platform()
