# Install rules: `cmake --install <build> --prefix P` gives P/include/tilec,
# P/lib/libtilec_runtime.a and P/lib/cmake/tilec/tilecConfig.cmake, so that
#
#   find_package(tilec REQUIRED)   # with -DCMAKE_PREFIX_PATH=P
#   target_link_libraries(app PRIVATE tilec::runtime)
#
# works. tilec's own libraries (TilecRuntime, TilecCompiler, TilecFrontend,
# the dialects, ...) are add_mlir_library targets that MLIR's CMake already
# puts in its own export set (MLIRTargets), so they cannot be exported a second
# time cleanly. Instead their object files are combined into one static
# library, tilec_runtime (exported as tilec::runtime), whose interface links
# the MLIR/LLVM libraries they use; tilecConfig.cmake finds MLIR (the same
# LLVM 19 installation) to define those. The include directories of MLIR/LLVM
# and of cuda.h (types only) are added to tilec::runtime by tilecConfig.cmake.

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

# Walks the link libraries of `tgt`: in-project library targets go to
# _TILEC_INTERNAL (their objects go into tilec_runtime), everything else
# (imported MLIR/LLVM targets, system libraries) to _TILEC_EXTERNAL.
function(_tilec_collect tgt)
  get_property(seen GLOBAL PROPERTY _TILEC_SEEN_${tgt})
  if(seen)
    return()
  endif()
  set_property(GLOBAL PROPERTY _TILEC_SEEN_${tgt} TRUE)
  set_property(GLOBAL APPEND PROPERTY _TILEC_INTERNAL ${tgt})
  get_target_property(libs ${tgt} LINK_LIBRARIES)
  get_target_property(ilibs ${tgt} INTERFACE_LINK_LIBRARIES)
  foreach(lib IN LISTS libs ilibs)
    if(NOT lib OR lib MATCHES "-NOTFOUND$" OR lib MATCHES "^\\$<")
      continue()
    endif()
    if(TARGET ${lib})
      get_target_property(imported ${lib} IMPORTED)
      get_target_property(type ${lib} TYPE)
      if(NOT imported AND type STREQUAL "STATIC_LIBRARY")
        _tilec_collect(${lib})
        continue()
      endif()
      if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
        message(FATAL_ERROR "tilec install: cannot export ${lib} (${type})")
      endif()
    endif()
    set_property(GLOBAL APPEND PROPERTY _TILEC_EXTERNAL ${lib})
  endforeach()
endfunction()

_tilec_collect(TilecRuntime)
get_property(_tilec_internal GLOBAL PROPERTY _TILEC_INTERNAL)
get_property(_tilec_external GLOBAL PROPERTY _TILEC_EXTERNAL)
list(REMOVE_DUPLICATES _tilec_external)

set(_tilec_objects)
foreach(lib IN LISTS _tilec_internal)
  if(NOT TARGET obj.${lib})
    message(FATAL_ERROR "tilec install: ${lib} has no object library obj.${lib}")
  endif()
  list(APPEND _tilec_objects $<TARGET_OBJECTS:obj.${lib}>)
endforeach()

add_library(tilec_runtime STATIC ${_tilec_objects})
add_dependencies(tilec_runtime ${_tilec_internal})
set_target_properties(tilec_runtime PROPERTIES
  EXPORT_NAME runtime
  LINKER_LANGUAGE CXX
  ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
target_include_directories(tilec_runtime INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(tilec_runtime INTERFACE cxx_std_17)
target_link_libraries(tilec_runtime INTERFACE ${_tilec_external})

install(TARGETS tilec_runtime EXPORT tilecTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  COMPONENT tilec-runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tilec
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT tilec-runtime
  PATTERN CMakeLists.txt EXCLUDE)
install(EXPORT tilecTargets
  NAMESPACE tilec::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tilec
  COMPONENT tilec-runtime)

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
