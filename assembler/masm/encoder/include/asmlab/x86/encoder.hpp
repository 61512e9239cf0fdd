// The x86 instruction encoder behind the MASM/TASM assembler: one instruction, already parsed into
// a mnemonic and typed operands, becomes bytes plus the fixups the linker must complete.
//
// It covers the 8086/8088 and the real-mode additions of the 80186, 80286 and 80386 that course
// code uses, the 8087/80287/80387 coprocessors, 16-bit (USE16) and 32-bit (USE32) code segments,
// and makes MASM's choices where several encodings exist (docs/x86-encoder.md).
// The encoder is stateless: the front end owns symbols, ASSUME, segments and passes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::x86::enc {

// The processor directive in force (.8086, .186, .286, .386). .486/.586 should select I80386: the
// 486/Pentium additions (BSWAP, CMPXCHG, XADD, CPUID, RDTSC) are not covered.
enum class Cpu : std::uint8_t { I8086, I80186, I80286, I80386 };

std::string_view cpuDirective(Cpu cpu);  // ".8086", ".186", ".286", ".386"

// The coprocessor directive in force (MASM 6.1 Reference, ".8087": the default; .286 implies .287
// and .386 implies .387). It decides which x87 instructions exist and where FWAIT is inserted.
enum class Fpu : std::uint8_t { None /* .NO87 */, I8087, I80287, I80387 };

std::string_view fpuDirective(Fpu fpu);  // ".NO87", ".8087", ".287", ".387"

enum class Reg : std::uint8_t {
  AL, CL, DL, BL, AH, CH, DH, BH,
  AX, CX, DX, BX, SP, BP, SI, DI,
  EAX, ECX, EDX, EBX, ESP, EBP, ESI, EDI,
  ES, CS, SS, DS, FS, GS,
  ST0, ST1, ST2, ST3, ST4, ST5, ST6, ST7,  // the x87 register stack: st (= st(0)) .. st(7)
  // The 80386's control, debug and test registers, which only MOV reaches (80386 Programmer's
  // Reference Manual, "MOV -- Move to/from Special Registers"). parseRegister does not return
  // them (outside .386 code their names are ordinary symbols): see parseSpecialRegister.
  CR0, CR1, CR2, CR3, DR0, DR1, DR2, DR3, DR4, DR5, DR6, DR7, TR6, TR7,
  None
};

// Case-insensitive; nullopt if not a register. "st", "st(0)".."st(7)" name the x87 stack.
std::optional<Reg> parseRegister(std::string_view name);
// CR0-CR3, DR0-DR7, TR6, TR7 (case-insensitive); nullopt for anything else.
std::optional<Reg> parseSpecialRegister(std::string_view name);
std::string_view registerName(Reg reg);                   // lower case ("st(1)"), "" for None

// Inline: the encoder asks these several times per operand per form-table row.
constexpr unsigned registerSize(Reg reg) {                // 1, 2 or 4 bytes (segment registers: 2; st, None: 0)
  const auto i = static_cast<unsigned>(reg);
  return i < 8 ? 1 : i < 16 ? 2 : i < 24 ? 4 : i < 30 ? 2 : 0;
}
constexpr bool isSegmentRegister(Reg reg) { return reg >= Reg::ES && reg <= Reg::GS; }
constexpr bool isGeneralRegister(Reg reg) { return reg < Reg::ES; }
constexpr bool isFpuRegister(Reg reg) { return reg >= Reg::ST0 && reg <= Reg::ST7; }
// Control, debug and test registers: no general form takes them (registerSize is 0), only MOV.
constexpr bool isSpecialRegister(Reg reg) { return reg >= Reg::CR0 && reg <= Reg::TR7; }
constexpr unsigned registerNumber(Reg reg) {              // the 3-bit field value used in ModRM (st(i): i, CRn: n)
  const auto i = static_cast<unsigned>(reg);
  if (reg >= Reg::TR6 && reg <= Reg::TR7) return 6 + (i - static_cast<unsigned>(Reg::TR6));
  if (reg >= Reg::DR0 && reg <= Reg::DR7) return i - static_cast<unsigned>(Reg::DR0);
  if (reg >= Reg::CR0 && reg <= Reg::CR3) return i - static_cast<unsigned>(Reg::CR0);
  return i < 24 ? i % 8 : i < 30 ? i - 24 : i < 38 ? i - 30 : 0;
}

