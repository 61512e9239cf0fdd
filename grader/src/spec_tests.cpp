// Reading the spec's sections: build, defaults, tests and their setup, start, input and limits.
#include <set>

#include <fmt/format.h>

#include "spec_reader.hpp"

namespace asmlab::grader {

Spec SpecReader::readSpec(const YAML::Node& root) {
  Spec spec;
  if (!root.IsDefined() || root.IsNull()) {
    error(root, "the spec is empty; it needs at least 'machine', 'build' and 'tests'");
    return spec;
  }
  if (!expectMap(root, "the spec")) return spec;
  checkKeys(root, "the spec", {"name", "machine", "build", "defaults", "tests"});
  if (root["name"]) spec.name = string(root["name"], "name").value_or("");
  if (root["machine"]) {
    auto m = string(root["machine"], "machine");
    if (m && (*m == "lc3" || *m == "pc")) {
      spec.machine = *m;
    } else if (m) {
      error(root["machine"], fmt::format("unknown machine '{}' (expected lc3 or pc)", *m));
    }
  } else {
    error(root, "missing 'machine' (lc3 or pc)");
  }
  setMachine(spec.machine);
  if (root["build"]) {
    readBuild(root["build"], spec.build);
  } else {
    error(root, "missing 'build' (at least build.submission)");
  }
  Defaults defaults;
  if (root["defaults"]) readDefaults(root["defaults"], defaults);
  const YAML::Node& tests = root["tests"];
  if (!tests || !tests.IsSequence() || tests.size() == 0) {
    error(tests ? tests : root, "'tests' must be a non-empty list of tests");
    return spec;
  }
  std::set<std::string> names;
  for (const auto& t : tests) {
    TestSpec test = readTest(t, defaults);
    if (!test.name.empty() && !names.insert(test.name).second) {
      error(t["name"], fmt::format("duplicate test name '{}'", test.name));
    }
    spec.tests.push_back(std::move(test));
  }
  return spec;
}

void SpecReader::readBuild(const YAML::Node& node, BuildSpec& build) {
  if (!expectMap(node, "build")) return;
  checkKeys(node, "build",
            {"submission",
             "sources",
             "modules",
             "libraries",
             "edition",
             "cpu",
             "dialect",
             "include_paths",
             "library_paths",
             "randomize",
             "seed",
             "halt_banner",
             "case_sensitive_labels",
             "strict",
             "start",
             "privilege",
             "error_limit",
             "m510",
             "multi_pass",
             "engine",
             "microcode",
             "timing",
             "emu8086_step_delay"});
  if (node["randomize"]) build.randomize = boolean(node["randomize"], "build.randomize").value_or(false);
  if (node["seed"]) build.randomSeed = count(node["seed"], "build.seed").value_or(1);
  if (node["halt_banner"]) {
    build.haltBanner = boolean(node["halt_banner"], "build.halt_banner").value_or(true);
    if (machine_ != "lc3") error(node["halt_banner"], "build.halt_banner applies to machine lc3 only (DOS prints no banner)");
  }
  // Where the program starts and in which privilege, for every test (as asmlab run --start and
  // --privilege); a test's own `start` overrides them for that test.
  if (node["start"]) {
    if (auto start = string(node["start"], "build.start")) {
      if (!parseAddress(*start) || start->front() == '[') {
        error(node["start"], fmt::format("build.start: '{}' is not a label or an address", *start));
      }
      build.start = *start;
    }
    if (machine_ != "lc3") error(node["start"], "build.start applies to machine lc3 (a DOS program starts at its END label)");
  }
  if (node["privilege"]) {
    auto mode = string(node["privilege"], "build.privilege");
    if (mode && *mode != "user" && *mode != "supervisor") {
      error(node["privilege"], fmt::format("build.privilege must be 'user' or 'supervisor', not '{}'", *mode));
    } else if (mode) {
      build.privilege = *mode;
    }
    if (machine_ != "lc3") error(node["privilege"], "build.privilege applies to machine lc3 (the 8086 has no privilege levels)");
  }
  if (node["error_limit"])
    build.errorLimit = count(node["error_limit"], "build.error_limit").value_or(Diagnostics::kDefaultErrorLimit);
  // The time emu8086's devices see (docs/emu8086.md, "Devices").
  if (node["emu8086_step_delay"]) {
    const auto ms = count(node["emu8086_step_delay"], "build.emu8086_step_delay");
    if (ms && *ms > 10000)
      error(node["emu8086_step_delay"], "build.emu8086_step_delay must be at most 10000 (ms)");
    else if (ms)
      build.emu8086StepDelayMs = static_cast<unsigned>(*ms);
    if (machine_ != "pc") error(node["emu8086_step_delay"], "build.emu8086_step_delay applies to machine pc only");
  }
  if (node["m510"]) {
    build.masm510 = boolean(node["m510"], "build.m510").value_or(false);
    if (machine_ != "pc") error(node["m510"], "build.m510 applies to machine pc only");
  }
  if (node["submission"]) {
    build.submission = stringList(node["submission"], "build.submission");
    for (const auto& name : build.submission) {
      if (name.find("..") != std::string::npos || (!name.empty() && name[0] == '/')) {
        error(node["submission"], fmt::format("submission file '{}' must be a plain name inside the submission", name));
      }
    }
  } else {
    error(node, "missing 'submission' in build (the file the student submits, e.g. dots.asm)");
  }
  auto files = [&](const char* key, std::vector<std::filesystem::path>& out) {
    const YAML::Node& list = node[key];
    if (!list) return;
    if (list.IsScalar()) {
      if (auto p = courseFile(list, key); !p.empty()) out.push_back(p);
    } else if (list.IsSequence()) {
      for (const auto& item : list) {
        if (auto p = courseFile(item, key); !p.empty()) out.push_back(p);
      }
    } else {
      error(list, fmt::format("build.{} must be a file name or a list of them", key));
    }
  };
  files("sources", build.sources);
  files("modules", build.modules);
  files("libraries", build.libraries);
  if (node["edition"]) {
    auto e = number(node["edition"], "build.edition");
    if (e && (*e == 2 || *e == 3)) {
      build.edition = static_cast<int>(*e);
    } else if (e) {
      error(node["edition"], "build.edition must be 2 or 3");
    }
    if (machine_ != "lc3") error(node["edition"], "build.edition applies to machine lc3 only");
  }
  // LC-3 assembly dialect (docs/lc3-assembler.md, "Relaxed syntax").
  for (auto [key, flag] : {std::pair<const char*, bool*>{"case_sensitive_labels", &build.caseSensitiveLabels},
                           std::pair<const char*, bool*>{"strict", &build.strict}}) {
    if (!node[key]) continue;
    *flag = boolean(node[key], fmt::format("build.{}", key)).value_or(false);
    if (machine_ != "lc3") error(node[key], fmt::format("build.{} applies to machine lc3 only", key));
  }
  if (node["cpu"]) {
    auto cpu = string(node["cpu"], "build.cpu");
    static const std::vector<std::string> cpus{"8086", "8088", "80186", "80286", "80386"};
    if (cpu && std::find(cpus.begin(), cpus.end(), *cpu) == cpus.end()) {
      std::string hint = closestMatch(*cpu, cpus);
      error(node["cpu"], fmt::format("unknown cpu '{}' (8086, 8088, 80186, 80286 or 80386){}", *cpu,
                                     hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint)));
    } else if (cpu) {
      build.cpu = *cpu;
      build.cpuGiven = true;
    }
    if (machine_ != "pc") error(node["cpu"], "build.cpu applies to machine pc only");
  }
  // The 8086 timing model (docs/x86-cpu.md, "Timing"): cycle runs the bus unit clock by
  // clock, on the 8086 and 8088 only.
  if (node["timing"]) {
    auto timing = string(node["timing"], "build.timing");
    if (timing && *timing != "manual" && *timing != "cycle") {
      error(node["timing"], fmt::format("unknown timing model '{}' (manual, or cycle for the 8086 and 8088)", *timing));
    } else if (timing) {
      build.timing = *timing;
      // toolchain::hasCycleTiming's rule, checked here so that a spec error is located in the spec.
      if (build.timing == "cycle" && build.cpu != "8086" && build.cpu != "8088")
        error(node["timing"], fmt::format("build.timing cycle runs the 8086 and 8088 only, not the {}", build.cpu));
    }
    if (machine_ != "pc") error(node["timing"], "build.timing applies to machine pc only");
  }
  if (node["dialect"]) {
    auto dialect = string(node["dialect"], "build.dialect");
    if (dialect && *dialect != "masm" && *dialect != "tasm") {
      error(node["dialect"], fmt::format("unknown dialect '{}' (masm, or tasm for Turbo Assembler)", *dialect));
    } else if (dialect) {
      build.dialect = *dialect;
    }
    if (machine_ != "pc") error(node["dialect"], "build.dialect applies to machine pc only");
  }
  // TASM's /m (docs/masm-assembler.md, "One pass or several").
  if (node["multi_pass"]) {
    build.multiPass = boolean(node["multi_pass"], "build.multi_pass").value_or(false);
    if (machine_ != "pc" || build.dialect != "tasm")
      error(node["multi_pass"], "build.multi_pass applies to machine pc with dialect tasm only (MASM 6 always sizes jumps in several passes)");
  }
  // Search folders, relative to the spec; each must exist (a typo would otherwise surface as a
  // missing INCLUDE file in every submission's diagnostics).
  auto folders = [&](const char* key, std::vector<std::filesystem::path>& out) {
    const YAML::Node& list = node[key];
    if (!list) return;
    if (machine_ != "pc") error(list, fmt::format("build.{} applies to machine pc only", key));
    std::vector<YAML::Node> items;
    if (list.IsScalar()) {
      items.push_back(list);
    } else if (list.IsSequence()) {
      for (const auto& item : list) items.push_back(item);
    } else {
      error(list, fmt::format("build.{} must be a folder or a list of folders", key));
    }
    for (const auto& item : items) {
      auto name = string(item, fmt::format("build.{}", key));
      if (!name) continue;
      std::filesystem::path path = dir_ / *name;
      std::error_code ec;
      if (!std::filesystem::is_directory(path, ec)) {
        error(item, fmt::format("build.{}: folder '{}' not found (looked for {})", key, *name, path.string()));
        continue;
      }
      out.push_back(std::filesystem::absolute(path, ec).lexically_normal());
    }
  };
  folders("include_paths", build.includePaths);
  folders("library_paths", build.libraryPaths);
  readMicroBuild(node, build);
}

