@triton.jit
def f(a, b):
    return a + b
