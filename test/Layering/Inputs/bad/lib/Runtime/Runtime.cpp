#include "tilec/Kernel/CompiledKernel.h"
#include "tilec/Compiler/CompileOptions.h"
#include "mlir/IR/Builders.h"
