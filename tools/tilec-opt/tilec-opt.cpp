//===- tilec-opt.cpp - mlir-opt for the tilec dialects --------------------===//
//
// Runs MLIR passes over files of the `tile` and `tilegpu` dialects; the
// driver of the lit tests for the dialects and their passes. Besides each
// pass, it runs tilec's pipelines by name (tilec/Pipeline/Pipeline.h):
//   tilec-opt k.mlir --tilec-lower="arch=sm_90a num-stages=3"
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "tilec/Compiler/Version.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerInlinerPass();
  mlir::registerSymbolDCEPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::tile::registerTilePasses();
  mlir::tilegpu::registerTileGPUPasses();
  tilec::registerTilecPipelines();

  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tilec::versionText("tilec-opt"); });
  mlir::DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect, mlir::tilegpu::TileGPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect>();
  mlir::func::registerInlinerExtension(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilec optimizer driver\n", registry));
}
