// Reading a test's runs: where each starts, its input script (with each step's checks), and
// the requirement on how it ends.
#include <fmt/format.h>

#include "spec_reader.hpp"

namespace asmlab::grader {

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
