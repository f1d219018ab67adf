//===- Random.cpp - tl.rand / randint / randn (Philox4x32-10) ------------===//
//
// Triton's counter-based random numbers, generated inline from tile ops:
// Philox4x32 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3")
// with the counter (offset, 0, 0, 0) and the key (seed & 0xffffffff, seed >>
// 32), `n_rounds` rounds (10 by default), so that a kernel gets the same bits
// for the same seed and offsets as under Triton:
//
//   tl.randint(seed, offset) / tl.randint4x: the first / all four uint32 words;
//   tl.rand / tl.rand4x: uniform fp32 in [0, 1) from each word (its int32
//     bits folded to non-negative, times 4.6566127342e-10);
//   tl.randn / tl.randn4x: standard normals by Box-Muller from pairs of those;
//   tl.philox(seed, c0, c1, c2, c3), tl.uint_to_uniform_float,
//   tl.pair_uniform_to_normal, tl.umulhi: the pieces.
//
// The offsets of tl.randint and the others are 32- or 64-bit integers; a
// 64-bit offset is the counter (low word, high word, 0, 0), as Triton's
// randint4x splits it. tl.philox's own counters are 32-bit: Triton's 64-bit
// Philox (its constants for 64-bit counters) is not built, and a 64-bit
// counter passed to tl.philox is an error.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

using namespace tilec;

namespace {

constexpr int64_t kRoundA = 0xD2511F53, kRoundB = 0xCD9E8D57;
constexpr int64_t kKeyA = 0x9E3779B9, kKeyB = 0xBB67AE85;

DType u32() { return DType::scalar(ScalarKind::U32); }
DType u64() { return DType::scalar(ScalarKind::U64); }

} // namespace

Val CodeGen::umulhi(Val x, Val y, const Expr &call) {
  mlir::Location l = loc(call);
  if (x.isError() || y.isError())
    return Val::error();
  auto dt = promote(x, y, call, "tl.umulhi");
  if (!dt)
    return Val::error();
  if (!dt->isInt() || dt->isBool() || dt->bitwidth() != 32)
    return error(call, "tl.umulhi takes 32-bit integers, got " + describe(x) +
                           " and " + describe(y));
  // The high word of the 64-bit product of the operands' unsigned bits.
  auto wide = [&](Val v) {
    if (v.isNumber())
      v = materialize(v, *dt, l);
    return cast(cast(v, u32(), l, call, /*bitcast=*/dt->isSigned()), u64(), l,
                call);
  };
  Val p = binaryOp(BinaryOpKind::Mul, wide(x), wide(y), call);
  Val hi = binaryOp(BinaryOpKind::Shr, p, Val::integer(32), call);
  Val r = cast(hi, u32(), l, call);
  return dt->isSigned() ? cast(r, *dt, l, call, /*bitcast=*/true) : r;
}

std::vector<Val> CodeGen::philox(Val seed, std::vector<Val> counter,
                                 int64_t rounds, const Expr &call) {
  mlir::Location l = loc(call);
  for (Val &c : counter) {
    if (c.isError())
      return {};
    if (c.isNumber())
      c = toIR(c, l, call);
    if (!c.isIR() || !c.dtype.isInt() || c.dtype.isBool()) {
      error(call, "the counters (offsets) of Philox random numbers must be "
                  "integers, got " +
                      describe(c));
      return {};
    }
    if (c.dtype.bitwidth() != 32) {
      error(call, "the counters of Philox random numbers must be 32-bit "
                  "integers (tl.philox's 64-bit counters are not supported by "
                  "tilec), got " +
                      describe(c));
      return {};
    }
    if (c.dtype != u32())
      c = cast(c, u32(), l, call, /*bitcast=*/true);
  }
  if (seed.isNumber())
    seed = toIR(seed, l, call);
  if (!seed.isIR() || !seed.dtype.isInt() || seed.dtype.isBool()) {
    error(call, "the seed of Philox random numbers must be an integer, got " +
                    describe(seed));
    return {};
  }
  if (rounds < 0 || rounds > 64) {
    error(call, "n_rounds must be from 0 to 64, got " + std::to_string(rounds));
    return {};
  }
  Val s = cast(seed, u64(), l, call);
  Val k0 =
      cast(binaryOp(BinaryOpKind::BitAnd, s, Val::integer(0xffffffff), call),
           u32(), l, call);
  Val k1 = cast(binaryOp(BinaryOpKind::BitAnd,
                         binaryOp(BinaryOpKind::Shr, s, Val::integer(32), call),
                         Val::integer(0xffffffff), call),
                u32(), l, call);
  Val c0 = counter[0], c1 = counter[1], c2 = counter[2], c3 = counter[3];
  for (int64_t r = 0; r < rounds; ++r) {
    Val a0 = c0, a2 = c2;
    c0 = binaryOp(BinaryOpKind::BitXor,
                  binaryOp(BinaryOpKind::BitXor,
                           umulhi(Val::integer(kRoundB), a2, call), c1, call),
                  k0, call);
    c2 = binaryOp(BinaryOpKind::BitXor,
                  binaryOp(BinaryOpKind::BitXor,
                           umulhi(Val::integer(kRoundA), a0, call), c3, call),
                  k1, call);
    c1 = binaryOp(BinaryOpKind::Mul, a2, Val::integer(kRoundB), call);
    c3 = binaryOp(BinaryOpKind::Mul, a0, Val::integer(kRoundA), call);
    k0 = binaryOp(BinaryOpKind::Add, k0, Val::integer(kKeyA), call);
    k1 = binaryOp(BinaryOpKind::Add, k1, Val::integer(kKeyB), call);
  }
  for (const Val &v : {c0, c1, c2, c3})
    if (v.isError())
      return {};
  return {c0, c1, c2, c3};
}

