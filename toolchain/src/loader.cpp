// Architecture detection and per-architecture dispatch. Each architecture provides one load
// function (lc3_loader.cpp; the 8086 adds its own) and is listed in loadersFor().
#include "asmlab/toolchain/loader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <string_view>

#include "asmlab/lc3/objfile.hpp"
#include "asmlab/masm/assembler.hpp"
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

// ASCII only, as std::isalnum in the "C" locale, without a libc call per character: a whole
// source is scanned before it is assembled (docs/PERFORMANCE.md, "asmlab asm on a large source").
bool isWordChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

// The words of a source outside `;` comments and "..." strings, as they are written (no copies),
// until `visit` returns false.
template <typename Visit>
void forEachWord(std::string_view text, Visit visit) {
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ';' || c == '"') {
      const char end = c == ';' ? '\n' : '"';
      ++i;
      while (i < text.size() && text[i] != end && text[i] != '\n') ++i;
      if (i < text.size() && text[i] == '"') ++i;
    } else if (isWordChar(c)) {
      const size_t start = i;
      while (i < text.size() && isWordChar(text[i])) ++i;
      if (!visit(text.substr(start, i - start))) return;
    } else {
      ++i;
    }
  }
}

// `word` upper-cased into `buffer` when it is no longer than the buffer, else empty.
std::string_view upperKeyword(std::string_view word, std::array<char, 16>& buffer) {
  if (word.size() > buffer.size()) return {};
  for (size_t i = 0; i < word.size(); ++i) {
    const char c = word[i];
    buffer[i] = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  }
  return {buffer.data(), word.size()};
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

// Whether `.ORIG` is written from `from` on, outside `;` comments and "..." strings: a search for
// its dot, of which a source has few, instead of a word-by-word scan of the rest.
bool writesOrig(std::string_view text, size_t from) {
  std::array<char, 16> buffer;
  for (size_t dot = text.find('.', from); dot != std::string_view::npos; dot = text.find('.', dot + 1)) {
    if (upperKeyword(text.substr(dot, 5), buffer) != ".ORIG") continue;
    if ((dot + 5 < text.size() && isWordChar(text[dot + 5])) || (dot > 0 && isWordChar(text[dot - 1]))) continue;
    const size_t lineStart = text.rfind('\n', dot) + 1;  // npos + 1 is 0: the first line
    const std::string_view before = text.substr(lineStart, dot - lineStart);
    if (before.find(';') == std::string_view::npos && std::count(before.begin(), before.end(), '"') % 2 == 0)
      return true;
  }
  return false;
}

}  // namespace

// LC-3 sources have .ORIG. MASM/TASM sources name segments, models or procedures, or use TASM's
// directives without a dot (MODEL, DATASEG, CODESEG, IDEAL, P8086 ...); emu8086's .COM programs
// may have none of these but start with ORG (LC-3 has .ORIG) or its `#make_COM#`. A source with
// neither .ORIG nor a directive, as 8086 lab programs are written for emu8086 and trainer kits
// (`MOV AX, [1000H]` ... `HLT`), is 8086 code when it names an 8086 register or one of its instructions
// LC-3 lacks. Anything else is taken as LC-3, whose diagnostics then say what is missing.
Architecture sourceArchitecture(std::string_view text) {
  // An include file of a MASM program may hold only EQUs, data, macros or INCLUDEs.
  static constexpr std::string_view kX86Words[] = {"SEGMENT", ".MODEL",  ".CODE", ".DATA",    "ASSUME",  "ENDP",
                                                   "ENDS",    ".STACK",  ".8086", "ORG",      "EQU",     "MACRO",
                                                   "ENDM",    "INCLUDE", "PROC",  "MAKE_COM", "MAKE_EXE"};
  // Words LC-3 code has no use for (LOOP, PUSH, POP, DIV ... are common LC-3 labels).
  static constexpr std::string_view kX86Code[] = {"AX", "BX", "CX", "DX", "AL",  "AH",  "BL",  "BH",  "CL", "CH", "DL",
                                                  "DH", "SI", "DI", "BP", "MOV", "INT", "HLT", "CMP", "DB", "DW", "DD"};
  bool lc3 = false, x86 = false, x86Code = false;
  size_t scanned = 0;
  std::array<char, 16> buffer;
  forEachWord(text, [&](std::string_view written) {
    scanned = static_cast<size_t>(written.data() - text.data()) + written.size();
    if (written.size() == 5 && written[0] == '.' && upperKeyword(written, buffer) == ".ORIG") {
      lc3 = true;
      return false;
    }
    if (written.size() < 2) return true;
    const std::string_view word = upperKeyword(written, buffer);
    if (!x86Code && word.size() <= 4)
      x86Code = std::find(std::begin(kX86Code), std::end(kX86Code), word) != std::end(kX86Code);
    if (word.size() >= 3 && (std::find(std::begin(kX86Words), std::end(kX86Words), word) != std::end(kX86Words) ||
                             masm::isTasmOnlyDirective(written)))
      x86 = true;
    return !x86;  // then only .ORIG can change the answer: writesOrig looks for it faster
  });
  if (x86 && !lc3) lc3 = writesOrig(text, scanned);
  return lc3 || !(x86 || x86Code) ? Architecture::Lc3 : Architecture::X86;
}

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
  return {sourceArchitecture(bytes), false};
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