// A value the linker completes. The encoder writes the value the front end gives (an offset within
// the symbol's segment, a segment's frame number, ...) into the bytes and hands `symbol` back in
// the Fixup; it never interprets `symbol`.
enum class RelocKind : std::uint8_t {
  None,
  Offset,      // OFFSET sym, or a memory operand's displacement naming a variable
  Segment,     // SEG sym, @data, a segment or group name
  FarPointer,  // offset then segment (far jump/call targets)
};
struct Reloc {
  RelocKind kind = RelocKind::None;
  std::uint32_t symbol = 0;  // the front end's handle, returned untouched in Fixup::symbol
};

struct Immediate {
  std::int64_t value = 0;
  Reloc reloc;
};

// How many bytes the displacement must take even if a shorter field would hold it
// (`[bx+0]` vs `[bx]`, or a relocated displacement, which is always full size).
enum class DispSize : std::uint8_t { Automatic, Byte, Full };

struct Memory {
  Reg segment = Reg::None;  // override written or chosen by ASSUME; the default segment is dropped
  Reg base = Reg::None;     // BX/BP (16-bit addressing) or any 32-bit register
  Reg index = Reg::None;    // SI/DI (16-bit addressing) or any 32-bit register but ESP
  std::uint8_t scale = 1;   // 1, 2, 4, 8: 32-bit addressing only
  std::int64_t displacement = 0;
  Reloc reloc;              // a displacement naming a variable (RelocKind::Offset)
  unsigned size = 0;        // operand size in bytes: 0 unknown, 1, 2, 4 (also DWORD far ptr), 6, 8, 10
  DispSize dispSize = DispSize::Automatic;
  // A direct address written with 32-bit addressing in a USE16 segment (rare); implied by 32-bit
  // registers, and by a USE32 segment for a direct address.
  bool address32 = false;
};

// SHORT / NEAR PTR / FAR PTR written by the programmer, or the label's own type (a FAR PROC).
enum class Distance : std::uint8_t { Automatic, Short, Near, Far };

// The operand of a direct jump or call (a label, `$+5`, `far ptr 1234h:5678h`).
struct Target {
  std::int64_t offset = 0;     // the target's offset within its segment
  bool known = true;           // false: a forward reference not yet defined in this pass
  bool sameSegment = true;     // false: external or in another segment, so a fixup carries it
  Distance distance = Distance::Automatic;
  std::uint16_t segment = 0;   // the segment of a literal far target (far ptr 1234h:5678h)
  Reloc reloc;                 // the symbol for a fixup (external near targets, far targets)
  // Far only by the label's type (a FAR PROC or LABEL FAR), with no FAR PTR written: a CALL to
  // such a label in the same segment is PUSH CS + near CALL, as MASM does.
  bool farByType = false;
  // A forward reference met by a one-pass assembler (Turbo Assembler without /m): a JMP or a
  // conditional jump without SHORT keeps the length of its longest form, and when the target
  // turns out to be in short range the short form is followed by NOPs (EB xx 90; 74 xx 90 90
  // under .386), as TASM's listings show (docs/x86-encoder.md, "One-pass forward jumps").
  bool onePassForward = false;
};

struct Operand {
  enum class Kind : std::uint8_t { None, Register, Immediate, Memory, Target };
  Kind kind = Kind::None;
  Reg reg = Reg::None;
  Immediate imm;
  Memory mem;
  Target target;

  static Operand reg_(Reg r) { Operand o; o.kind = Kind::Register; o.reg = r; return o; }
  static Operand imm_(std::int64_t v, Reloc reloc = {}) { Operand o; o.kind = Kind::Immediate; o.imm = {v, reloc}; return o; }
  static Operand mem_(const Memory& m) { Operand o; o.kind = Kind::Memory; o.mem = m; return o; }
  static Operand target_(const Target& t) { Operand o; o.kind = Kind::Target; o.target = t; return o; }
};

