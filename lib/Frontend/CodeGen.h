//===- CodeGen.h - Internal state of MLIRGen ------------------------------===//
//
// Private to lib/Frontend: the value model of specialization (Val) and the
// code generator class, whose methods are split across MLIRGen.cpp (kernel
// entry, statements, helper calls), ControlFlow.cpp (blocks, `if`, early
// `return`), Loops.cpp (`for`, `while`), Expressions.cpp (operators,
// promotion), Values.cpp (constants, casts, broadcasting), Names.cpp (names,
// globals, imports, attributes), BuiltinRegistry.cpp (calls of builtins) and
// the builtin families' files (Builtins*.cpp, BlockPtr.cpp, Hints.cpp,
// Random.cpp, Libdevice.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_CODEGEN_H
#define TILEC_LIB_FRONTEND_CODEGEN_H

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Frontend/MLIRGen.h"
#include "tilec/Frontend/ModuleLoader.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <map>
#include <set>

namespace tilec {

/// A value during specialization: a compile-time Python value (int, float,
/// bool, None, str, dtype, tuple), a reference to something callable, or an
/// IR value (a scalar or a tile) with its frontend dtype.
struct Val {
  enum Kind {
    Error, // an error was already reported; propagate silently
    None,
    Int,
    Float,
    Bool,
    Str,
    DTypeV, // dtype; `s` names an fp8 dtype (fp8e5), which no value has;
            // a non-empty blockShape makes it a tensor's type (x.type)
    Tuple,
    IR,
    Module,   // `tl`, `triton`: s holds the name; a module of the kernel's
              // package: s its dotted name, pyModule the parsed module
    Builtin,  // a callable builtin: s holds its name ("tl.load", "range")
    Method,   // a bound tensor method: s = name, elems[0] = self
    Func,     // a jit helper function
    BlockPtr, // tl.make_block_ptr: elems = base, shape[n], strides[n],
              // offsets[n]; blockShape and order are compile-time
  };
  Kind kind = Error;
  int64_t i = 0;
  /// Int: the value, where it lies outside int64 (`i` then holds its low
  /// 64 bits). Compile-time integers are Python's, computed here in 128
  /// bits; where they become values they must fit 64 bits, signed or
  /// unsigned (from 2**63 on Triton types them uint64).
  bool isWide = false;
  __int128 big = 0;
  double f = 0;
  std::string s;
  DType dtype;
  mlir::Value v;
  std::vector<Val> elems;
  const Function *fn = nullptr;
  const tilec::Module *pyModule = nullptr;
  std::vector<int64_t> blockShape, order; // BlockPtr only
  /// BlockPtr made by tl.make_tensor_descriptor (offsets 0; `s` holds its
  /// padding, "zero" or "nan"); loads and stores check every dimension.
  bool isDescriptor = false;

  static Val error() { return Val(); }
  static Val none() {
    Val r;
    r.kind = None;
    return r;
  }
  static Val integer(int64_t x) {
    Val r;
    r.kind = Int;
    r.i = x;
    return r;
  }
  /// The Int constant `x` (Python's int).
  static Val wideInteger(__int128 x) {
    Val r = integer(int64_t(uint64_t(x)));
    r.isWide = x < __int128(INT64_MIN) || x > __int128(INT64_MAX);
    r.big = r.isWide ? x : 0;
    return r;
  }
  /// The value of an Int or Bool constant.
  __int128 wide() const { return isWide ? big : __int128(i); }
  /// Whether the value of an Int constant fits 64 bits, signed or unsigned.
  bool fits64() const {
    return !isWide || (big >= 0 && big < (__int128(1) << 64));
  }
  static Val floating(double x) {
    Val r;
    r.kind = Float;
    r.f = x;
    return r;
  }
  static Val boolean(bool x) {
    Val r;
    r.kind = Bool;
    r.i = x;
    return r;
  }
  static Val str(std::string x) {
    Val r;
    r.kind = Str;
    r.s = std::move(x);
    return r;
  }
  static Val dtypeVal(DType t) {
    Val r;
    r.kind = DTypeV;
    r.dtype = t;
    return r;
  }
  static Val ir(mlir::Value v, DType t) {
    Val r;
    r.kind = IR;
    r.v = v;
    r.dtype = t;
    return r;
  }
  static Val tuple(std::vector<Val> e) {
    Val r;
    r.kind = Tuple;
    r.elems = std::move(e);
    return r;
  }
  static Val named(Kind k, std::string name) {
    Val r;
    r.kind = k;
    r.s = std::move(name);
    return r;
  }

