# Pointers as operands of tl.inline_asm_elementwise go in as their 64-bit
# addresses ("l" registers), as in Triton: the signal barriers of
# torchtitan's symmetric memory (torchao's and sglang's copies) spin on a
# compare-and-swap at each address of a pointer tile, or at one pointer.
# RUN: tilec %s --kernel send_signal --signature "*u32:16, 64" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=TILE < %t.ptx
# TILE: atom.global.release.sys.cas.b32 %tmp32_0, [%rd{{[0-9]+}}], 0, 1;
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %s --kernel send_one --signature "*u32:16" --arch sm_90a --emit=ptx -o %t1.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t1.ptx
# ONE: ld.param.u64 [[P:%rd[0-9]+]], [send_one_param_0];
# ONE: atom.global.release.sys.cas.b32 %r{{[0-9]+}}, [[[P]]], 0, 1;
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t1.ptx -o %t1.cubin %}
import triton
import triton.language as tl


@triton.jit
def send_signal(signal, B: tl.constexpr):
    addrs = signal + tl.arange(0, B)
    tl.inline_asm_elementwise(
        """
        {
            .reg .u32   %tmp32_<1>;
            .reg .pred  %p<1>;
            send_signal:
                atom.global.release.sys.cas.b32 %tmp32_0, [$1], 0, 1;
                setp.eq.u32 %p0, %tmp32_0, 0;
                @!%p0 bra send_signal;
        }
        """,
        "=r, l",
        [addrs],
        dtype=tl.int32,
        is_pure=False,
        pack=1,
    )


@triton.jit
def send_one(signal):
    tl.inline_asm_elementwise(
        "atom.global.release.sys.cas.b32 $0, [$1], 0, 1;",
        "=r, l",
        [signal],
        dtype=tl.int32,
        is_pure=False,
        pack=1,
    )
