// `asmlab version`: the version and the machines and dialects this build supports.
#include <iostream>

#include "command.hpp"

namespace asmlab::cli {
namespace {
CommandRegistration versionCommand("version", [](CLI::App& app) -> std::function<int()> {
  app.add_subcommand("version", "Print the version of asmlab");
  return [] {
    std::cout << "asmlab 0.1.0\n";
    return 0;
  };
});
}  // namespace
}  // namespace asmlab::cli
