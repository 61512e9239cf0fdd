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

// The open procedure's frame (Turbo Assembler User's Guide, "Declaring procedures"): in a
// procedure with a language, ARG and LOCAL make the assembler write `push bp`, `mov bp,sp` (and
// `sub sp,locals`) before its first instruction and undo them before every RET, which in Pascal
// also removes the arguments. USES registers are pushed there (after the frame) and popped before
// every RET, whatever the language. MASM's `PROC ... USES` uses the same frame, without BP
// (masm_frames.cpp).
struct TasmFrame {
  bool language = false;  // C, PASCAL ... on PROC, or MODEL's
  bool pascal = false;    // arguments pushed left to right: the last is nearest BP
  bool bp = false;        // the assembler builds the BP frame (a language and ARG or LOCAL)
  bool started = false;   // the prologue is written
  uint32_t argBytes = 0;
  uint32_t localBytes = 0;
  std::vector<std::string> uses;
};

struct TasmState {
  bool ideal = false;             // between IDEAL and MASM
  bool rewriting = false;         // processLine() is running a line processTasmLine() prepared
  bool smart = true;              // SMART (the default) or NOSMART
  std::string localPrefix = "@@"; // LOCALS [prefix]
  // MODEL's language (C, PASCAL ...), the default of every PROC.
  bool modelLanguage = false;
  bool modelPascal = false;
  TasmFrame frame;  // the open procedure's
  // Anonymous STRUC/UNION blocks open inside a structure definition: their fields are moved into
  // the enclosing structure at their ENDS.
  std::vector<StructDef*> anonymous;
  // Instructions assembled in Ideal mode, in order (indexes into Assembler::statements): brackets
  // always address memory in them, and an unbracketed variable draws a warning at the end.
  std::vector<uint32_t> idealInstructions;
};

}  // namespace asmlab::masm
