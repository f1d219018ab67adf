import triton
import triton.language as tl


@triton.jit
def bool_arith(x_ptr, o_ptr, B: tl.constexpr):
    # Arithmetic of two boolean tiles stays boolean, as in Triton: * is
    # and, + and - are xor; a product of masks masks a load.
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    a = x > 0
    b = (x % 3) == 0
    tl.static_assert((a * b).dtype == tl.int1)
    tl.store(o_ptr + offs, (a * b).to(tl.int32))
    tl.store(o_ptr + B + offs, (a + b).to(tl.int32))
    tl.store(o_ptr + 2 * B + offs, (a - b).to(tl.int32))
    tl.store(o_ptr + 3 * B + offs, tl.load(x_ptr + offs, mask=a * b, other=-1))
