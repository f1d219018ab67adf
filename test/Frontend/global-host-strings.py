# A module's code runs when Python imports it, so a module-level constant
# that a function of host code computes is computed at compile time, in the
# kernel language with the string methods it calls: `str.format` (keyword,
# positional and automatic fields, `{{`/`}}`), `join`, `split` and `+`, as
# fla's inline-PTX softplus builds its assembly (fla/ops/utils/softplus.py).
# RUN: tilec %s --kernel k --signature "*fp32:16" --arch sm_90a --emit=ptx | FileCheck %s
# CHECK: { mov.b32 [[OUT:%r[0-9]+]], [[IN:%r[0-9]+]]; add.f32 [[OUT]], [[OUT]], 0f3F800000; }
# CHECK: // 0.5 {2} x y z 100.0 1e-05 1e+20 123.456 -2.0 0.0001 1.5e+16 inf
# A format spec or a missing field is an error that says so.
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 0" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=SPEC
# SPEC: error: format field '{0:4}': format specs and conversions are not supported at compile time
# SPEC: note: in the call, at compile time, to the function of host code 'padded' here
# SPEC: note: while evaluating the global 'S_PADDED' used here
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 1" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: error: format field '{reg}' has no keyword argument
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 2" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=UNCLOSED
# UNCLOSED: error: the string 'mov {0' has an unclosed '{'
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 3" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=BRACE
# BRACE: error: the string 'a } b' has a single '}'
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 4" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=POSITION
# POSITION: error: format field '{1}' has no value: 1 positional arguments
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 5" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=JOINED
# JOINED: error: str.join of the constant 3, which is not a string
# RUN: not tilec %s --kernel bad --signature "*fp32:16, 6" --arch sm_90a --emit=ptx 2>&1 | FileCheck %s --check-prefix=SPLITS
# SPLITS: error: str.split takes at most one separator string here
import triton
import triton.language as tl


def _asm(n):
    template = """
        mov.b32 ${out}, ${inp};
        add.f32 ${out}, ${out}, 0f3F800000;
    """
    text = ""
    for i in range(n):
        text += "{" + template.format(out=i, inp=i + n) + "}\n"
    return " ".join(text.split())


def _comment(x):
    # Floats written as Python's str writes them.
    floats = "{} {} {} {} {} {} {} {}".format(100.0, 1e-05, 1e20, 123.456, -2.0, 0.0001,
                                             1.5e16, float("inf"))
    return "// {} {{{}}} {} ".format(x, 2, " ".join("x,y,z".split(","))) + floats


def padded(x):
    return "{0:4}".format(x)


def missing_field():
    return "mov.b32 {reg}, 0;".format(out=1)


S_ASM: tl.constexpr = tl.constexpr(_asm(1))
S_COMMENT: tl.constexpr = tl.constexpr(_comment(0.5))
S_PADDED: tl.constexpr = tl.constexpr(padded(1))
S_MISSING: tl.constexpr = tl.constexpr(missing_field())
S_UNCLOSED: tl.constexpr = tl.constexpr("mov {0".format(1))
S_BRACE: tl.constexpr = tl.constexpr("a } b".format())
S_POSITION: tl.constexpr = tl.constexpr("{0} {1}".format(1))
S_JOINED: tl.constexpr = tl.constexpr(",".join(("a", 3)))
S_SPLITS: tl.constexpr = tl.constexpr("a b".split(" ", 1))


@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    y = tl.inline_asm_elementwise(asm=S_ASM + " " + S_COMMENT, constraints="=r,r", args=[x],
                                  dtype=tl.float32, is_pure=True, pack=1)
    tl.store(x_ptr + tl.arange(0, 128), y)


@triton.jit
def bad(x_ptr, WHICH: tl.constexpr):
    # Each error case reads one global; a constant condition compiles only
    # the branch it takes.
    if WHICH == 0:
        tl.store(x_ptr, len(S_PADDED))
    elif WHICH == 1:
        tl.store(x_ptr, len(S_MISSING))
    elif WHICH == 2:
        tl.store(x_ptr, len(S_UNCLOSED))
    elif WHICH == 3:
        tl.store(x_ptr, len(S_BRACE))
    elif WHICH == 4:
        tl.store(x_ptr, len(S_POSITION))
    elif WHICH == 5:
        tl.store(x_ptr, len(S_JOINED))
    else:
        tl.store(x_ptr, len(S_SPLITS))
