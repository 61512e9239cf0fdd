// Every fuzz target's entry point, built under its own name (ASMLAB_FUZZ_ENTRY in fuzz/targets/),
// and the table the regression test and asmlab_fuzz_replay both walk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int fuzz_lc3_asm_entry(const uint8_t*, size_t);
extern "C" int fuzz_masm_entry(const uint8_t*, size_t);
extern "C" int fuzz_lc3_obj_entry(const uint8_t*, size_t);
extern "C" int fuzz_omf_entry(const uint8_t*, size_t);
extern "C" int fuzz_mz_entry(const uint8_t*, size_t);
extern "C" int fuzz_spec_entry(const uint8_t*, size_t);
extern "C" int fuzz_input_script_entry(const uint8_t*, size_t);

namespace asmlab::fuzz {

using Entry = int (*)(const uint8_t*, size_t);

struct Target {
  const char* name;
  Entry entry;
};

inline constexpr Target kTargets[] = {
    {"fuzz_lc3_asm", fuzz_lc3_asm_entry}, {"fuzz_masm", fuzz_masm_entry}, {"fuzz_lc3_obj", fuzz_lc3_obj_entry},
    {"fuzz_omf", fuzz_omf_entry},         {"fuzz_mz", fuzz_mz_entry},     {"fuzz_spec", fuzz_spec_entry},
    {"fuzz_input_script", fuzz_input_script_entry}};

inline std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace asmlab::fuzz