Val CodeGen::uintToUniformFloat(Val x, const Expr &call) {
  mlir::Location l = loc(call);
  if (x.isError())
    return x;
  if (!x.isIR() || !x.dtype.isInt() || x.dtype.isBool() ||
      (x.dtype.bitwidth() != 32 && x.dtype.bitwidth() != 64))
    return error(call,
                 "tl.uint_to_uniform_float takes 32- or 64-bit integers, got " +
                     describe(x));
  // The signed bits folded onto [0, 2^31) (2^63): x < 0 -> -x - 1; then a
  // scale that keeps the largest value below 1.0 in fp32 (Triton's).
  bool wide = x.dtype.bitwidth() == 64;
  DType si = DType::scalar(wide ? ScalarKind::I64 : ScalarKind::I32);
  Val xi = x.dtype == si ? x : cast(x, si, l, call, /*bitcast=*/true);
  Val folded = binaryOp(BinaryOpKind::Sub, unaryOp(UnaryOpKind::Neg, xi, call),
                        Val::integer(1), call);
  Val neg = compareOp(CompareOpKind::Lt, xi, Val::integer(0), call);
  Val w = callBuiltin("tl.where", call, {neg, folded, xi}, {});
  return binaryOp(
      BinaryOpKind::Mul, w,
      Val::floating(wide ? 1.0842020432385337e-19 : 4.6566127342e-10), call);
}

std::vector<Val> CodeGen::pairUniformToNormal(Val u1, Val u2,
                                              const Expr &call) {
  // Box-Muller: r = sqrt(-2 log(max(u1, 1e-7))), theta = 2 pi u2.
  u1 = callBuiltin("tl.maximum", call, {Val::floating(1.0e-7), u1}, {});
  Val th =
      binaryOp(BinaryOpKind::Mul, Val::floating(6.283185307179586), u2, call);
  Val r = callBuiltin("tl.sqrt", call,
                      {binaryOp(BinaryOpKind::Mul, Val::floating(-2.0),
                                callBuiltin("tl.log", call, {u1}, {}), call)},
                      {});
  Val n1 = binaryOp(BinaryOpKind::Mul, r, callBuiltin("tl.cos", call, {th}, {}),
                    call);
  Val n2 = binaryOp(BinaryOpKind::Mul, r, callBuiltin("tl.sin", call, {th}, {}),
                    call);
  if (n1.isError() || n2.isError())
    return {};
  return {n1, n2};
}

namespace {

/// The builtins of emitRandom.
enum class RandomFn {
  Umulhi,
  UintToUniformFloat,
  PairUniformToNormal,
  Philox,
  Randint,
  Randint4x,
  Rand,
  Rand4x,
  Randn,
  Randn4x,
};

} // namespace

