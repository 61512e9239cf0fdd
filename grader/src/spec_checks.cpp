// Reading checks and exhaustive-play sections of a spec.
#include <regex>

#include <fmt/format.h>

#include "spec_reader.hpp"

namespace asmlab::grader {
namespace {

const std::vector<std::string>& checkKinds() {
  static const std::vector<std::string> kinds{"output", "registers", "preserved",    "memory",  "memory_unchanged",
                                              "screen", "pixels",    "pixel",        "speaker", "port_writes",
                                              "stop",   "exit_code", "instructions", "clocks",  "states",
                                              "string", "calls",     "any_of"};
  return kinds;
}

}  // namespace

const std::vector<std::string>& stopVerdicts() {
  static const std::vector<std::string> verdicts{"halted", "returned", "reached", "waiting-for-input",
                                                 "instruction-limit", "clock-limit", "exception", "output-limit"};
  return verdicts;
}

std::string Requirement::describe() const {
  if (noException) return "no exception";
  std::string text;
  for (size_t i = 0; i < verdicts.size(); ++i) text += (i == 0 ? "" : i + 1 == verdicts.size() ? " or " : ", ") + verdicts[i];
  return text;
}

std::string Check::describe() const {
  switch (kind) {
    case Kind::Output: {
      const char* mode = outputMode == OutputMode::Equals        ? "equals"
                         : outputMode == OutputMode::Contains    ? "contains"
                         : outputMode == OutputMode::NotContains ? "does not contain"
                         : outputMode == OutputMode::Regex       ? "matches"
                                                                 : "is similar to";
      std::string what = !textSource.empty() ? textSource
                         : texts.size() == 1 && texts[0].size() <= 40
                             ? fmt::format("\"{}\"", texts[0])
                             : fmt::format("the expected text");
      for (auto& c : what) {
        if (c == '\n') c = ' ';
      }
      return fmt::format("output {} {}", mode, what);
    }
    case Kind::Registers: {
      std::string names;
      for (const auto& r : registers) names += (names.empty() ? "" : ", ") + r.name;
      return "registers " + names;
    }
    case Kind::Preserved: {
      std::string names;
      for (const auto& r : preserved) names += (names.empty() ? "" : ", ") + r;
      return (preservedAllBut ? "preserved all but " : "preserved ") + names;
    }
    case Kind::Memory: {
      std::string where;
      for (const auto& m : memory) where += (where.empty() ? "" : ", ") + m.at.text;
      return "memory " + where;
    }
    case Kind::MemoryUnchanged: return "memory unchanged";
    case Kind::Screen: return fmt::format("screen at row {} column {}", row, column);
    case Kind::Pixels: return "pixels match " + std::filesystem::path(imagePath).filename().string();
    case Kind::Pixel: return fmt::format("pixel ({}, {})", x, y);
    case Kind::Speaker: return "speaker notes";
    case Kind::PortWrites:
      return fmt::format("writes to port {:X}h", port);
    case Kind::Stop: return "stops: " + stopVerdict;
    case Kind::ExitCode: return fmt::format("exit code {}", exitCode);
    case Kind::Instructions: return "instruction count";
    case Kind::Clocks:
    case Kind::States: return describeScoped(*this);
    case Kind::String: {
      Check text = *this;
      text.kind = Kind::Output;
      std::string compared = text.describe();  // "output equals ..."
      return "string at " + stringAt.text + compared.substr(std::string("output").size());
    }
    case Kind::Calls: {
      std::string names;
      for (const auto& c : calls) names += (names.empty() ? "" : ", ") + c.label;
      return "calls of " + names;
    }
    case Kind::AnyOf: {
      std::string names;
      for (const auto& a : alternatives) names += (names.empty() ? "" : " | ") + a.describe();
      return "any of: " + names;
    }
  }
  return "check";
}

std::optional<Check> SpecReader::readCheck(const YAML::Node& node) {
  if (!expectMap(node, "a check")) return std::nullopt;
  Check check;
  check.place = place(node);
  std::vector<std::string> allowed = checkKinds();
  allowed.push_back("points");
  allowed.push_back("message");
  if (!checkKeys(node, "a check", allowed)) return std::nullopt;
  std::string kindName;
  YAML::Node body;
  for (auto it = node.begin(); it != node.end(); ++it) {
    std::string key = it->first.Scalar();
    if (key == "points" || key == "message") continue;
    if (!kindName.empty()) {
      error(it->first, fmt::format("a check has one kind; '{}' and '{}' must be separate checks", kindName, key));
      return std::nullopt;
    }
    kindName = key;
    body = it->second;
  }
  if (kindName.empty()) {
    error(node,
          "a check needs one of: output, registers, preserved, memory, memory_unchanged, string, calls, any_of, "
          "screen, pixels, pixel, speaker, port_writes, stop, exit_code, instructions, clocks, states");
    return std::nullopt;
  }
  if (node["points"]) {
    auto p = real(node["points"], "points");
    if (p && *p < 0) error(node["points"], "points must not be negative");
    check.points = p.value_or(-1);
  }
  if (node["message"]) check.message = string(node["message"], "message").value_or("");
  size_t before = diagnostics_.errorCount();
  using K = Check::Kind;
  if (kindName == "output") {
    check.kind = K::Output;
    readOutputCheck(body, check);
  } else if (kindName == "string") {
    check.kind = K::String;
    readStringCheck(body, check);
  } else if (kindName == "calls") {
    check.kind = K::Calls;
    readCallsCheck(body, check);
  } else if (kindName == "any_of") {
    check.kind = K::AnyOf;
    readAlternatives(body, check);
  } else if (kindName == "registers") {
    check.kind = K::Registers;
    check.registers = registerValues(body, "registers");
  } else if (kindName == "preserved") {
    check.kind = K::Preserved;
    if (body.IsMap()) {
      checkKeys(body, "preserved", {"all_but"});
      check.preservedAllBut = true;
      if (body["all_but"]) check.preserved = registerList(body["all_but"], "preserved.all_but");
    } else if (body.IsScalar() && body.Scalar() == "all") {
      check.preservedAllBut = true;
    } else {
      check.preserved = registerList(body, "preserved");
    }
  } else if (kindName == "memory") {
    check.kind = K::Memory;
    check.memory = memoryValues(body, "memory");
  } else if (kindName == "memory_unchanged") {
    check.kind = K::MemoryUnchanged;
    if (!body.IsSequence()) {
      error(body, "memory_unchanged must be a list of {from: ADDRESS, to: ADDRESS}");
    } else {
      for (const auto& r : body) {
        if (!expectMap(r, "a memory region")) continue;
        checkKeys(r, "a memory region", {"from", "to"});
        if (!r["from"] || !r["to"]) {
          error(r, "a memory region needs 'from' and 'to'");
          continue;
        }
        auto from = address(r["from"], "from");
        auto to = address(r["to"], "to");
        if (from && to) check.regions.push_back({*from, *to});
      }
    }
  } else if (kindName == "screen") {
    check.kind = K::Screen;
    requirePc(body, "a screen check");
    if (expectMap(body, "screen")) {
      checkKeys(body, "screen", {"row", "col", "rows", "cols", "text", "regex"});
      if (body["row"]) check.row = static_cast<unsigned>(count(body["row"], "row").value_or(0));
      if (body["col"]) check.column = static_cast<unsigned>(count(body["col"], "col").value_or(0));
      if (body["rows"]) check.rows = static_cast<unsigned>(count(body["rows"], "rows").value_or(1));
      if (body["cols"]) check.columns = static_cast<unsigned>(count(body["cols"], "cols").value_or(80));
      if (body["text"]) check.screenText = string(body["text"], "text").value_or("");
      if (body["regex"]) check.screenRegex = string(body["regex"], "regex").value_or("");
      if (!body["text"] && !body["regex"]) error(body, "a screen check needs 'text' or 'regex'");
    }
  } else if (kindName == "pixels") {
    check.kind = K::Pixels;
    requirePc(body, "a pixels check");
    if (expectMap(body, "pixels")) {
      checkKeys(body, "pixels", {"x", "y", "width", "height", "image", "tolerance"});
      if (body["x"]) check.x = static_cast<unsigned>(count(body["x"], "x").value_or(0));
      if (body["y"]) check.y = static_cast<unsigned>(count(body["y"], "y").value_or(0));
      if (body["width"]) check.width = static_cast<unsigned>(count(body["width"], "width").value_or(0));
      if (body["height"]) check.height = static_cast<unsigned>(count(body["height"], "height").value_or(0));
      if (body["tolerance"]) check.tolerance = real(body["tolerance"], "tolerance").value_or(0);
      if (body["image"]) {
        check.imagePath = courseFile(body["image"], "image").string();
        auto image = std::make_shared<RgbImage>();
        std::string problem;
        if (!check.imagePath.empty() && !readPng(check.imagePath, *image, problem)) error(body["image"], problem);
        else check.image = image;
      }
      else error(body, "a pixels check needs 'image' (a PNG screenshot)");
    }
  } else if (kindName == "pixel") {
    check.kind = K::Pixel;
    requirePc(body, "a pixel check");
    if (expectMap(body, "pixel")) {
      checkKeys(body, "pixel", {"x", "y", "rgb"});
      if (!body["x"] || !body["y"] || !body["rgb"]) error(body, "a pixel check needs x, y and rgb");
      if (body["x"]) check.x = static_cast<unsigned>(count(body["x"], "x").value_or(0));
      if (body["y"]) check.y = static_cast<unsigned>(count(body["y"], "y").value_or(0));
      if (body["rgb"]) check.rgb = static_cast<uint32_t>(number(body["rgb"], "rgb").value_or(0) & 0xFFFFFF);
    }
  } else if (kindName == "speaker") {
    check.kind = K::Speaker;
    requirePc(body, "a speaker check");
    if (expectMap(body, "speaker")) {
      checkKeys(body, "speaker", {"notes", "tolerance_hz", "min_notes"});
      if (body["notes"]) {
        if (!body["notes"].IsSequence()) error(body["notes"], "notes must be a list of frequencies in Hz");
        else
          for (const auto& n : body["notes"]) check.notes.push_back(real(n, "note").value_or(0));
      }
      if (body["tolerance_hz"]) check.toleranceHz = real(body["tolerance_hz"], "tolerance_hz").value_or(5);
      if (body["min_notes"]) check.minNotes = count(body["min_notes"], "min_notes").value_or(0);
    }
  } else if (kindName == "port_writes") {
    check.kind = K::PortWrites;
    requirePc(body, "a port_writes check");
    if (expectMap(body, "port_writes")) {
      checkKeys(body, "port_writes", {"port", "word", "values", "exact"});
      if (!body["port"] || !body["values"]) error(body, "a port_writes check needs port and values");
      if (body["port"]) check.port = static_cast<uint16_t>(count(body["port"], "port").value_or(0) & 0xFFFF);
      if (body["word"]) check.portWord = boolean(body["word"], "word").value_or(false);
      if (body["exact"]) check.portExact = boolean(body["exact"], "exact").value_or(false);
      if (body["values"]) {
        if (!body["values"].IsSequence())
          error(body["values"], "values must be a list of numbers");
        else
          for (const auto& v : body["values"]) check.portValues.push_back(number(v, "value").value_or(0));
      }
    }
  } else if (kindName == "stop") {
    check.kind = K::Stop;
    auto v = string(body, "stop");
    if (v && std::find(stopVerdicts().begin(), stopVerdicts().end(), *v) == stopVerdicts().end()) {
      std::string hint = closestMatch(*v, stopVerdicts());
      for (const auto& verdict : stopVerdicts()) {
        if (hint.empty() && verdict.rfind(*v, 0) == 0) hint = verdict;  // "halt" -> "halted"
      }
      error(body, fmt::format("unknown stop verdict '{}'{}", *v, hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
    }
    check.stopVerdict = v.value_or("");
  } else if (kindName == "exit_code") {
    check.kind = K::ExitCode;
    requirePc(body, "an exit_code check (the LC-3 has no exit status)");
    check.exitCode = static_cast<int>(number(body, "exit_code").value_or(0));
  } else if (kindName == "states" || (kindName == "clocks" && isScopedClocks(body))) {
    check.kind = kindName == "states" ? K::States : K::Clocks;
    readScopedCheck(body, kindName, check);
  } else if (kindName == "instructions" || kindName == "clocks") {
    check.kind = kindName == "instructions" ? K::Instructions : K::Clocks;
    if (expectMap(body, kindName)) {
      checkKeys(body, kindName, {"min", "max"});
      if (body["min"]) check.min = count(body["min"], "min");
      if (body["max"]) check.max = count(body["max"], "max");
      if (!body["min"] && !body["max"]) error(body, fmt::format("{} needs 'min' or 'max'", kindName));
    }
  }
  if (diagnostics_.errorCount() != before) return std::nullopt;
  return check;
}

std::optional<PlaySpec> SpecReader::readPlay(const YAML::Node& node) {
  if (!expectMap(node, "play")) return std::nullopt;
  checkKeys(node, "play", {"moves", "move_suffix", "board", "outcomes", "fail_on", "max_depth", "limits", "max_games"});
  PlaySpec play;
  if (!node["moves"] || !node["moves"].IsSequence() || node["moves"].size() == 0) {
    error(node["moves"] ? node["moves"] : node, "play needs 'moves': the list of keys a player may type at a turn");
  } else {
    play.moves = stringList(node["moves"], "moves");
  }
  if (node["move_suffix"]) play.moveSuffix = string(node["move_suffix"], "move_suffix").value_or("");
  if (const YAML::Node& board = node["board"]) {
    if (expectMap(board, "board")) {
      checkKeys(board, "board", {"memory", "cells", "empty", "player", "program"});
      BoardSpec b;
      if (board["memory"]) {
        if (auto a = address(board["memory"], "board.memory")) b.memory = *a;
      } else {
        error(board, "board needs 'memory' (the label or address of the first cell)");
      }
      if (board["cells"]) {
        if (!board["cells"].IsSequence()) error(board["cells"], "board.cells must be a list (one cell index per move)");
        else
          for (const auto& c : board["cells"]) b.cells.push_back(count(c, "cell").value_or(0));
      } else {
        for (size_t i = 0; i < play.moves.size(); ++i) b.cells.push_back(i);
      }
      if (b.cells.size() != play.moves.size()) {
        error(board["cells"] ? board["cells"] : board,
              fmt::format("board.cells has {} entries but there are {} moves", b.cells.size(), play.moves.size()));
      }
      if (board["empty"]) b.empty = number(board["empty"], "board.empty").value_or(' ');
      if (board["player"]) b.player = number(board["player"], "board.player").value_or('X');
      if (board["program"]) b.program = number(board["program"], "board.program").value_or('O');
      play.board = b;
    }
  }
  if (const YAML::Node& outcomes = node["outcomes"]) {
    if (expectMap(outcomes, "outcomes")) {
      checkKeys(outcomes, "outcomes", {"program_wins", "player_wins", "draw", "rejected"});
      auto outcome = [&](const char* key, std::string& out) {
        if (!outcomes[key]) return;
        out = string(outcomes[key], key).value_or("");
        (void)regex(outcomes[key], out, std::regex::ECMAScript);  // play.cpp compiles it for the game
      };
      outcome("program_wins", play.programWins);
      outcome("player_wins", play.playerWins);
      outcome("draw", play.draw);
      outcome("rejected", play.rejected);
    }
  }
  if (play.playerWins.empty()) error(node["outcomes"] ? node["outcomes"] : node, "play needs outcomes.player_wins (how a loss of the program shows)");
  if (const YAML::Node& failOn = node["fail_on"]) {
    play.failOnPlayerWins = play.failOnHang = play.failOnIllegal = play.failOnCrash = false;
    for (const auto& item : failOn.IsSequence() ? failOn : YAML::Node()) {
      auto s = string(item, "fail_on");
      if (s == "player_wins") play.failOnPlayerWins = true;
      else if (s == "hang") play.failOnHang = true;
      else if (s == "illegal") play.failOnIllegal = true;
      else if (s == "crash") play.failOnCrash = true;
      else if (s) error(item, fmt::format("unknown fail_on '{}' (player_wins, hang, illegal, crash)", *s));
    }
    if (!failOn.IsSequence()) error(failOn, "fail_on must be a list");
  }
  if (node["max_depth"]) play.maxDepth = static_cast<unsigned>(count(node["max_depth"], "max_depth").value_or(0));
  if (node["limits"]) readLimits(node["limits"], play.limits);
  if (node["max_games"]) play.maxGames = count(node["max_games"], "max_games").value_or(1'000'000);
  return play;
}

}  // namespace asmlab::grader
