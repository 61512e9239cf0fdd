// The linker: combines OMF modules (objects, plus library members pulled in by unresolved
// externals) into a DOS program image, the way MS LINK does for real-mode programs.
//
// Layout: segments with the same name and class combine (PUBLIC and STACK concatenate, each
// contribution aligned as its SEGDEF says; COMMON overlays; PRIVATE never combines). Segments are
// ordered by class in order of first appearance, and within a class in order of first appearance
// (MS LINK's default). With DOSSEG (COMENT class 9Eh in any module, or LinkOptions::dosseg) the
// order is instead: classes ending in CODE, other segments outside DGROUP, then DGROUP: class
// BEGDATA, other classes, BSS, STACK.
//
// Frames: a segment's frame is its start rounded down to a paragraph; a group's frame is the
// lowest frame of its members, and every member must lie within 64K of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/link/diagnostics.hpp"
#include "asmlab/link/omf.hpp"
#include "asmlab/link/omf_library.hpp"

namespace asmlab::link {

enum class OutputFormat { Exe, Com };

struct LinkOptions {
  OutputFormat format = OutputFormat::Exe;
  bool dosseg = false;              // force DOSSEG ordering
  uint16_t maxAlloc = 0xFFFF;       // MZ e_maxalloc (paragraphs)
  bool useDefaultLibraries = true;  // search libraries named by COMENT 9Fh (INCLUDELIB)
  std::vector<std::string> libraryPaths;  // directories where default libraries are looked for
  std::string outputName;           // names the program in diagnostics about the whole link
};

// One object module given to the linker, with the name diagnostics use for it.
struct InputModule {
  Module module;
  std::string origin;               // "MAIN.OBJ" or "GRAPH.LIB(LINE)"
};

struct Contribution {
  std::string origin;               // module it came from
  uint32_t start = 0;               // linear address in the image
  uint32_t length = 0;
};

struct LinkedSegment {
  std::string name;
  std::string className;
  std::string group;                // empty when in no group
  Align align = Align::Paragraph;
  Combine combine = Combine::Private;
  uint32_t start = 0;               // linear address from the start of the load image
  uint32_t length = 0;
  uint16_t frame = 0;               // paragraph (start / 16)
  bool absolute = false;            // AT segment: `frame` is a real paragraph, not in the image
  std::vector<Contribution> contributions;
};

struct LinkedGroup {
  std::string name;
  uint16_t frame = 0;
  uint32_t start = 0;
  uint32_t end = 0;                 // one past the last byte of its last member
};

struct LinkedSymbol {
  std::string name;
  std::string origin;               // defining module
  uint16_t frame = 0;
  uint32_t offset = 0;
  bool absolute = false;            // an absolute symbol or one in an AT segment
};

// A word in the image holding a segment value the DOS loader must relocate (MZ relocation table).
struct Relocation {
  uint16_t segment = 0;
  uint16_t offset = 0;
  uint32_t linear() const { return uint32_t{segment} * 16 + offset; }
};

// A source line resolved to its place in the program (from the modules' LINNUM line numbers).
struct LinkedLine {
  std::string file;                 // the module's Module::lineFiles entry
  uint32_t line = 0;                // 1-based
  std::string segment;              // the combined segment it lies in
  uint16_t frame = 0;               // the segment's frame, or its group's (what CS holds there)
  uint32_t offset = 0;              // from the frame
  uint32_t linear = 0;              // from the start of the load image
};

struct LinkedProgram {
  OutputFormat format = OutputFormat::Exe;
  std::vector<uint8_t> image;       // memory image from linear 0 up to the last initialised byte
  uint32_t memorySize = 0;          // bytes the program occupies, uninitialised tail included
  std::vector<Relocation> relocations;
  uint16_t cs = 0, ip = 0;
  uint16_t ss = 0, sp = 0;
  bool hasEntry = false;
  bool hasStack = false;
  uint16_t maxAlloc = 0xFFFF;
  std::vector<LinkedSegment> segments;  // in image order
  std::vector<LinkedGroup> groups;
  std::vector<LinkedSymbol> publics;
  std::vector<std::string> modules;     // every module linked, libraries' members included
  std::vector<LinkedLine> lines;        // every module's line numbers, by linear address
};

// Links the modules; libraries are searched (repeatedly, in order) for unresolved externals.
// Errors (unresolved externals, duplicate publics, fixup overflow, a .COM that needs segment
// relocations or does not start at 100h, ...) are reported and yield no program.
std::optional<LinkedProgram> link(std::vector<InputModule> modules, const std::vector<Library>& libraries,
                                  const LinkOptions& options, LinkDiagnostics& diag);

}  // namespace asmlab::link
