//===- Pipeline.cpp - The pass pipelines of tilec -------------------------===//

#include "tilec/Pipeline/Pipeline.h"

#include "tilec/Conversion/Passes.h"
#include "tilec/Support/Arch.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace tilec;

void FailedPassRecorder::runAfterPassFailed(mlir::Pass *pass,
                                            mlir::Operation *) {
  if (name_.empty())
    name_ = pass->getArgument().str();
}

static void addCleanup(mlir::OpPassManager &pm) {
  pm.addPass(mlir::tile::createTileCanonicalize());
  pm.addPass(mlir::createCSEPass());
}

void tilec::populateTileOptimizationPipeline(mlir::OpPassManager &pm) {
  pm.addPass(mlir::tile::createTileCanonicalize());
  pm.addPass(mlir::createLoopInvariantCodeMotionPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(mlir::tile::createTileCombine());
  pm.addPass(mlir::tile::createTileCanonicalize());
}

void tilec::populateTilePreparationPipeline(mlir::OpPassManager &pm,
                                            const PipelineOptions &opts) {
  namespace tile = mlir::tile;
  if (opts.groupPrograms > 1) {
    tile::TileGroupProgramsOptions o;
    o.group = opts.groupPrograms;
    o.minMiB = opts.groupMinMiB;
    pm.addPass(tile::createTileGroupPrograms(o));
    addCleanup(pm);
  }
  if (opts.programsPerCTA != 1) {
    tile::TileCoarsenProgramsOptions o;
    o.factor = opts.programsPerCTA;
    pm.addPass(tile::createTileCoarsenPrograms(o));
    addCleanup(pm);
  }
  {
    tile::TileSplitMaskedLoopsOptions o;
    o.computeCapability = computeCapabilityOf(opts.arch);
    o.loadMasks = opts.splitMaskedLoops;
    pm.addPass(tile::createTileSplitMaskedLoops(o));
    addCleanup(pm);
  }
  pm.addPass(tile::createTileLoopPointerOffsets());
  addCleanup(pm);
  if (opts.prefetchBytes > 0) {
    tile::TilePrefetchLoadsOptions o;
    o.maxBytes = opts.prefetchBytes;
    pm.addPass(tile::createTilePrefetchLoads(o));
    addCleanup(pm);
  }
  pm.addPass(tile::createTileSinkCasts());
  if (opts.rematBytes > 0) {
    tile::TileRematAcrossReductionsOptions o;
    o.minBytes = opts.rematBytes;
    pm.addPass(tile::createTileRematAcrossReductions(o));
    addCleanup(pm);
  }
}

void tilec::populateTileToTileGPUPipeline(mlir::OpPassManager &pm,
                                          const PipelineOptions &opts) {
  namespace tilegpu = mlir::tilegpu;
  tilegpu::ConvertTileToTileGPUOptions layoutOpts;
  layoutOpts.computeCapability = computeCapabilityOf(opts.arch);
  layoutOpts.useWgmma = hasWgmma(opts.arch);
  pm.addPass(tilegpu::createConvertTileToTileGPU(layoutOpts));
  pm.addPass(tilegpu::createTileGPURemoveLayoutConversions());
  pm.addPass(tilegpu::createTileGPUCoalesce());
  pm.addPass(tilegpu::createTileGPULoadLayouts());
  pm.addPass(tilegpu::createTileGPUStoreLayouts());
  addCleanup(pm);
  tilegpu::TileGPUPipelineOptions pipeOpts;
  pipeOpts.numStages = opts.numStages;
  pm.addPass(tilegpu::createTileGPUPipeline(pipeOpts));
  pm.addPass(tilegpu::createTileGPUSharedReadLayouts());
  pm.addPass(tilegpu::createTileGPURematAfterLoops());
  addCleanup(pm);
  tilegpu::TileGPUTmaStoresOptions tmaStoreOpts;
  tmaStoreOpts.sharedLimit = maxSharedBytesPerBlock(opts.arch);
  pm.addPass(tilegpu::createTileGPUTmaStores(tmaStoreOpts));
  addCleanup(pm);
  pm.addPass(tilegpu::createTileGPUVersionBounds());
}

void tilec::populateTileGPUToLLVMPipeline(mlir::OpPassManager &pm,
                                          const PipelineOptions &opts) {
  namespace tilegpu = mlir::tilegpu;
  tilegpu::TileGPUAllocateSharedOptions sharedOpts;
  sharedOpts.sharedLimit = maxSharedBytesPerBlock(opts.arch);
  pm.addPass(tilegpu::createTileGPUAllocateShared(sharedOpts));
  pm.addPass(tilegpu::createTileGPUInsertBarriers());
  tilegpu::ConvertTileGPUToLLVMOptions llvmOpts;
  llvmOpts.computeCapability = computeCapabilityOf(opts.arch);
  pm.addPass(tilegpu::createConvertTileGPUToLLVM(llvmOpts));
  addCleanup(pm);
}

void tilec::populateLoweringPipeline(mlir::OpPassManager &pm,
                                     const PipelineOptions &opts,
                                     LoweringStop stop) {
  populateTilePreparationPipeline(pm, opts);
  populateTileToTileGPUPipeline(pm, opts);
  if (stop == LoweringStop::LLVM)
    populateTileGPUToLLVMPipeline(pm, opts);
}

namespace {

/// PipelineOptions as options of the `tilec-lower` pipeline; the defaults
/// are PipelineOptions'.
struct LowerPipelineOptions
    : public mlir::PassPipelineOptions<LowerPipelineOptions> {
  PipelineOptions defaults;
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("GPU target (sm_60 ... sm_90a)"),
                           llvm::cl::init(defaults.arch)};
  Option<int> numStages{
      *this, "num-stages",
      llvm::cl::desc("Software-pipelining stages of dot loops (<= 1: off)"),
      llvm::cl::init(defaults.numStages)};
  Option<int> programsPerCTA{
      *this, "programs-per-cta",
      llvm::cl::desc("Programs per CTA along axis 0 (0: the compiler's "
                     "choice, 1: one)"),
      llvm::cl::init(defaults.programsPerCTA)};
  Option<int> groupPrograms{
      *this, "group-programs",
      llvm::cl::desc("Grouped launch order of 2-D dot grids (<= 1: off)"),
      llvm::cl::init(defaults.groupPrograms)};
  Option<int> groupMinMiB{
      *this, "group-min-mib",
      llvm::cl::desc("Grouped order only for an A operand of at least this "
                     "many MiB"),
      llvm::cl::init(defaults.groupMinMiB)};
  Option<bool> splitMaskedLoops{
      *this, "split-masked-loops",
      llvm::cl::desc("Split dot loops where their masks are all-true"),
      llvm::cl::init(defaults.splitMaskedLoops)};
  Option<int> prefetchBytes{
      *this, "prefetch-bytes",
      llvm::cl::desc("Bytes a thread loads one iteration ahead (0: off)"),
      llvm::cl::init(defaults.prefetchBytes)};
  Option<int> rematBytes{
      *this, "remat-bytes",
      llvm::cl::desc("Recompute tiles of this many bytes a thread after "
                     "reductions (0: off)"),
      llvm::cl::init(defaults.rematBytes)};
  Option<bool> tma{*this, "tma",
                   llvm::cl::desc("TMA copies of host descriptors' blocks in "
                                  "pipelined dot loops (the frontend marks "
                                  "them)"),
                   llvm::cl::init(defaults.tma)};
  Option<LoweringStop> to{
      *this, "to", llvm::cl::desc("Where to stop"),
      llvm::cl::init(LoweringStop::LLVM),
      llvm::cl::values(
          clEnumValN(LoweringStop::TileGPU, "tilegpu", "the tilegpu dialect"),
          clEnumValN(LoweringStop::LLVM, "llvm",
                     "the LLVM and NVVM dialects"))};

  PipelineOptions get() const {
    PipelineOptions o;
    o.arch = arch;
    o.numStages = numStages;
    o.programsPerCTA = programsPerCTA;
    o.groupPrograms = groupPrograms;
    o.groupMinMiB = groupMinMiB;
    o.splitMaskedLoops = splitMaskedLoops;
    o.prefetchBytes = prefetchBytes;
    o.rematBytes = rematBytes;
    o.tma = tma;
    return o;
  }
};

} // namespace

void tilec::registerTilecPipelines() {
  static mlir::PassPipelineRegistration<> optimize(
      "tilec-optimize-tile",
      "The cleanup of generated tile IR (what tilec --emit=tile prints)",
      [](mlir::OpPassManager &pm) { populateTileOptimizationPipeline(pm); });
  static mlir::PassPipelineRegistration<LowerPipelineOptions> lower(
      "tilec-lower",
      "Optimized tile IR to tilegpu or to the LLVM and NVVM dialects, as "
      "tilec lowers it",
      [](mlir::OpPassManager &pm, const LowerPipelineOptions &o) {
        populateLoweringPipeline(pm, o.get(), o.to);
      });
}
