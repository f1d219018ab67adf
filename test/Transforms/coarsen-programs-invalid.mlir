// RUN: not tilec-opt %s -tile-coarsen-programs="factor=2" 2>&1 | FileCheck %s
// A kernel body of several blocks (unstructured control flow, which the
// frontend never emits) is refused with a message, not miscompiled.
// CHECK: error: tile-coarsen-programs: the kernel body must be one block (structured control flow)
module attributes {tile.num_warps = 4 : i32} {
  func.func @blocks(%x: !tile.ptr<f32>) attributes {tile.kernel} {
    %pid = tile.program_id 0
    cf.br ^bb1
  ^bb1:
    %p = tile.addptr %x, %pid : !tile.ptr<f32>, i32
    %v = tile.load %p : !tile.ptr<f32>
    tile.store %p, %v : !tile.ptr<f32>
    return
  }
}
