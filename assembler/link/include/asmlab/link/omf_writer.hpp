// Writes the object model as an OMF .OBJ (TIS OMF 1.1) that MS LINK, TLINK, JWlink and our own
// linker accept: THEADR, LNAMES, SEGDEF, GRPDEF, EXTDEF/LEXTDEF/COMDEF, PUBDEF/LPUBDEF, LINNUM,
// COMENT, then LEDATA (at most 1024 bytes each) each followed by the FIXUPP for its fixups, LIDATA
// for runs of 64 or more identical bytes, and MODEND. 32-bit record variants are used only where a value needs them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/link/diagnostics.hpp"
#include "asmlab/link/omf.hpp"

namespace asmlab::link {

// Checks the module for things OMF cannot express or a linker would reject: indices out of range,
// a fixup field outside its segment's initialised data, names over 255 bytes, data longer than the
// segment. Returns false after reporting each problem. (LEDATA records are cut so that no fixup
// field straddles two of them; that is the writer's job, not a constraint on the model.)
bool validateModule(const Module& module, const std::string& file, LinkDiagnostics& diag);

// The bytes of the .OBJ file. The module must be valid (see validateModule).
std::vector<uint8_t> writeObject(const Module& module);

// Validates and writes to `path` via a temporary file and a rename, so a failed write never
// leaves a truncated object behind.
bool writeObjectFile(const Module& module, const std::string& path, LinkDiagnostics& diag);

// Writes `bytes` to `path` through `path.tmp` + rename. Reports and returns false on failure.
bool writeFileAtomically(const std::string& path, const std::vector<uint8_t>& bytes, LinkDiagnostics& diag);

}  // namespace asmlab::link
