// The MASM-syntax x86 disassembler: decodes one instruction (8086/8088 with its undocumented
// opcodes, and the real-mode 80186, 80286 and 80386 additions) from a byte-fetch callback, so a
// debugger can read memory through a side-effect-free peek. Text follows MASM: `mov ax, word ptr
// [bx+si+12h]`, `jnz 0123h`, `call far ptr 1234h:5678h`, `rep movsb`, `byte ptr es:[di]`.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace asmlab::x86::dis {

// The decoding model. I8086 also stands for the 8088 (same instruction set, undocumented forms
// included); I80186 for the 80188/V20 subset Intel documented; I80286 and I80386 in real mode.
enum class Cpu : std::uint8_t { I8086, I80186, I80286, I80386 };

// What the instruction does to the flow of control (for step over, call stacks, trace views).
enum class Flow : std::uint8_t {
  Sequential,
  Jump,             // unconditional JMP
  ConditionalJump,  // Jcc, JCXZ, LOOP*
  Call,
  Return,           // RET, RETF (and the 8086's C0/C1/C8/C9 aliases)
  Interrupt,        // INT n, INT 3, INTO (conditional), the 386's ICEBP
  InterruptReturn,  // IRET
  Halt,
};

struct BranchTarget {
  bool known = false;       // false for indirect jumps/calls (jmp bx, call word ptr [si])
  bool far = false;
  std::uint16_t segment = 0;  // far direct targets only
  std::uint32_t offset = 0;   // near: the target's offset in CS (16-bit wrap applied)
};

// Optional labels. `kind` says where the value points: a code target (near: in CS; far: at
// segment:offset) or a data address (the segment register used, e.g. DS or an override).
struct SymbolQuery {
  enum class Kind : std::uint8_t { NearCode, FarCode, Data } kind = Kind::NearCode;
  char segmentRegister[3] = {'c', 's', 0};  // "cs", "ds", "es", "ss", "fs", "gs" (Data/NearCode)
  std::uint16_t segment = 0;                // FarCode only
  std::uint32_t offset = 0;
};
using SymbolLookup = std::function<std::optional<std::string>(const SymbolQuery&)>;

struct DecodeOptions {
  Cpu cpu = Cpu::I8086;
  std::uint32_t address = 0;      // offset (IP) of the first byte, to turn relative targets absolute
  SymbolLookup symbols;           // may be empty
  bool uppercase = false;         // MOV AX, WORD PTR [BX] instead of lower case
  bool x87 = true;                // name coprocessor instructions (fld, fadd ...); false: `esc n, r/m`
};

struct Instruction {
  std::uint8_t length = 0;        // bytes consumed, prefixes included (at least 1)
  std::string text;               // the whole line: "rep movsb", "mov ax, word ptr es:[bx+2]"
  std::string mnemonic;           // with its prefixes ("rep movsb" -> "rep movsb", "lock xchg" -> "lock xchg")
  std::string operands;           // "ax, word ptr es:[bx+2]"
  Flow flow = Flow::Sequential;
  BranchTarget target;            // for Jump/ConditionalJump/Call with a direct target
  std::uint8_t interrupt = 0;     // vector for Flow::Interrupt
  bool repeated = false;          // a REP/REPE/REPNE string instruction (step over runs it to the end)
  bool valid = true;              // false: not an instruction on this model; text is "db ..."
  bool undocumented = false;      // an undocumented alias or opcode (SALC, POP CS, 60h-6Fh on 8086, ...)
  std::string note;               // what the undocumented form does ("alias of JO on the 8086")
};

// Fetches the byte `index` bytes after the instruction's first byte (the caller applies segment
// wrap-around and reads without side effects).
using FetchByte = std::function<std::uint8_t(std::uint32_t index)>;

Instruction decode(const FetchByte& fetch, const DecodeOptions& options);
// Convenience: bytes past the end of the span read as 90h (the conformance suites' convention).
Instruction decode(std::span<const std::uint8_t> bytes, const DecodeOptions& options);

// MASM hex: "0", "9", "0Ah", "12h", "0FFh"; `digits` pads with zeros ("0123h").
std::string masmHex(std::uint64_t value, unsigned digits = 0);

}  // namespace asmlab::x86::dis
