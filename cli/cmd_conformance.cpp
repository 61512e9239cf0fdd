// `asmlab conformance DIR`: runs the MOO single-instruction tests of a directory against the
// 8086/8088 core and prints per-opcode pass rates for registers, flags (under the suite's mask),
// memory, and agreement of clock counts (exact and within one clock).
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "asmlab/x86/conformance.hpp"
#include "asmlab/asm/output_file.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

namespace fs = std::filesystem;
namespace cf = asmlab::x86::conformance;

struct ConformanceArgs {
  std::string dir;
  std::string cpu = "8086";
  std::string timing = "cycle";
  std::string opcode;
  bool json = false;
  std::string markdown;
  size_t details = 3;
  int show = -1;
};

std::string percent(size_t part, size_t whole) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(1) << (whole ? 100.0 * double(part) / double(whole) : 0.0);
  return o.str();
}

void printTable(const std::vector<cf::FileResult>& results, std::ostream& out, bool markdown, bool traces) {
  auto row = [&](const std::string& name, const std::string& status, size_t tests, const std::string& regs,
                 const std::string& flags, const std::string& mem, const std::string& exact,
                 const std::string& within, const std::string& bias, const std::string& identical) {
    if (markdown) {
      out << "| " << name << " | " << status << " | " << tests << " | " << regs << " | " << flags << " | " << mem
          << " | " << exact << " | " << within << " | " << bias << " |";
      if (traces) out << ' ' << identical << " |";
      out << '\n';
    } else {
      out << std::left << std::setw(7) << name << std::setw(13) << status << std::right << std::setw(6) << tests
          << std::setw(8) << regs << std::setw(8) << flags << std::setw(8) << mem << std::setw(9) << exact
          << std::setw(9) << within << std::setw(9) << bias;
      if (traces) out << std::setw(9) << identical;
      out << '\n';
    }
  };
  if (markdown) {
    out << "| opcode | status | tests | regs % | flags % | memory % | clocks exact % | clocks ±1 % | mean clock error |"
        << (traces ? " traces identical % |" : "") << "\n";
    out << "|---|---|---:|---:|---:|---:|---:|---:|---:|" << (traces ? "---:|" : "") << "\n";
  } else {
    out << std::left << std::setw(7) << "opcode" << std::setw(13) << "status" << std::right << std::setw(6) << "tests"
        << std::setw(8) << "regs%" << std::setw(8) << "flags%" << std::setw(8) << "mem%" << std::setw(9) << "clk=%"
        << std::setw(9) << "clk±1%" << std::setw(9) << "clk err";
    if (traces) out << std::setw(9) << "trace=%";
    out << '\n';
  }
  size_t tests = 0, regs = 0, flags = 0, mem = 0, exact = 0, within = 0, identical = 0;
  int64_t errorSum = 0;
  for (const auto& r : results) {
    std::ostringstream bias;
    bias << std::fixed << std::setprecision(1) << (r.tests ? double(r.clockErrorSum) / double(r.tests) : 0.0);
    row(r.name, r.status.empty() ? "-" : r.status, r.tests, percent(r.registersPass, r.tests), percent(r.flagsPass, r.tests),
        percent(r.memoryPass, r.tests), percent(r.clocksExact, r.tests), percent(r.clocksWithinOne, r.tests), bias.str(),
        percent(r.tracesIdentical, r.tests));
    tests += r.tests; regs += r.registersPass; flags += r.flagsPass; mem += r.memoryPass;
    exact += r.clocksExact; within += r.clocksWithinOne; errorSum += r.clockErrorSum;
    identical += r.tracesIdentical;
  }
  std::ostringstream bias;
  bias << std::fixed << std::setprecision(1) << (tests ? double(errorSum) / double(tests) : 0.0);
  row(markdown ? "**all**" : "all", "", tests, percent(regs, tests), percent(flags, tests), percent(mem, tests),
      percent(exact, tests), percent(within, tests), bias.str(), percent(identical, tests));
}

