// Subcommands of `asmlab` register themselves here, one source file each (cli/cmd_*.cpp), so the
// main program stays a thin dispatcher and adding a command touches no shared file.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace asmlab::cli {

// Sets up a subcommand on `app` and returns the function that runs it (after parsing) and
// yields the process exit code.
using CommandSetup = std::function<std::function<int()>(CLI::App& app)>;

struct CommandRegistration {
  CommandRegistration(std::string name, CommandSetup setup);
};

struct RegisteredCommand {
  std::string name;
  CommandSetup setup;
};
std::vector<RegisteredCommand>& registeredCommands();

}  // namespace asmlab::cli
