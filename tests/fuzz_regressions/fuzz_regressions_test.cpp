// Every input a fuzzer found (fuzz/regressions/TARGET/*) runs again through that target's entry
// point, built here under its own name: in the release build, and under ASan and UBSan in the
// sanitize preset. A crash, a hang (ctest's timeout) or a leak (ASan) fails the test.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int fuzz_lc3_asm_entry(const uint8_t*, size_t);
extern "C" int fuzz_masm_entry(const uint8_t*, size_t);
extern "C" int fuzz_lc3_obj_entry(const uint8_t*, size_t);
extern "C" int fuzz_omf_entry(const uint8_t*, size_t);
extern "C" int fuzz_mz_entry(const uint8_t*, size_t);
extern "C" int fuzz_spec_entry(const uint8_t*, size_t);
extern "C" int fuzz_input_script_entry(const uint8_t*, size_t);

namespace fs = std::filesystem;

namespace {

using Entry = int (*)(const uint8_t*, size_t);

struct Target {
  const char* name;
  Entry entry;
};

const Target kTargets[] = {{"fuzz_lc3_asm", fuzz_lc3_asm_entry}, {"fuzz_masm", fuzz_masm_entry},
                           {"fuzz_lc3_obj", fuzz_lc3_obj_entry}, {"fuzz_omf", fuzz_omf_entry},
                           {"fuzz_mz", fuzz_mz_entry},           {"fuzz_spec", fuzz_spec_entry},
                           {"fuzz_input_script", fuzz_input_script_entry}};

size_t runAll(const Target& target) {
  const fs::path dir = fs::path(ASMLAB_SOURCE_DIR) / "fuzz" / "regressions" / target.name;
  size_t count = 0;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  std::vector<fs::path> inputs;
  for (const auto& entry : fs::directory_iterator(dir)) inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  for (const auto& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(path.string());
    EXPECT_EQ(target.entry(bytes.data(), bytes.size()), 0);
    ++count;
  }
  return count;
}

}  // namespace

TEST(FuzzRegressions, EveryKeptInputRunsCleanly) {
  size_t total = 0;
  for (const auto& target : kTargets) total += runAll(target);
  EXPECT_GE(total, 6u);  // the findings kept so far; a lost folder would pass silently otherwise
}

TEST(FuzzRegressions, EveryTargetTakesTheEmptyInputAndGarbage) {
  const std::string garbage = std::string("\x80\xF0MZ\x00\xFF.ORIG x3000\n\x1a", 18);
  for (const auto& target : kTargets) {
    SCOPED_TRACE(target.name);
    EXPECT_EQ(target.entry(nullptr, 0), 0);
    EXPECT_EQ(target.entry(reinterpret_cast<const uint8_t*>(garbage.data()), garbage.size()), 0);
  }
}