CommandRegistration conformanceCommand("conformance", [](CLI::App& app) -> std::function<int()> {
  auto args = std::make_shared<ConformanceArgs>();
  CLI::App* cmd = app.add_subcommand("conformance", "Run MOO single-instruction tests (SingleStepTests 8086/8088) against the CPU core");
  cmd->add_option("dir", args->dir, "Directory of .MOO / .MOO.gz files (and metadata.json)")->required();
  cmd->add_option("--cpu", args->cpu, "CPU model: 8086 or 8088")->check(CLI::IsMember({"8086", "8088"}));
  cmd->add_option("--timing", args->timing, "Timing model: cycle (default; compares every clock) or manual")
      ->check(CLI::IsMember({"cycle", "manual"}));
  cmd->add_option("--opcode", args->opcode, "Only this opcode's files, e.g. F6 or F6.6");
  cmd->add_option("--show", args->show, "Print test N of each file clock by clock, as recorded and as simulated");
  cmd->add_flag("--json", args->json, "Print the results as JSON");
  cmd->add_option("--markdown", args->markdown, "Also write the table as Markdown to this file");
  cmd->add_option("--details", args->details, "Failing tests described per file (default 3)");
  return [args]() -> int {
    std::error_code ec;
    if (!fs::is_directory(args->dir, ec)) {
      std::cerr << args->dir << ": error: not a directory\n";
      return 2;
    }
    cf::Options options;
    asmlab::x86::parseCpuModel(args->cpu, options.model);
    asmlab::x86::parseTimingModel(args->timing, options.timing);
    options.failureDetails = args->details;
    std::vector<cf::FileResult> results;
    try {
      cf::Metadata metadata = cf::Metadata::load(fs::path(args->dir) / "metadata.json");
      if (!metadata.loaded() && !args->json)
        std::cerr << args->dir << ": warning: no metadata.json; every flag bit is compared\n";
      auto files = cf::listTestFiles(args->dir, args->opcode);
      if (files.empty()) {
        std::cerr << args->dir << ": error: no .MOO or .MOO.gz files" << (args->opcode.empty() ? "" : " for opcode " + args->opcode) << '\n';
        return 2;
      }
      if (args->show >= 0) {
        for (const auto& path : files)
          std::cout << cf::testStem(path) << ' ' << cf::showTest(asmlab::x86::moo::readFile(path), size_t(args->show), options);
        return 0;
      }
      for (const auto& path : files) {
        auto file = asmlab::x86::moo::readFile(path);
        results.push_back(cf::runFile(file, cf::testStem(path), metadata, options));
      }
    } catch (const std::exception& e) {
      std::cerr << e.what() << '\n';
      return 2;
    }
    bool perfect = true;
    for (const auto& r : results) perfect = perfect && r.perfect();
    if (args->json) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& r : results) {
        out.push_back({{"opcode", r.name}, {"status", r.status}, {"flags_mask", r.flagsMask}, {"tests", r.tests},
                       {"registers_pass", r.registersPass}, {"flags_pass", r.flagsPass}, {"memory_pass", r.memoryPass},
                       {"all_pass", r.allPass}, {"clocks_exact", r.clocksExact}, {"clocks_within_one", r.clocksWithinOne},
                       {"clock_error_sum", r.clockErrorSum}, {"traces_identical", r.tracesIdentical},
                       {"failures", r.failures}, {"trace_failures", r.traceFailures}});
      }
      std::cout << out.dump(2) << '\n';
    } else {
      printTable(results, std::cout, false, options.timing == asmlab::x86::TimingModel::Cycle);
      for (const auto& r : results) {
        for (const auto& f : r.failures) std::cout << r.name << ": FAIL " << f << '\n';
        for (const auto& f : r.traceFailures) std::cout << r.name << ": CLOCKS " << f << '\n';
      }
    }
    if (!args->markdown.empty()) {
      std::ostringstream md;
      const bool cycle = options.timing == asmlab::x86::TimingModel::Cycle;
      md << "# " << args->cpu << " conformance report\n\n"
         << "Generated by `asmlab conformance " << args->dir << " --cpu " << args->cpu << " --timing "
         << asmlab::x86::timingModelName(options.timing)
         << (args->opcode.empty() ? "" : " --opcode " + args->opcode) << " --markdown " << args->markdown << "`.\n\n"
         << "One row per test file (per opcode, and per ModRM reg for group opcodes). Registers must all\n"
         << "match; flags are compared under the suite's `flags-mask` for the opcode (metadata.json);\n"
         << "memory compares every byte the file lists and every byte the CPU wrote (after a divide\n"
         << "error the pushed FLAGS image is compared under the same mask). Clocks compare the core's\n";
      if (cycle)
        md << "cycle timing model (bus interface unit and prefetch queue, clock by clock) with the clocks\n"
           << "recorded on a real CPU (`CYCL`): the count exactly and within one clock (the mean clock error\n"
           << "is simulated minus recorded), and the whole trace: a test's trace is identical when every\n"
           << "recorded clock has the simulated T-state, bus status (T1/T2), address (T1), segment, data\n"
           << "(T3), queue operation and queue byte.\n\n";
      else
        md << "Intel-manual timing with the clocks recorded on a real CPU (`CYCL`): exactly, and within one\n"
           << "clock; the mean clock error is simulated minus recorded. The manual's timings ignore the\n"
           << "prefetch queue and bus contention, which the recorded clocks include.\n\n";
      printTable(results, md, true, options.timing == asmlab::x86::TimingModel::Cycle);
      std::string error;
      if (!writeOutputFile(args->markdown, md.str(), InputFiles({args->dir}), error)) {
        std::cerr << "asmlab conformance: error: " << error << "\n";
        return 2;
      }
    }
    return perfect ? 0 : 1;
  };
});

}  // namespace
}  // namespace asmlab::cli