void SpecReader::readLimits(const YAML::Node& node, Limits& limits) {
  if (!expectMap(node, "limits")) return;
  checkKeys(node, "limits", {"instructions", "clocks", "output"});
  if (node["instructions"]) {
    if (auto n = count(node["instructions"], "limits.instructions")) limits.instructions = *n;
  }
  if (node["clocks"]) {
    if (auto n = count(node["clocks"], "limits.clocks")) limits.clocks = *n;
  }
  if (node["output"]) {
    if (auto n = count(node["output"], "limits.output")) limits.output = *n;
  }
}

std::optional<std::string> SpecReader::visibility(const YAML::Node& node) {
  auto v = string(node, "visibility");
  static const std::vector<std::string> allowed{"visible", "hidden", "after_due_date", "after_published"};
  if (v && std::find(allowed.begin(), allowed.end(), *v) == allowed.end()) {
    std::string hint = closestMatch(*v, allowed);
    error(node, fmt::format("unknown visibility '{}' (visible, hidden, after_due_date or after_published){}", *v,
                            hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint)));
    return std::nullopt;
  }
  return v;
}

void SpecReader::readDefaults(const YAML::Node& node, Defaults& defaults) {
  if (!expectMap(node, "defaults")) return;
  checkKeys(node, "defaults", {"limits", "seed", "points", "visibility"});
  if (node["limits"]) readLimits(node["limits"], defaults.limits);
  if (node["seed"]) defaults.seed = count(node["seed"], "defaults.seed").value_or(1);
  if (node["points"]) defaults.points = real(node["points"], "defaults.points").value_or(1);
  if (node["visibility"]) defaults.visibility = visibility(node["visibility"]).value_or("visible");
}