enum class RepPrefix : std::uint8_t { None, Rep, Repe, Repne };  // REPZ = REPE, REPNZ = REPNE

// The size of a jump's encoding. The front end keeps each jump's form between passes and passes it
// back as `Instruction::minJumpForm`; forms only grow, so the passes always settle.
enum class JumpForm : std::uint8_t {
  None,      // not a jump, or the first pass
  Short,     // EB cb / 7x cb / E3 cb / E0-E2 cb
  Near,      // E9 cw / E8 cw / 0F 8x cw (386)
  Far,       // EA cd / 9A cd
  Expanded,  // MASM OPTION LJMP / TASM JUMPS before the 386: reversed short jcc over a near jmp (7x 03 E9 cw)
};

struct Instruction {
  std::string_view mnemonic;         // case-insensitive: "mov", "JNZ", "rep" alone, "retf", ...
  std::array<Operand, 3> operands{};
  std::uint8_t operandCount = 0;
  RepPrefix rep = RepPrefix::None;
  bool lock = false;
  // A segment override written as a prefix (`es: lodsb`, `cs: xlat`): it applies to the memory
  // operand (unless that names its own), and is emitted as it stands if there is none.
  Reg segment = Reg::None;
  std::uint32_t address = 0;         // offset of the first byte (with prefixes), for relative jumps
  JumpForm minJumpForm = JumpForm::None;

  // Adds an operand; a fourth is counted but not kept, and encode() reports "too many operands".
  Instruction& add(const Operand& o) {
    if (operandCount < operands.size()) operands[operandCount] = o;
    if (operandCount < 255) ++operandCount;
    return *this;
  }
};

// Which encoding `op AX,imm` takes when the value fits a sign-extended byte (ADD, OR, ADC, SBB,
// AND, SUB, XOR, CMP). Both are three bytes for AX.
enum class AccumulatorImmediates : std::uint8_t {
  SignExtended,  // MASM 6: 83 /n ib "whenever possible" (Microsoft KB Q31598)
  Ax,            // TASM: the accumulator form 05+8n iw for AX (TASM 4.1 listings I1Va and Voikgrib TEST.LST)
  AxEax,         // MASM 5.1: "ax/eax, imm16/32" (MASM 6.0 Programmer's Guide, "Changes to Instruction Encodings")
};

struct Options {
  Cpu cpu = Cpu::I8086;
  // Out-of-range conditional jumps before the 386 become Expanded (reversed jcc over a near jmp).
  // MASM 6 does this by default (OPTION LJMP, with warning A6003 for each lengthened jump; OPTION
  // NOLJMP turns it off); TASM only under JUMPS. The front end reports the warning when
  // Encoding::jumpForm is Expanded.
  bool jumps = false;
  // The code segment is USE32: 32-bit operands and addresses are the default, and 66h/67h select
  // the 16-bit ones (80386 Programmer's Reference Manual 17.1.2); near jumps and calls are rel32.
  bool use32 = false;
  // The coprocessor: which x87 instructions exist, and FWAIT before each one under .8087.
  Fpu fpu = Fpu::I8087;
  AccumulatorImmediates accumulator = AccumulatorImmediates::SignExtended;
  // Whether a failed match lists the allowed forms in its message: a caller that will only count
  // the error (past the error limit) turns it off, since the list costs more than the match.
  bool listAllowedForms = true;
};

enum class FixupKind : std::uint8_t {
  Offset16,      // a 16-bit offset of `symbol` (value already in the bytes is the addend)
  Offset32,      // a 32-bit offset (32-bit displacement or immediate)
  Segment16,     // the segment (frame) of `symbol`
  FarPointer16,  // offset16 followed by segment16 (4 bytes)
  FarPointer32,  // offset32 followed by segment16 (6 bytes: a far JMP/CALL in a USE32 segment)
  Relative8,     // self-relative: target - end of instruction
  Relative16,
  Relative32,    // near JMP/CALL/Jcc to another segment from a USE32 segment
};
struct Fixup {
  std::uint8_t position = 0;  // byte offset within the instruction's bytes
  std::uint8_t width = 0;     // 1, 2 or 4
  FixupKind kind = FixupKind::Offset16;
  std::uint32_t symbol = 0;
};

