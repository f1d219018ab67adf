// Verifier errors of tilegpu.warp_specialize and tilegpu.mbarrier_arrive.
// RUN: tilec-opt %s -split-input-file -verify-diagnostics > /dev/null

func.func @nested(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{must stand in the entry block of a function}}
    tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
    }
  }
  return
}

// -----

func.func @warps() {
  // expected-error @+1 {{producer_warps must be a positive multiple of 4, got 2}}
  tilegpu.warp_specialize producer_warps(2) regs(40, 232) {
  }
  return
}

// -----

func.func @regs() {
  // expected-error @+1 {{register counts must be multiples of 8 from 24 to 256 (setmaxnreg), got 236}}
  tilegpu.warp_specialize producer_warps(4) regs(40, 236) {
  }
  return
}

// -----

func.func @tensor() {
  tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
    // expected-error @+1 {{defines a tensor in a producer region, whose warps have no layout}}
    %t = arith.constant dense<0> : tensor<4xi32>
  }
  return
}

// -----

func.func @arrive() {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<2xi64>
  // expected-error @+1 {{needs one mbarrier, a !tilegpu.memdesc<1xi64>, got '!tilegpu.memdesc<2xi64>'}}
  tilegpu.mbarrier_arrive %bar : !tilegpu.memdesc<2xi64>
  return
}
