// Architecture detection and per-architecture dispatch. Each architecture provides one load
// function (lc3_loader.cpp; the 8086 adds its own) and is listed in loadersFor().
#include "asmlab/toolchain/loader.hpp"

#include <algorithm>
#include <cctype>

#include "asmlab/lc3/objfile.hpp"
#include "loaders.hpp"

namespace asmlab::toolchain {

namespace {

std::string lowerExtension(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  std::string ext = path.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// True when some line's first token (after an optional label) is .ORIG, ignoring comments.
bool hasOrigDirective(const std::string& text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    const auto semi = line.find(';');
    if (semi != std::string::npos) line.resize(semi);
    std::string upper(line);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    const auto at = upper.find(".ORIG");
    if (at != std::string::npos) {
      const bool startOk = at == 0 || std::isspace(static_cast<unsigned char>(upper[at - 1])) || upper[at - 1] == ':';
      const bool endOk = at + 5 >= upper.size() || std::isspace(static_cast<unsigned char>(upper[at + 5]));
      if (startOk && endOk) return true;
    }
    pos = end + 1;
  }
  return false;
}

// MASM/TASM sources name segments, models or procedures; emu8086's .COM programs may have none
// of these but start with ORG (LC-3 has .ORIG) or its `#make_COM#`. LC-3 sources never use these
// words outside their strings, which are not read.
bool hasX86Directive(const std::string& text) {
  static const char* const kWords[] = {"SEGMENT", ".MODEL", ".CODE", ".DATA", "ASSUME",   "ENDP",
                                       "ENDS",    ".STACK", ".8086", "ORG",   "MAKE_COM", "MAKE_EXE"};
  std::string word;
  bool comment = false;
  bool quoted = false;
  auto check = [&] {
    for (const char* w : kWords) {
      if (word == w) return true;
    }
    return false;
  };
  for (char c : text + "\n") {
    if (c == '\n') comment = quoted = false;
    if (c == ';' && !quoted) comment = true;
    if (c == '"' && !comment) quoted = !quoted;
    if (quoted) continue;
    if (!comment && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) {
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      continue;
    }
    if (!word.empty() && check()) return true;
    word.clear();
  }
  return false;
}

// An OMF object module starts with a THEADR (x80) or LHEADR (x82) record whose length field
// covers a name whose length byte follows (Intel OMF-86 specification, record formats).
bool looksLikeOmf(const std::string& bytes) {
  if (bytes.size() < 5) return false;
  const auto b = [&](size_t i) { return static_cast<unsigned char>(bytes[i]); };
  if (b(0) != 0x80 && b(0) != 0x82) return false;
  const size_t length = b(1) | (b(2) << 8);
  return length >= 2 && length + 3 <= bytes.size() && b(3) + 2u == length;
}

}  // namespace

std::string_view architectureName(Architecture a) {
  switch (a) {
    case Architecture::Lc3: return "LC-3";
    case Architecture::X86: return "8086";
    case Architecture::Auto: return "unknown";
  }
  return "unknown";
}

DetectedFile detectFile(const std::string& path, const std::string& bytes) {
  const std::string ext = lowerExtension(path);
  if (ext == ".obj") {
    if (looksLikeOmf(bytes)) return {Architecture::X86, true};
    return {Architecture::Lc3, true};
  }
  if (ext == ".exe" || ext == ".com" || ext == ".lib") return {Architecture::X86, true};  // .lib: an OMF library
  if (ext == ".bin" || ext == ".hex") return {Architecture::Lc3, true};  // LC-3 words as text (textobj.hpp)
  if (hasOrigDirective(bytes)) return {Architecture::Lc3, false};
  if (hasX86Directive(bytes)) return {Architecture::X86, false};
  // Anything else is treated as LC-3 source, whose diagnostics then say what is missing.
  return {Architecture::Lc3, false};
}

namespace {

std::unique_ptr<sim::Machine> loadAny(const std::vector<std::string>& paths, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap) {
  diagnostics.setErrorLimit(options.errorLimit);
  if (paths.empty()) {
    diagnostics.error({}, "no program file given");
    return nullptr;
  }
  std::vector<InputFile> files;
  Architecture arch = options.architecture;
  for (const auto& path : paths) {
    InputFile file;
    file.path = path;
    std::string error;
    if (!lc3::readFileBytes(path, file.bytes, error)) {
      diagnostics.error({}, path + ": " + error);
      return nullptr;
    }
    file.detected = detectFile(path, file.bytes);
    if (arch == Architecture::Auto) arch = file.detected.architecture;
    files.push_back(std::move(file));
  }
  if (arch == Architecture::Auto) {
    diagnostics.error({}, paths.front() + ": cannot tell which machine this program is for: an LC-3 source "
                                          "needs a .ORIG line; object files end in .obj");
    return nullptr;
  }
  for (auto& f : files) {
    if (f.detected.architecture != Architecture::Auto && f.detected.architecture != arch &&
        options.architecture == Architecture::Auto) {
      diagnostics.error({}, f.path + ": this is an " + std::string(architectureName(f.detected.architecture)) +
                                " file, but " + paths.front() + " is for the " + std::string(architectureName(arch)));
      return nullptr;
    }
  }
  switch (arch) {
    case Architecture::Lc3: return loadLc3(files, options, diagnostics, sourceMap);
    case Architecture::X86: return loadX86(files, options, diagnostics, sourceMap);
    case Architecture::Auto: break;
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<sim::Machine> loadProgram(const std::vector<std::string>& paths, const LoadOptions& options,
                                          Diagnostics& diagnostics) {
  return loadAny(paths, options, diagnostics, nullptr);
}

std::unique_ptr<sim::Machine> loadProgram(const std::vector<std::string>& paths, const LoadOptions& options,
                                          Diagnostics& diagnostics, SourceMap& sourceMap) {
  sourceMap.clear();
  return loadAny(paths, options, diagnostics, &sourceMap);
}

}  // namespace asmlab::toolchain
