// Every input a fuzzer found (fuzz/regressions/TARGET/*) runs again through that target's entry
// point, built here under its own name: in the release build, and under ASan and UBSan in the
// sanitize preset. A crash, a hang (ctest's timeout) or a leak (ASan) fails the test.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"

namespace fs = std::filesystem;

namespace {

using asmlab::fuzz::kTargets;
using asmlab::fuzz::Target;

size_t runAll(const Target& target) {
  const fs::path dir = fs::path(ASMLAB_SOURCE_DIR) / "fuzz" / "regressions" / target.name;
  size_t count = 0;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  std::vector<fs::path> inputs;
  for (const auto& entry : fs::directory_iterator(dir)) inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  for (const auto& path : inputs) {
    const std::vector<uint8_t> bytes = asmlab::fuzz::readBytes(path);
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