  bool isError() const { return kind == Error; }
  bool isIR() const { return kind == IR; }
  bool isNumber() const { return kind == Int || kind == Float || kind == Bool; }
  bool isConstexpr() const;
  /// Shape of an IR value ({} for a scalar).
  llvm::SmallVector<int64_t> shape() const;
  bool isScalarIR() const { return isIR() && shape().empty(); }
  /// A tuple or block pointer: a value made of parts (elems).
  bool isAggregate() const { return kind == Tuple || kind == BlockPtr; }
};

/// The runtime parts of a value, in order: `v` itself if it is an IR value
/// or a number, else the parts of a tuple or block pointer, recursively;
/// compile-time parts (None, strings, dtypes, functions) are no leaves but
/// structure. Returns false for an error value.
bool collectLeaves(Val &v, std::vector<Val *> &out);
/// Whether `a` and `b` are built alike: the same tuples and block pointers
/// (arity, block shape, order) and equal compile-time parts around their
/// leaves.
bool sameStructure(const Val &a, const Val &b);

/// Python's order of two numbers (compile-time ints, floats, bools): -1, 0
/// or 1, none when one is a NaN. An int and a float compare exactly
/// (2**64 + 1 > 2.0**64), not as doubles.
std::optional<int> numberOrder(const Val &a, const Val &c);

/// Describes a Val for diagnostics: "tensor<128xfp32>", "int constant 3", ...
std::string describe(const Val &v);
/// Types as values (BuiltinsTypes.cpp): describe() of a DTypeV; whether two
/// DTypeVs are the same type; the fp8 dtype a `tl.` name such as float8e5
/// spells (its Triton name, fp8e5), and a value of it.
std::string describeType(const Val &t);
bool sameType(const Val &a, const Val &b);
std::optional<std::string> fp8TypeName(llvm::StringRef tlName);
Val fp8DTypeVal(const std::string &name);
std::string shapeStr(llvm::ArrayRef<int64_t> shape);

using Scope = std::map<std::string, Val>;

/// The scope variables of a function's `return` state (ControlFlow.cpp):
/// whether it has returned (a bool constant or an i1), and what a helper
/// returned (None until it does). No Python name can spell them.
inline const std::string kReturnedVar = "return:done";
inline const std::string kReturnValueVar = "return:value";

class BuiltinRegistry;
struct BuiltinEntry;

class CodeGen {
public:
  CodeGen(mlir::MLIRContext &ctx, const Module &module, DiagnosticEngine &diags,
          ModuleLoader *loader)
      : ctx(ctx), mod(&module), loader(loader), diags(diags), b(&ctx) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(const KernelSpec &spec);

  // ---- builtins (BuiltinRegistry.cpp: argument binding and dispatch)
  /// Calls builtin `name`: binds the arguments by its parameters and runs
  /// its emitter.
  Val callBuiltin(llvm::StringRef name, const Expr &call, std::vector<Val> args,
                  std::vector<std::pair<std::string, Val>> kwargs);
  static bool isBuiltin(llvm::StringRef tlName);
  /// Whether `x.name(...)` calls a builtin on the tensor x.
  static bool isTensorMethod(llvm::StringRef name);
  /// Whether `name` is a function of host code (no @triton.jit) of the
  /// module being compiled.
  bool isHostFunction(const std::string &name) const {
    return mod->hostFunctions.count(name) ||
           mod->unparsedHostFunctions.count(name);
  }
  /// A builtin call with its arguments bound by Triton's parameter names.
  struct BuiltinCall {
    const BuiltinEntry &entry;
    llvm::StringRef name; // entry.name
    const Expr &call;
    std::vector<Val> &a;      // by parameter, None where not given
    std::vector<bool> &given; // which parameters the call gave
    const std::string &shown; // "tl.load()" for messages
    mlir::Location loc;
    /// The keyword arguments as given; only Unbound builtins read them
    /// (their `a` holds the positional arguments as given).
    std::vector<std::pair<std::string, Val>> &kwargs;
  };
  /// Emits a builtin call (BuiltinEntry::emit).
  using BuiltinEmitter = Val (CodeGen::*)(BuiltinCall &);

