#include "asmlab/toolchain/program_settings.hpp"
#include "asmlab/toolchain/file_names.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <memory>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "asmlab/lc3/objfile.hpp"
#include "asmlab/masm/assembler.hpp"

namespace asmlab::toolchain {

namespace fs = std::filesystem;

namespace {

// ASCII only, as std::toupper and std::isalnum in the "C" locale, without a libc call per
// character: every line of every source is looked at before it is assembled.
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

bool isWordChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '@' || c == '?' || c == '$';
}

// The first two words of a statement (after an optional "label:"), as written, outside comments.
std::pair<std::string_view, std::string_view> leadingWords(std::string_view line) {
  std::array<std::string_view, 2> words;
  size_t count = 0, i = 0;
  while (i < line.size() && count < words.size()) {
    const char c = line[i];
    if (c == ';' || c == '\'' || c == '"') break;
    if (!isWordChar(c)) {
      // "label:" is not part of the statement.
      if (c == ':' && count == 1 && (i + 1 >= line.size() || line[i + 1] != ':')) count = 0;
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < line.size() && isWordChar(line[i])) ++i;
    words[count++] = line.substr(start, i - start);
  }
  return {count > 0 ? words[0] : std::string_view(), count > 1 ? words[1] : std::string_view()};
}

// The CPU model asmlab runs for a processor directive (our fastest model is the 80386 in real mode).
std::optional<std::string> cpuFor(const std::string& directive) {
  if (directive.empty() || (directive[0] != '.' && directive[0] != 'P')) return std::nullopt;
  std::string d = directive;
  if (!d.empty() && d[0] == '.') d.erase(0, 1);
  else if (!d.empty() && d[0] == 'P') d.erase(0, 1);
  else return std::nullopt;
  while (!d.empty() && (d.back() == 'P' || d.back() == 'N' || d.back() == 'C')) d.pop_back();
  if (d == "186") return "80186";
  if (d == "286") return "80286";
  if (d == "386" || d == "486" || d == "586") return "80386";
  return std::nullopt;
}

int cpuRank(const std::string& cpu) { return cpu == "80386" ? 3 : cpu == "80286" ? 2 : cpu == "80186" ? 1 : 0; }

// A name being defined ("STACK SEGMENT", "CODE ENDS", "MODEL EQU 3") rather than a directive.
bool definesName(const std::string& second) {
  static const std::array<std::string_view, 14> kDefining{"SEGMENT", "ENDS", "LABEL", "EQU", "=", "PROC", "ENDP",
                                                          "DB", "DW", "DD", "MACRO", "STRUC", "STRUCT", "TEXTEQU"};
  return std::find(kDefining.begin(), kDefining.end(), second) != kDefining.end();
}

}  // namespace

SourceHints sourceHints(const std::string& text) {
  SourceHints hints;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    auto [firstWritten, secondWritten] = leadingWords(std::string_view(text).substr(start, end - start));
    start = end + 1;
    if (firstWritten.empty()) continue;
    // Most lines are neither kind of hint: the second word is looked at only for those that are.
    const std::string first = upper(firstWritten);
    const std::optional<std::string> cpu = cpuFor(first);
    const bool tasmOnly = !hints.tasmOnly && masm::isTasmOnlyDirective(first);
    if ((!cpu && !tasmOnly) || definesName(upper(secondWritten))) continue;
    if (cpu && cpuRank(*cpu) > cpuRank(hints.x86Cpu.value_or(""))) {
      hints.x86Cpu = cpu;
      hints.cpuDirective = first;
    }
    if (tasmOnly) {
      hints.tasmOnly = true;
      hints.tasmDirective = first;
    }
  }
  return hints;
}

std::string specBeside(const std::vector<std::string>& files) {
  if (files.empty()) return "";
  const fs::path dir = fs::path(files.front()).parent_path();
  const fs::path spec = dir / "asmlab.yaml";
  std::error_code ec;
  return fs::is_regular_file(spec, ec) ? spec.string() : "";
}

namespace {

// Reads the build keys of a spec. Problems are reported with `severity` (an error for a spec the
// user named, a warning for one that was only found beside the program).
class SpecSettingsReader {
public:
  SpecSettingsReader(std::shared_ptr<const SourceFile> file, Severity severity, Diagnostics& diagnostics)
      : file_(std::move(file)), severity_(severity), diagnostics_(diagnostics) {}

