#include "options.hpp"

namespace asmlab::cli {

CLI::Option* addWarningOption(CLI::App& app, std::vector<std::string>& names) {
  return app
      .add_option("-W", names,
                  "Warnings by name: -Werror (warnings are errors), -Wno-unused-label, -Wunused-label, "
                  "-Wno-fall-into-data, -Wfall-into-data")
      ->check(CLI::IsMember({"error", "unused-label", "no-unused-label", "fall-into-data", "no-fall-into-data"}))
      ->allow_extra_args(false);
}

WarningFlags parseWarningFlags(const std::vector<std::string>& names) {
  WarningFlags flags;
  for (const auto& name : names) {
    if (name == "error") flags.error = true;
    if (name == "unused-label" || name == "no-unused-label") flags.unusedLabel = name == "unused-label";
    if (name == "fall-into-data" || name == "no-fall-into-data") flags.fallIntoData = name == "fall-into-data";
  }
  return flags;
}

}  // namespace asmlab::cli
