//===- PTX.cpp - LLVM IR to PTX with LLVM's NVPTX backend -----------------===//

#include "tilec/Target/PTX.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <cstdlib>
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace tilec;

static bool shortSharedPointers = false;

static void initNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // 32-bit pointers for shared (and const, local) memory, as Triton
    // compiles: a shared address is one 32-bit register instead of two
    // (the pipelined matmuls hold one per cp.async of a stage). The
    // lowering's inline asm takes shared addresses with the "r" constraint.
    auto &registered = llvm::cl::getRegisteredOptions();
    auto it = registered.find("nvptx-short-ptr");
    if (it != registered.end())
      if (auto *opt = static_cast<llvm::cl::opt<bool> *>(it->second)) {
        opt->setValue(true);
        shortSharedPointers = true;
      }
  });
}

static std::unique_ptr<llvm::Module> toLLVMModule(mlir::ModuleOp module,
                                                  llvm::LLVMContext &llctx) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  return mlir::translateModuleToLLVMIR(module, llctx, "tilec");
}

static std::string libdevicePath(const PTXOptions &opts) {
  if (!opts.libdevicePath.empty())
    return opts.libdevicePath;
  if (const char *env = std::getenv("TILEC_LIBDEVICE"))
    return env;
  for (const char *p :
       {"/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
        "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"})
    if (llvm::sys::fs::exists(p))
      return p;
  return "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc";
}

llvm::Expected<std::string> tilec::translateToLLVMIR(mlir::ModuleOp module,
                                                     const PTXOptions &opts) {
  llvm::LLVMContext llctx;
  auto llmod = toLLVMModule(module, llctx);
  if (!llmod)
    return llvm::createStringError(
        "translation of the LLVM dialect to LLVM IR failed");
  std::string s;
  llvm::raw_string_ostream os(s);
  llmod->print(os, nullptr);
  return s;
}

llvm::Expected<std::string> tilec::translateToPTX(mlir::ModuleOp module,
                                                  const PTXOptions &opts) {
  initNVPTX();
  if (!shortSharedPointers)
    return llvm::createStringError(
        "this LLVM's NVPTX backend has no 'nvptx-short-ptr' option; "
        "tilec's lowering needs 32-bit shared-memory pointers");
  llvm::LLVMContext llctx;
  auto llmod = toLLVMModule(module, llctx);
  if (!llmod)
    return llvm::createStringError(
        "translation of the LLVM dialect to LLVM IR failed");

  const char *triple = "nvptx64-nvidia-cuda";
  std::string err;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, err);
  if (!target)
    return llvm::createStringError("NVPTX target unavailable: " + err);
  llvm::TargetOptions topts;
  // Triton's enable_fp_fusion: NVPTX forms fma.rn from fmul + fadd; without
  // it, it emits mul.rn/add.rn, which ptxas leaves apart.
  topts.AllowFPOpFusion =
      opts.fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Standard;
  // PTX 8.0 has what sm_80 and sm_90a kernels need; Hopper's vector
  // reductions (`red.global.add.v4.f32`) need 8.1.
  llvm::StringRef ptxVersion =
      llvm::StringRef(opts.arch).starts_with("sm_90") ? "+ptx81" : "+ptx80";
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, opts.arch, ptxVersion, topts, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError(
        "cannot create an NVPTX target machine for " + opts.arch);
  llmod->setTargetTriple(triple);
  llmod->setDataLayout(tm->createDataLayout());

  // 1. libdevice, only when a __nv_* function is called.
  bool needsLibdevice = false;
  for (llvm::Function &f : *llmod)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      needsLibdevice = true;
  if (needsLibdevice) {
    std::string path = libdevicePath(opts);
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf)
      return llvm::createStringError("cannot read libdevice '" + path +
                                     "': " + buf.getError().message() +
                                     " (set TILEC_LIBDEVICE)");
    auto lib = llvm::parseBitcodeFile((*buf)->getMemBufferRef(), llctx);
    if (!lib)
      return lib.takeError();
    (*lib)->setTargetTriple(triple);
    (*lib)->setDataLayout(llmod->getDataLayout());
    if (llvm::Linker::linkModules(*llmod, std::move(*lib),
                                  llvm::Linker::Flags::LinkOnlyNeeded))
      return llvm::createStringError("linking libdevice failed");
    // Only the kernels stay visible.
    for (llvm::Function &f : *llmod)
      if (!f.isDeclaration() &&
          f.getCallingConv() != llvm::CallingConv::PTX_Kernel &&
          !f.hasFnAttribute("nvvm.kernel") && f.getName().starts_with("__nv_"))
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
    // Subnormals flushed to zero in libdevice's functions, as Triton links
    // them: its results, and the shorter flushing code paths.
    llmod->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                         uint32_t(1));
  }

  // 2. Optimize.
  if (opts.optLevel > 0) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(tm.get());
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::OptimizationLevel level =
        opts.optLevel >= 3   ? llvm::OptimizationLevel::O3
        : opts.optLevel == 2 ? llvm::OptimizationLevel::O2
                             : llvm::OptimizationLevel::O1;
    llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(level);
    mpm.run(*llmod, mam);
  }

  // 3. PTX.
  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream os(ptx);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              llvm::CodeGenFileType::AssemblyFile))
    return llvm::createStringError("the NVPTX backend cannot emit assembly");
  pm.run(*llmod);
  return std::string(ptx.str());
}
