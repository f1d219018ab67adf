# Writes ${CMAKE_BINARY_DIR}/tilec-libraries.txt: one line per library of
# tilec, "NAME SOURCE_DIR DEP DEP ...", its direct links to other tilec
# libraries as built. test/Layering checks it (scripts/check_layering.py):
# no library links one of a higher layer, and none includes a header of a
# library it does not link.

function(_tilec_library_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(found)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "SHARED_LIBRARY")
      list(APPEND found ${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _tilec_library_targets(${sub} subfound)
    list(APPEND found ${subfound})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

_tilec_library_targets(${PROJECT_SOURCE_DIR}/lib tilec_libraries)
set(_graph "")
foreach(lib IN LISTS tilec_libraries)
  get_target_property(srcdir ${lib} SOURCE_DIR)
  file(RELATIVE_PATH srcdir ${PROJECT_SOURCE_DIR} ${srcdir})
  get_target_property(links ${lib} LINK_LIBRARIES)
  set(deps)
  foreach(l IN LISTS links)
    if(l IN_LIST tilec_libraries)
      list(APPEND deps ${l})
    endif()
  endforeach()
  list(JOIN deps " " deps)
  string(APPEND _graph "${lib} ${srcdir} ${deps}\n")
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/tilec-libraries.txt "${_graph}")
