# The LC-3 assembler's throughput (docs/PERFORMANCE.md, "LC-3 assembler").
add_executable(asmlab_bench_lc3_asm ${CMAKE_CURRENT_LIST_DIR}/assembler_bench.cpp)
target_link_libraries(asmlab_bench_lc3_asm PRIVATE asmlab_options asmlab_lc3_asm benchmark::benchmark fmt::fmt)
