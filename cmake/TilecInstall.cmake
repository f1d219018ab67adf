# Install rules: `cmake --install <build> --prefix P` gives the package that
# find_package(tilec) finds with -DCMAKE_PREFIX_PATH=P, in three components:
#
#   tilec-runtime   P/lib/libtilec_runtime.a (tilec::runtime), its headers
#                   (tilec/Runtime/Runtime.h, tilec/Kernel/) and
#                   P/lib/cmake/tilec: loading and launching compiled
#                   kernels through the CUDA driver; no compiler, no MLIR.
#   tilec-compiler  P/lib/libtilec_compiler.a (tilec::compiler, which links
#                   tilec::runtime) and the other headers: the compiler, the
#                   kernel cache, the JIT, the autotuner and the interpreter.
#   tilec-tools     P/bin/tilec, P/bin/tilec-opt (tools/*/CMakeLists.txt).
#
# tilec's own libraries (add_mlir_library targets, not installed one by one:
# LLVM_INSTALL_TOOLCHAIN_ONLY in CMakeLists.txt) are not installed as such:
# the object files of each package target's libraries are combined into one
# static library whose interface links the external libraries they use (LLVM
# for tilec::runtime, MLIR and LLVM for tilec::compiler). tilecConfig.cmake finds those (the same LLVM 19
# installation) and cuda.h; its own paths are relative to where it lies, so
# an installed prefix may be moved.

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

# Walks the link libraries of `tgt` for package target `pkg`: in-project
# library targets go to _TILEC_<pkg>_INTERNAL (their objects go into the
# package's library), a library of another package target (named in
# _TILEC_PROVIDER_<lib>) is replaced by that target, everything else
# (imported MLIR/LLVM targets, system libraries) goes to _TILEC_<pkg>_EXTERNAL.
function(_tilec_collect pkg tgt)
  get_property(seen GLOBAL PROPERTY _TILEC_${pkg}_SEEN_${tgt})
  if(seen)
    return()
  endif()
  set_property(GLOBAL PROPERTY _TILEC_${pkg}_SEEN_${tgt} TRUE)
  set_property(GLOBAL APPEND PROPERTY _TILEC_${pkg}_INTERNAL ${tgt})
  get_target_property(libs ${tgt} LINK_LIBRARIES)
  get_target_property(ilibs ${tgt} INTERFACE_LINK_LIBRARIES)
  foreach(lib IN LISTS libs ilibs)
    if(NOT lib OR lib MATCHES "-NOTFOUND$" OR lib MATCHES "^\\$<")
      continue()
    endif()
    get_property(provider GLOBAL PROPERTY _TILEC_PROVIDER_${lib})
    if(provider AND NOT provider STREQUAL pkg)
      set_property(GLOBAL APPEND PROPERTY _TILEC_${pkg}_EXTERNAL ${provider})
      continue()
    endif()
    if(TARGET ${lib})
      get_target_property(imported ${lib} IMPORTED)
      get_target_property(type ${lib} TYPE)
      if(NOT imported AND type STREQUAL "STATIC_LIBRARY")
        _tilec_collect(${pkg} ${lib})
        continue()
      endif()
      if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
        message(FATAL_ERROR "tilec install: cannot export ${lib} (${type})")
      endif()
    endif()
    set_property(GLOBAL APPEND PROPERTY _TILEC_${pkg}_EXTERNAL ${lib})
  endforeach()
endfunction()

# Defines the static library `pkg` (exported as tilec::<export_name>) of the
# objects of the tilec libraries named after it and those they link.
function(_tilec_package_library pkg export_name)
  foreach(root IN LISTS ARGN)
    _tilec_collect(${pkg} ${root})
  endforeach()
  get_property(internal GLOBAL PROPERTY _TILEC_${pkg}_INTERNAL)
  get_property(external GLOBAL PROPERTY _TILEC_${pkg}_EXTERNAL)
  list(REMOVE_DUPLICATES external)
  set(objects)
  foreach(lib IN LISTS internal)
    if(NOT TARGET obj.${lib})
      message(FATAL_ERROR "tilec install: ${lib} has no object library obj.${lib}")
    endif()
    list(APPEND objects $<TARGET_OBJECTS:obj.${lib}>)
    set_property(GLOBAL PROPERTY _TILEC_PROVIDER_${lib} ${pkg})
  endforeach()
  add_library(${pkg} STATIC ${objects})
  add_dependencies(${pkg} ${internal})
  set_target_properties(${pkg} PROPERTIES
    EXPORT_NAME ${export_name}
    LINKER_LANGUAGE CXX
    ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
  target_include_directories(${pkg} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${pkg} INTERFACE cxx_std_17)
  target_link_libraries(${pkg} INTERFACE ${external})
endfunction()

# tilec::runtime first: tilec::compiler links it instead of its objects.
_tilec_package_library(tilec_runtime runtime TilecRuntime)
_tilec_package_library(tilec_compiler compiler TilecJit TilecInterpreter)

# The headers of tilec::runtime; tilec::compiler's are all the others but
# the tests' (tools/layering/check_layering.py keeps the runtime's to
# themselves).
set(_tilec_runtime_headers Kernel/CompiledKernel.h Kernel/KernelResources.h
  Runtime/Runtime.h Runtime/DriverFunctions.def)
foreach(h IN LISTS _tilec_runtime_headers)
  get_filename_component(dir ${h} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/include/tilec/${h}
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tilec/${dir}
    COMPONENT tilec-runtime)
endforeach()
list(TRANSFORM _tilec_runtime_headers REPLACE "\\." "\\\\.")
list(TRANSFORM _tilec_runtime_headers PREPEND "/tilec/")
list(JOIN _tilec_runtime_headers "|" _tilec_runtime_regex)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tilec
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT tilec-compiler
  PATTERN CMakeLists.txt EXCLUDE
  PATTERN Testing EXCLUDE
  REGEX "(${_tilec_runtime_regex})$" EXCLUDE)
# The dialects' generated declarations (.inc) that their headers include.
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/tilec
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT tilec-compiler
  FILES_MATCHING PATTERN "*.inc"
  PATTERN CMakeFiles EXCLUDE)

install(TARGETS tilec_runtime EXPORT tilecRuntimeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  COMPONENT tilec-runtime)
install(EXPORT tilecRuntimeTargets
  NAMESPACE tilec::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tilec
  COMPONENT tilec-runtime)
install(TARGETS tilec_compiler EXPORT tilecCompilerTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  COMPONENT tilec-compiler)
install(EXPORT tilecCompilerTargets
  NAMESPACE tilec::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tilec
  COMPONENT tilec-compiler)

# The external dependencies stay where they are: the LLVM/MLIR 19 that tilec
# was built against and the directory of cuda.h (searched again first).
set(TILEC_INSTALL_LLVM_DIR "${LLVM_DIR}")
set(TILEC_INSTALL_MLIR_DIR "${MLIR_DIR}")
set(TILEC_INSTALL_CUDA_INCLUDE_DIR "${TILEC_CUDA_INCLUDE_DIR}")
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/tilecConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/tilecConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tilec)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/tilecConfigVersion.cmake
  VERSION ${TILEC_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/tilecConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/tilecConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tilec
  COMPONENT tilec-runtime)
