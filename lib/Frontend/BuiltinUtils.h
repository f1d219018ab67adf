//===- BuiltinUtils.h - Argument readers shared by the builtins -*- C++ -*-===//
//
// Private to lib/Frontend: what more than one family of builtins
// (Builtins*.cpp) reads from its arguments.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_BUILTINUTILS_H
#define TILEC_LIB_FRONTEND_BUILTINUTILS_H

#include "CodeGen.h"

namespace tilec {

/// Reads a shape given as a tuple/list of constants (or one constant).
bool readShape(CodeGen &cg, const Val &v, const Expr &where,
               llvm::SmallVector<int64_t> &shape);
/// Reads a dtype argument (`tl.float32`, a dtype value).
bool readDType(CodeGen &cg, const Val &v, const Expr &where, DType &out);

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_BUILTINUTILS_H