  // ---- utilities
  mlir::Location loc(const Expr &e) { return loc(e.loc); }
  mlir::Location loc(SourceLoc l);
  Val error(const Expr &e, const llvm::Twine &msg) {
    diags.error(e.loc, msg, e.length);
    return Val::error();
  }
  Val error(SourceLoc l, const llvm::Twine &msg, unsigned len = 1) {
    diags.error(l, msg, len);
    return Val::error();
  }
  bool requireInt(const Val &v, const Expr &where, llvm::StringRef what,
                  int64_t &out);

private:
  // ---- statements (MLIRGen.cpp)
  void genStmt(const Stmt &s);
  void genAssign(const Expr &target, Val value, const Stmt &s);
  Val callFunction(const Function &fn, const Expr &call, std::vector<Val> args,
                   std::vector<std::pair<std::string, Val>> kwargs);

  // ---- blocks, `if` and early `return` (ControlFlow.cpp)
  /// Whether the function being generated has returned: not, on some paths
  /// (kReturnedVar is an i1), or for certain.
  enum class ReturnState { No, Maybe, Yes };
  ReturnState returnState() const;
  /// Generates a block of statements, up to a `return`; what follows a
  /// `return` taken on some paths runs under genUnlessReturned.
  void genBlock(llvm::ArrayRef<StmtPtr> stmts);
  /// Generates `rest` under `scf.if (not returned)`.
  void genUnlessReturned(SourceLoc where, unsigned length,
                         llvm::function_ref<void()> rest);
  /// Generates a compile-time `if` (the branch taken) or an scf.if.
  void genIf(const Stmt &s);
  /// Generates an scf.if from two branch generators, each starting from the
  /// current scope, and merges their scopes into its results (diagnostics
  /// at `where`).
  void genBranches(mlir::Value cond, SourceLoc where, unsigned length,
                   llvm::function_ref<void()> genThen,
                   llvm::function_ref<void()> genElse);
  /// `like` with each runtime part defined inside `ifOp` replaced by a value
  /// of its type built at the end of `blk` (yielded by a branch that
  /// returned, where the value is never used).
  Val placeholderFor(Val like, mlir::Operation *ifOp, mlir::Block *blk,
                     mlir::Location l);
  /// Turns an IR condition into a scalar i1 (x != 0 for numbers).
  std::optional<mlir::Value> scalarCondition(Val c, const Expr &where,
                                             const char *stmt);
  /// Generates statements for their diagnostics only, into a scratch block.
  void checkOnly(const std::vector<StmtPtr> &stmts);

  // ---- loops (Loops.cpp)
  void genFor(const Stmt &s);
  void genWhile(const Stmt &s);
  /// The variables a loop carries, flattened to their leaves
  /// (collectLeaves): names[i]'s leaves are inits[first[i] .. first[i+1]).
  struct CarriedVars {
    std::vector<std::string> names;
    std::vector<Val> shapes; // the value before the loop, leaves as IR
    std::vector<size_t> first;
    llvm::SmallVector<mlir::Value> inits;
    std::vector<DType> types;
  };
  bool collectCarried(const std::set<std::string> &assigned, const Stmt &s,
                      const Expr &where, CarriedVars &out);
  /// Binds each carried name to `values` (iter_args, results), or to an
  /// error if !ok.
  void bindCarried(const CarriedVars &c, mlir::ValueRange values,
                   bool ok = true);
  /// Collects the values the body yields; false after an error.
  bool yieldCarried(const CarriedVars &c, mlir::ValueRange args, const Stmt &s,
                    const Expr &where,
                    llvm::SmallVectorImpl<mlir::Value> &yields);
  /// Unrolls a tl.static_range body for `count` values of the loop
  /// variable from `first` by `step`; the iterations after one that may have
  /// returned run under genUnlessReturned.
  void unrollStatic(const Stmt &s, const std::string &var, int64_t first,
                    int64_t step, int64_t count);

