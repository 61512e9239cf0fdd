// The object model of an OMF relocatable module (Tool Interface Standard, "Relocatable Object Module
// Format" 1.1). The reader fills it from an .OBJ file, the MASM front end builds it directly, the
// writer turns it into records, and the linker combines several of them into a program.
//
// Indices inside a module are 0-based positions in its vectors (OMF's 1-based record indices are
// converted by the reader and the writer). Externals share one index space, as in OMF: EXTDEF,
// LEXTDEF and COMDEF entries all live in `Module::externs` in the order they were declared.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace asmlab::link {

// SEGDEF ACBP field "A" (TIS OMF 1.1, SEGDEF 98h): how the linker aligns the segment's start.
enum class Align : uint8_t {
  Absolute = 0,   // AT segment: `Segment::absoluteFrame` gives the paragraph; no data is loaded
  Byte = 1,
  Word = 2,
  Paragraph = 3,  // 16 bytes
  Page = 4,       // 256 bytes
  DWord = 5,
};

// SEGDEF ACBP field "C": how same-named segments of different modules combine.
enum class Combine : uint8_t {
  Private = 0,    // never combined with another module's segment
  Public = 2,     // concatenated (OMF values 4 and 7 read as Public too)
  Stack = 5,      // concatenated; the linker points SS:SP at its end
  Common = 6,     // overlaid: every contribution starts at offset 0, length = the largest
};

struct Segment {
  std::string name;                 // e.g. "_TEXT", "MAIN_TEXT"
  std::string className;            // e.g. "CODE", "DATA", "STACK", "BSS"
  std::string overlayName;          // usually empty
  Align align = Align::Paragraph;
  Combine combine = Combine::Private;
  bool use32 = false;               // USE32 (ACBP bit P); 16-bit by default
  uint32_t length = 0;              // bytes; may exceed data.size()
  // The initialised bytes from offset 0; data.size() <= length. Bytes between data.size() and
  // length are uninitialised (DUP(?), stack) and are zero when loaded; an .EXE need not store a
  // trailing run of them. A front end fills holes inside the initialised part with zeros.
  std::vector<uint8_t> data;
  uint16_t absoluteFrame = 0;       // paragraph number, meaningful only for Align::Absolute
};

struct Group {
  std::string name;                 // e.g. "DGROUP"
  std::vector<uint32_t> segments;   // indices into Module::segments
};

// Public symbol (PUBDEF 90h/91h; LPUBDEF B6h/B7h when `local`).
struct Public {
  std::string name;
  std::optional<uint32_t> segment;  // index into Module::segments; empty = absolute symbol
  std::optional<uint32_t> group;    // index into Module::groups (PUBDEF base group), may be empty
  uint32_t offset = 0;              // offset within the segment, or the value of an absolute symbol
  uint16_t absoluteFrame = 0;       // base frame of an absolute symbol (no segment)
  uint16_t typeIndex = 0;           // debugging type index, 0 when unused
  bool local = false;               // LPUBDEF: visible only within this module
};

// External symbol (EXTDEF 8Ch, LEXTDEF B4h when `local`) or communal variable (COMDEF B0h).
struct Extern {
  std::string name;
  uint16_t typeIndex = 0;
  bool local = false;
  // COMDEF: a communal variable the linker allocates when no module defines it publicly.
  struct Communal {
    bool far = false;               // FAR (data type 61h) or NEAR (62h)
    uint32_t elementCount = 1;      // FAR only: number of elements
    uint32_t elementSize = 0;       // bytes per element (NEAR: total size)
  };
  std::optional<Communal> communal;
};

// What a fixup patches at its location (FIXUPP "Location" field; TIS OMF 1.1, FIXUPP 9Ch).
enum class FixupKind : uint8_t {
  LowByte,      // 8-bit offset (loc 0); self-relative = short jump displacement
  HighByte,     // high byte of a 16-bit offset (loc 4)
  Offset16,     // 16-bit offset (loc 1 and loader-resolved loc 5); self-relative = near call/jump
  Base16,       // 16-bit segment base / selector (loc 2) -> MZ relocation
  Pointer32,    // 16:16 far pointer, offset then segment (loc 3) -> MZ relocation
  Offset32,     // 32-bit offset (loc 9, 13)
  Pointer48,    // 16:32 far pointer (loc 11)
};

// Frame and target references (FIXUPP fix data). Frame methods F0..F6, target methods T0..T3.
enum class RefKind : uint8_t {
  Segment,      // F0/T0: index into Module::segments
  Group,        // F1/T1: index into Module::groups
  Extern,       // F2/T2: index into Module::externs
  Absolute,     // F3/T3: `index` is a paragraph number
  Location,     // F4 (frame only): the frame of the segment holding the fixup
  Target,       // F5 (frame only): the frame of the target (segment, group or extern's segment)
  None,         // F6 (frame only): no frame (flat / 32-bit)
};

struct Ref {
  RefKind kind = RefKind::Target;
  uint32_t index = 0;
};

struct Fixup {
  uint32_t segment = 0;             // the segment whose data is patched (index into Module::segments)
  uint32_t offset = 0;              // where in that segment the patched field starts
  FixupKind kind = FixupKind::Offset16;
  bool selfRelative = false;        // FIXUPP M bit = 0: value is relative to the end of the field
  Ref frame;                        // frame (segment base the offset is relative to)
  Ref target;                       // what the field refers to
  int32_t displacement = 0;         // added to the target's offset
};

// The start address from MODEND (main modules only).
struct EntryPoint {
  Ref frame;
  Ref target;                       // Segment, Group or Extern
  uint32_t displacement = 0;
};

// LINNUM 94h/95h: source line `line` starts at `offset` in `segment`.
struct LineNumber {
  uint32_t segment = 0;
  uint32_t line = 0;
  uint32_t offset = 0;
  uint32_t file = 0;                // index into Module::lineFiles
};

// A COMENT record kept as is (class 88h class byte, the attribute byte and the text). Class 9Fh
// names a default library (MASM's INCLUDELIB), which the linker searches.
struct Comment {
  uint8_t attributes = 0;           // bit 7 = no purge, bit 6 = no list
  uint8_t commentClass = 0;
  std::string text;
};

struct Module {
  std::string name;                 // THEADR name, usually the source file name
  std::vector<Segment> segments;
  std::vector<Group> groups;
  std::vector<Public> publics;
  std::vector<Extern> externs;
  std::vector<Fixup> fixups;
  std::vector<LineNumber> lines;
  // The source files `lines` refer to; index 0 is the module's own source. LINNUM names no file
  // (its lines belong to the source THEADR names), so an .OBJ carries only file 0's lines and the
  // reader names file 0 after THEADR; included files' lines live only in memory.
  std::vector<std::string> lineFiles;
  std::vector<Comment> comments;
  bool isMain = false;              // MODEND main-module bit
  std::optional<EntryPoint> entry;  // MODEND start address

  // Default libraries named by COMENT class 9Fh records.
  std::vector<std::string> defaultLibraries() const;
  // Index of the segment / group / public with this name (case-sensitive), if any.
  std::optional<uint32_t> findSegment(const std::string& name) const;
  std::optional<uint32_t> findGroup(const std::string& name) const;
  const Public* findPublic(const std::string& name) const;
};

const char* toString(Align a);
const char* toString(Combine c);
const char* toString(FixupKind k);
// Width in bytes of the field a fixup patches.
uint32_t fixupWidth(FixupKind k);

}  // namespace asmlab::link
