"""tl.inline_asm_elementwise and tl.extra.cuda's special registers."""
import triton
import triton.language as tl
from triton.language.extra import cuda


@triton.jit
def inline_asm_kernel(x_ptr, y_ptr, b_ptr, h_ptr, o_ptr, hf_ptr, t_ptr,
                      N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    shl = tl.inline_asm_elementwise("shl.b32 $0, $1, 3;", "=r,r", [x],
                                    dtype=tl.int32, is_pure=True, pack=1)
    hi, lo = tl.inline_asm_elementwise(
        "max.s32 $0, $2, $3;\n\tmin.s32 $1, $2, $3;", "=r,=r,r,r", [x, y],
        dtype=(tl.int32, tl.int32), is_pure=True, pack=1)
    plus5 = tl.inline_asm_elementwise("add.s32 $0, $1, $2;", "=r,r,r", [x, 5],
                                      dtype=tl.int32, is_pure=True, pack=1)
    # Four bytes to a register.
    b = tl.load(b_ptr + offs)
    bb = tl.inline_asm_elementwise(
        "and.b32 $0, $1, 0x1F1F1F1F;\n\tshl.b32 $0, $0, 3;", "=r,r", [b],
        dtype=tl.uint8, is_pure=True, pack=4)
    # Two halves to a register.
    h = tl.load(h_ptr + offs)
    hh = tl.inline_asm_elementwise("add.f16x2 $0, $1, $2;", "=r,r,r", [h, h],
                                   dtype=tl.float16, is_pure=True, pack=2)
    tl.store(o_ptr + offs, shl)
    tl.store(o_ptr + N + offs, hi)
    tl.store(o_ptr + 2 * N + offs, lo)
    tl.store(o_ptr + 3 * N + offs, plus5)
    tl.store(o_ptr + 4 * N + offs, bb.to(tl.int32))
    tl.store(hf_ptr + offs, hh)
    tl.store(t_ptr, cuda.globaltimer())
    tl.store(t_ptr + 1, cuda.smid().to(tl.int64))