void CodeGen::registerRandomBuiltins(BuiltinRegistry &r) {
  auto add = [&](const char *name, std::vector<const char *> params,
                 unsigned required, RandomFn fn) {
    r.add(name, std::move(params), required, &CodeGen::emitRandom,
          NoBuiltinFlags, unsigned(fn));
  };
  add("tl.umulhi", {"x", "y"}, 2, RandomFn::Umulhi);
  add("tl.uint_to_uniform_float", {"x"}, 1, RandomFn::UintToUniformFloat);
  add("tl.pair_uniform_to_normal", {"u1", "u2"}, 2,
      RandomFn::PairUniformToNormal);
  add("tl.philox", {"seed", "c0", "c1", "c2", "c3", "n_rounds"}, 5,
      RandomFn::Philox);
  add("tl.randint", {"seed", "offset", "n_rounds"}, 2, RandomFn::Randint);
  add("tl.randint4x", {"seed", "offset", "n_rounds"}, 2, RandomFn::Randint4x);
  add("tl.rand", {"seed", "offset", "n_rounds"}, 2, RandomFn::Rand);
  add("tl.rand4x", {"seed", "offsets", "n_rounds"}, 2, RandomFn::Rand4x);
  add("tl.randn", {"seed", "offset", "n_rounds"}, 2, RandomFn::Randn);
  add("tl.randn4x", {"seed", "offset", "n_rounds"}, 2, RandomFn::Randn4x);
}

Val CodeGen::emitRandom(BuiltinCall &c) {
  std::vector<Val> &a = c.a;
  const Expr &call = c.call;
  auto fn = RandomFn(c.entry.variant);
  for (const Val &v : a)
    if (v.isError())
      return Val::error();
  if (fn == RandomFn::Umulhi)
    return umulhi(a[0], a[1], call);
  if (fn == RandomFn::UintToUniformFloat)
    return uintToUniformFloat(a[0], call);
  if (fn == RandomFn::PairUniformToNormal) {
    auto n = pairUniformToNormal(a[0], a[1], call);
    return n.empty() ? Val::error() : Val::tuple(n);
  }
  // The n_rounds argument: the last one, 10 when not given.
  Val roundsV = a.back();
  int64_t rounds = 10;
  if (roundsV.kind != Val::None &&
      !requireInt(roundsV, call, "n_rounds", rounds))
    return Val::error();
  std::vector<Val> words;
  if (fn == RandomFn::Philox) {
    words = philox(a[0], {a[1], a[2], a[3], a[4]}, rounds, call);
  } else {
    // (offset, 0, 0, 0); `offset * 0` gives the zeros the offsets' shape. A
    // 64-bit offset is the counter (its low word, its high word, 0, 0), as
    // Triton's randint4x splits it.
    mlir::Location l = loc(call);
    Val offset = a[1];
    if (offset.isNumber())
      offset = toIR(offset, l, call);
    Val high;
    if (offset.isIR() && offset.dtype.isInt() && !offset.dtype.isBool() &&
        offset.dtype.bitwidth() == 64) {
      high = cast(binaryOp(BinaryOpKind::Shr, offset, Val::integer(32), call),
                  u32(), l, call);
      offset = cast(offset, u32(), l, call);
    }
    Val zero = binaryOp(BinaryOpKind::Mul, offset, Val::integer(0), call);
    words = philox(a[0], {offset, high.isIR() ? high : zero, zero, zero},
                   rounds, call);
  }
  if (words.empty())
    return Val::error();
  if (fn == RandomFn::Philox || fn == RandomFn::Randint4x)
    return Val::tuple(words);
  if (fn == RandomFn::Randint)
    return words[0];
  std::vector<Val> u;
  bool four = fn == RandomFn::Rand4x || fn == RandomFn::Randn4x;
  for (size_t i = 0; i < (four ? 4 : 2); ++i)
    u.push_back(uintToUniformFloat(words[i], call));
  if (fn == RandomFn::Rand)
    return u[0];
  if (fn == RandomFn::Rand4x)
    return Val::tuple(u);
  auto n12 = pairUniformToNormal(u[0], u[1], call);
  if (n12.empty())
    return Val::error();
  if (fn == RandomFn::Randn)
    return n12[0];
  auto n34 = pairUniformToNormal(u[2], u[3], call); // tl.randn4x
  if (n34.empty())
    return Val::error();
  return Val::tuple({n12[0], n12[1], n34[0], n34[1]});
}
