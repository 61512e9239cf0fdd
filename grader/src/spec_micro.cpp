// Reading the spec keys of the LC-3 microarchitecture: build.engine and build.microcode, clock
// counts scoped to an instruction, a subroutine or an opcode (`clocks: {subroutine: SUB,
// at_most: 400}`), and the micro engine's state sequences (`states: {instruction: LOOP,
// sequence: [18, 33, "28*M", 30, 32, 1]}`). docs/grading.md, "Clocks and microcode".
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "spec_reader.hpp"

namespace asmlab::grader {
namespace {

// Instruction kinds a scoped check may name, as the words they cover (Patt & Patel A.3).
struct OpcodeName {
  const char* name;
  uint16_t mask, value;
};
constexpr OpcodeName kOpcodes[] = {
    {"ADD", 0xF000, 0x1000}, {"AND", 0xF000, 0x5000}, {"NOT", 0xF000, 0x9000}, {"BR", 0xF000, 0x0000},
    {"JMP", 0xF000, 0xC000}, {"RET", 0xFFFF, 0xC1C0}, {"JSR", 0xF800, 0x4800}, {"JSRR", 0xF800, 0x4000},
    {"LD", 0xF000, 0x2000},  {"LDI", 0xF000, 0xA000}, {"LDR", 0xF000, 0x6000}, {"LEA", 0xF000, 0xE000},
    {"ST", 0xF000, 0x3000},  {"STI", 0xF000, 0xB000}, {"STR", 0xF000, 0x7000}, {"TRAP", 0xF000, 0xF000},
    {"RTI", 0xF000, 0x8000},
};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

bool isScopedClocks(const YAML::Node& body) {
  if (!body.IsMap()) return false;
  for (const char* key : {"at_most", "at_least", "equals", "instruction", "subroutine", "opcode"}) {
    if (body[key]) return true;
  }
  return false;
}

std::string describeScoped(const Check& check) {
  const ScopedClockCheck* s = check.scoped.get();
  std::string what;
  if (s) {
    switch (s->scope) {
      case ScopedClockCheck::Scope::Instruction: what = " of " + s->at.text; break;
      case ScopedClockCheck::Scope::Subroutine: what = " of each call of " + s->at.text; break;
      case ScopedClockCheck::Scope::Opcode: what = " of each " + s->opcodeName; break;
    }
  }
  return (check.kind == Check::Kind::States ? "states" : "clock count") + what;
}

void SpecReader::readMicroBuild(const YAML::Node& node, BuildSpec& build) {
  if (node["engine"]) {
    auto engine = string(node["engine"], "build.engine");
    if (engine && *engine != "fast" && *engine != "micro") {
      error(node["engine"], fmt::format("unknown engine '{}' (fast, or micro for the microcoded LC-3)", *engine));
    } else if (engine) {
      build.microcoded = *engine == "micro";
    }
    if (machine_ != "lc3") error(node["engine"], "build.engine applies to machine lc3 only");
  }
  if (node["microcode"]) {
    auto name = string(node["microcode"], "build.microcode");
    if (machine_ != "lc3") error(node["microcode"], "build.microcode applies to machine lc3 only");
    if (name) {
      if (node["engine"] && !build.microcoded) {
        error(node["microcode"], "build.microcode runs the micro engine; it cannot go with engine: fast");
      }
      build.microcoded = true;
      // A file the student submits (a microcode assignment), or else a course file beside the spec.
      if (std::find(build.submission.begin(), build.submission.end(), *name) != build.submission.end()) {
        build.microcodeSubmission = *name;
      } else {
        build.microcode = courseFile(node["microcode"], "build.microcode");
      }
    }
  }
  microcoded_ = build.microcoded;
}

void SpecReader::readScopedCheck(const YAML::Node& body, std::string_view kind, Check& check) {
  if (!expectMap(body, kind)) return;
  const bool states = kind == "states";
  if (states) {
    checkKeys(body, "states", {"instruction", "opcode", "sequence", "execution"});
  } else {
    checkKeys(body, "clocks", {"instruction", "subroutine", "opcode", "at_most", "at_least", "equals", "min", "max"});
  }
  auto scoped = std::make_shared<ScopedClockCheck>();
  int scopes = 0;
  if (body["instruction"]) {
    ++scopes;
    scoped->scope = ScopedClockCheck::Scope::Instruction;
    if (auto a = address(body["instruction"], "instruction")) scoped->at = *a;
  }
  if (body["subroutine"]) {
    ++scopes;
    scoped->scope = ScopedClockCheck::Scope::Subroutine;
    if (auto a = address(body["subroutine"], "subroutine")) scoped->at = *a;
  }
  if (body["opcode"]) {
    ++scopes;
    scoped->scope = ScopedClockCheck::Scope::Opcode;
    if (auto name = string(body["opcode"], "opcode")) {
      const std::string key = upper(*name);
      const OpcodeName* found = nullptr;
      for (const auto& op : kOpcodes) {
        if (key == op.name) found = &op;
      }
      if (!found) {
        std::vector<std::string> names;
        for (const auto& op : kOpcodes) names.push_back(op.name);
        const std::string hint = closestMatch(*name, names);
        error(body["opcode"], fmt::format("'{}' is not an LC-3 instruction{}", *name,
                                          hint.empty() ? "" : fmt::format("; did you mean {}?", hint)));
      } else {
        scoped->opcodeName = found->name;
        scoped->wordMask = found->mask;
        scoped->wordValue = found->value;
      }
    }
  }
  if (scopes > 1) error(body, fmt::format("{} names one of instruction, subroutine or opcode", kind));
  if (machine_ != "lc3" && scopes > 0) error(body, fmt::format("a scoped {} check applies to machine lc3 only", kind));

  if (states) {
    if (scopes == 0) error(body, "states needs the instruction (a label or address) or the opcode whose states it checks");
    if (!microcoded_) {
      error(body, "states are the micro engine's: the spec needs build.engine: micro (or build.microcode)");
    }
    if (body["execution"]) {
      auto n = count(body["execution"], "execution");
      if (n && *n == 0) error(body["execution"], "execution counts from 1 (the first execution)");
      scoped->execution = static_cast<unsigned>(std::max<uint64_t>(1, n.value_or(1)));
    }
    const YAML::Node& seq = body["sequence"];
    if (!seq || !seq.IsSequence() || seq.size() == 0) {
      error(seq ? seq : body, "states needs 'sequence', a list of state numbers such as [18, 33, \"28*M\", 30, 32, 1]");
    } else {
      for (const auto& item : seq) {
        // 25, or "25*5" (five clocks in state 25), or "25*M" (as many as the memory latency).
        const std::string text = item.IsScalar() ? item.Scalar() : std::string();
        ScopedClockCheck::State st;
        const auto star = text.find('*');
        auto state = parseNumber(text.substr(0, star));
        bool ok = state && *state >= 0 && *state < 64;
        if (ok && star != std::string::npos) {
          const std::string times = text.substr(star + 1);
          if (times == "M" || times == "m") {
            st.times = 0;
          } else {
            auto n = parseNumber(times);
            ok = n && *n >= 1 && *n <= 1000;
            st.times = ok ? static_cast<unsigned>(*n) : 1;
          }
        }
        if (!ok) {
          error(item, fmt::format("'{}' is not a state (0-63), a state repeated (\"28*5\") or a memory state "
                                  "repeated M times (\"28*M\")",
                                  text));
          continue;
        }
        st.state = static_cast<unsigned>(*state);
        scoped->states.push_back(st);
      }
    }
    check.scoped = scoped;
    return;
  }

  // clocks: bounds (at_most/at_least, or max/min as for the whole run) or an exact count.
  auto bound = [&](const char* key, const char* alias, std::optional<uint64_t>& out) {
    if (body[key] && body[alias]) error(body[alias], fmt::format("'{}' and '{}' are the same bound", key, alias));
    if (body[key]) out = count(body[key], key);
    else if (body[alias]) out = count(body[alias], alias);
  };
  bound("at_most", "max", check.max);
  bound("at_least", "min", check.min);
  if (body["equals"]) scoped->equals = count(body["equals"], "equals");
  if (!check.max && !check.min && !scoped->equals) error(body, "clocks needs at_most, at_least or equals");
  if (scopes > 0) {
    check.scoped = scoped;
  } else if (scoped->equals) {
    check.min = check.max = scoped->equals;  // the whole run
  }
}

}  // namespace asmlab::grader