  // ---- expressions (Expressions.cpp; names and attributes: Names.cpp)
  Val genExpr(const Expr &e);
  Val lookupName(const Expr &e);
  /// The value of module-level constant `value`, used as `use`.
  Val evalGlobal(const Expr &use, const Expr &value);
  /// What an import of `path`, used as `use`, names in a jit function.
  Val evalImport(const Expr &use, const std::string &path);
  /// The value a -D gives a call without arguments by its text
  /// (`is_hip()`), for module-level code; none where no -D gives it.
  std::optional<Val> definedCall(const Expr &call);
  /// A name bound by a module-level `if` / `try`: its one meaning, or an
  /// error when its branches disagree or do not all bind it.
  Val evalConditional(const Expr &use, const Module::Conditional &c);
  /// What an alternative of a module-level `if` / `try` binds its name to,
  /// evaluated at `use`.
  Val evalAlternative(const Expr &use, const Module::Alternative &a);
  /// Whether `e` reads a name its module binds to torch or a part of it, or
  /// triton.runtime (Names.cpp).
  bool readsHostLibrary(const Expr &e) const;
  /// The value of `e`, an expression of a jit function that reads torch
  /// and no local, as host code computes it, if it is a constant.
  std::optional<Val> torchConstant(const Expr &e);
  /// The one alternative of `c` that the branches defining the function
  /// being generated allow, if they are branches of `c`'s statement.
  const Module::Alternative *
  ownBranchAlternative(const Module::Conditional &c) const;
  /// The first path a plain `try` body reads (Conditional::tryReads) that
  /// means nothing tilec knows, or null: the body then raises nothing.
  const std::string *tryBodyUnknown(const Expr &use,
                                    const std::vector<std::string> &reads);
  /// What an import's dotted path names in a jit function (the `tl` module,
  /// libdevice, a builtin, a dtype), or an error value if nothing.
  Val importedValue(const std::string &path);
  /// What module `m` binds `name` to (a jit function, a constant, an
  /// import), evaluated in `m`; nullopt if `m` does not bind it.
  std::optional<Val> lookupIn(const Module &m, const Expr &use,
                              const std::string &name);
  /// The module of the kernel's package that `dotted` names, as a value
  /// (null pyModule if the loader does not find it).
  Val packageModule(const std::string &dotted);
  Val genAttribute(const Expr &e);
  Val genCall(const Expr &e);
  /// The positional arguments of `call` (args[1..]) into `args`, each `*t`
  /// as the parts of the tuple t; false where one is an error.
  bool genPositionalArgs(const Expr &call, std::vector<Val> &args);
  Val genSubscript(const Expr &e);
  /// `t[lo:hi:step]` of a tuple, as Python slices it.
  Val sliceTuple(const Val &t, const Expr &slice);
  Val binaryOp(BinaryOpKind op, Val a, Val b, const Expr &where);
  Val compareOp(CompareOpKind op, Val a, Val b, const Expr &where);
  Val unaryOp(UnaryOpKind op, Val a, const Expr &where);
  Val boolOp(const Expr &e);
  Val constBinary(BinaryOpKind op, const Val &a, const Val &b,
                  const Expr &where);
  /// Makes an IR value from a constant, in `dt` (a scalar).
  Val materialize(const Val &c, DType dt, mlir::Location loc);
  /// Makes an IR value of the constant's natural type (i32/i64, f32, i1).
  Val toIR(const Val &c, mlir::Location loc, const Expr &where);
  /// What an assignment binds, or a jit function returns: a number becomes
  /// a scalar IR value (also inside tuples), as Triton makes it a tensor
  /// there (`to_tensor`: bool i1; int i32, u32, i64 or u64 by its range;
  /// float fp32, or fp64 outside fp32's normal range), so that what is
  /// computed from it is a tensor's (wrapping, truncating `//` and `%`, `~`
  /// of a bool), not Python's. Compile-time functions keep numbers.
  Val boundValue(const Val &v, mlir::Location loc, const Expr &where);
  Val cast(const Val &x, DType to, mlir::Location loc, const Expr &where,
           bool bitcast = false);
  Val broadcastTo(const Val &x, llvm::ArrayRef<int64_t> shape,
                  mlir::Location loc, const Expr &where);
  /// Broadcasts two IR values to a common shape (Triton's rules).
  bool broadcastPair(Val &a, Val &b, mlir::Location loc, const Expr &where);
  /// What two operands are promoted for: arithmetic (fp8 rejected), moving
  /// values (tl.where, tl.cat, tl.join keep fp8), or a division or remainder
  /// (16-bit floats computed in fp32: PTX has neither for them).
  enum class Promotion { Arithmetic, Move, Division };
  /// The dtype two operands compute in (Triton's promotion, weak constants);
  /// `op` names the operation in diagnostics.
  std::optional<DType> promote(const Val &a, const Val &b, const Expr &where,
                               llvm::StringRef op,
                               Promotion purpose = Promotion::Arithmetic);
  bool truthy(const Val &v, const Expr &where, bool &out);
  mlir::Type irType(DType dt, llvm::ArrayRef<int64_t> shape);
  Val zerosLike(DType dt, llvm::ArrayRef<int64_t> shape, mlir::Location loc);

