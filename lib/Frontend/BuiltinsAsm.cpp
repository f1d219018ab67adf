//===- BuiltinsAsm.cpp - inline PTX and printing from the device ----------===//
//
// tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack):
// the arguments broadcast to one shape (Triton's rule; no type promotion),
// one tile.inline_asm with a result per dtype (a tuple of dtypes gives a
// tuple of results). tl.extra.cuda.globaltimer() and smid() are inline PTX
// reading the special registers, as Triton defines them.
//
// tl.device_print(prefix, *args, hex=False) and Python's print (which
// Triton's JIT maps to it): tile.print, with the prefix made as Triton
// makes it (" prefix: " when there are arguments).
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace tilec;

Val CodeGen::inlineAsm(const Expr &call, llvm::StringRef shown,
                       llvm::StringRef asmText, llvm::StringRef constraints,
                       std::vector<Val> args, const Val &dtypes, bool pure,
                       int64_t pack) {
  mlir::Location l = loc(call);
  // The shape all arguments broadcast to.
  std::vector<Val> ir;
  for (Val &v : args) {
    Val x = v.isNumber() ? toIR(v, l, call) : v;
    if (x.isError())
      return x;
    // A pointer goes in as its 64-bit address (an "l" operand: the
    // symmetric-memory barriers of torchtitan and sglang).
    if (x.isIR() && x.dtype.isPointer)
      x = cast(x, DType::scalar(ScalarKind::I64), l, call);
    if (x.isError())
      return x;
    if (!x.isIR() || x.dtype.isPointer)
      return error(call, shown +
                             " takes tensors and numbers as arguments, "
                             "got " +
                             describe(v));
    ir.push_back(x);
  }
  llvm::SmallVector<int64_t> shape;
  if (!ir.empty()) {
    Val acc = ir[0];
    for (size_t i = 1; i < ir.size(); ++i) {
      Val lhs = ir[i];
      if (!broadcastPair(lhs, acc, l, call))
        return Val::error();
    }
    shape = acc.shape();
    for (Val &x : ir) {
      x = broadcastTo(x, shape, l, call);
      if (x.isError())
        return x;
    }
  }
  // One result per dtype.
  bool multiple = dtypes.kind == Val::Tuple;
  std::vector<Val> dts = multiple ? dtypes.elems : std::vector<Val>{dtypes};
  if (dts.empty())
    return error(call, shown + " needs at least one result dtype");
  llvm::SmallVector<mlir::Type> types;
  std::vector<DType> resultDTypes;
  for (const Val &d : dts) {
    if (d.kind != Val::DTypeV || !d.blockShape.empty() || !d.s.empty() ||
        d.dtype.isPointer)
      return error(call, "the dtype of " + shown +
                             " must be a scalar "
                             "dtype or a tuple of them, got " +
                             describe(d));
    resultDTypes.push_back(d.dtype);
    types.push_back(irType(d.dtype, shape));
  }
  // The constraints must name one register per asm operand, as the
  // lowering packs them (InlineAsmOpToLLVM.cpp): elements narrower than 32
  // bits go min(32 / width, pack) to a register.
  // The register widths, outputs first, then inputs.
  std::vector<unsigned> widths;
  auto addRegisters = [&](DType t) {
    unsigned bits = t.bitwidth();
    unsigned per =
        mlir::tile::InlineAsmOp::elementsPerRegister(bits, unsigned(pack));
    for (int64_t r = 0; r < (pack + per - 1) / per; ++r)
      widths.push_back(per > 1 ? 32 : bits);
  };
  for (const DType &t : resultDTypes)
    addRegisters(t);
  int64_t wantOut = widths.size();
  for (const Val &x : ir)
    addRegisters(x.dtype);
  int64_t wantIn = int64_t(widths.size()) - wantOut, gotOut = 0, gotIn = 0;
  llvm::SmallVector<llvm::StringRef> entries;
  constraints.split(entries, ',');
  for (llvm::StringRef e : entries) {
    llvm::StringRef c = e.trim();
    bool out = c.consume_front("=");
    c.consume_front("&");
    static const llvm::StringRef letters = "bchrlqfdn";
    static const unsigned letterBits[] = {1, 8, 16, 32, 64, 128, 32, 64, 0};
    if (c.size() != 1 || !letters.contains(c[0]))
      return error(call, "constraint '" + e.trim() + "' of " + shown +
                             " is not a PTX register constraint (=r, r, h, "
                             "l, f, d, b, c, q or n)");
    size_t at = out ? size_t(gotOut) : size_t(wantOut + gotIn);
    unsigned bits = letterBits[letters.find(c[0])];
    if (bits && at < widths.size() && (out || gotIn < wantIn) &&
        bits != widths[at])
      return error(call, "constraint '" + e.trim() + "' of " + shown +
                             " names a " + llvm::Twine(bits) +
                             "-bit register for a " + llvm::Twine(widths[at]) +
                             "-bit " + (out ? "result" : "argument") +
                             " register");
    ++(out ? gotOut : gotIn);
  }
  if (gotOut != wantOut || gotIn != wantIn)
    return error(call, "the constraints of " + shown + " name " +
                           llvm::Twine(gotOut) + " outputs and " +
                           llvm::Twine(gotIn) +
                           " inputs; the results and "
                           "arguments with pack=" +
                           llvm::Twine(pack) + " take " + llvm::Twine(wantOut) +
                           " and " + llvm::Twine(wantIn) + " registers");
  llvm::SmallVector<mlir::Value> operands;
  for (Val &x : ir)
    operands.push_back(x.v);
  auto op = b.create<mlir::tile::InlineAsmOp>(
      l, types, b.getStringAttr(asmText), b.getStringAttr(constraints),
      b.getBoolAttr(pure), b.getI32IntegerAttr(int32_t(pack)), operands);
  std::vector<Val> results;
  for (unsigned i = 0; i < types.size(); ++i)
    results.push_back(Val::ir(op.getResult(i), resultDTypes[i]));
  return multiple ? Val::tuple(std::move(results)) : results[0];
}

