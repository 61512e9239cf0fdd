// YAML spec parsing with located errors: every mistake names the file, line and column of the
// node at fault, with the line and a caret, as the assemblers report source errors.
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "asmlab/grader/spec.hpp"
#include "spec_reader.hpp"

namespace asmlab::grader {

std::string SpecPlace::describe() const { return fmt::format("{}:{}:{}", file, line, column); }

double Spec::maxScore() const {
  double total = 0;
  for (const auto& t : tests) total += t.points;
  return total;
}

SpecReader::SpecReader(std::shared_ptr<const SourceFile> source, std::filesystem::path dir, Diagnostics& diagnostics)
    : source_(std::move(source)), dir_(std::move(dir)), diagnostics_(diagnostics) {}

std::shared_ptr<const CompiledRegex> SpecReader::regex(const YAML::Node& node, const std::string& pattern,
                                                       std::regex::flag_type flags) {
  auto [it, added] = regexes_.try_emplace({pattern, flags});
  ReadRegex& read = it->second;
  if (added) {
    try {
      read.compiled = std::make_shared<const CompiledRegex>(CompiledRegex{compileRegex(pattern, flags)});
    } catch (const std::regex_error& e) {
      read.error = e.what();
    }
  }
  if (!read.compiled) error(node, fmt::format("invalid regular expression: {}", read.error));
  return read.compiled;
}

SourceLocation SpecReader::locate(const YAML::Node& node) const {
  SourceLocation where;
  where.file = source_;
  if (node.IsDefined()) {
    auto mark = node.Mark();
    if (mark.line >= 0) {
      where.line = static_cast<uint32_t>(mark.line) + 1;
      where.column = static_cast<uint32_t>(mark.column) + 1;
    }
  }
  return where;
}

SpecPlace SpecReader::place(const YAML::Node& node) const {
  auto where = locate(node);
  return {source_->name(), where.line, where.column};
}

void SpecReader::error(const YAML::Node& node, std::string message) {
  diagnostics_.error(locate(node), std::move(message));
}

bool SpecReader::expectMap(const YAML::Node& node, std::string_view what) {
  if (node.IsMap()) return true;
  error(node, fmt::format("{} must be a mapping (key: value)", what));
  return false;
}

bool SpecReader::checkKeys(const YAML::Node& map, std::string_view what, const std::vector<std::string>& allowed) {
  bool ok = true;
  for (auto it = map.begin(); it != map.end(); ++it) {
    std::string key = it->first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string hint = closestMatch(key, allowed);
    error(it->first, hint.empty() ? fmt::format("unknown key '{}' in {}", key, what)
                                  : fmt::format("unknown key '{}' in {} (did you mean '{}'?)", key, what, hint));
    ok = false;
  }
  return ok;
}

std::optional<std::string> SpecReader::string(const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) {
    error(node, fmt::format("{} must be a single value", what));
    return std::nullopt;
  }
  return node.Scalar();
}

std::optional<int64_t> SpecReader::number(const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) {
    error(node, fmt::format("{} must be a number", what));
    return std::nullopt;
  }
  if (auto value = parseNumber(node.Scalar())) return value;
  const std::string& s = node.Scalar();
  if (s.size() == 1) {
    error(node, fmt::format("{}: '{}' is not a number; write a character as \"'{}'\" (quoted twice in YAML)", what, s, s));
  } else {
    error(node, fmt::format("{}: '{}' is not a number (decimal, #12, x3000, 0x3000, b101 or 'c')", what, s));
  }
  return std::nullopt;
}

std::optional<uint64_t> SpecReader::count(const YAML::Node& node, std::string_view what) {
  auto value = number(node, what);
  if (!value) return std::nullopt;
  if (*value < 0) {
    error(node, fmt::format("{} must not be negative", what));
    return std::nullopt;
  }
  return static_cast<uint64_t>(*value);
}

