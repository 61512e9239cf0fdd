// Runs one fuzz target's entry point over files (or every file of folders), REPEAT times each, in
// whatever build this is: the release build's figures for a profiler (docs/PERFORMANCE.md,
// "Fuzzing"), without libFuzzer or the sanitizers.
//
//   asmlab_fuzz_replay TARGET [--repeat N] PATH...
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"

namespace fs = std::filesystem;

using asmlab::fuzz::Entry;
using asmlab::fuzz::kTargets;
using asmlab::fuzz::readBytes;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s TARGET [--repeat N] PATH...\n", argv[0]);
    return 2;
  }
  Entry entry = nullptr;
  for (const auto& target : kTargets)
    if (std::strcmp(target.name, argv[1]) == 0) entry = target.entry;
  if (!entry) {
    std::fprintf(stderr, "%s: unknown target '%s'\n", argv[0], argv[1]);
    return 2;
  }
  long repeat = 1;
  std::vector<fs::path> inputs;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
      repeat = std::strtol(argv[++i], nullptr, 10);
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(argv[i], ec)) {
      for (const auto& file : fs::directory_iterator(argv[i]))
        if (file.is_regular_file()) inputs.push_back(file.path());
    } else {
      inputs.emplace_back(argv[i]);
    }
  }
  std::sort(inputs.begin(), inputs.end());
  std::vector<std::vector<uint8_t>> contents;
  for (const auto& path : inputs) contents.push_back(readBytes(path));
  size_t executions = 0;
  for (long r = 0; r < repeat; ++r)
    for (const auto& bytes : contents) {
      entry(bytes.data(), bytes.size());
      ++executions;
    }
  std::printf("%zu executions of %zu inputs\n", executions, contents.size());
  return 0;
}