namespace {

/// The special registers tl.extra.cuda reads, and its grid dependency
/// controls (programmatic dependent launch, sm_90).
enum class SpecialRegister { GlobalTimer, SmId, GdcWait, GdcLaunchDependents };

} // namespace

void CodeGen::registerAsmBuiltins(BuiltinRegistry &r) {
  r.add("tl.extra.cuda.globaltimer", {}, 0, &CodeGen::emitSpecialRegister,
        NoBuiltinFlags, unsigned(SpecialRegister::GlobalTimer));
  r.add("tl.extra.cuda.smid", {}, 0, &CodeGen::emitSpecialRegister,
        NoBuiltinFlags, unsigned(SpecialRegister::SmId));
  r.add("tl.extra.cuda.gdc_wait", {}, 0, &CodeGen::emitSpecialRegister,
        NoBuiltinFlags, unsigned(SpecialRegister::GdcWait));
  r.add("tl.extra.cuda.gdc_launch_dependents", {}, 0,
        &CodeGen::emitSpecialRegister, NoBuiltinFlags,
        unsigned(SpecialRegister::GdcLaunchDependents));
  r.add("tl.inline_asm_elementwise",
        {"asm", "constraints", "args", "dtype", "is_pure", "pack"}, 6,
        &CodeGen::emitInlineAsm, TakesFP8);
  r.add("tl.device_print", {"prefix", "args", "hex"}, 1,
        &CodeGen::emitDevicePrint, Unbound);
  r.add("print", {"a"}, 0, &CodeGen::emitDevicePrint, Unbound);
}

