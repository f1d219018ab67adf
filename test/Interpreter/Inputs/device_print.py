import triton
import triton.language as tl


@triton.jit
def k(x_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.device_print("x", x)
    print("pid", tl.program_id(0), hex=True)
    tl.device_print("two ", x, x.to(tl.float32))
    m = tl.reshape(x, (2, N // 2))
    tl.device_print("m: ", m.to(tl.uint32), hex=True)
    tl.device_print("done")
