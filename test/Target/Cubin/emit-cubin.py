# tilec --emit=cubin assembles the kernel's PTX with ptxas ($TILEC_PTXAS) for
# --arch and writes registers and spills into the metadata JSON beside -o; a
# kernel that spills gets a warning (the seed matmul at 128x256x128 with plain
# i32 strides: no vector loads, 255 registers). Without ptxas: an error.
# REQUIRES: ptxas
# RUN: env TILEC_PTXAS=%ptxas tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 1024" --emit=cubin -o %t.cubin 2>&1 | count 0
# RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# ELF: 7f 45 4c 46
# JSON:      "cubin_target": "sm_90",
# JSON:      "registers": {{[1-9][0-9]*}},
# JSON-NEXT: "shared_bytes": 512,
# JSON-NEXT: "spill_load_bytes": 0,
# JSON-NEXT: "spill_store_bytes": 0,
# JSON-NEXT: "stack_bytes": 0,
# JSON-NEXT: "target": "sm_90",
#
# RUN: env TILEC_PTXAS=%ptxas tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --arch sm_90a --num-warps 8 --signature "*fp16, *fp16, *fp32, i32, i32, i32, i32, i32, i32, i32, i32, i32, 128, 256, 128" --emit=cubin -o %t.mm.cubin 2>&1 | FileCheck %s --check-prefix=SPILL
# RUN: FileCheck %s --check-prefix=SPILLJSON < %t.mm.json
# SPILL: tilec: warning: kernel 'matmul_relu_kernel' spills registers to local memory ({{[0-9]+}} registers, {{[0-9]+}} bytes stack frame, {{[1-9][0-9]*}} bytes spill stores, {{[1-9][0-9]*}} bytes spill loads per thread)
# SPILLJSON: "cubin_target": "sm_90a",
# SPILLJSON: "spill_store_bytes": {{[1-9][0-9]*}},
#
# RUN: env TILEC_PTXAS=%t.none not tilec %seeds/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, 1024" --emit=cubin -o %t.x.cubin 2>&1 | FileCheck %s --check-prefix=NOPTXAS
# NOPTXAS: tilec: error: --emit=cubin needs ptxas from the CUDA toolkit: none found ($TILEC_PTXAS, PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)