  // ---- types as values (BuiltinsTypes.cpp)
  /// `base.attr` of a dtype or tensor type: element_ty, scalar, shape,
  /// primitive_bitwidth, ..., and the predicates (bound methods).
  Val typeAttribute(const Expr &e, const Val &base, const std::string &attr);
  /// A call of predicate `m` (`is_fp16()`) on the type `self`.
  Val typeMethod(const Expr &call, const Val &self, const std::string &m,
                 bool hasArgs);
  // ---- string methods at compile time (BuiltinsString.cpp)
  /// Whether `s.name(...)` of a string constant is one tilec computes.
  static bool isStringMethod(const std::string &name);
  /// `self.name(args, kwargs)` of a string constant: format, join, split.
  Val stringMethod(const Expr &call, const Val &self, const std::string &name,
                   std::vector<Val> args,
                   std::vector<std::pair<std::string, Val>> kwargs);
  /// `tl.float32(x)`: a scalar of the dtype `dt`.
  Val callDType(const Expr &call, const Val &dt, std::vector<Val> &args,
                bool hasKeywords);

  // ---- builtins: the registry (BuiltinRegistry.cpp); each family file
  // adds its builtins (register...Builtins) and defines their emitters.
  static const BuiltinRegistry &builtinRegistry();
  /// Argument `v` of builtin call `c` as a tile (a number becomes a
  /// constant), or an error naming the builtin.
  Val tensorArg(const BuiltinCall &c, const Val &v);

  // Small `tl.` builtins and Python's (Builtins.cpp).
  static void registerCoreBuiltins(BuiltinRegistry &r);
  Val emitDebugBarrier(BuiltinCall &c);
  Val emitStaticAssert(BuiltinCall &c);
  Val emitDeviceAssert(BuiltinCall &c);
  Val emitLaunchConstant(BuiltinCall &c);
  Val emitConstexpr(BuiltinCall &c);
  Val emitRangeOutsideFor(BuiltinCall &c);
  Val emitFloat(BuiltinCall &c);
  Val emitIntOrBool(BuiltinCall &c);
  Val emitLen(BuiltinCall &c);
  Val emitAbs(BuiltinCall &c);
  Val emitIsinstance(BuiltinCall &c);
  Val emitLanguageClass(BuiltinCall &c);
  Val emitMinMax(BuiltinCall &c);