std::optional<double> SpecReader::real(const YAML::Node& node, std::string_view what) {
  if (node.IsScalar()) {
    try {
      size_t used = 0;
      double value = std::stod(node.Scalar(), &used);
      if (used == node.Scalar().size()) return value;
    } catch (const std::exception&) {
    }
    if (auto n = parseNumber(node.Scalar())) return static_cast<double>(*n);
  }
  error(node, fmt::format("{} must be a number", what));
  return std::nullopt;
}

std::optional<bool> SpecReader::boolean(const YAML::Node& node, std::string_view what) {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
  }
  error(node, fmt::format("{} must be true or false", what));
  return std::nullopt;
}

std::optional<AddressExpr> SpecReader::address(const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) {
    error(node, fmt::format("{} must be an address or a label", what));
    return std::nullopt;
  }
  if (auto a = parseAddress(node.Scalar())) return a;
  error(node, fmt::format("{}: '{}' is not an address (x3000, LABEL, LABEL+3)", what, node.Scalar()));
  return std::nullopt;
}

std::vector<std::string> SpecReader::stringList(const YAML::Node& node, std::string_view what) {
  std::vector<std::string> out;
  if (node.IsScalar()) {
    out.push_back(node.Scalar());
  } else if (node.IsSequence()) {
    for (const auto& item : node) {
      if (auto s = string(item, what)) out.push_back(*s);
    }
  } else {
    error(node, fmt::format("{} must be a value or a list of values", what));
  }
  return out;
}

std::filesystem::path SpecReader::courseFile(const YAML::Node& node, std::string_view what) {
  auto name = string(node, what);
  if (!name) return {};
  std::filesystem::path path = dir_ / *name;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    error(node, fmt::format("{} '{}' not found (looked for {})", what, *name, path.string()));
    return {};
  }
  // A folder or a device (/dev/zero) would be read without end.
  if (!std::filesystem::is_regular_file(path, ec)) {
    error(node, fmt::format("{} '{}' is not a regular file", what, *name));
    return {};
  }
  return path;
}

std::optional<std::string> SpecReader::readCourseText(const YAML::Node& node, std::string_view what) {
  auto path = courseFile(node, what);
  if (path.empty()) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) {
    error(node, fmt::format("cannot read {} '{}'", what, path.string()));
    return std::nullopt;
  }
  return text.str();
}

std::vector<RegisterValue> SpecReader::registerValues(const YAML::Node& node, std::string_view what) {
  std::vector<RegisterValue> out;
  if (!expectMap(node, what)) return out;
  for (auto it = node.begin(); it != node.end(); ++it) {
    auto name = string(it->first, "register name");
    if (!name) continue;
    RegisterValue rv;
    rv.name = *name;
    rv.place = place(it->second);
    // A value that is not a number may be a label expression (ROW0+28), resolved per submission.
    // A single letter stays an error: it is far more often a character missing its quotes.
    std::optional<AddressExpr> label;
    if (it->second.IsScalar() && it->second.Scalar().size() > 1 && !parseNumber(it->second.Scalar())) {
      label = parseAddress(it->second.Scalar());
      if (label && label->label.empty()) label.reset();
    }
    if (label) {
      rv.label = label;
    } else if (auto value = number(it->second, fmt::format("value of {} (a number or LABEL+n)", *name))) {
      rv.value = *value;
    } else {
      continue;
    }
    if (!isRegisterName(*name)) {
      std::string hint = closestMatch(*name, registerNames_);
      error(it->first, hint.empty() ? fmt::format("unknown register '{}' for machine {}", *name, machine_)
                                    : fmt::format("unknown register '{}' for machine {} (did you mean '{}'?)", *name, machine_, hint));
      continue;
    }
    out.push_back(std::move(rv));
  }
  return out;
}