void SpecReader::requirePc(const YAML::Node& node, std::string_view feature) {
  if (machine_ == "pc") return;
  error(node, fmt::format("{} needs a machine with that device; machine {} has none (only machine pc does)", feature, machine_));
}

TestSpec SpecReader::readTest(const YAML::Node& node, const Defaults& defaults) {
  TestSpec test;
  test.place = place(node);
  test.seed = defaults.seed;
  test.points = defaults.points;
  test.visibility = defaults.visibility;
  if (!expectMap(node, "a test")) return test;
  checkKeys(node, "a test", {"name", "description", "points", "visibility", "seed", "randomize", "setup", "start",
                              "input", "limits", "checks", "play", "runs", "require", "until"});
  if (node["name"]) {
    test.name = string(node["name"], "test name").value_or("");
  } else {
    error(node, "test without a 'name'");
  }
  if (node["description"]) test.description = string(node["description"], "description").value_or("");
  if (node["points"]) {
    auto p = real(node["points"], "points");
    if (p && *p < 0) error(node["points"], "points must not be negative");
    test.points = p.value_or(1);
  }
  if (node["visibility"]) test.visibility = visibility(node["visibility"]).value_or("visible");
  if (node["seed"]) test.seed = count(node["seed"], "seed").value_or(1);
  if (node["randomize"]) test.randomize = boolean(node["randomize"], "randomize").value_or(false);
  Limits limits = defaults.limits;
  if (node["limits"]) readLimits(node["limits"], limits);
  if (const YAML::Node& runs = node["runs"]) {
    for (const char* key : {"setup", "start", "input", "checks", "require", "until", "play"}) {
      if (node[key]) error(node[key], fmt::format("a test with 'runs' has '{}' in each run, not beside them", key));
    }
    if (!runs.IsSequence() || runs.size() == 0) {
      error(runs, "'runs' must be a non-empty list of runs (setup, start, input, limits, checks, require)");
    } else {
      for (const auto& r : runs) {
        RunSpec run;
        run.limits = limits;
        readRun(r, run, test.runs.empty(), false);
        test.runs.push_back(std::move(run));
      }
    }
  } else {
    RunSpec run;
    run.limits = limits;
    readRun(node, run, true, true);
    test.runs.push_back(std::move(run));
  }
  if (node["play"]) {
    test.play = readPlay(node["play"]);
    if (node["checks"]) error(node["checks"], "a test has either 'checks' or 'play', not both");
    // With 'runs' beside it (reported above) there may be no run at all.
    if (!test.runs.empty() && test.runs.front().start.kind != Start::Kind::Entry)
      error(node["start"], "an exhaustive 'play' test starts at the program's entry");
    if (node["require"]) error(node["require"], "an exhaustive 'play' test judges every line of play itself; 'require' applies to checks");
    return test;
  }
  // Points: every check of every run (and of every input step) shares the test's points, unless
  // the checks carry their own.
  std::vector<const Check*> checks;
  for (const auto& run : test.runs) {
    for (const auto& e : run.input) {
      for (const auto& c : e.expect) checks.push_back(&c);
    }
    for (const auto& c : run.checks) checks.push_back(&c);
  }
  if (checks.empty()) {
    if (!node["runs"] && !node["checks"]) error(node, fmt::format("test '{}' has no 'checks' (or 'play')", test.name));
    else if (node["runs"]) error(node["runs"], "no run of this test has a check");
    return test;
  }
  double explicitPoints = 0;
  bool allExplicit = true, anyExplicit = false;
  for (const Check* c : checks) {
    if (c->points >= 0) {
      explicitPoints += c->points;
      anyExplicit = true;
    } else {
      allExplicit = false;
    }
  }
  if (anyExplicit && allExplicit && !node["points"]) test.points = explicitPoints;
  if (anyExplicit && allExplicit && node["points"] && std::abs(explicitPoints - test.points) > 1e-9) {
    error(node["points"], fmt::format("the test's points ({}) differ from the sum of its checks' points ({})",
                                      test.points, explicitPoints));
  }
  if (anyExplicit && !allExplicit && explicitPoints > test.points + 1e-9) {
    error(node, fmt::format("checks' points ({}) exceed the test's points ({})", explicitPoints, test.points));
  }
  return test;
}