  bool read(ProgramSettings& settings) {
    YAML::Node root;
    try {
      root = YAML::Load(file_->text());
    } catch (const YAML::Exception& e) {
      report(e.mark, fmt::format("not a valid YAML file: {}", e.msg));
      return false;
    }
    if (!root.IsMap()) return true;  // an empty file: nothing to read
    const YAML::Node build = root["build"];
    if (!build || !build.IsMap()) return true;
    const fs::path dir = fs::path(file_->name()).parent_path();
    try {
      if (auto n = build["edition"]) {
        const int edition = n.IsScalar() ? n.as<int>(0) : 0;
        if (edition != 2 && edition != 3) return report(n.Mark(), "build.edition must be 2 or 3");
        settings.lc3Edition = edition;
      }
      if (auto n = build["cpu"]) {
        const std::string cpu = n.IsScalar() ? n.Scalar() : "";
        static const std::array<std::string_view, 5> kCpus{"8086", "8088", "80186", "80286", "80386"};
        if (std::find(kCpus.begin(), kCpus.end(), cpu) == kCpus.end())
          return report(n.Mark(), fmt::format("unknown cpu '{}' (8086, 8088, 80186, 80286 or 80386)", cpu));
        settings.x86Cpu = cpu;
        settings.x86CpuFromSpec = true;
      }
      if (auto n = build["dialect"]) {
        const std::string dialect = n.IsScalar() ? n.Scalar() : "";
        if (dialect != "masm" && dialect != "tasm")
          return report(n.Mark(), fmt::format("unknown dialect '{}' (masm, or tasm for TASM's MASM mode)", dialect));
        settings.masmDialect = dialect;
      }
      if (auto n = build["m510"]) {
        bool on = false;
        if (!n.IsScalar() || !YAML::convert<bool>::decode(n, on)) return report(n.Mark(), "build.m510 must be true or false");
        settings.masm510 = on;
      }
      if (auto n = build["multi_pass"]) {
        bool on = false;
        if (!n.IsScalar() || !YAML::convert<bool>::decode(n, on))
          return report(n.Mark(), "build.multi_pass must be true or false");
        settings.tasmMultiPass = on;
      }
      if (auto n = build["error_limit"]) {
        long long limit = -1;
        if (!n.IsScalar() || !YAML::convert<long long>::decode(n, limit) || limit < 0)
          return report(n.Mark(), "build.error_limit must be a count (0: all errors)");
        settings.errorLimit = static_cast<size_t>(limit);
      }
      if (auto n = build["emu8086_step_delay"]) {
        long long ms = -1;
        if (!n.IsScalar() || !YAML::convert<long long>::decode(n, ms) || ms < 0 || ms > 10000)
          return report(n.Mark(), "build.emu8086_step_delay must be milliseconds from 0 to 10000 (0: the CPU's clock)");
        settings.emu8086StepDelayMs = static_cast<unsigned>(ms);
      }
      if (!folders(build["include_paths"], dir, settings.includePaths)) return false;
      if (!folders(build["library_paths"], dir, settings.libraryPaths)) return false;
    } catch (const YAML::Exception& e) {
      return report(e.mark, e.msg);
    }
    return true;
  }

private:
  bool folders(const YAML::Node& node, const fs::path& dir, std::vector<std::string>& out) {
    if (!node) return true;
    std::vector<YAML::Node> items;
    if (node.IsSequence())
      for (const auto& item : node) items.push_back(item);
    else
      items.push_back(node);
    for (const auto& item : items) {
      if (!item.IsScalar()) return report(item.Mark(), "a folder name was expected");
      out.push_back((dir / item.Scalar()).string());
    }
    return true;
  }

  bool report(const YAML::Mark& mark, std::string message) {
    asmlab::SourceLocation where;
    where.file = file_;
    if (!mark.is_null()) {
      where.line = static_cast<uint32_t>(mark.line + 1);
      where.column = static_cast<uint32_t>(mark.column + 1);
    }
    Diagnostic d;
    d.severity = severity_;
    d.location = where;
    d.message = severity_ == Severity::Warning ? message + "; its settings are not used" : std::move(message);
    diagnostics_.add(std::move(d));
    return false;
  }

  std::shared_ptr<const SourceFile> file_;
  Severity severity_;
  Diagnostics& diagnostics_;
};

bool isSourceFile(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == ".asm" || ext == ".inc" || ext == ".s";
}

}  // namespace

