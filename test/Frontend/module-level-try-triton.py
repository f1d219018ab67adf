# Triton itself imported in a module-level `try` that also records it with
# a literal (sglang's `try: import triton ... _HAS_TRITON = True / except
# ImportError: _HAS_TRITON = False`, the kernels under `if _HAS_TRITON:`):
# the body imports what tilec knows and binds a literal, so it raises
# nothing and its bindings hold.
# RUN: tilec %s --kernel add_one --signature "*fp32:16, 64" --emit=tile | FileCheck %s
# CHECK: func.func @add_one
# CHECK: arith.addf
try:
    import triton
    import triton.language as tl

    _HAS_TRITON = True
except ImportError:
    _HAS_TRITON = False


if _HAS_TRITON:

    @triton.jit
    def add_one(p, B: tl.constexpr):
        o = tl.program_id(0) * B + tl.arange(0, B)
        tl.store(p + o, tl.load(p + o) + 1)