void SpecReader::readSetup(const YAML::Node& node, Setup& setup) {
  if (!expectMap(node, "setup")) return;
  checkKeys(node, "setup", {"registers", "memory", "random"});
  if (node["registers"]) setup.registers = registerValues(node["registers"], "setup.registers");
  if (node["memory"]) setup.memory = memoryValues(node["memory"], "setup.memory");
  if (const YAML::Node& random = node["random"]) {
    if (!expectMap(random, "setup.random")) return;
    checkKeys(random, "setup.random", {"registers", "memory"});
    if (random["registers"]) setup.randomRegisters = registerList(random["registers"], "setup.random.registers");
    if (const YAML::Node& mem = random["memory"]) {
      if (!mem.IsSequence()) {
        error(mem, "setup.random.memory must be a list of {at, count, min, max}");
        return;
      }
      for (const auto& item : mem) {
        if (!expectMap(item, "a random memory range")) continue;
        checkKeys(item, "a random memory range", {"at", "count", "min", "max"});
        RandomMemory rm;
        if (!item["at"]) {
          error(item, "random memory range without 'at'");
          continue;
        }
        auto at = address(item["at"], "at");
        if (!at) continue;
        rm.at = *at;
        if (item["count"]) rm.count = count(item["count"], "count").value_or(1);
        if (item["min"]) rm.min = number(item["min"], "min").value_or(0);
        if (item["max"]) rm.max = number(item["max"], "max").value_or(0xFFFF);
        if (rm.max < rm.min) error(item, "max is below min");
        setup.randomMemory.push_back(rm);
      }
    }
  }
}

}  // namespace asmlab::grader
