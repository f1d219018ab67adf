// Round trip of the tilegpu layouts and ops.
// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// The tensor-core attributes of the functions below, as aliases.
// CHECK: #[[B8:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[MMA:.*]] = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
// CHECK: #[[MMA41:.*]] = #tilegpu.mma<{warpsPerCTA = [4, 1]}>
// CHECK: #[[MMAV3:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
// CHECK: #[[MMAV3N:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 64}>
// CHECK: #[[MMAV3T:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>
// CHECK: #[[SW:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
// CHECK: #[[SW1:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
// CHECK: #[[SWN:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 1}>
// CHECK: #[[SWB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>
// CHECK: #[[TR:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, transposed}>
// CHECK: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]]}>
// CHECK: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]]}>
// CHECK: #[[S:.*]] = #tilegpu.slice<{dim = 0, parent = #[[B]]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 0, parent = #b}>
// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<32xf32, #s>) -> tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> {
  // CHECK: tilegpu.barrier
  tilegpu.barrier
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<32xf32, #[[S]]> -> tensor<32xf32, #{{.*}}>
  %c = tilegpu.convert_layout %x : tensor<32xf32, #s> -> tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  return %c : tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
}

// Shared-memory buffers.
// CHECK-LABEL: func.func @local_memory
func.func @local_memory(%x: tensor<64x32xf16, #b>) -> tensor<64x32xf16, #b> {
  // CHECK: %[[M:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
  %m = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
  // CHECK: tilegpu.local_store %{{.*}}, %[[M]] : tensor<64x32xf16, #[[B]]> -> !tilegpu.memdesc<64x32xf16>
  tilegpu.local_store %x, %m : tensor<64x32xf16, #b> -> !tilegpu.memdesc<64x32xf16>
  // CHECK: tilegpu.local_load %[[M]] : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #[[B]]>
  %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b>
  // CHECK: tilegpu.local_dealloc %[[M]] : !tilegpu.memdesc<64x32xf16>
  tilegpu.local_dealloc %m : !tilegpu.memdesc<64x32xf16>
  // CHECK: %[[N:.*]] = tilegpu.local_alloc %{{.*}} : tensor<64x32xf16, #[[B]]> -> !tilegpu.memdesc<64x32xf16>
  %n = tilegpu.local_alloc %x : tensor<64x32xf16, #b> -> !tilegpu.memdesc<64x32xf16>
  // A 1-D buffer of pointers, read into a slice layout.
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<32x!tile.ptr<f32>>
  %p = tilegpu.local_alloc : !tilegpu.memdesc<32x!tile.ptr<f32>>
  // CHECK: tilegpu.local_load %{{.*}} : !tilegpu.memdesc<32x!tile.ptr<f32>> -> tensor<32x!tile.ptr<f32>, #[[S]]>
  %q = tilegpu.local_load %p : !tilegpu.memdesc<32x!tile.ptr<f32>> -> tensor<32x!tile.ptr<f32>, #s>
  %w = tilegpu.local_load %n : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b>
  return %w : tensor<64x32xf16, #b>
}