std::optional<ProgramSettings> programSettings(const std::vector<std::string>& files, const std::string& specPath,
                                               const ExplicitSettings& given, Diagnostics& diagnostics) {
  ProgramSettings settings;
  const bool named = !specPath.empty();
  settings.specPath = named ? specPath : specBeside(files);
  std::vector<std::string> fromSpec, fromSource;
  if (!settings.specPath.empty()) {
    std::string error;
    auto file = SourceFile::load(settings.specPath, error);
    if (!file) {
      if (named) {
        diagnostics.error({}, fmt::format("--spec: {}", error));
        return std::nullopt;
      }
      settings.specPath.clear();
    } else {
      SpecSettingsReader reader(file, named ? Severity::Error : Severity::Warning, diagnostics);
      ProgramSettings read;
      if (reader.read(read)) {
        read.specPath = settings.specPath;
        settings = std::move(read);
      } else if (named) {
        return std::nullopt;
      } else {
        settings.specPath.clear();
      }
    }
  }
  if (settings.lc3Edition && !given.lc3Edition) fromSpec.push_back(fmt::format("LC-3 edition {}", *settings.lc3Edition));
  if (settings.x86Cpu && !given.x86Cpu && given.running) fromSpec.push_back("CPU " + *settings.x86Cpu);
  if (settings.masmDialect && !given.masmDialect) fromSpec.push_back("dialect " + *settings.masmDialect);
  if (settings.masm510) fromSpec.push_back("MASM 5.1 compatibility (m510)");
  if (settings.tasmMultiPass) fromSpec.push_back("TASM /m (multi_pass)");
  if (settings.emu8086StepDelayMs && !given.emu8086StepDelayMs)
    fromSpec.push_back(fmt::format("emu8086 step delay {} ms", *settings.emu8086StepDelayMs));
  if (settings.errorLimit && !given.errorLimit) fromSpec.push_back(fmt::format("error limit {}", *settings.errorLimit));
  if (!settings.includePaths.empty()) fromSpec.push_back(fmt::format("include folders {}", fmt::join(settings.includePaths, ", ")));
  if (!settings.libraryPaths.empty()) fromSpec.push_back(fmt::format("library folders {}", fmt::join(settings.libraryPaths, ", ")));

  // What the sources ask for, where neither the user nor the spec decided.
  for (const auto& path : files) {
    if (!isSourceFile(path)) continue;
    std::string text, error;
    if (!lc3::readFileBytes(path, text, error)) continue;  // the loader reports it
    const Architecture arch = given.architecture != Architecture::Auto ? given.architecture : sourceArchitecture(text);
    if (arch != Architecture::X86) continue;
    const SourceHints hints = sourceHints(text);
    if (given.running && hints.x86Cpu) {
      const std::string chosen = given.x86Cpu.value_or(settings.x86Cpu.value_or(""));
      if (chosen.empty()) {
        settings.x86Cpu = hints.x86Cpu;
        fromSource.push_back(fmt::format("CPU {} for its {}", *hints.x86Cpu, hints.cpuDirective));
      } else if (cpuRank(chosen) < cpuRank(*hints.x86Cpu)) {
        diagnostics.warning({}, fmt::format("{}: the source's {} needs an {} or later, but the CPU is {} (--cpu {} runs it)",
                                            path, hints.cpuDirective, *hints.x86Cpu, chosen, *hints.x86Cpu));
      }
    }
    if (hints.tasmOnly && !given.masmDialect && !settings.masmDialect) {
      settings.masmDialect = "tasm";
      fromSource.push_back(fmt::format("dialect tasm for its {}", hints.tasmDirective));
    }
  }
  std::vector<std::string> parts;
  if (!fromSpec.empty()) parts.push_back(fmt::format("settings from {}: {}", settings.specPath, fmt::join(fromSpec, ", ")));
  if (!fromSource.empty())
    parts.push_back(fmt::format("{} the source: {}", settings.specPath.empty() ? "no asmlab.yaml; from" : "from",
                                fmt::join(fromSource, ", ")));
  if (parts.empty() && !settings.specPath.empty()) parts.push_back(fmt::format("read {}", settings.specPath));
  settings.summary = fmt::format("{}", fmt::join(parts, "; "));
  return settings;
}

void applySettings(const ProgramSettings& settings, const ExplicitSettings& given, LoadOptions& options) {
  if (auto e = given.lc3Edition ? given.lc3Edition : settings.lc3Edition) options.lc3Edition = *e;
  if (auto c = given.x86Cpu ? given.x86Cpu : settings.x86Cpu) options.x86Cpu = *c;
  options.x86CpuChosen = given.x86Cpu.has_value() || settings.x86CpuFromSpec;
  if (auto d = given.masmDialect ? given.masmDialect : settings.masmDialect) options.masmDialect = *d;
  // --dialect names an 8086 source, whatever words it uses (as `asmlab asm` takes it).
  if (given.masmDialect && options.architecture == Architecture::Auto) options.architecture = Architecture::X86;
  options.masm510 = options.masm510 || settings.masm510;
  options.tasmMultiPass = options.tasmMultiPass || settings.tasmMultiPass;
  if (auto n = given.errorLimit ? given.errorLimit : settings.errorLimit) options.errorLimit = *n;
  if (auto ms = given.emu8086StepDelayMs ? given.emu8086StepDelayMs : settings.emu8086StepDelayMs)
    options.emu8086StepDelayMs = *ms;
  // The spec's folders come after the command line's, as a course's shared set-up.
  options.includePaths.insert(options.includePaths.end(), settings.includePaths.begin(), settings.includePaths.end());
  options.libraryPaths.insert(options.libraryPaths.end(), settings.libraryPaths.begin(), settings.libraryPaths.end());
}

}  // namespace asmlab::toolchain
