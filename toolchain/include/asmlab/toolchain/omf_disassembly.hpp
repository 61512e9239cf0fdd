// `asmlab dis` for OMF objects: one module (an .OBJ, or a member of a .LIB) as a MASM source that
// `asmlab asm` assembles back to an equivalent object. Segments keep their attributes and order,
// publics, externals and groups their names; every fixup is written symbolically (`call far ptr
// EXTNAME`, `mov ax, SEG x`, `OFFSET name+n`, `dw DGROUP`), LINNUM line numbers become comments.
// Code is found by following the flow from the entry point, the publics and the fixups into code
// segments; the rest is data. The result is checked by assembling it: an instruction whose text
// does not give back its bytes and fixups is written as data instead, until the modules match.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/link/omf.hpp"

namespace asmlab::toolchain {

struct OmfDisassemblyOptions {
  // Decoding model: 8086 .. 80386; empty: the lowest of 8086, 80186, 80286, 80386 that decodes
  // every instruction found, written as the source's CPU directive.
  std::string cpu;
  std::string file;  // for the header comment: the object or library the module came from
};

struct OmfDisassembly {
  std::string source;          // the MASM module
  bool exact = false;          // assembling `source` gives an equivalent module (compareModules)
  std::string difference;      // when not exact: the first difference
  bool caseSensitive = false;  // names differ only by case or have lower case: assemble with --case preserve
  size_t instructions = 0;     // lines written as instructions
  size_t dataBytes = 0;        // initialised bytes written as data
};

OmfDisassembly disassembleOmfModule(const link::Module& module, const OmfDisassemblyOptions& options);

// Where two modules first differ, in `expected`'s terms.
struct ModuleDifference {
  std::string what;
  std::optional<uint32_t> segment;  // index into expected.segments, when a place in a segment is to blame
  uint32_t offset = 0;
};

// Two modules are equivalent when every link that uses one instead of the other gives the same
// program: the same segments (name, class, alignment, combination, size, bytes), groups, publics,
// externals, default libraries and start address, and the same fixups, compared by what the
// linker computes from them (the field's contents plus the displacement; the frame as the segment,
// group or external it resolves to, except for self-relative fixups, whose value does not depend
// on it). Line numbers, comments other than default libraries, and record layout do not count.
std::optional<ModuleDifference> compareModules(const link::Module& expected, const link::Module& actual);

}  // namespace asmlab::toolchain
