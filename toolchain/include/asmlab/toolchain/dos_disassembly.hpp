// `asmlab dis` for the 8086: a DOS program (.COM or MZ .EXE) as a MASM source that `asmlab build`
// turns back into the same program. Code is found by following the flow from the entry point;
// what is not reached is data (`db`). Branch targets get labels, relocated words name their
// segment (so the linker recreates the relocation), and the result is checked by assembling and
// linking it: an instruction whose text does not give back its bytes is written as `db` instead,
// until the program matches.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"

namespace asmlab::toolchain {

struct DosDisassemblyOptions {
  std::string cpu = "8086";  // decoding model: 8086, 8088, 80186, 80286, 80386
  // Names for places in the program (the publics of its map file), by offset in the load image
  // (a .COM's image starts at offset 100h); they replace the generated Lxxxxx labels.
  std::map<uint32_t, std::string> names;
};

struct DosDisassembly {
  std::string source;          // the MASM program
  bool exact = false;          // assembling and linking `source` gives the same program
  std::string difference;      // when not exact: what differs
  size_t instructions = 0;     // lines written as instructions
  size_t dataBytes = 0;        // bytes written as data
};

// `bytes` is the whole file; `name` decides .COM or .EXE (an MZ signature always means .EXE).
std::optional<DosDisassembly> disassembleDosProgram(const std::string& name, const std::string& bytes,
                                                    const DosDisassemblyOptions& options, Diagnostics& diagnostics);

// The publics of a map file written by `asmlab link --map` or `asmlab build --map` (or a
// Microsoft LINK map: "  SSSS:OOOO       Name"), as load-image offsets.
std::map<uint32_t, std::string> readMapPublics(const std::string& text);

}  // namespace asmlab::toolchain