// Tensor cores: the mma accumulator layout, the dot-operand layouts (as tensor
// encodings) and the swizzled shared encoding (as a memdesc encoding).
#mma = #tilegpu.mma<{warpsPerCTA = [2, 2]}>
#mma41 = #tilegpu.mma<{warpsPerCTA = [4, 1]}>
#opa = #tilegpu.dot_op<{opIdx = 0, parent = #mma}>
#opb = #tilegpu.dot_op<{opIdx = 1, parent = #mma}>
#sw = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
#sw1 = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
#b8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @mma_layouts
// CHECK-SAME: (%{{.*}}: tensor<64x64xf32, #[[MMA]]>, %{{.*}}: tensor<64x32xf32, #[[MMA41]]>,
// CHECK-SAME: %{{.*}}: tensor<64x32xf16, #[[OPA]]>, %{{.*}}: tensor<32x64xf16, #[[OPB]]>,
// CHECK-SAME: %{{.*}}: !tilegpu.memdesc<64x32xf16, #[[SW]]>, %{{.*}}: !tilegpu.memdesc<32x64xf16, #[[SW1]]>,
// CHECK-SAME: %{{.*}}: !tilegpu.memdesc<4x16x8xf32, #[[SWN]]>, %{{.*}}: !tilegpu.memdesc<64x32xf16>,
// CHECK-SAME: %{{.*}}: tensor<128x64xf32, #[[MMAV3]]>, %{{.*}}: tensor<64x128xf32, #[[MMAV3N]]>, %{{.*}}: !tilegpu.memdesc<32x256xf16, #[[SWB]]>,
// CHECK-SAME: %{{.*}}: tensor<128x128xf32, #[[MMAV3T]]>)
func.func @mma_layouts(%c: tensor<64x64xf32, #mma>, %c41: tensor<64x32xf32, #mma41>,
                       %a: tensor<64x32xf16, #opa>, %b: tensor<32x64xf16, #opb>,
                       %sa: !tilegpu.memdesc<64x32xf16, #sw>,
                       %sb: !tilegpu.memdesc<32x64xf16, #sw1>,
                       %s3: !tilegpu.memdesc<4x16x8xf32, #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 1}>>,
                       %plain: !tilegpu.memdesc<64x32xf16>,
                       %h: tensor<128x64xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>>,
                       %hn: tensor<64x128xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 64}>>,
                       %wide: !tilegpu.memdesc<32x256xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>>,
                       %ht: tensor<128x128xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>>) {
  return
}

