// The folder of real-style submissions (tests/lc3asm/course-syntax, README there): each loads
// through the program loader with the warnings its .expected file lists, places exactly the words
// encoded there by hand from Appendix A, and prints the expected output. With --strict (and
// without --case-sensitive-labels) none of the .asm files loads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "asmlab/toolchain/loader.hpp"

namespace {

namespace fs = std::filesystem;

struct Expected {
  std::map<uint16_t, uint16_t> words;
  std::vector<std::string> warnings;
  std::optional<std::string> output;
  bool caseSensitiveLabels = false;
};

std::string unescape(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
      out += '\n';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

Expected readExpected(const fs::path& path) {
  Expected e;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == ';') continue;
    if (line.rfind("warn: ", 0) == 0) e.warnings.push_back(line.substr(6));
    else if (line.rfind("output: ", 0) == 0) e.output = unescape(line.substr(8));
    else if (line == "options: case-sensitive-labels") e.caseSensitiveLabels = true;
    else if (line.size() == 10 && line[0] == 'x' && line[5] == ' ')
      e.words[uint16_t(std::stoul(line.substr(1, 4), nullptr, 16))] = uint16_t(std::stoul(line.substr(6), nullptr, 16));
    else ADD_FAILURE() << path << ": cannot read line '" << line << "'";
  }
  return e;
}

fs::path folder() { return fs::path(ASMLAB_SOURCE_DIR) / "tests/lc3asm/course-syntax"; }

std::vector<fs::path> programs() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(folder())) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".asm" || ext == ".bin" || ext == ".hex") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Lc3CourseSyntax, EachSubmissionLoadsWithItsWarningsAndTheHandEncodedWords) {
  const auto files = programs();
  ASSERT_GE(files.size(), 10u);
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    fs::path expectedPath = path;
    expectedPath.replace_extension(".expected");
    Expected expected = readExpected(expectedPath);
    const bool source = path.extension() == ".asm";
    if (!source) expected.warnings.clear();  // .bin and .hex hold words, not syntax to warn about

    asmlab::toolchain::LoadOptions options;
    options.lc3HaltBanner = false;
    options.lc3CaseSensitiveLabels = expected.caseSensitiveLabels;
    asmlab::Diagnostics diagnostics;
    auto machine = asmlab::toolchain::loadProgram({path.string()}, options, diagnostics);
    ASSERT_TRUE(machine) << diagnostics.renderToString();

    std::vector<std::string> warnings;
    for (const auto& d : diagnostics.all())
      if (d.severity == asmlab::Severity::Warning) warnings.push_back(d.message);
    EXPECT_EQ(warnings.size(), expected.warnings.size()) << diagnostics.renderToString();
    for (const auto& fragment : expected.warnings) {
      auto it = std::find_if(warnings.begin(), warnings.end(),
                             [&](const std::string& w) { return w.find(fragment) != std::string::npos; });
      EXPECT_NE(it, warnings.end()) << "no warning says: " << fragment << "\n" << diagnostics.renderToString();
      if (it != warnings.end()) warnings.erase(it);
    }

    for (uint32_t a = 0x3000; a < 0x3100; ++a) {
      auto it = expected.words.find(uint16_t(a));
      const uint32_t want = it == expected.words.end() ? 0 : it->second;
      EXPECT_EQ(machine->peek(a), want) << "at x" << std::hex << a;
    }
    if (expected.output) {
      machine->closeInput();
      auto stop = machine->run({});
      EXPECT_EQ(stop.reason, asmlab::sim::StopReason::Halted) << stop.message;
      EXPECT_EQ(machine->output(), *expected.output);
    }

    if (source) {
      asmlab::toolchain::LoadOptions strict = options;
      strict.lc3Strict = true;
      strict.lc3CaseSensitiveLabels = false;
      asmlab::Diagnostics strictDiagnostics;
      EXPECT_FALSE(asmlab::toolchain::loadProgram({path.string()}, strict, strictDiagnostics))
          << "assembles with --strict";
    }
  }
}

}  // namespace