std::vector<std::string> SpecReader::registerList(const YAML::Node& node, std::string_view what) {
  std::vector<std::string> out;
  for (const auto& name : stringList(node, what)) out.push_back(name);
  // Re-walk for locations of bad names.
  if (node.IsSequence()) {
    for (const auto& item : node) {
      if (item.IsScalar() && !isRegisterName(item.Scalar())) {
        error(item, fmt::format("unknown register '{}' for machine {}", item.Scalar(), machine_));
      }
    }
  } else if (node.IsScalar() && !isRegisterName(node.Scalar())) {
    error(node, fmt::format("unknown register '{}' for machine {}", node.Scalar(), machine_));
  }
  return out;
}

bool SpecReader::isRegisterName(const std::string& name) const {
  for (const auto& r : registerNames_) {
    if (r.size() == name.size() && std::equal(r.begin(), r.end(), name.begin(), [](char a, char b) {
          return std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b));
        })) {
      return true;
    }
  }
  return false;
}

void SpecReader::setMachine(const std::string& machine) {
  machine_ = machine;
  if (machine == "lc3") {
    registerNames_ = {"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "PC", "PSR", "SSP", "USP"};
  } else {
    registerNames_ = {"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "CS", "DS", "ES", "SS", "IP", "FLAGS",
                      "AL", "AH", "BL", "BH", "CL", "CH", "DL", "DH"};
  }
}

std::vector<MemoryValues> SpecReader::memoryValues(const YAML::Node& node, std::string_view what) {
  std::vector<MemoryValues> out;
  if (!expectMap(node, what)) return out;
  for (auto it = node.begin(); it != node.end(); ++it) {
    auto at = address(it->first, "memory address");
    if (!at) continue;
    MemoryValues mv;
    mv.at = *at;
    YAML::Node v = it->second;  // a copy: it->second lives in a temporary proxy
    if (v.IsMap()) {
      if (!checkKeys(v, "a memory value", {"string", "words"})) continue;
      if (v["string"]) {
        auto s = string(v["string"], "string");
        if (!s) continue;
        for (unsigned char c : *s) mv.values.push_back(c);
        mv.values.push_back(0);
        mv.isString = true;
      } else if (v["words"]) {
        // PC: little-endian words over byte memory.
        for (const auto& w : v["words"]) {
          if (auto n = number(w, "word")) {
            mv.values.push_back(*n & 0xFF);
            mv.values.push_back((*n >> 8) & 0xFF);
          }
        }
      }
    } else if (v.IsSequence()) {
      for (const auto& item : v) {
        if (auto n = number(item, "memory value")) mv.values.push_back(*n);
      }
    } else if (auto n = number(v, "memory value")) {
      mv.values.push_back(*n);
    } else {
      continue;
    }
    out.push_back(std::move(mv));
  }
  return out;
}

std::optional<Spec> loadSpec(const std::filesystem::path& file, Diagnostics& diagnostics) {
  std::string error;
  auto source = SourceFile::load(file.string(), error);
  if (!source) {
    diagnostics.error(SourceLocation{}, fmt::format("cannot read spec {}: {}", file.string(), error));
    return std::nullopt;
  }
  auto spec = parseSpec(source->text(), file.string(), file.parent_path().empty() ? "." : file.parent_path(), diagnostics);
  if (spec) spec->file = file;
  return spec;
}

std::optional<Spec> parseSpec(const std::string& text, const std::string& fileName, const std::filesystem::path& dir,
                              Diagnostics& diagnostics) {
  auto source = std::make_shared<SourceFile>(fileName, text);
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    SourceLocation where{source, static_cast<uint32_t>(e.mark.line + 1), static_cast<uint32_t>(e.mark.column + 1), 0};
    diagnostics.error(where, "invalid YAML: " + e.msg);
    return std::nullopt;
  }
  size_t errorsBefore = diagnostics.errorCount();
  SpecReader reader(source, dir, diagnostics);
  Spec spec = reader.readSpec(root);
  spec.file = fileName;
  spec.dir = dir;
  if (diagnostics.errorCount() != errorsBefore) return std::nullopt;
  return spec;
}

}  // namespace asmlab::grader
