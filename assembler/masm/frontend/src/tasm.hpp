// Turbo Assembler's own state (`--dialect tasm`): Ideal mode, the local-symbol prefix, the
// procedure-frame directives ARG and LOCAL, nested anonymous structures. The statements it
// handles are in ideal.cpp (Ideal-mode forms and TASM's directives) and tasm_frames.cpp (ARG,
// LOCAL); the MASM statement layer calls processTasmLine() first for every TASM line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::masm {

struct StructDef;

struct TasmState {
  bool ideal = false;             // between IDEAL and MASM
  bool rewriting = false;         // processLine() is running a line processTasmLine() prepared
  std::string localPrefix = "@@"; // LOCALS [prefix]
  // A language (C, PASCAL ...) from MODEL, or on the open procedure's PROC: Turbo Assembler then
  // builds the procedure's stack frame itself (Turbo Assembler User's Guide, "Declaring procedures").
  bool modelLanguage = false;
  bool procLanguage = false;
  std::vector<std::string> uses;  // USES registers of the open procedure, pushed at its start
  // Anonymous STRUC/UNION blocks open inside a structure definition: their fields are moved into
  // the enclosing structure at their ENDS.
  std::vector<StructDef*> anonymous;
  // Instructions assembled in Ideal mode, in order (indexes into Assembler::statements): brackets
  // always address memory in them, and an unbracketed variable draws a warning at the end.
  std::vector<uint32_t> idealInstructions;
};

}  // namespace asmlab::masm
