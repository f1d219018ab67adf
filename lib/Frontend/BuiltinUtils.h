//===- BuiltinUtils.h - Argument readers shared by the builtins -*- C++ -*-===//
//
// Private to lib/Frontend: what more than one family of builtins
// (Builtins*.cpp) reads from its arguments or writes as Python does.
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
/// Python's repr() (and str()) of a float: the shortest digits that read
/// back the same value, in fixed notation for exponents -4 .. 15.
std::string pyFloat(double f);

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_BUILTINUTILS_H
