// Internal: the YAML-to-Spec reader. Helpers report located errors and return nullopt/empty so
// that reading carries on and every mistake in a spec is reported in one run.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "asmlab/grader/spec.hpp"
#include "compiled_regex.hpp"

namespace asmlab::grader {

// The verdicts a run can end with, as `stop:` and `require:` name them.
const std::vector<std::string>& stopVerdicts();

// Clock checks with a scope or at_most/at_least/equals, and their short names (spec_micro.cpp).
bool isScopedClocks(const YAML::Node& body);
std::string describeScoped(const Check& check);

class SpecReader {
public:
  SpecReader(std::shared_ptr<const SourceFile> source, std::filesystem::path dir, Diagnostics& diagnostics);

  Spec readSpec(const YAML::Node& root);

  // Scalars and common shapes.
  SourceLocation locate(const YAML::Node& node) const;
  SpecPlace place(const YAML::Node& node) const;
  void error(const YAML::Node& node, std::string message);
  bool expectMap(const YAML::Node& node, std::string_view what);
  bool checkKeys(const YAML::Node& map, std::string_view what, const std::vector<std::string>& allowed);
  std::optional<std::string> string(const YAML::Node& node, std::string_view what);
  std::optional<int64_t> number(const YAML::Node& node, std::string_view what);
  std::optional<uint64_t> count(const YAML::Node& node, std::string_view what);
  std::optional<double> real(const YAML::Node& node, std::string_view what);
  std::optional<bool> boolean(const YAML::Node& node, std::string_view what);
  std::optional<AddressExpr> address(const YAML::Node& node, std::string_view what);
  std::vector<std::string> stringList(const YAML::Node& node, std::string_view what);
  std::filesystem::path courseFile(const YAML::Node& node, std::string_view what);
  std::optional<std::string> readCourseText(const YAML::Node& node, std::string_view what);
  std::vector<RegisterValue> registerValues(const YAML::Node& node, std::string_view what);
  std::vector<std::string> registerList(const YAML::Node& node, std::string_view what);
  std::vector<MemoryValues> memoryValues(const YAML::Node& node, std::string_view what);
  bool isRegisterName(const std::string& name) const;
  void setMachine(const std::string& machine);
  // The pattern compiled with these flags, or an error at `node` and null. Compiled once per
  // spec: a spec repeats a check through YAML aliases (`*p1`), and std::regex construction costs
  // far more than reading the rest of the check.
  std::shared_ptr<const CompiledRegex> regex(const YAML::Node& node, const std::string& pattern,
                                             std::regex::flag_type flags);

private:
  struct Defaults {
    Limits limits;
    uint64_t seed = 1;
    double points = 1;
    std::string visibility = "visible";
  };
  void readBuild(const YAML::Node& node, BuildSpec& build);
  // build.engine and build.microcode; clocks scoped to an instruction, a subroutine or an opcode,
  // and states checks (spec_micro.cpp).
  void readMicroBuild(const YAML::Node& node, BuildSpec& build);
  void readScopedCheck(const YAML::Node& body, std::string_view kind, Check& check);
  void readDefaults(const YAML::Node& node, Defaults& defaults);
  void readLimits(const YAML::Node& node, Limits& limits);
  TestSpec readTest(const YAML::Node& node, const Defaults& defaults);
  void readSetup(const YAML::Node& node, Setup& setup);
  void readStart(const YAML::Node& node, Start& start);
  std::vector<InputEvent> readInput(const YAML::Node& node);
  std::optional<Check> readCheck(const YAML::Node& node);
  bool readOutputCheck(const YAML::Node& node, Check& check);
  bool readTextComparison(const YAML::Node& node, Check& check, std::string_view what);
  void readStringCheck(const YAML::Node& node, Check& check);
  void readCallsCheck(const YAML::Node& node, Check& check);
  void readAlternatives(const YAML::Node& node, Check& check);
  void readRun(const YAML::Node& node, RunSpec& run, bool first, bool single);
  Requirement readRequire(const YAML::Node& node);
  std::optional<PlaySpec> readPlay(const YAML::Node& node);
  void requirePc(const YAML::Node& node, std::string_view feature);
  std::optional<std::string> visibility(const YAML::Node& node);

  std::shared_ptr<const SourceFile> source_;
  std::filesystem::path dir_;
  Diagnostics& diagnostics_;
  std::string machine_ = "lc3";
  bool microcoded_ = false;  // build.engine: micro (a states check needs it)
  std::vector<std::string> registerNames_;
  // regex(): each pattern compiled, or why it did not compile.
  struct ReadRegex {
    std::shared_ptr<const CompiledRegex> compiled;
    std::string error;
  };
  std::map<std::pair<std::string, std::regex::flag_type>, ReadRegex> regexes_;
};

}  // namespace asmlab::grader