// CHECK-LABEL: func.func @tensor_core_ops
// CHECK-SAME: (%[[BUF:[^:]+]]: !tilegpu.memdesc<3x64x32xf16, #[[SW]]>, %[[I:[^:]+]]: i32, %[[P:[^:]+]]: tensor<64x32x!tile.ptr<f16>, #[[B8]]>, %[[M:[^:]+]]: tensor<64x32xi1, #[[B8]]>, %[[PRED:[^:]+]]: i1, %[[X:[^:]+]]: tensor<32x64xf16, #[[B8]]>, %[[C:[^:]+]]: tensor<64x64xf32, #[[MMA]]>)
func.func @tensor_core_ops(%buf: !tilegpu.memdesc<3x64x32xf16, #sw>, %i: i32,
                           %p: tensor<64x32x!tile.ptr<f16>, #b8>, %m: tensor<64x32xi1, #b8>,
                           %pred: i1, %x: tensor<32x64xf16, #b8>,
                           %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  // CHECK: %[[SLOT:.*]] = tilegpu.memdesc_subview %[[BUF]][%[[I]]] : !tilegpu.memdesc<3x64x32xf16, #[[SW]]> -> !tilegpu.memdesc<64x32xf16, #[[SW]]>
  %slot = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #sw> -> !tilegpu.memdesc<64x32xf16, #sw>
  // CHECK-NEXT: tilegpu.async_copy %[[P]], %[[SLOT]] mask %[[M]] pred %[[PRED]] {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #[[B8]]>, tensor<64x32xi1, #[[B8]]> -> !tilegpu.memdesc<64x32xf16, #[[SW]]>
  tilegpu.async_copy %p, %slot mask %m pred %pred {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #b8>, tensor<64x32xi1, #b8> -> !tilegpu.memdesc<64x32xf16, #sw>
  // CHECK-NEXT: tilegpu.async_copy %[[P]], %[[SLOT]] mask %[[M]] {vector = 4 : i32} : tensor<64x32x!tile.ptr<f16>, #[[B8]]>, tensor<64x32xi1, #[[B8]]> -> !tilegpu.memdesc<64x32xf16, #[[SW]]>
  tilegpu.async_copy %p, %slot mask %m {vector = 4 : i32} : tensor<64x32x!tile.ptr<f16>, #b8>, tensor<64x32xi1, #b8> -> !tilegpu.memdesc<64x32xf16, #sw>
  // CHECK-NEXT: tilegpu.async_copy %[[P]], %[[SLOT]] pred %[[PRED]] {vector = 2 : i32} : tensor<64x32x!tile.ptr<f16>, #[[B8]]> -> !tilegpu.memdesc<64x32xf16, #[[SW]]>
  tilegpu.async_copy %p, %slot pred %pred {vector = 2 : i32} : tensor<64x32x!tile.ptr<f16>, #b8> -> !tilegpu.memdesc<64x32xf16, #sw>
  // CHECK-NEXT: tilegpu.async_copy %[[P]], %[[SLOT]] {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #[[B8]]> -> !tilegpu.memdesc<64x32xf16, #[[SW]]>
  tilegpu.async_copy %p, %slot {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #b8> -> !tilegpu.memdesc<64x32xf16, #sw>
  // CHECK-NEXT: tilegpu.async_commit_group
  tilegpu.async_commit_group
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  tilegpu.async_wait {num = 0 : i32}
  // CHECK-NEXT: %[[XB:.*]] = tilegpu.local_alloc %[[X]] : tensor<32x64xf16, #[[B8]]> -> !tilegpu.memdesc<32x64xf16, #[[SW1]]>
  %xb = tilegpu.local_alloc %x : tensor<32x64xf16, #b8> -> !tilegpu.memdesc<32x64xf16, #sw1>
  // CHECK-NEXT: %[[A:.*]] = tilegpu.local_load %[[SLOT]] : !tilegpu.memdesc<64x32xf16, #[[SW]]> -> tensor<64x32xf16, #[[OPA]]>
  %a = tilegpu.local_load %slot : !tilegpu.memdesc<64x32xf16, #sw> -> tensor<64x32xf16, #opa>
  // CHECK-NEXT: %[[B:.*]] = tilegpu.local_load %[[XB]] : !tilegpu.memdesc<32x64xf16, #[[SW1]]> -> tensor<32x64xf16, #[[OPB]]>
  %b = tilegpu.local_load %xb : !tilegpu.memdesc<32x64xf16, #sw1> -> tensor<32x64xf16, #opb>
  // CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16, #[[OPA]]> * tensor<32x64xf16, #[[OPB]]> -> tensor<64x64xf32, #[[MMA]]>
  %d = tile.dot %a, %b, %c : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
  // CHECK-NEXT: %[[E:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<2x32x64xf16, #[[SW1]]>
  %e = tilegpu.local_alloc : !tilegpu.memdesc<2x32x64xf16, #sw1>
  // CHECK-NEXT: tilegpu.local_dealloc %[[E]] : !tilegpu.memdesc<2x32x64xf16, #[[SW1]]>
  tilegpu.local_dealloc %e : !tilegpu.memdesc<2x32x64xf16, #sw1>
  // CHECK-NEXT: tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[B8]]>
  %f = tilegpu.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #b8>
  // CHECK-NEXT: return %[[D]]
  return %d : tensor<64x64xf32, #mma>
}

// CHECK-LABEL: func.func @transposed_view
// CHECK: tilegpu.memdesc_trans %{{.*}} : !tilegpu.memdesc<64x32xf16, #[[TR]]> -> !tilegpu.memdesc<32x64xf16, #[[SW]]>
func.func @transposed_view(%buf: !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, transposed}>>) {
  %t = tilegpu.memdesc_trans %buf : !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, transposed}>> -> !tilegpu.memdesc<32x64xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>
  return
}

// CHECK-LABEL: func.func @runs_in_bounds
// CHECK: tilegpu.runs_in_bounds %{{.*}} {vector = 4 : i32} : tensor<4x32xi1, #{{.*}}>
func.func @runs_in_bounds(%m: tensor<4x32xi1, #b>) -> i1 {
  %r = tilegpu.runs_in_bounds %m {vector = 4 : i32} : tensor<4x32xi1, #b>
  return %r : i1
}
