import os


def is_gfx942_supported():
    # Host code tilec does not run (sglang asks torch for the GPU's arch).
    return os.environ.get("GPU_ARCH", "") == "gfx942"
