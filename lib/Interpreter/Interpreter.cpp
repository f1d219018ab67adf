//===- Interpreter.cpp - Entry point: argument checks and the grid loop ---===//

#include "Internal.h"

#include "tilec/Kernel/CompiledKernel.h"
#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;

static std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return os.str();
}

Error tilec::interp::interpret(ModuleOp module, std::array<unsigned, 3> grid,
                               llvm::ArrayRef<KernelArg> args,
                               llvm::MutableArrayRef<HostBuffer> buffers) {
  func::FuncOp kernel;
  unsigned numFuncs = 0;
  for (auto f : module.getOps<func::FuncOp>()) {
    ++numFuncs;
    if (!kernel && f->hasAttr("tile.kernel"))
      kernel = f;
  }
  if (!kernel && numFuncs == 1)
    kernel = *module.getOps<func::FuncOp>().begin();
  if (!kernel || kernel.isExternal())
    return llvm::createStringError("the module has no kernel function to interpret");
  std::string name = kernel.getSymName().str();

  // Arguments against the signature.
  FunctionType ft = kernel.getFunctionType();
  if (args.size() != ft.getNumInputs())
    return llvm::createStringError(
        "kernel '" + name + "' takes " + llvm::Twine(ft.getNumInputs()) +
        " runtime arguments but " + llvm::Twine(args.size()) + " were given");
  if (buffers.size() >= (1u << 23))
    return llvm::createStringError("too many buffers");
  for (unsigned i = 0; i < buffers.size(); ++i)
    if (buffers[i].bytes >= (uint64_t(1) << 40))
      return llvm::createStringError("buffer '" + buffers[i].name + "' is too large");
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
    return Error::success();

  ProgramBuilder b;
  b.kernel = name;
  Block &entry = kernel.getBody().front();
  llvm::SmallVector<std::pair<unsigned, Tensor>, 8> argValues;
  for (unsigned i = 0; i < args.size(); ++i) {
    Type t = ft.getInput(i);
    std::string what = "argument " + std::to_string(i) + " of kernel '" + name +
                       "' (" + typeString(t) + ")";
    llvm::Expected<ElemType> et = getElemType(t);
    if (!et)
      return llvm::createStringError(what + ": " + llvm::toString(et.takeError()));
    Tensor v;
    v.reset({}, *et);
    const KernelArg &a = args[i];
    if (et->kind == Kind::Ptr) {
      if (a.kind != KernelArg::Buffer)
        return llvm::createStringError(what + " is a pointer and needs a buffer");
      if (a.buffer >= buffers.size())
        return llvm::createStringError(what + " refers to buffer " + llvm::Twine(a.buffer) +
                         " but only " + llvm::Twine(buffers.size()) +
                         " were given");
      const HostBuffer &hb = buffers[a.buffer];
      if (hb.bytes % et->pointeeBytes)
        return llvm::createStringError(what + ": buffer '" + hb.name + "' has " +
                         llvm::Twine(hb.bytes) +
                         " bytes, not a multiple of the element size " +
                         llvm::Twine(et->pointeeBytes));
      if (reinterpret_cast<uintptr_t>(hb.data) % et->pointeeBytes)
        return llvm::createStringError(what + ": buffer '" + hb.name +
                         "' is not aligned to its element size");
      v.iv[0] = int64_t(bufferBase(a.buffer));
    } else if (et->kind == Kind::Int) {
      if (a.kind != KernelArg::Int)
        return llvm::createStringError(what + " needs an integer argument");
      if (et->bits < 64 && a.i != wrapInt(a.i, et->bits) &&
          int64_t(zextInt(a.i, et->bits)) != a.i)
        return llvm::createStringError(what + ": value " + llvm::Twine(a.i) +
                         " does not fit in " + llvm::Twine(et->bits) + " bits");
      v.iv[0] = wrapInt(a.i, et->bits);
    } else {
      if (a.kind != KernelArg::Float)
        return llvm::createStringError(what + " needs a floating-point argument");
      v.fv[0] = roundFloat(et->kind, a.f);
    }
    argValues.emplace_back(b.slot(entry.getArgument(i)), std::move(v));
  }

  llvm::Expected<CompiledBlock> body = b.compileBlock(entry);
  if (!body)
    return llvm::createStringError("kernel '" + name +
                     "': " + llvm::toString(body.takeError()));

  Memory mem(buffers);
  State s;
  s.kernel = name;
  s.mem = &mem;
  s.grid = {grid[0], grid[1], grid[2]};
  s.regs.resize(b.numSlots());
  for (auto &c : b.constants)
    s.regs[c.first] = c.second;
  for (auto &a : argValues)
    s.regs[a.first] = a.second;
  for (unsigned z = 0; z < grid[2]; ++z)
    for (unsigned y = 0; y < grid[1]; ++y)
      for (unsigned x = 0; x < grid[0]; ++x) {
        s.pid = {x, y, z};
        if (Error e = runSteps(body->steps, s))
          return e;
      }
  return Error::success();
}

Error tilec::interp::interpret(const tilec::CompiledKernel &k,
                               std::array<unsigned, 3> grid,
                               llvm::ArrayRef<KernelArg> args,
                               llvm::MutableArrayRef<HostBuffer> buffers) {
  if (k.tileIR.empty())
    return llvm::createStringError("kernel '" + k.name +
                     "' has no tile IR (compiled without it?)");
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  ctx.loadDialect<mlir::tile::TileDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, func::FuncDialect>();
  std::string diags;
  llvm::raw_string_ostream os(diags);
  ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    os << d.getLocation() << ": " << d << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(k.tileIR, &ctx);
  if (!module)
    return llvm::createStringError("cannot parse the tile IR of kernel '" + k.name +
                     "': " + llvm::StringRef(os.str()).trim());
  return interpret(*module, grid, args, buffers);
}