  // Tiles made and reshaped (BuiltinsShape.cpp).
  static void registerShapeBuiltins(BuiltinRegistry &r);
  Val emitProgramId(BuiltinCall &c);
  Val emitArange(BuiltinCall &c);
  Val emitFull(BuiltinCall &c);
  Val emitFullLike(BuiltinCall &c);
  Val emitCast(BuiltinCall &c);
  Val emitReshape(BuiltinCall &c);
  Val emitPermute(BuiltinCall &c);
  Val emitBroadcastTo(BuiltinCall &c);
  Val emitBroadcast(BuiltinCall &c);
  Val emitExpandDims(BuiltinCall &c);
  Val emitRavel(BuiltinCall &c);
  Val emitItem(BuiltinCall &c);
  /// tl.cat, tl.join, tl.interleave, tl.split.
  Val emitJoinSplit(BuiltinCall &c);
  Val emitPointerType(BuiltinCall &c);

  // tl.load, tl.store (BuiltinsMemory.cpp) and the atomics
  // (BuiltinsAtomic.cpp).
  static void registerMemoryBuiltins(BuiltinRegistry &r);
  Val emitLoad(BuiltinCall &c);
  /// The coordinates of an access of `bp` (a host descriptor's 2-D block,
  /// or one of rank 3 to 5 with leading unit dimensions, every dimension
  /// checked) for tile.load's and tile.store's blockCoords when tmaBlocks
  /// is on; else none.
  std::vector<mlir::Value>
  tmaBlockCoords(const Val &bp, const Val &boundaryCheck, mlir::Location l);
  Val emitStore(BuiltinCall &c);
  static void registerAtomicBuiltins(BuiltinRegistry &r);
  Val emitAtomic(BuiltinCall &c);

  // Elementwise math, reductions, tl.dot (BuiltinsMath.cpp).
  static void registerMathBuiltins(BuiltinRegistry &r);
  Val emitWhere(BuiltinCall &c);
  Val emitMinimumMaximum(BuiltinCall &c);
  Val emitClamp(BuiltinCall &c);
  Val emitReduction(BuiltinCall &c);
  Val emitDot(BuiltinCall &c);
  Val emitUnaryMath(BuiltinCall &c);
  Val emitFma(BuiltinCall &c);
  Val emitFdiv(BuiltinCall &c);
  Val emitSoftmax(BuiltinCall &c);
  Val emitDivRn(BuiltinCall &c);
  Val emitSwizzle2d(BuiltinCall &c);
  Val emitCdiv(BuiltinCall &c);
  Val emitNextPowerOf2(BuiltinCall &c);
  Val emitLog2Int(BuiltinCall &c);
  /// A tile.reduce of `kind` over `axis` (all dimensions when None).
  Val reduce(mlir::tile::ReduceKind kind, const Val &x, const Val &axis,
             bool keepDims, const Expr &where);
  /// A reduction's result `r` of an operand of `shape` with the reduced
  /// dimension `axis` (all of them when axis < 0) kept as 1 (keep_dims).
  Val keepReducedDims(const Val &r, llvm::ArrayRef<int64_t> shape, int64_t axis,
                      mlir::Location l);

  // Scans and reductions with a combine function (BuiltinsScan.cpp).
  static void registerScanBuiltins(BuiltinRegistry &r);
  /// tl.associative_scan, tl.reduce.
  Val emitCombine(BuiltinCall &c);
  /// tl.xor_sum, tl.reduce_or.
  Val emitBitwiseReduction(BuiltinCall &c);
  /// tl.cumsum, tl.cumprod.
  Val emitCumulative(BuiltinCall &c);
  /// Builds a combine region's value from its 2n scalar arguments (the
  /// earlier elements, then the later ones); cumsum / cumprod use it.
  using CombineBody = std::function<Val(std::vector<Val> &)>;
  /// A `tile.scan` (isScan) or `tile.generic_reduce` of `input` (a tensor
  /// or a tuple of them) along `axis`, whose region is the jit function or
  /// builtin `fn` inlined, or `body` when given; `shown` names the builtin
  /// in messages.
  Val combineOp(bool isScan, const Val &input, const Val &axis, const Val &fn,
                bool reverse, bool keepDims, const Expr &call,
                const std::string &shown, const CombineBody &body);

