// The symbols of a DOS program built elsewhere, from the linker's map beside it (MS LINK /MAP,
// `asmlab link --map`): its segments and its PUBLIC names, placed where DOS loads the program.
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "loaders.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::toolchain {

namespace fs = std::filesystem;

namespace {

// NAME.MAP, NAME.map or name.map beside the program.
fs::path mapBeside(const std::string& program) {
  const fs::path p(program);
  for (const char* ext : {".map", ".MAP", ".Map"}) {
    fs::path candidate = p;
    candidate.replace_extension(ext);
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return {};
}

bool startsWithWord(const std::string& line, const char* word) { return line.find(word) != std::string::npos; }

}  // namespace

bool readMapSymbols(const std::string& program, uint32_t loadBase, sim::SymbolTable& symbols) {
  const fs::path map = mapBeside(program);
  if (map.empty()) return false;
  std::ifstream in(map, std::ios::binary);
  enum class Section { None, Segments, Publics } section = Section::None;
  std::string line;
  bool found = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The section headings MS LINK writes (and asmlab link copies).
    if (startsWithWord(line, "Start  Stop   Length Name")) {
      section = Section::Segments;
      continue;
    }
    if (startsWithWord(line, "Publics by Value")) {
      section = Section::Publics;
      continue;
    }
    if (startsWithWord(line, "Publics by Name") || startsWithWord(line, "Origin   Group") || startsWithWord(line, "Detailed map") ||
        startsWithWord(line, "Line numbers for") || startsWithWord(line, "Program entry point")) {
      section = Section::None;
      continue;
    }
    if (section == Section::Segments) {
      // " 00000H 0001FH 00020H _TEXT                  CODE"
      unsigned start = 0, stop = 0, length = 0;
      char name[128] = {};
      if (std::sscanf(line.c_str(), " %xH %xH %xH %127s", &start, &stop, &length, name) == 4 && length > 0)
        symbols.addSegment({name, static_cast<uint16_t>((loadBase + start) >> 4), uint64_t{loadBase} + start,
                            uint64_t{loadBase} + start + length});
    } else if (section == Section::Publics) {
      // " 0000:0010       MAIN" or " 0000:0003  Abs  COUNT" (absolute: not an address in the program)
      unsigned frame = 0, offset = 0;
      char first[128] = {}, second[128] = {};
      const int fields = std::sscanf(line.c_str(), " %x:%x %127s %127s", &frame, &offset, first, second);
      if (fields < 3) continue;
      if (fields == 4 && std::string(first) == "Abs") continue;
      symbols.add(first, loadBase + frame * 16u + offset);
      found = true;
    }
  }
  return found;
}

}  // namespace asmlab::toolchain
