// `asmlab`: the command-line front end. Each subcommand lives in its own cmd_*.cpp.
#include <algorithm>
#include <iostream>
#include <map>

#include "command.hpp"

namespace asmlab::cli {

std::vector<RegisteredCommand>& registeredCommands() {
  static std::vector<RegisteredCommand> commands;
  return commands;
}

CommandRegistration::CommandRegistration(std::string name, CommandSetup setup) {
  registeredCommands().push_back({std::move(name), std::move(setup)});
}

}  // namespace asmlab::cli

int main(int argc, char** argv) {
  using namespace asmlab::cli;
  CLI::App app{"asmlab: assemble, run, debug and grade LC-3 and 8086 programs"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "asmlab 0.1.0");
  auto commands = registeredCommands();
  std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  std::map<CLI::App*, std::function<int()>> runners;
  for (auto& c : commands) {
    CLI::App* before = app.get_subcommands({}).empty() ? nullptr : app.get_subcommands({}).back();
    auto runner = c.setup(app);
    auto subs = app.get_subcommands({});
    if (!subs.empty() && subs.back() != before) runners[subs.back()] = std::move(runner);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;  // usage errors exit with 2, as documented
  }
  for (auto* sub : app.get_subcommands()) {
    auto it = runners.find(sub);
    if (it != runners.end()) return it->second();
  }
  return 2;
}
