// The .sym symbol table in the layout of the classic lc3as tool, and file helpers.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <fmt/format.h>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/lc3/objfile.hpp"

namespace asmlab::lc3 {

std::string writeSymbols(const ObjectImage& image) {
  std::string out = "// Symbol table\n// Scope level 0:\n//\tSymbol Name       Page Address\n//\t----------------  ------------\n";
  for (const auto& s : image.symbols) out += fmt::format("//\t{:<16}  {:04X}\n", s.name, s.address);
  out += "\n";
  return out;
}

bool readSymbols(std::string_view text, std::vector<ObjectSymbol>& symbols, std::string& error) {
  symbols.clear();
  size_t pos = 0;
  unsigned lineNumber = 0;
  while (pos < text.size()) {
    ++lineNumber;
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.rfind("//", 0) != 0) {
      if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
      error = fmt::format("line {}: not a symbol table line (expected '//' followed by a name and an address)", lineNumber);
      return false;
    }
    line.remove_prefix(2);
    auto first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) continue;
    line.remove_prefix(first);
    auto nameEnd = line.find_first_of(" \t");
    if (nameEnd == std::string_view::npos) continue;
    std::string_view name = line.substr(0, nameEnd);
    std::string_view rest = line.substr(nameEnd);
    auto addressStart = rest.find_first_not_of(" \t");
    if (addressStart == std::string_view::npos) continue;
    rest.remove_prefix(addressStart);
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
    // Header lines ("Symbol table", "Scope level 0:", the column titles and the dashes) do not end
    // in a four-digit hex address; rows do.
    bool isRow = rest.size() == 4 && rest.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos &&
                 name.find('-') == std::string_view::npos;
    if (!isRow) continue;
    symbols.push_back({std::string(name), static_cast<uint16_t>(std::stoul(std::string(rest), nullptr, 16))});
  }
  return true;
}

bool readFileBytes(const std::string& path, std::string& bytes, std::string& error) {
  // A directory opens, then reads as nothing: refuse it rather than read it as an empty file.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = fmt::format("'{}' is a directory, not a file", path);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = fmt::format("cannot read '{}'", path);
    return false;
  }
  bytes = std::move(buffer).str();
  return true;
}

bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string& error) {
  return writeOutputFile(path, bytes, {}, error);
}

}  // namespace asmlab::lc3
