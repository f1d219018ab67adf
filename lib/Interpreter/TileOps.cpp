//===- TileOps.cpp - The ops of the tile dialect
//---------------------------===//
//
// Program ids, tile construction and shape ops, pointers, checked loads and
// stores, atomics (tile.atomic_rmw / tile.atomic_cas, checked as loads and
// stores are) and tile.barrier, reductions and dot.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;
using llvm::Expected;

namespace {

#define TRY_TYPE(var, type)                                                    \
  Expected<ElemType> var##OrErr = getElemTypeOf(type);                         \
  if (!var##OrErr)                                                             \
    return opError(op, llvm::toString(var##OrErr.takeError()));                \
  ElemType var = *var##OrErr;

/// o[i] = x[idx(i)] for every lane of o, on whichever storage x uses.
template <typename F> void gather(Tensor &o, const Tensor &x, F idx) {
  size_t n = o.numel();
  if (x.type.isFloat()) {
    for (size_t i = 0; i < n; ++i)
      o.fv[i] = x.fv[idx(i)];
  } else {
    for (size_t i = 0; i < n; ++i)
      o.iv[i] = x.iv[idx(i)];
  }
}

/// Row-major strides of a shape.
llvm::SmallVector<int64_t, 4> stridesOf(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> st(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    st[i] = st[i + 1] * shape[i + 1];
  return st;
}

std::string laneString(llvm::ArrayRef<int64_t> shape, size_t flat) {
  if (shape.empty())
    return "(scalar)";
  llvm::SmallVector<int64_t, 4> idx(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    idx[d] = int64_t(flat % size_t(shape[d]));
    flat /= size_t(shape[d]);
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

Error oobError(Operation *op, const State &s, const char *what,
               llvm::ArrayRef<int64_t> shape, size_t lane, uint64_t addr,
               unsigned size) {
  std::string msg;
  llvm::raw_string_ostream os(msg);
  os << "out-of-bounds " << what << " in kernel '" << s.kernel << "' at "
     << formatLoc(op->getLoc()) << ", program (" << s.pid[0] << ", " << s.pid[1]
     << ", " << s.pid[2] << "), lane " << laneString(shape, lane) << ": "
     << s.mem->describe(addr, size);
  return llvm::createStringError(llvm::inconvertibleErrorCode(), os.str());
}

/// Triton's name of an atomic read-modify-write (for messages).
const char *atomicName(tile::AtomicKind kind) {
  switch (kind) {
  case tile::AtomicKind::add:
    return "atomic_add";
  case tile::AtomicKind::max:
  case tile::AtomicKind::umax:
    return "atomic_max";
  case tile::AtomicKind::min:
  case tile::AtomicKind::umin:
    return "atomic_min";
  case tile::AtomicKind::and_:
    return "atomic_and";
  case tile::AtomicKind::or_:
    return "atomic_or";
  case tile::AtomicKind::xor_:
    return "atomic_xor";
  case tile::AtomicKind::xchg:
    return "atomic_xchg";
  }
  return "atomic";
}

/// The new value of an integer element `old` (canonical: sign-extended from
/// `bits`) after `old <kind> v`.
int64_t atomicInt(tile::AtomicKind kind, int64_t old, int64_t v,
                  unsigned bits) {
  switch (kind) {
  case tile::AtomicKind::add:
    return wrapInt(int64_t(uint64_t(old) + uint64_t(v)), bits);
  case tile::AtomicKind::max:
    return std::max(old, v);
  case tile::AtomicKind::min:
    return std::min(old, v);
  case tile::AtomicKind::umax:
    return zextInt(v, bits) > zextInt(old, bits) ? v : old;
  case tile::AtomicKind::umin:
    return zextInt(v, bits) < zextInt(old, bits) ? v : old;
  case tile::AtomicKind::and_:
    return old & v;
  case tile::AtomicKind::or_:
    return old | v;
  case tile::AtomicKind::xor_:
    return old ^ v;
  case tile::AtomicKind::xchg:
    return v;
  }
  return old;
}

/// The new value of a float element `old` of type `k` after `old <kind> v`:
/// add rounds the exact sum once to `k`; max / min keep the operand that is
/// not NaN (IEEE maxNum / minNum: NaN only when both are), with -0 < +0.
double atomicFloat(tile::AtomicKind kind, Kind k, double old, double v) {
  switch (kind) {
  case tile::AtomicKind::add:
    return roundFloat(k, old + v);
  case tile::AtomicKind::max:
  case tile::AtomicKind::min: {
    if (std::isnan(v))
      return old;
    if (std::isnan(old))
      return v;
    bool isMax = kind == tile::AtomicKind::max;
    if (v == old) // -0 and +0: -0 is the smaller
      return std::signbit(v) != isMax ? v : old;
    return (isMax ? v > old : v < old) ? v : old;
  }
  case tile::AtomicKind::xchg:
    return v;
  default:
    return old; // integer-only kinds (refused when compiling)
  }
}

/// tile.atomic_rmw: lanes one after another in (row-major) lane order, each
/// a load, the update and a store of one element; masked-off lanes are not
/// accessed and return 0.
Expected<Step> compileAtomicRMW(tile::AtomicRMWOp op, ProgramBuilder &b,
                                ElemType rt,
                                llvm::SmallVector<int64_t, 4> rshape,
                                unsigned r) {
  tile::AtomicKind kind = op.getKind();
  bool intOnly =
      kind == tile::AtomicKind::umax || kind == tile::AtomicKind::umin ||
      kind == tile::AtomicKind::and_ || kind == tile::AtomicKind::or_ ||
      kind == tile::AtomicKind::xor_;
  if (rt.kind == Kind::Ptr || (rt.isFloat() && intOnly))
    return opError(op, llvm::Twine("atomic ") +
                           tile::stringifyAtomicKind(kind) +
                           " of this element type is not supported in the "
                           "interpreter");
  unsigned p = b.slot(op.getPtr()), v = b.slot(op.getValue());
  unsigned mask = op.getMask() ? b.slot(op.getMask()) : ~0u;
  unsigned size = rt.memBytes();
  const char *what = atomicName(kind);
  Operation *o = op;
  return Step([=](State &s) -> Error {
    const Tensor &pt = s.regs[p], &val = s.regs[v];
    const Tensor *mt = mask != ~0u ? &s.regs[mask] : nullptr;
    Tensor &res = s.regs[r];
    res.reset(rshape, rt);
    bool isFloat = rt.isFloat();
    for (size_t i = 0, n = pt.iv.size(); i < n; ++i) {
      if (mt && !mt->iv[i]) {
        if (isFloat)
          res.fv[i] = 0.0;
        else
          res.iv[i] = 0;
        continue;
      }
      uint64_t addr = uint64_t(pt.iv[i]);
      char *h = s.mem->resolve(addr, size);
      if (!h)
        return oobError(o, s, what, rshape, i, addr, size);
      if (isFloat) {
        double old = loadFloat(h, rt);
        storeFloat(h, rt, atomicFloat(kind, rt.kind, old, val.fv[i]));
        res.fv[i] = old;
      } else {
        int64_t old = wrapInt(loadInt(h, rt), rt.bits);
        storeInt(h, rt, atomicInt(kind, old, val.iv[i], rt.bits));
        res.iv[i] = old;
      }
    }
    return Error::success();
  });
}

/// tile.atomic_cas: lanes in lane order; `value` is written where the
/// element's bits in memory equal those of `cmp` in the element type (so
/// for floats -0 != +0 and a NaN matches a NaN of the same bits; an f16 /
/// bf16 NaN held in a register has the canonical bits).
Expected<Step> compileAtomicCAS(tile::AtomicCASOp op, ProgramBuilder &b,
                                ElemType rt,
                                llvm::SmallVector<int64_t, 4> rshape,
                                unsigned r) {
  if (rt.kind == Kind::Ptr)
    return opError(op, "atomic cas of pointers is not supported in the "
                       "interpreter");
  unsigned p = b.slot(op.getPtr()), c = b.slot(op.getCmp()),
           v = b.slot(op.getValue());
  unsigned size = rt.memBytes();
  Operation *o = op;
  return Step([=](State &s) -> Error {
    const Tensor &pt = s.regs[p], &cmp = s.regs[c], &val = s.regs[v];
    Tensor &res = s.regs[r];
    res.reset(rshape, rt);
    bool isFloat = rt.isFloat();
    for (size_t i = 0, n = pt.iv.size(); i < n; ++i) {
      uint64_t addr = uint64_t(pt.iv[i]);
      char *h = s.mem->resolve(addr, size);
      if (!h)
        return oobError(o, s, "atomic_cas", rshape, i, addr, size);
      if (isFloat) {
        char want[8];
        storeFloat(want, rt, cmp.fv[i]);
        res.fv[i] = loadFloat(h, rt);
        if (std::memcmp(want, h, size) == 0)
          storeFloat(h, rt, val.fv[i]);
      } else {
        int64_t old = wrapInt(loadInt(h, rt), rt.bits);
        res.iv[i] = old;
        if (old == wrapInt(cmp.iv[i], rt.bits))
          storeInt(h, rt, val.iv[i]);
      }
    }
    return Error::success();
  });
}

Step compileReduce(tile::ReduceOp op, ProgramBuilder &b, ElemType in,
                   ElemType out) {
  unsigned src = b.slot(op.getSrc()), r = b.slot(op.getResult());
  auto shape = shapeOf(op.getSrc().getType());
  unsigned axis = op.getAxis();
  size_t outer = 1, inner = 1, n = size_t(shape[axis]);
  for (unsigned d = 0; d < axis; ++d)
    outer *= size_t(shape[d]);
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= size_t(shape[d]);
  llvm::SmallVector<int64_t, 4> outShape(shape);
  outShape.erase(outShape.begin() + axis);
  tile::ReduceKind kind = op.getKind();
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[src];
    Tensor &o = st.regs[r];
    o.reset(outShape, out);
    for (size_t a = 0; a < outer; ++a)
      for (size_t c = 0; c < inner; ++c) {
        size_t base = a * n * inner + c, oi = a * inner + c;
        auto at = [&](size_t k) { return base + k * inner; };
        if (in.isFloat()) {
          const double *px = x.fv.data();
          if (kind == tile::ReduceKind::sum) {
            // As the GPU lowering does: fp16/bf16 sums accumulate in fp32
            // and are rounded to the element type once, at the end.
            bool half = in.kind == Kind::F16 || in.kind == Kind::BF16;
            Kind accKind = half ? Kind::F32 : in.kind;
            double acc = px[at(0)];
            for (size_t k = 1; k < n; ++k)
              acc = roundFloat(accKind, acc + px[at(k)]);
            o.fv[oi] = half ? roundFloat(in.kind, acc) : acc;
            continue;
          }
          bool isMax =
              kind == tile::ReduceKind::max || kind == tile::ReduceKind::argmax;
          double best = std::numeric_limits<double>::quiet_NaN();
          size_t bestK = 0;
          for (size_t k = 0; k < n; ++k) {
            double v = px[at(k)];
            if (std::isnan(v))
              continue; // NaNs are ignored (propagate_nan=False)
            if (std::isnan(best) || (isMax ? v > best : v < best)) {
              best = v;
              bestK = k;
            }
          }
          if (kind == tile::ReduceKind::max || kind == tile::ReduceKind::min)
            o.fv[oi] = best;
          else
            o.iv[oi] = int64_t(bestK);
        } else {
          const int64_t *px = x.iv.data();
          if (kind == tile::ReduceKind::sum) {
            uint64_t acc = 0;
            for (size_t k = 0; k < n; ++k)
              acc += uint64_t(px[at(k)]);
            o.iv[oi] = wrapInt(int64_t(acc), in.bits);
            continue;
          }
          bool isMax =
              kind == tile::ReduceKind::max || kind == tile::ReduceKind::argmax;
          int64_t best = px[at(0)];
          size_t bestK = 0;
          for (size_t k = 1; k < n; ++k) {
            int64_t v = px[at(k)];
            if (isMax ? v > best : v < best) {
              best = v;
              bestK = k;
            }
          }
          if (kind == tile::ReduceKind::max || kind == tile::ReduceKind::min)
            o.iv[oi] = best;
          else
            o.iv[oi] = int64_t(bestK);
        }
      }
    return Error::success();
  };
}

Step compileDot(tile::DotOp op, ProgramBuilder &b, ElemType in, ElemType out) {
  unsigned a = b.slot(op.getA()), bb = b.slot(op.getB()),
           acc = b.slot(op.getAcc()), r = b.slot(op.getResult());
  auto as = shapeOf(op.getA().getType()), bs = shapeOf(op.getB().getType());
  size_t M = size_t(as[0]), K = size_t(as[1]), N = size_t(bs[1]);
  bool tf32 = in.kind == Kind::F32 &&
              op.getInputPrecision() == tile::InputPrecision::tf32;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a], &y = st.regs[bb], &c = st.regs[acc];
    Tensor &o = st.regs[r];
    o.reset(c.shape, out);
    if (in.isFloat()) {
      std::vector<double> xa(x.fv), yb(y.fv);
      if (tf32) {
        for (double &v : xa)
          v = roundToTF32(v);
        for (double &v : yb)
          v = roundToTF32(v);
      }
      std::vector<double> row(N);
      for (size_t m = 0; m < M; ++m) {
        for (size_t n = 0; n < N; ++n)
          row[n] = out.isFloat() ? c.fv[m * N + n] : double(c.iv[m * N + n]);
        for (size_t k = 0; k < K; ++k) {
          double av = xa[m * K + k];
          const double *pb = &yb[k * N];
          for (size_t n = 0; n < N; ++n)
            row[n] += av * pb[n];
        }
        for (size_t n = 0; n < N; ++n)
          o.fv[m * N + n] = roundFloat(out.kind, row[n]);
      }
    } else {
      for (size_t m = 0; m < M; ++m)
        for (size_t n = 0; n < N; ++n) {
          uint64_t s = uint64_t(c.iv[m * N + n]);
          for (size_t k = 0; k < K; ++k)
            s += uint64_t(x.iv[m * K + k]) * uint64_t(y.iv[k * N + n]);
          o.iv[m * N + n] = wrapInt(int64_t(s), out.bits);
        }
    }
    return Error::success();
  };
}

} // namespace

Expected<Step> tilec::interp::compileTileOp(Operation *op, ProgramBuilder &b) {
  if (!op->getDialect() || op->getDialect()->getNamespace() != "tile")
    return Step();

  if (auto p = dyn_cast<tile::ProgramIdOp>(op)) {
    unsigned axis = p.getAxis(), r = b.slot(p.getResult());
    bool num = false;
    return Step([=](State &s) -> Error {
      Tensor &o = s.regs[r];
      o.reset({}, ElemType{Kind::Int, 32, 0});
      o.iv[0] = num ? s.grid[axis] : s.pid[axis];
      return Error::success();
    });
  }
  if (auto p = dyn_cast<tile::NumProgramsOp>(op)) {
    unsigned axis = p.getAxis(), r = b.slot(p.getResult());
    return Step([=](State &s) -> Error {
      Tensor &o = s.regs[r];
      o.reset({}, ElemType{Kind::Int, 32, 0});
      o.iv[0] = s.grid[axis];
      return Error::success();
    });
  }
  if (auto m = dyn_cast<tile::MakeRangeOp>(op)) {
    // Constant per program: materialize once.
    Tensor t;
    int64_t start = int32_t(m.getStart()), end = int32_t(m.getEnd());
    t.reset({end - start}, ElemType{Kind::Int, 32, 0});
    for (int64_t i = start; i < end; ++i)
      t.iv[size_t(i - start)] = i;
    b.constants.emplace_back(b.slot(m.getResult()), std::move(t));
    return Step([](State &) { return Error::success(); });
  }

  // Ops whose result has an element type.
  if (op->getNumResults() != 1)
    goto noResult;
  {
    TRY_TYPE(rt, op->getResult(0).getType());
    auto rshape = shapeOf(op->getResult(0).getType());
    unsigned r = b.slot(op->getResult(0));

    if (auto sp = dyn_cast<tile::SplatOp>(op)) {
      unsigned x = b.slot(sp.getSrc());
      return Step([=](State &s) -> Error {
        const Tensor &xt = s.regs[x];
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        if (rt.isFloat())
          std::fill(o.fv.begin(), o.fv.end(), xt.fv[0]);
        else
          std::fill(o.iv.begin(), o.iv.end(), xt.iv[0]);
        return Error::success();
      });
    }
    if (isa<tile::BroadcastOp, tile::TransOp>(op)) {
      // Both are gathers o[i] = x[map(i)] with a precomputed index map.
      Value src = op->getOperand(0);
      auto sshape = shapeOf(src.getType());
      auto sstr = stridesOf(sshape);
      size_t rank = rshape.size();
      llvm::SmallVector<int64_t, 4> srcStrideForOut(rank, 0);
      if (auto tr = dyn_cast<tile::TransOp>(op)) {
        auto order = tr.getOrder();
        for (size_t d = 0; d < rank; ++d)
          srcStrideForOut[d] = sstr[order[d]];
      } else {
        for (size_t d = 0; d < rank; ++d)
          srcStrideForOut[d] = sshape[d] == 1 ? 0 : sstr[d];
      }
      size_t n = 1;
      for (int64_t d : rshape)
        n *= size_t(d);
      auto map = std::make_shared<std::vector<uint32_t>>(n);
      llvm::SmallVector<int64_t, 4> idx(rank, 0);
      for (size_t i = 0; i < n; ++i) {
        int64_t off = 0;
        for (size_t d = 0; d < rank; ++d)
          off += idx[d] * srcStrideForOut[d];
        (*map)[i] = uint32_t(off);
        for (int d = int(rank) - 1; d >= 0; --d) {
          if (++idx[d] < rshape[d])
            break;
          idx[d] = 0;
        }
      }
      unsigned x = b.slot(src);
      return Step([=](State &s) -> Error {
        const Tensor &xt = s.regs[x];
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        const uint32_t *m = map->data();
        gather(o, xt, [m](size_t i) { return m[i]; });
        return Error::success();
      });
    }
    if (auto jo = dyn_cast<tile::JoinOp>(op)) {
      // Element i along the axis: lo's or hi's (the stride's bit of i)
      // element with that bit taken out of the index.
      int64_t inner = 1, stride = jo.getStride(), n = rshape[jo.getAxis()];
      for (size_t d = jo.getAxis() + 1; d < rshape.size(); ++d)
        inner *= rshape[d];
      unsigned in[2] = {b.slot(jo.getLo()), b.slot(jo.getHi())};
      return Step([=](State &s) -> Error {
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        for (int64_t k = 0; k < 2; ++k) {
          const Tensor &x = s.regs[in[k]];
          size_t m = x.numel();
          for (size_t e = 0; e < m; ++e) {
            int64_t rest = int64_t(e) % inner, j = int64_t(e) / inner % (n / 2),
                    outer = int64_t(e) / inner / (n / 2);
            int64_t i = (j / stride) * 2 * stride + k * stride + j % stride;
            size_t at = size_t((outer * n + i) * inner + rest);
            if (rt.isFloat())
              o.fv[at] = x.fv[e];
            else
              o.iv[at] = x.iv[e];
          }
        }
        return Error::success();
      });
    }
    if (isa<tile::ExpandDimsOp, tile::ReshapeOp>(op)) {
      unsigned x = b.slot(op->getOperand(0));
      return Step([=](State &s) -> Error {
        const Tensor &xt = s.regs[x];
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        if (rt.isFloat())
          std::copy(xt.fv.begin(), xt.fv.end(), o.fv.begin());
        else
          std::copy(xt.iv.begin(), xt.iv.end(), o.iv.begin());
        return Error::success();
      });
    }
    if (auto ap = dyn_cast<tile::AddPtrOp>(op)) {
      unsigned p = b.slot(ap.getPtr()), off = b.slot(ap.getOffset());
      uint64_t size = rt.pointeeBytes;
      return Step([=](State &s) -> Error {
        const Tensor &pt = s.regs[p], &ot = s.regs[off];
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        const int64_t *pp = pt.iv.data(), *po = ot.iv.data();
        int64_t *out = o.iv.data();
        for (size_t i = 0, n = o.iv.size(); i < n; ++i)
          out[i] = int64_t(uint64_t(pp[i]) + uint64_t(po[i]) * size);
        return Error::success();
      });
    }
    if (isa<tile::CastOp, tile::AxisHintOp>(op)) {
      unsigned x = b.slot(op->getOperand(0));
      return Step([=](State &s) -> Error {
        const Tensor &xt = s.regs[x];
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        std::copy(xt.iv.begin(), xt.iv.end(), o.iv.begin());
        return Error::success();
      });
    }
    if (auto ld = dyn_cast<tile::LoadOp>(op)) {
      unsigned p = b.slot(ld.getPtr());
      unsigned mask = ld.getMask() ? b.slot(ld.getMask()) : ~0u;
      unsigned other = ld.getOther() ? b.slot(ld.getOther()) : ~0u;
      unsigned size = rt.memBytes();
      return Step([=](State &s) -> Error {
        const Tensor &pt = s.regs[p];
        const Tensor *mt = mask != ~0u ? &s.regs[mask] : nullptr;
        const Tensor *ot = other != ~0u ? &s.regs[other] : nullptr;
        Tensor &o = s.regs[r];
        o.reset(rshape, rt);
        bool isFloat = rt.isFloat();
        for (size_t i = 0, n = pt.iv.size(); i < n; ++i) {
          if (mt && !mt->iv[i]) {
            if (isFloat)
              o.fv[i] = ot ? ot->fv[i] : 0.0;
            else
              o.iv[i] = ot ? ot->iv[i] : 0;
            continue;
          }
          uint64_t addr = uint64_t(pt.iv[i]);
          const char *h = s.mem->resolve(addr, size);
          if (!h)
            return oobError(op, s, "load", rshape, i, addr, size);
          if (isFloat)
            o.fv[i] = loadFloat(h, rt);
          else
            o.iv[i] = wrapInt(loadInt(h, rt), rt.bits);
        }
        return Error::success();
      });
    }
    if (auto at = dyn_cast<tile::AtomicRMWOp>(op))
      return compileAtomicRMW(at, b, rt, rshape, r);
    if (auto cas = dyn_cast<tile::AtomicCASOp>(op))
      return compileAtomicCAS(cas, b, rt, rshape, r);
    if (auto red = dyn_cast<tile::ReduceOp>(op)) {
      TRY_TYPE(in, red.getSrc().getType());
      return compileReduce(red, b, in, rt);
    }
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      TRY_TYPE(in, dot.getA().getType());
      return compileDot(dot, b, in, rt);
    }
  }
noResult:
  if (auto sp = dyn_cast<tile::SplitOp>(op)) {
    // Result k, element i: the operand's element i with the index along
    // the axis spread to make room for the stride's bit, set to k.
    TRY_TYPE(rt, sp.getLo().getType());
    auto rshape = shapeOf(sp.getLo().getType());
    int64_t inner = 1, stride = sp.getStride(), n = rshape[sp.getAxis()];
    for (size_t d = sp.getAxis() + 1; d < rshape.size(); ++d)
      inner *= rshape[d];
    unsigned x = b.slot(sp.getSrc());
    unsigned out[2] = {b.slot(sp.getLo()), b.slot(sp.getHi())};
    return Step([=](State &s) -> Error {
      for (int64_t k = 0; k < 2; ++k) {
        Tensor &o = s.regs[out[k]];
        o.reset(rshape, rt);
        gather(o, s.regs[x], [&](size_t i) {
          int64_t in = int64_t(i) % inner, j = int64_t(i) / inner % n,
                  outer = int64_t(i) / inner / n;
          int64_t src = (j / stride) * 2 * stride + k * stride + j % stride;
          return size_t((outer * 2 * n + src) * inner + in);
        });
      }
      return Error::success();
    });
  }
  // One program runs at a time: its accesses are already ordered.
  if (isa<tile::BarrierOp>(op))
    return Step([](State &) { return Error::success(); });
  if (auto stOp = dyn_cast<tile::StoreOp>(op)) {
    TRY_TYPE(vt, stOp.getValue().getType());
    auto shape = shapeOf(stOp.getPtr().getType());
    unsigned p = b.slot(stOp.getPtr()), v = b.slot(stOp.getValue());
    unsigned mask = stOp.getMask() ? b.slot(stOp.getMask()) : ~0u;
    unsigned size = vt.memBytes();
    return Step([=](State &s) -> Error {
      const Tensor &pt = s.regs[p], &val = s.regs[v];
      const Tensor *mt = mask != ~0u ? &s.regs[mask] : nullptr;
      bool isFloat = vt.isFloat();
      for (size_t i = 0, n = pt.iv.size(); i < n; ++i) {
        if (mt && !mt->iv[i])
          continue;
        uint64_t addr = uint64_t(pt.iv[i]);
        char *h = s.mem->resolve(addr, size);
        if (!h)
          return oobError(op, s, "store", shape, i, addr, size);
        if (isFloat)
          storeFloat(h, vt, val.fv[i]);
        else
          storeInt(h, vt, val.iv[i]);
      }
      return Error::success();
    });
  }
  return Step();
}
