# The LC-3 simulator's benchmark (docs/PERFORMANCE.md, "LC-3 simulator").
add_executable(asmlab_lc3_sim_bench ${CMAKE_CURRENT_LIST_DIR}/lc3_sim_bench.cpp)
target_link_libraries(asmlab_lc3_sim_bench PRIVATE asmlab_options asmlab_toolchain benchmark::benchmark)
target_compile_definitions(asmlab_lc3_sim_bench PRIVATE ASMLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")

# Fixed-count replays of a scripted game, for perf's hardware counters (see lc3_replay.cpp).
add_executable(asmlab_lc3_replay ${CMAKE_CURRENT_LIST_DIR}/lc3_replay.cpp)
target_link_libraries(asmlab_lc3_replay PRIVATE asmlab_options asmlab_toolchain)
