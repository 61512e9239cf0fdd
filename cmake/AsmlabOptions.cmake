# Warnings and sanitizer flags shared by every asmlab target.
add_library(asmlab_options INTERFACE)
# -Wno-restrict: GCC 12 reports false positives inside std::string (GCC bug 105329).
if(ASMLAB_SANITIZE OR ASMLAB_FUZZ)
  # The sanitizer build reports warnings but does not fail on them: GCC's flow analysis under
  # -fsanitize gives false positives (-Wmaybe-uninitialized, -Wnull-dereference); the release
  # build, which every change must pass, keeps -Werror.
  target_compile_options(asmlab_options INTERFACE -Wall -Wextra $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
else()
  target_compile_options(asmlab_options INTERFACE -Wall -Wextra -Werror $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
endif()
if(ASMLAB_FUZZ)
  # Every library is instrumented for coverage; the fuzz targets add libFuzzer's main.
  target_compile_options(asmlab_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                         -fno-sanitize-recover=undefined -fno-omit-frame-pointer -gline-tables-only)
  target_link_options(asmlab_options INTERFACE -fsanitize=address,undefined)
elseif(ASMLAB_SANITIZE)
  # -O1 -g1 (after the build type's -O2 -g, so they win): ASan's own advice for speed, and the
  # line tables alone are what its reports print. Against -O2 -g this halves the build's compile
  # time (parser_x3.cpp: 38 s to 18 s), which CI's two cores spend before any test runs.
  target_compile_options(asmlab_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=undefined
                         -fno-omit-frame-pointer -O1 -g1)
  target_link_options(asmlab_options INTERFACE -fsanitize=address,undefined)
endif()

find_program(ASMLAB_CCACHE ccache)
if(ASMLAB_CCACHE)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${ASMLAB_CCACHE}")
endif()

# asmlab_library(name SOURCES ... DEPS ...): a static library with its public headers under include/.
function(asmlab_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(${name} PUBLIC asmlab_options ${ARG_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
endfunction()

# asmlab_test(name SOURCES ... DEPS ... LABELS ...): a GoogleTest executable registered with ctest.
function(asmlab_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE asmlab_options ${ARG_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE ASMLAB_SHARED_DIR="${ASMLAB_SHARED_DIR}" ASMLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  # A test's own code (GoogleTest's macros, the checks) at -O1 in the release build: the code it
  # tests is the libraries', built -O3 as shipped. A third less compile time for half the build.
  target_compile_options(${name} PRIVATE $<$<CONFIG:Release>:-O1>)
  include(GoogleTest)
  if(NOT ARG_LABELS)
    set(ARG_LABELS unit)
  endif()
  gtest_discover_tests(${name} PROPERTIES LABELS "${ARG_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()

# asmlab_cli_link(lib ...): libraries that the `asmlab` command links (its cmd_*.cpp use them).
function(asmlab_cli_link)
  set_property(GLOBAL APPEND PROPERTY ASMLAB_CLI_LIBS ${ARGN})
endfunction()
