// Every file of the shared 8086 conformance suite (SingleStepTests 8086, first 500 tests per
// opcode) must pass on registers, flags under the suite's mask, and memory; under the cycle
// timing model (the runner's default) every clock must match the real CPU's record (CYCL).
#include <gtest/gtest.h>

#include <filesystem>

#include "asmlab/x86/conformance.hpp"

namespace asmlab::x86::test {
namespace {

namespace fs = std::filesystem;

TEST(X86Conformance, Every8086FilePassesRegistersFlagsMemoryAndEveryClock) {
  const fs::path dir = fs::path(ASMLAB_SHARED_DIR) / "conformance" / "8086";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
  const auto metadata = conformance::Metadata::load(dir / "metadata.json");
  ASSERT_TRUE(metadata.loaded()) << "metadata.json is needed for the flag masks";
  const auto files = conformance::listTestFiles(dir);
  ASSERT_FALSE(files.empty());
  size_t tests = 0;
  for (const auto& path : files) {
    const std::string name = conformance::testStem(path);
    const auto result = conformance::runFile(moo::readFile(path), name, metadata, {});
    tests += result.tests;
    EXPECT_EQ(result.registersPass, result.tests) << name;
    EXPECT_EQ(result.flagsPass, result.tests) << name;
    EXPECT_EQ(result.memoryPass, result.tests) << name;
    EXPECT_EQ(result.clocksExact, result.tests) << name;
    EXPECT_EQ(result.tracesIdentical, result.tests) << name;
    for (const auto& f : result.failures) ADD_FAILURE() << name << ": " << f;
    for (const auto& f : result.traceFailures) ADD_FAILURE() << name << ": " << f;
  }
  EXPECT_GT(tests, 0u);
}

}  // namespace
}  // namespace asmlab::x86::test
