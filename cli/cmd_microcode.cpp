// `asmlab microcode [--edition 2|3] [--check FILE]`: prints the LC-3 control store of Patt &
// Patel's Appendix C in the control-store file format (a starting point that a course hands out),
// or reads a control-store file, reports its mistakes with their places, and lists the states
// whose rows differ from the book's (docs/lc3-microarchitecture.md).
#include <iostream>

#include <fmt/format.h>

#include "asmlab/lc3sim/machine.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

struct MicrocodeRequest {
  int edition = 3;
  std::string check;
};

int runMicrocode(const MicrocodeRequest& request) {
  const auto edition = request.edition == 2 ? lc3sim::Edition::Second : lc3sim::Edition::Third;
  const lc3sim::ControlStore& book = lc3sim::standardControlStore(edition);
  if (request.check.empty()) {
    std::cout << lc3sim::formatControlStore(book, edition);
    return 0;
  }
  Diagnostics diagnostics;
  auto store = lc3sim::loadControlStore(request.check, diagnostics);
  if (!diagnostics.all().empty()) diagnostics.render(std::cerr);
  if (!store) return 1;
  unsigned differing = 0;
  for (unsigned s = 0; s < lc3sim::kMicroStates; ++s) {
    const lc3sim::MicroInstruction& row = store->rows[s];
    if (row == book.rows[s]) continue;
    ++differing;
    std::string signals;
    for (const std::string& signal : lc3sim::assertedSignals(row)) signals += (signals.empty() ? "" : " ") + signal;
    const std::string problem = lc3sim::microInstructionProblem(row);
    std::cout << fmt::format("state {:2}: {} -> J={}{}\n", s, signals.empty() ? "-" : signals, row.j,
                             problem.empty() ? "" : "  (cannot run: " + problem + ")");
    const std::string_view rtl = lc3sim::standardStateDescription(edition, s);
    std::cout << fmt::format("          the book ({} edition): {}\n", request.edition == 2 ? "2nd" : "3rd",
                             rtl.empty() ? "unused" : std::string(rtl));
  }
  std::cout << fmt::format("{}: {} of 64 states differ from the {} edition's control store\n", request.check,
                           differing, request.edition == 2 ? "2nd" : "3rd");
  return 0;
}

CommandRegistration microcodeCommand("microcode", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<MicrocodeRequest>();
  auto* cmd = app.add_subcommand("microcode", "Print the LC-3 control store, or check a control-store file");
  cmd->add_option("--edition", request->edition, "Patt & Patel edition: 2 or 3 (default 3)")->check(CLI::IsMember({2, 3}));
  cmd->add_option("--check", request->check, "Read this control-store file: its mistakes and the states that differ")
      ->check(CLI::ExistingFile);
  return [request] { return runMicrocode(*request); };
});

}  // namespace
}  // namespace asmlab::cli
