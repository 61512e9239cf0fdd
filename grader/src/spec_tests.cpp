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
  checkKeys(node, "build", {"submission", "sources", "modules", "libraries", "edition", "cpu", "dialect", "include_paths",
                                "library_paths", "randomize", "seed", "halt_banner"});
  if (node["randomize"]) build.randomize = boolean(node["randomize"], "build.randomize").value_or(false);
  if (node["seed"]) build.randomSeed = count(node["seed"], "build.seed").value_or(1);
  if (node["halt_banner"]) {
    build.haltBanner = boolean(node["halt_banner"], "build.halt_banner").value_or(true);
    if (machine_ != "lc3") error(node["halt_banner"], "build.halt_banner applies to machine lc3 only (DOS prints no banner)");
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
  if (node["cpu"]) {
    auto cpu = string(node["cpu"], "build.cpu");
    static const std::vector<std::string> cpus{"8086", "8088", "80186", "80286", "80386"};
    if (cpu && std::find(cpus.begin(), cpus.end(), *cpu) == cpus.end()) {
      std::string hint = closestMatch(*cpu, cpus);
      error(node["cpu"], fmt::format("unknown cpu '{}' (8086, 8088, 80186, 80286 or 80386){}", *cpu,
                                     hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint)));
    } else if (cpu) {
      build.cpu = *cpu;
    }
    if (machine_ != "pc") error(node["cpu"], "build.cpu applies to machine pc only");
  }
  if (node["dialect"]) {
    auto dialect = string(node["dialect"], "build.dialect");
    if (dialect && *dialect != "masm" && *dialect != "tasm") {
      error(node["dialect"], fmt::format("unknown dialect '{}' (masm, or tasm for TASM's MASM mode)", *dialect));
    } else if (dialect) {
      build.dialect = *dialect;
    }
    if (machine_ != "pc") error(node["dialect"], "build.dialect applies to machine pc only");
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
    if (test.runs.at(0).start.kind != Start::Kind::Entry) error(node["start"], "an exhaustive 'play' test starts at the program's entry");
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

// One run: the keys of a one-run test, or of one entry of `runs`.
void SpecReader::readRun(const YAML::Node& node, RunSpec& run, bool first, bool single) {
  run.place = place(node);
  if (!single) {
    if (!expectMap(node, "a run")) return;
    checkKeys(node, "a run", {"setup", "start", "input", "limits", "checks", "require", "until"});
    if (node["limits"]) readLimits(node["limits"], run.limits);
  }
  if (node["setup"]) readSetup(node["setup"], run.setup);
  if (node["start"]) readStart(node["start"], run.start);
  if (first && run.start.kind == Start::Kind::Resume) {
    error(node["start"], "the first run starts afresh: 'resume' goes on from where a previous run stopped");
  }
  if (!first && run.start.kind == Start::Kind::Entry && machine_ != "lc3") {
    error(node["start"] ? node["start"] : node,
          "on machine pc a later run calls a subroutine ({call: LABEL}), starts at an address ({at: ...}) or resumes "
          "('resume'); starting the program again needs DOS to load it again (use a new test)");
  }
  if (node["input"]) run.input = readInput(node["input"]);
  if (node["require"]) run.require = readRequire(node["require"]);
  if (node["until"]) run.until = address(node["until"], "until");
  if (const YAML::Node& checks = node["checks"]) {
    if (!checks.IsSequence() || (checks.size() == 0 && single)) {
      error(checks, "'checks' must be a non-empty list");
    } else {
      for (const auto& c : checks) {
        if (auto check = readCheck(c)) run.checks.push_back(std::move(*check));
      }
    }
  }
}

Requirement SpecReader::readRequire(const YAML::Node& node) {
  Requirement require;
  require.place = place(node);
  for (const auto& name : stringList(node, "require")) {
    if (name == "no-exception" || name == "no_exception") {
      require.noException = true;
    } else if (std::find(stopVerdicts().begin(), stopVerdicts().end(), name) != stopVerdicts().end()) {
      require.verdicts.push_back(name);
    } else {
      std::vector<std::string> known = stopVerdicts();
      known.push_back("no-exception");
      std::string hint = closestMatch(name, known);
      error(node, fmt::format("unknown verdict '{}' in require (a verdict such as halted or returned, a list of them, or "
                              "no-exception){}",
                              name, hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint)));
    }
  }
  if (require.noException && !require.verdicts.empty()) {
    error(node, "require is either no-exception or a list of verdicts, not both");
  }
  return require;
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

void SpecReader::readStart(const YAML::Node& node, Start& start) {
  if (node.IsScalar()) {
    if (node.Scalar() == "entry") start.kind = Start::Kind::Entry;
    else if (node.Scalar() == "resume") start.kind = Start::Kind::Resume;
    else error(node, fmt::format("start must be 'entry', 'resume', {{call: LABEL, ...}} or {{at: ADDRESS}}, not '{}'", node.Scalar()));
    return;
  }
  if (!expectMap(node, "start")) return;
  checkKeys(node, "start", {"call", "args", "push", "far", "return_trap", "at", "privilege"});
  if (node["privilege"]) {
    auto mode = string(node["privilege"], "privilege");
    if (mode == "supervisor") start.supervisor = true;
    else if (mode == "user") start.supervisor = false;
    else if (mode) error(node["privilege"], fmt::format("privilege must be 'user' or 'supervisor', not '{}'", *mode));
    if (machine_ != "lc3") error(node["privilege"], "privilege applies to machine lc3 (the 8086 has no privilege levels)");
  }
  if (node["call"] && node["at"]) error(node["at"], "start has either 'call' or 'at', not both");
  if (node["at"]) {
    start.kind = Start::Kind::At;
    start.at = address(node["at"], "start.at");
    for (const char* key : {"args", "push", "far", "return_trap"}) {
      if (node[key]) error(node[key], fmt::format("'{}' belongs to a call (start: {{call: LABEL, ...}})", key));
    }
    return;
  }
  if (!node["call"]) {
    if (!node["privilege"]) error(node, "start needs 'call: LABEL' or 'at: ADDRESS' (or write start: entry)");
    return;  // {privilege: ...} alone: the entry, in that mode
  }
  start.kind = Start::Kind::Call;
  start.call = string(node["call"], "call").value_or("");
  if (node["args"]) start.args = registerValues(node["args"], "args");
  if (const YAML::Node& push = node["push"]) {
    if (!push.IsSequence()) {
      error(push, "push must be a list of words");
    } else {
      for (const auto& w : push) {
        if (auto n = number(w, "pushed word")) start.push.push_back(*n);
      }
    }
    if (machine_ != "pc") error(push, "push applies to machine pc (the LC-3 passes arguments in registers)");
  }
  if (node["far"]) {
    start.far = boolean(node["far"], "far").value_or(false);
    if (machine_ != "pc") error(node["far"], "far calls apply to machine pc only");
  }
  if (node["return_trap"]) start.returnTrap = address(node["return_trap"], "return_trap");
}

std::vector<InputEvent> SpecReader::readInput(const YAML::Node& node) {
  std::vector<InputEvent> events;
  if (node.IsScalar()) {
    InputEvent e;
    e.when = InputEvent::When::Start;
    e.keys = node.Scalar();
    e.place = place(node);
    events.push_back(e);
    return events;
  }
  if (!node.IsSequence()) {
    error(node, "input must be a string of keys or a list of events");
    return events;
  }
  for (const auto& item : node) {
    InputEvent e;
    e.place = place(item);
    if (item.IsScalar()) {  // a bare string in the list: keys when the program waits
      e.keys = item.Scalar();
      events.push_back(e);
      continue;
    }
    if (!expectMap(item, "an input event")) continue;
    checkKeys(item, "an input event", {"keys", "line", "mouse", "scancode", "at", "at_instruction", "at_clock", "expect"});
    if (const YAML::Node& expect = item["expect"]) {
      if (!expect.IsSequence() || expect.size() == 0) {
        error(expect, "expect must be a non-empty list of checks (of the output this step produced)");
      } else {
        for (const auto& c : expect) {
          if (auto check = readCheck(c)) e.expect.push_back(std::move(*check));
        }
      }
    }
    int kinds = 0;
    if (item["keys"]) {
      e.keys = string(item["keys"], "keys").value_or("");
      ++kinds;
    }
    if (item["line"]) {
      e.keys = string(item["line"], "line").value_or("") + "\n";
      ++kinds;
    }
    if (const YAML::Node& mouse = item["mouse"]) {
      ++kinds;
      requirePc(mouse, "mouse input");
      if (expectMap(mouse, "mouse")) {
        checkKeys(mouse, "mouse", {"x", "y", "buttons"});
        e.hasMouse = true;
        if (mouse["x"]) e.mouseX = static_cast<int>(number(mouse["x"], "x").value_or(0));
        if (mouse["y"]) e.mouseY = static_cast<int>(number(mouse["y"], "y").value_or(0));
        for (const auto& b : mouse["buttons"] ? stringList(mouse["buttons"], "buttons") : std::vector<std::string>{}) {
          if (b == "left") e.mouseButtons |= 1;
          else if (b == "right") e.mouseButtons |= 2;
          else if (b == "middle") e.mouseButtons |= 4;
          else error(mouse["buttons"], fmt::format("unknown mouse button '{}' (left, right, middle)", b));
        }
      }
    }
    if (item["scancode"]) {
      ++kinds;
      requirePc(item["scancode"], "scan-code keys");
      auto n = number(item["scancode"], "scancode");
      if (n && (*n < 0 || *n > 255)) error(item["scancode"], "scancode must be 0-255");
      e.scanCode = static_cast<int>(n.value_or(0) & 0xFF);
    }
    if (kinds != 1) {
      error(item, "an input event needs exactly one of keys, line, mouse or scancode");
      continue;
    }
    int times = 0;
    if (item["at"]) {
      ++times;
      auto at = string(item["at"], "at");
      if (at == "start") e.when = InputEvent::When::Start;
      else if (at == "waiting") e.when = InputEvent::When::Waiting;
      else if (at) error(item["at"], fmt::format("at must be 'start' or 'waiting', not '{}'", *at));
    }
    if (item["at_instruction"]) {
      ++times;
      e.when = InputEvent::When::Instruction;
      e.at = count(item["at_instruction"], "at_instruction").value_or(0);
    }
    if (item["at_clock"]) {
      ++times;
      e.when = InputEvent::When::Clock;
      e.at = count(item["at_clock"], "at_clock").value_or(0);
    }
    if (times > 1) error(item, "an input event has one of at, at_instruction or at_clock");
    events.push_back(e);
  }
  return events;
}

}  // namespace asmlab::grader
