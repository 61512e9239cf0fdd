// Generated MASM programs for the assembler's benchmarks: the same text for Google Benchmark
// (masm_bench.cpp) and for `asmlab_masm_gen`, which writes it to a file so that the whole
// `asmlab asm` command can be measured (CPU time and peak memory).
#pragma once

#include <cstddef>
#include <string>

namespace asmlab::bench {

// About `lines` source lines of `.model small`: a data segment of variables and code segments of
// 22-line near procedures.
std::string generateSmallModel(size_t lines);

// About `lines` source lines of `.model large`: DUP data, then code segments (`.code name`) of 30
// far procedures each, with labels, jumps, memory operands and far calls between them.
std::string generateLargeModel(size_t lines);

}  // namespace asmlab::bench