enum class ErrorCode : std::uint8_t {
  None,
  UnknownMnemonic,
  RequiresCpu,         // "instruction requires .386"
  WrongOperandCount,
  InvalidOperands,     // no form matches; the message lists the allowed forms
  SizeUnknown,         // "operand size must be given: use BYTE PTR or WORD PTR"
  SizeMismatch,        // mov al, bx
  ImmediateRange,      // mov al, 300
  JumpOutOfRange,      // short or conditional jump too far; the message gives the distance
  InvalidAddress,      // [ax], [bx+bp], scale without 32-bit registers, ...
  InvalidPrefix,       // REP/REPE/REPNE on a non-string instruction, REP or LOCK on a jump
};
struct Error {
  ErrorCode code = ErrorCode::None;
  int operand = -1;      // 0-based operand to point the caret at, or -1 for the mnemonic
  std::string message;
};

// The fixups of one instruction, held inline so that encoding allocates nothing. An instruction has
// at most two (a relocated displacement and a relocated immediate: mov var, OFFSET x); the spare
// room only guards against a future form, and a fixup past it is dropped like a byte past 16.
class FixupList {
public:
  static constexpr std::size_t kCapacity = 4;
  void push_back(const Fixup& fixup) {
    if (count_ < kCapacity) items_[count_++] = fixup;
  }
  void clear() { count_ = 0; }
  bool empty() const { return count_ == 0; }
  // Bounded again here so the compiler can see every index stays inside items_.
  std::size_t size() const { return count_ < kCapacity ? count_ : kCapacity; }
  const Fixup& operator[](std::size_t i) const { return items_[i]; }
  Fixup& operator[](std::size_t i) { return items_[i]; }
  const Fixup* begin() const { return items_.data(); }
  const Fixup* end() const { return items_.data() + size(); }
  Fixup* begin() { return items_.data(); }
  Fixup* end() { return items_.data() + size(); }

private:
  std::array<Fixup, kCapacity> items_{};
  std::uint8_t count_ = 0;
};

struct Encoding {
  std::array<std::uint8_t, 16> bytes{};
  std::uint8_t length = 0;
  FixupList fixups;
  JumpForm jumpForm = JumpForm::None;  // the form chosen (jumps and calls only)
  Error error;                          // code None on success
  // A memory operand written without a size that the encoder gave one, as MASM does (PUSH [si]
  // and POP take the segment's word; JMP/CALL [bx] is a near pointer): the size in bytes and
  // the operand, so the front end can warn. 0 when nothing was assumed.
  std::uint8_t assumedSize = 0;
  std::int8_t assumedOperand = -1;

  bool ok() const { return error.code == ErrorCode::None; }
  std::span<const std::uint8_t> view() const { return {bytes.data(), length}; }
};

// Encodes one instruction. Never throws on bad input: the Error says what is wrong. On an error
// the length is the best estimate of the instruction's size, so a front end can keep addresses
// moving and report further errors.
Encoding encode(const Instruction& instruction, const Options& options);

// True if `name` is an instruction mnemonic or a prefix (rep, lock, ...), any CPU model.
bool isMnemonic(std::string_view name);
// The oldest CPU that has the mnemonic in some form (nullopt if unknown).
std::optional<Cpu> mnemonicCpu(std::string_view name);
// True for jmp, jcc, jcxz/jecxz, loop*, call: mnemonics whose operand may be a Target.
bool isBranchMnemonic(std::string_view name);

// Jump sizing for the front end's passes. `distance` = target - address of the jump's first byte.
// Returns the smallest form at least `atLeast` that reaches, or None if no form does (a short-only
// mnemonic such as LOOP out of range, or a conditional jump on a pre-386 CPU without JUMPS).
JumpForm jumpFormFor(std::string_view mnemonic, std::int64_t distance, const Options& options,
                     JumpForm atLeast = JumpForm::Short);
// Bytes taken by a jump in a given form (no prefixes), or 0 if the mnemonic cannot take that form.
unsigned jumpLength(std::string_view mnemonic, JumpForm form, const Options& options);

}  // namespace asmlab::x86::enc
