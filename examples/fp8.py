"""fp8 conversions, as tilec-gpu-test runs them."""
import triton
import triton.language as tl


@triton.jit
def fp8_convert_kernel(x_ptr, e4_ptr, e5_ptr, back4_ptr, back5_ptr, n,
                       BLOCK: tl.constexpr):
    # x (fp32, fp16 or bf16) to fp8e4nv and fp8e5 (to nearest even,
    # saturating), and each back: e4nv to fp32, e5 to x's type.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    a = x.to(tl.float8e4nv)
    b = x.to(tl.float8e5)
    tl.store(e4_ptr + offs, a, mask=m)
    tl.store(e5_ptr + offs, b, mask=m)
    tl.store(back4_ptr + offs, a.to(tl.float32), mask=m)
    tl.store(back5_ptr + offs, b.to(x.dtype), mask=m)