Val CodeGen::emitSpecialRegister(BuiltinCall &c) {
  SpecialRegister reg = SpecialRegister(c.entry.variant);
  if (reg == SpecialRegister::GlobalTimer)
    return inlineAsm(c.call, c.shown, "mov.u64 $0, %globaltimer;", "=l", {},
                     Val::dtypeVal(DType::scalar(ScalarKind::I64)),
                     /*pure=*/false, 1);
  if (reg == SpecialRegister::GdcWait ||
      reg == SpecialRegister::GdcLaunchDependents) {
    // As Triton emits them: griddepcontrol with a dummy result that keeps
    // the statement in place (not pure: never moved or removed). Without a
    // programmatic dependent launch both do nothing.
    Val r = inlineAsm(c.call, c.shown,
                      reg == SpecialRegister::GdcWait
                          ? "griddepcontrol.wait; // dummy $0"
                          : "griddepcontrol.launch_dependents; // dummy $0",
                      "=r", {}, Val::dtypeVal(DType::scalar(ScalarKind::I32)),
                      /*pure=*/false, 1);
    return r.isError() ? r : Val::none();
  }
  return inlineAsm(c.call, c.shown, "mov.u32 $0, %smid;", "=r", {},
                   Val::dtypeVal(DType::scalar(ScalarKind::I32)),
                   /*pure=*/true, 1);
}

Val CodeGen::emitInlineAsm(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  const std::vector<const char *> &params = entry.spec.params;
  for (unsigned i : {0u, 1u})
    if (a[i].kind != Val::Str)
      return error(call, std::string("the ") + params[i] + " of " + shown +
                             " must be a string, got " + describe(a[i]));
  std::vector<Val> args;
  if (a[2].kind == Val::Tuple)
    args = a[2].elems;
  else if (a[2].kind != Val::None)
    return error(call, "the args of " + shown +
                           " must be a list or tuple, "
                           "got " +
                           describe(a[2]));
  bool pure;
  if (!a[4].isNumber() || !truthy(a[4], call, pure))
    return error(call, "is_pure of " + shown +
                           " must be a compile-time bool, "
                           "got " +
                           describe(a[4]));
  int64_t pack;
  if (!requireInt(a[5], call, "pack", pack))
    return Val::error();
  if (pack < 1)
    return error(call, "pack of " + shown + " must be at least 1, got " +
                           llvm::Twine(pack));
  return inlineAsm(call, shown, a[0].s, a[1].s, args, a[3], pure, pack);
}

Val CodeGen::emitDevicePrint(BuiltinCall &c) {
  const Expr &call = c.call;
  llvm::StringRef shown = c.shown;
  std::vector<Val> &args = c.a;
  bool hex = false;
  for (auto &[kw, v] : c.kwargs) {
    if (kw != "hex")
      return error(call,
                   shown + " got an unexpected keyword argument '" + kw + "'");
    if (!v.isNumber() || !truthy(v, call, hex))
      return error(call, "hex of " + shown +
                             " must be a compile-time bool, "
                             "got " +
                             describe(v));
  }
  if (args.empty() || args[0].kind != Val::Str)
    return error(call, shown +
                           " needs a string prefix as its first "
                           "argument" +
                           (args.empty() ? std::string()
                                         : ", got " + describe(args[0])));
  std::string prefix = args[0].s;
  mlir::Location l = loc(call);
  llvm::SmallVector<mlir::Value> operands;
  llvm::SmallVector<bool> isSigned;
  for (size_t i = 1; i < args.size(); ++i) {
    Val x = args[i].isNumber() ? toIR(args[i], l, call) : args[i];
    if (x.isError())
      return x;
    if (!x.isIR())
      return error(call, shown + " prints tensors and numbers, got " +
                             describe(args[i]));
    operands.push_back(x.v);
    isSigned.push_back(x.dtype.isSigned());
  }
  // Triton's prefix: ends in ": " and starts with " " when there are
  // arguments to print.
  if (!operands.empty()) {
    if (!llvm::StringRef(prefix).ends_with(" "))
      prefix += " ";
    if (!llvm::StringRef(prefix).ends_with(": "))
      prefix = prefix.substr(0, prefix.size() - 1) + ": ";
    if (prefix.size() > 2 && prefix[0] != ' ')
      prefix = " " + prefix;
  }
  mlir::Value pid[3];
  for (int axis = 0; axis < 3; ++axis)
    pid[axis] = b.create<mlir::tile::ProgramIdOp>(l, axis);
  b.create<mlir::tile::PrintOp>(l, b.getStringAttr(prefix), b.getBoolAttr(hex),
                                b.getDenseBoolArrayAttr(isSigned), pid[0],
                                pid[1], pid[2], operands);
  return Val::none();
}
