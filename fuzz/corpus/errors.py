@triton.jit
def bad(x:
    y = = 1
    z = x[]