  // tl.sort, tl.topk, tl.flip (BuiltinsReorder.cpp).
  static void registerReorderBuiltins(BuiltinRegistry &r);
  Val emitSort(BuiltinCall &c);
  Val emitFlip(BuiltinCall &c);
  Val emitTopk(BuiltinCall &c);
  /// The tensor argument of a reordering builtin (rank >= 1, not of
  /// pointers), or an error at the call.
  Val reorderOperand(BuiltinCall &c);
  /// A tensor's elements as integers of their width (floats bitcast, i1
  /// widened to i8), and back: reorderings and tl.split move values as
  /// these, exactly.
  Val toElementBits(const Val &x, mlir::Location l, const Expr &where);
  Val fromElementBits(const Val &bits, DType elem, mlir::Location l,
                      const Expr &where);

  // tl.gather, tl.histogram (BuiltinsLookup.cpp).
  static void registerLookupBuiltins(BuiltinRegistry &r);
  Val emitGather(BuiltinCall &c);
  Val emitHistogram(BuiltinCall &c);

  // tl.inline_asm_elementwise, tl.extra.cuda.globaltimer / smid,
  // tl.device_print and print (BuiltinsAsm.cpp).
  static void registerAsmBuiltins(BuiltinRegistry &r);
  Val emitSpecialRegister(BuiltinCall &c);
  Val emitInlineAsm(BuiltinCall &c);
  /// tl.device_print(prefix, *args, hex=False) and print(): tile.print.
  Val emitDevicePrint(BuiltinCall &c);
  /// One tile.inline_asm of `args` (broadcast to one shape) with a result
  /// per dtype of `dtypes` (a dtype, or a tuple of them: then a tuple).
  Val inlineAsm(const Expr &call, llvm::StringRef shown,
                llvm::StringRef asmText, llvm::StringRef constraints,
                std::vector<Val> args, const Val &dtypes, bool pure,
                int64_t pack);

  // tl.static_print (BuiltinsTypes.cpp).
  static void registerTypeBuiltins(BuiltinRegistry &r);
  /// tl.static_print(*values, sep=, end=): prints at compile time (stderr).
  Val emitStaticPrint(BuiltinCall &c);
  Val emitGetIntDtype(BuiltinCall &c);

  // Hints (Hints.cpp).
  static void registerHintBuiltins(BuiltinRegistry &r);
  /// tl.multiple_of / tl.max_contiguous / tl.max_constancy(x, values): x
  /// hinted wherever it is used.
  Val emitAxisHint(BuiltinCall &c);
  /// tl.assume(cond).
  Val emitAssume(BuiltinCall &c);
  /// tl.assume(x >= 0) and the like: marks the scalar x `tile.nonnegative`
  /// (its defining op, or the kernel argument).
  void markAssumedNonNegative(mlir::Value cond);
  /// `v`, or the hint that replaced it (emitAxisHint).
  mlir::Value hinted(mlir::Value v) const;

  // Random numbers (Random.cpp).
  static void registerRandomBuiltins(BuiltinRegistry &r);
  Val emitRandom(BuiltinCall &c);
  Val umulhi(Val x, Val y, const Expr &call);
  /// Philox4x32 of the 32-bit counter words with the key from `seed`; the
  /// four words out (empty after an error).
  std::vector<Val> philox(Val seed, std::vector<Val> counter, int64_t rounds,
                          const Expr &call);
  Val uintToUniformFloat(Val x, const Expr &call);
  std::vector<Val> pairUniformToNormal(Val u1, Val u2, const Expr &call);

  // libdevice (Libdevice.cpp).
  static void registerLibdeviceBuiltins(BuiltinRegistry &r);
  Val emitLibdevice(BuiltinCall &c);
  /// A builtin that calls another with its arguments (forwardTo).
  Val emitForward(BuiltinCall &c);

