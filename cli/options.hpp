// Options that several subcommands share, defined once so that their names, values and defaults
// agree everywhere (docs/cli.md, "Options of every command").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace asmlab::cli {

// Wall-clock seconds one grading process (a submission in `grade`, a program in `test`) may take.
inline constexpr double kDefaultTimeoutSeconds = 600;

// -W NAME, repeatable: -Werror; -Wunused-label / -Wno-unused-label; -Wfall-into-data /
// -Wno-fall-into-data (LC-3 sources).
struct WarningFlags {
  bool error = false;
  std::optional<bool> unusedLabel;
  std::optional<bool> fallIntoData;
};
CLI::Option* addWarningOption(CLI::App& app, std::vector<std::string>& names);
WarningFlags parseWarningFlags(const std::vector<std::string>& names);

}  // namespace asmlab::cli
