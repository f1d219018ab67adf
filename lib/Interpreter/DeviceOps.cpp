//===- DeviceOps.cpp - Gather, histogram, sort, inline PTX, printing ------===//
//
// tile.gather (an index outside the source is an error here, undefined on
// the GPU), tile.histogram, tile.sort (the GPU's bitonic network, so that
// a NaN ends where it does there), tile.print (Triton's line format, elements in
// row-major order) and tile.inline_asm: PTX cannot run on the host, so only
// the special-register reads tl.extra.cuda defines run here (globaltimer:
// the host's clock in nanoseconds; smid: 0), and its grid dependency
// controls (gdc_wait, gdc_launch_dependents) as no-ops: programs run one
// after another here. Any other asm is an error.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/MathExtras.h"

#include <chrono>
#include <cstring>

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;
using llvm::Expected;

namespace {

/// Row-major coordinates of element `flat` of `shape`.
llvm::SmallVector<int64_t, 4> coordsOf(llvm::ArrayRef<int64_t> shape,
                                       size_t flat) {
  llvm::SmallVector<int64_t, 4> c(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    c[d] = int64_t(flat % size_t(shape[d]));
    flat /= size_t(shape[d]);
  }
  return c;
}

/// The bits of element i of `t` (floats in their own width).
uint64_t bitsOf(const Tensor &t, size_t i) {
  switch (t.type.kind) {
  case Kind::F64: {
    uint64_t u;
    std::memcpy(&u, &t.fv[i], 8);
    return u;
  }
  case Kind::F32: {
    float f = float(t.fv[i]);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  case Kind::F8E4M3:
  case Kind::F8E5M2: {
    char buf[1];
    storeFloat(buf, t.type, t.fv[i]);
    return uint8_t(buf[0]);
  }
  case Kind::F16:
  case Kind::BF16: {
    char buf[2];
    storeFloat(buf, t.type, t.fv[i]);
    uint16_t u;
    std::memcpy(&u, buf, 2);
    return u;
  }
  default:
    return zextInt(t.iv[i], t.type.bits);
  }
}

/// One value as Triton's device_print formats it.
void printValue(llvm::raw_ostream &os, const Tensor &t, size_t i, bool hex,
                bool isSigned) {
  unsigned bits = t.type.isFloat() ? t.type.memBytes() * 8 : t.type.bits;
  if (hex) {
    os << "0x"
       << llvm::format_hex_no_prefix(bitsOf(t, i), std::max(1u, bits / 4));
    return;
  }
  if (t.type.isFloat()) {
    os << llvm::format("%f", t.fv[i]);
    return;
  }
  if (isSigned)
    os << t.iv[i];
  else
    os << zextInt(t.iv[i], t.type.bits);
}

unsigned digits(int64_t n) {
  unsigned d = 1;
  while (n >= 10) {
    n /= 10;
    ++d;
  }
  return d;
}

Expected<Step> compilePrint(tile::PrintOp op, ProgramBuilder &b) {
  unsigned pids[3] = {b.slot(op.getPidX()), b.slot(op.getPidY()),
                      b.slot(op.getPidZ())};
  std::vector<unsigned> slots;
  std::vector<llvm::SmallVector<int64_t, 4>> shapes;
  for (Value v : op.getArgs()) {
    slots.push_back(b.slot(v));
    shapes.push_back(shapeOf(v.getType()));
  }
  std::string prefix = op.getPrefix().str();
  bool hex = op.getHex();
  std::vector<bool> isSigned(op.getIsSigned().begin(), op.getIsSigned().end());
  return Step([=](State &s) -> Error {
    std::string out;
    llvm::raw_string_ostream os(out);
    auto pid = [&] {
      os << "pid (" << s.regs[pids[0]].iv[0] << ", " << s.regs[pids[1]].iv[0]
         << ", " << s.regs[pids[2]].iv[0] << ")";
    };
    if (slots.empty()) {
      pid();
      os << prefix << "\n";
    }
    for (size_t k = 0; k < slots.size(); ++k) {
      const Tensor &t = s.regs[slots[k]];
      for (size_t i = 0, n = t.numel(); i < n; ++i) {
        pid();
        if (!shapes[k].empty()) {
          os << " idx (";
          auto c = coordsOf(shapes[k], i);
          for (size_t d = 0; d < c.size(); ++d)
            os << (d ? ", " : "")
               << llvm::right_justify(std::to_string(c[d]),
                                      digits(shapes[k][d] - 1));
          os << ")";
        }
        os << prefix;
        if (slots.size() > 1)
          os << "(operand " << k << ") ";
        printValue(os, t, i, hex, isSigned[k]);
        os << "\n";
      }
    }
    llvm::outs() << out;
    llvm::outs().flush();
    return Error::success();
  });
}

} // namespace

Expected<Step> tilec::interp::compileDeviceOp(Operation *op,
                                              ProgramBuilder &b) {
  if (auto p = dyn_cast<tile::PrintOp>(op))
    return compilePrint(p, b);
  if (auto g = dyn_cast<tile::GatherOp>(op)) {
    unsigned src = b.slot(g.getSrc()), idx = b.slot(g.getIndex()),
             r = b.slot(g.getResult());
    auto srcShape = shapeOf(g.getSrc().getType());
    auto idxShape = shapeOf(g.getIndex().getType());
    unsigned axis = g.getAxis();
    return Step([=](State &s) -> Error {
      const Tensor &x = s.regs[src], &ix = s.regs[idx];
      Tensor o;
      o.reset(idxShape, x.type);
      llvm::SmallVector<int64_t, 4> strides(srcShape.size(), 1);
      for (int d = int(srcShape.size()) - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * srcShape[d + 1];
      for (size_t i = 0, n = o.numel(); i < n; ++i) {
        auto c = coordsOf(idxShape, i);
        int64_t at = ix.iv[i];
        if (at < 0 || at >= srcShape[axis])
          return opError(op, "tl.gather index " + llvm::Twine(at) +
                                 " is out of range [0, " +
                                 llvm::Twine(srcShape[axis]) +
                                 ") in program (" + llvm::Twine(s.pid[0]) +
                                 ", " + llvm::Twine(s.pid[1]) + ", " +
                                 llvm::Twine(s.pid[2]) + ")");
        c[axis] = at;
        int64_t lin = 0;
        for (size_t d = 0; d < c.size(); ++d)
          lin += c[d] * strides[d];
        if (x.type.isFloat())
          o.fv[i] = x.fv[lin];
        else
          o.iv[i] = x.iv[lin];
      }
      s.regs[r] = std::move(o);
      return Error::success();
    });
  }
  if (auto h = dyn_cast<tile::HistogramOp>(op)) {
    unsigned src = b.slot(h.getSrc()), r = b.slot(h.getResult());
    unsigned mask = h.getMask() ? b.slot(h.getMask()) : ~0u;
    int64_t bins = cast<RankedTensorType>(h.getType()).getDimSize(0);
    unsigned bits =
        getElementTypeOrSelf(h.getSrc().getType()).getIntOrFloatBitWidth();
    return Step([=](State &s) -> Error {
      const Tensor &x = s.regs[src];
      const Tensor *m = mask != ~0u ? &s.regs[mask] : nullptr;
      Tensor o;
      ElemType i32;
      o.reset({bins}, i32);
      std::fill(o.iv.begin(), o.iv.end(), 0);
      for (size_t i = 0, n = x.numel(); i < n; ++i) {
        if (m && !m->iv[i])
          continue;
        // Unsigned compare in the operand's width: negative values are out.
        uint64_t v = zextInt(x.iv[i], bits);
        if (v < uint64_t(bins))
          ++o.iv[v];
      }
      s.regs[r] = std::move(o);
      return Error::success();
    });
  }
  if (auto so = dyn_cast<tile::SortOp>(op)) {
    unsigned src = b.slot(so.getSrc()), r = b.slot(so.getResult());
    int64_t n = shapeOf(so.getType()).back();
    bool descending = so.getDescending(), isUnsigned = so.getUnsignedCompare();
    unsigned bits =
        getElementTypeOrSelf(so.getType()).getIntOrFloatBitWidth();
    return Step([=](State &s) -> Error {
      Tensor o = s.regs[src];
      size_t total = o.numel();
      bool isFloat = o.type.isFloat();
      auto greater = [&](size_t i, size_t j) {
        if (isFloat)
          return o.fv[i] > o.fv[j];
        if (isUnsigned)
          return zextInt(o.iv[i], bits) > zextInt(o.iv[j], bits);
        return o.iv[i] > o.iv[j];
      };
      unsigned logN = llvm::Log2_64(uint64_t(n));
      for (unsigned stage = 1; stage <= logN; ++stage)
        for (int bit = int(stage) - 1; bit >= 0; --bit) {
          size_t j = size_t(1) << bit;
          for (size_t l = 0; l < total; ++l) {
            if (l & j)
              continue;
            size_t pos = l % size_t(n);
            bool flip = stage < logN ? (pos >> stage) & 1 : descending;
            if (greater(l, l + j) != flip) {
              if (isFloat)
                std::swap(o.fv[l], o.fv[l + j]);
              else
                std::swap(o.iv[l], o.iv[l + j]);
            }
          }
        }
      s.regs[r] = std::move(o);
      return Error::success();
    });
  }
  if (auto a = dyn_cast<tile::InlineAsmOp>(op)) {
    llvm::StringRef text = llvm::StringRef(a.getAsmString()).trim();
    bool timer = text == "mov.u64 $0, %globaltimer;";
    bool smid = text == "mov.u32 $0, %smid;";
    // tl.extra.cuda.gdc_wait / gdc_launch_dependents: programs run one
    // after another here, so there is nothing to wait for.
    bool gdc = text.starts_with("griddepcontrol.");
    if ((!timer && !smid && !gdc) || a->getNumResults() != 1 ||
        a.getNumOperands() != 0)
      return opError(op, "inline PTX (tl.inline_asm_elementwise) cannot run "
                         "in the interpreter; run the kernel on the GPU");
    unsigned r = b.slot(a->getResult(0));
    Expected<ElemType> t = getElemTypeOf(a->getResult(0).getType());
    if (!t)
      return t.takeError();
    ElemType et = *t;
    return Step([=](State &s) -> Error {
      Tensor o;
      o.reset({}, et);
      o.iv[0] =
          timer
              ? int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count())
              : 0;
      s.regs[r] = std::move(o);
      return Error::success();
    });
  }
  return Step();
}
