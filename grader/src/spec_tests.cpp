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
                                "library_paths", "randomize", "seed", "case_sensitive_labels", "strict", "engine",
                                "microcode"});
  if (node["randomize"]) build.randomize = boolean(node["randomize"], "build.randomize").value_or(false);
  if (node["seed"]) build.randomSeed = count(node["seed"], "build.seed").value_or(1);
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
    }
    if (machine_ != "pc") error(node["cpu"], "build.cpu applies to machine pc only");
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
  test.limits = defaults.limits;
  test.seed = defaults.seed;
  test.points = defaults.points;
  test.visibility = defaults.visibility;
  if (!expectMap(node, "a test")) return test;
  checkKeys(node, "a test", {"name", "description", "points", "visibility", "seed", "randomize", "setup", "start",
                              "input", "limits", "checks", "play"});
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
  if (node["setup"]) readSetup(node["setup"], test.setup);
  if (node["start"]) readStart(node["start"], test.start);
  if (node["input"]) test.input = readInput(node["input"]);
  if (node["limits"]) readLimits(node["limits"], test.limits);
  if (node["play"]) {
    test.play = readPlay(node["play"]);
    if (node["checks"]) error(node["checks"], "a test has either 'checks' or 'play', not both");
    if (!test.start.atEntry) error(node["start"], "an exhaustive 'play' test starts at the program's entry");
  } else if (node["checks"]) {
    const YAML::Node& checks = node["checks"];
    if (!checks.IsSequence() || checks.size() == 0) {
      error(checks, "'checks' must be a non-empty list");
    } else {
      double explicitPoints = 0;
      bool allExplicit = true, anyExplicit = false;
      for (const auto& c : checks) {
        if (auto check = readCheck(c)) {
          if (check->points >= 0) {
            explicitPoints += check->points;
            anyExplicit = true;
          } else {
            allExplicit = false;
          }
          test.checks.push_back(std::move(*check));
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
    }
  } else {
    error(node, fmt::format("test '{}' has no 'checks' (or 'play')", test.name));
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

void SpecReader::readStart(const YAML::Node& node, Start& start) {
  if (node.IsScalar()) {
    if (node.Scalar() != "entry") error(node, fmt::format("start must be 'entry' or {{call: LABEL, ...}}, not '{}'", node.Scalar()));
    return;
  }
  if (!expectMap(node, "start")) return;
  checkKeys(node, "start", {"call", "args", "push", "far", "return_trap"});
  if (!node["call"]) {
    error(node, "start needs 'call: LABEL' (or write start: entry)");
    return;
  }
  start.atEntry = false;
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
    checkKeys(item, "an input event", {"keys", "line", "mouse", "scancode", "at", "at_instruction", "at_clock"});
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
