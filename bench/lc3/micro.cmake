# The LC-3 micro engine's benchmark (docs/PERFORMANCE.md, "LC-3 micro engine").
add_executable(asmlab_lc3_micro_bench ${CMAKE_CURRENT_LIST_DIR}/lc3_micro_bench.cpp)
target_link_libraries(asmlab_lc3_micro_bench PRIVATE asmlab_options asmlab_toolchain benchmark::benchmark)
target_compile_definitions(asmlab_lc3_micro_bench PRIVATE ASMLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