  // Block pointers and tensor descriptors (BlockPtr.cpp).
  static void registerBlockPtrBuiltins(BuiltinRegistry &r);
  Val emitMakeBlockPtr(BuiltinCall &c);
  Val emitAdvance(BuiltinCall &c);
  Val emitMakeTensorDescriptor(BuiltinCall &c);
  /// tl.load_tensor_descriptor, tl.store_tensor_descriptor.
  Val emitDescriptorAccess(BuiltinCall &c);
  Val makeBlockPtr(std::vector<Val> &args, const Expr &call);
  Val advance(const Val &bp, const Val &offsets, const Expr &call);
  Val makeTensorDescriptor(std::vector<Val> &args, const Expr &call);
  /// desc.load(offsets) / desc.store(offsets, value).
  Val descriptorAccess(bool store, std::vector<Val> &args, const Expr &call);
  /// The pointer tile a block pointer addresses and, for the dimensions
  /// named by `boundaryCheck`, the mask of its in-bounds elements (None when
  /// nothing is checked). For a block of rank 3 or more, both have the
  /// block's shape without its dimensions of size 1 (all of them but the
  /// last if every one is 1): callers reshape the value loaded or stored.
  bool blockPtrAddress(const Val &bp, const Val &boundaryCheck,
                       const Expr &call, Val &ptr, Val &mask);

  mlir::MLIRContext &ctx;
  /// The module whose names are in scope: the kernel's, or the one that
  /// defines the jit function being inlined.
  const Module *mod;
  ModuleLoader *loader;
  DiagnosticEngine &diags;
  mlir::OpBuilder b;
  Scope scope;
  /// Values replaced by a tile.axis_hint of them (axisHint).
  llvm::DenseMap<mlir::Value, mlir::Value> hints;
  std::vector<mlir::Location> callStack;
  std::vector<const Function *> activeFunctions;
  /// `for`/`while` bodies around the statement being generated, in the
  /// current function (a `return` there is an error).
  unsigned loopDepth = 0;
  bool inHelper = false;
  /// Inside a compile-time function (@triton.constexpr_function): loops
  /// over constants run while compiling, as the Python would.
  unsigned constexprDepth = 0;
  /// The kernel's warps per program (KernelSpec::numWarps).
  int numWarps = 4;
  /// Mark the loads of host descriptors' blocks for TMA
  /// (KernelSpec::tmaBlocks).
  bool tmaBlocks = false;
  unsigned unrolledIterations = 0;
  unsigned inlinedCalls = 0;
  /// Kernel parameters given a host tensor descriptor: (parameter index,
  /// index of its base pointer among the kernel's arguments).
  std::vector<std::pair<size_t, size_t>> hostDescriptors;
  /// The parameters given tuples of runtime arguments (MLIRGen.cpp).
  std::vector<size_t> runtimeTuples;
  bool sizeLimitReported = false;
  std::set<std::string> globalsInProgress;
};

/// Whether two values are the same: the same constant, IR value, callable,
/// or aggregate of such parts (ControlFlow.cpp).
bool identicalVals(const Val &a, const Val &b);

/// The builtin that `name` calls: a libdevice function that is a `tl`
/// builtin under another name (`libdevice.rsqrt`) gives that builtin
/// (`tl.rsqrt`); any other name is itself (Libdevice.cpp).
std::string canonicalBuiltin(llvm::StringRef name);
/// `shape` with its leaves (collectLeaves) replaced by `leaves`.
Val withLeaves(Val shape, llvm::ArrayRef<Val> leaves);
/// How a diagnostic names part `k` of a carried or merged variable.
std::string partName(const std::string &name, const Val &whole, size_t k);

/// Names assigned anywhere in `stmts` (recursively), for loop carries.
void collectAssigned(const std::vector<StmtPtr> &stmts,
                     std::set<std::string> &out);

/// The decimal digits of an integer (Val::wide of a constant).
std::string intString(__int128 v);

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_CODEGEN_H
