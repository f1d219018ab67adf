# An availability check as DeepSpeed's triton_ops/_triton.py makes it: the
# try body imports Triton and runs host code tilec does not run; the
# handler sets triton and tl to None.
try:
    import triton
    import triton.language as tl
    from triton.backends import backends

    AVAILABLE = any(backend.driver.is_active() for backend in backends.values())
except Exception:
    triton = None
    tl = None
    AVAILABLE = False
