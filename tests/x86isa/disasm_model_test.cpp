// The disassembler over the whole one-byte map on each CPU model, the undocumented 8086 forms,
// and the flow information the debugger's step over relies on. Expected texts and lengths are
// worked out by hand from the Intel opcode maps and the 8086 undocumented-opcode behaviour the
// SingleStepTests suite documents (its metadata.json names the aliases).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "asmlab/x86/disassembler.hpp"

namespace asmlab::x86 {
namespace {

using dis::Cpu;
using dis::Flow;

dis::Instruction decodeBytes(std::vector<std::uint8_t> bytes, Cpu cpu, std::uint32_t address = 0) {
  dis::DecodeOptions options;
  options.cpu = cpu;
  options.address = address;
  return dis::decode(std::span<const std::uint8_t>(bytes), options);
}

// Opcodes that are not instructions, per model (real mode), from the manuals' opcode maps:
// the 80186 has no 0Fh map, and 63h-67h and F1h are undefined before the 80386 (63h = ARPL is
// protected mode only). Every byte is something on the 8086.
std::set<int> undefinedOpcodes(Cpu cpu) {
  switch (cpu) {
    case Cpu::I8086: return {};
    case Cpu::I80186: return {0x0F, 0x63, 0x64, 0x65, 0x66, 0x67, 0xF1};
    case Cpu::I80286: return {0x63, 0x64, 0x65, 0x66, 0x67, 0xF1};
    case Cpu::I80386: return {0x63};
  }
  return {};
}

TEST(DisassemblerMap, EveryOneByteOpcodeOnEveryModel) {
  for (Cpu cpu : {Cpu::I8086, Cpu::I80186, Cpu::I80286, Cpu::I80386}) {
    const auto undefined = undefinedOpcodes(cpu);
    for (int op = 0; op < 256; ++op) {
      // ModRM 06h (a direct address) is legal for every form that takes memory.
      const auto insn = decodeBytes({static_cast<std::uint8_t>(op), 0x06, 0x34, 0x12, 0x78, 0x56, 0x00, 0x00}, cpu);
      SCOPED_TRACE(testing::Message() << "cpu " << static_cast<int>(cpu) << " opcode " << std::hex << op);
      EXPECT_GE(insn.length, 1);
      EXPECT_LE(insn.length, 15);
      EXPECT_FALSE(insn.text.empty());
      EXPECT_EQ(insn.valid, undefined.count(op) == 0) << insn.text;
    }
  }
}

struct Expect {
  Cpu cpu;
  std::vector<std::uint8_t> bytes;
  const char* text;
  unsigned length;
  bool undocumented = false;
};

class DisassemblerText : public ::testing::TestWithParam<Expect> {};

TEST_P(DisassemblerText, Decodes) {
  const Expect& e = GetParam();
  const auto insn = decodeBytes(e.bytes, e.cpu);
  EXPECT_EQ(insn.text, e.text);
  EXPECT_EQ(insn.length, e.length) << e.text;
  EXPECT_EQ(insn.undocumented, e.undocumented) << e.text << " " << insn.note;
}

const Expect kModelCases[] = {
    // The 8086: 0Fh is POP CS, 60h-6Fh repeat 70h-7Fh, C0h/C1h are RET, C8h/C9h are RETF.
    {Cpu::I8086, {0x0F}, "pop cs", 1, true},
    {Cpu::I8086, {0x60, 0x78}, "jo 007Ah", 2, true},
    {Cpu::I8086, {0x63, 0x02}, "jnb 0004h", 2, true},
    {Cpu::I8086, {0x66, 0xFE}, "jbe 0000h", 2, true},
    {Cpu::I8086, {0x6F, 0x10}, "jg 0012h", 2, true},
    {Cpu::I8086, {0xC0, 0x71, 0xF6}, "ret 0F671h", 3, true},
    {Cpu::I8086, {0xC1}, "ret", 1, true},
    {Cpu::I8086, {0xC8, 0x34, 0x12}, "retf 1234h", 3, true},
    {Cpu::I8086, {0xC9}, "retf", 1, true},
    {Cpu::I8086, {0xD0, 0xF0}, "setmo al", 2, true},
    {Cpu::I8086, {0xD1, 0x37}, "setmo word ptr [bx]", 2, true},
    {Cpu::I8086, {0xD2, 0xF3}, "setmoc bl, cl", 2, true},
    {Cpu::I8086, {0xD6}, "salc", 1, true},
    {Cpu::I8086, {0xF1, 0x90}, "lock nop", 2, true},
    {Cpu::I8086, {0x8C, 0xE8}, "mov ax, cs", 2, true},                 // sreg field 5 -> 1
    {Cpu::I8086, {0x8E, 0xC8}, "mov cs, ax", 2, true},
    {Cpu::I8086, {0xFF, 0xF8}, "push ax", 2, true},                    // FF /7
    {Cpu::I8086, {0x82, 0xC0, 0x05}, "add al, 5", 3, true},
    {Cpu::I8086, {0xF6, 0xC8, 0x05}, "test al, 5", 3, true},           // F6 /1
    {Cpu::I8086, {0xD8, 0x14}, "fcom dword ptr [si]", 2},             // D8 /2 m32real
    {Cpu::I8086, {0xDF, 0xFF}, "esc 3Fh, di", 2},                     // no coprocessor instruction
    // The coprocessor (80387 manual opcode map; 8087/287 subsets by model).
    {Cpu::I8086, {0xD9, 0xE8}, "fld1", 2},
    {Cpu::I8086, {0xD9, 0xC9}, "fxch st(1)", 2},
    {Cpu::I8086, {0xD8, 0xC1}, "fadd st, st(1)", 2},
    {Cpu::I8086, {0xDC, 0xC1}, "fadd st(1), st", 2},
    {Cpu::I8086, {0xDE, 0xC1}, "faddp st(1), st", 2},
    {Cpu::I8086, {0xDE, 0xE9}, "fsubp st(1), st", 2},                  // DE E8+i
    {Cpu::I8086, {0xDC, 0xE1}, "fsubr st(1), st", 2},                  // DC E0+i
    {Cpu::I8086, {0xDE, 0xD9}, "fcompp", 2},
    {Cpu::I8086, {0xDD, 0x1E, 0x34, 0x12}, "fstp qword ptr ds:[1234h]", 4},
    {Cpu::I8086, {0xDB, 0x6F, 0x04}, "fld tbyte ptr [bx+4]", 3},
    {Cpu::I8086, {0xDF, 0x07}, "fild word ptr [bx]", 2},
    {Cpu::I8086, {0xDF, 0x2F}, "fild qword ptr [bx]", 2},
    {Cpu::I8086, {0xDA, 0x07}, "fiadd dword ptr [bx]", 2},
    {Cpu::I8086, {0xD9, 0x3E, 0x00, 0x02}, "fnstcw word ptr ds:[200h]", 4},
    {Cpu::I8086, {0xDB, 0xE3}, "fninit", 2},
    {Cpu::I8086, {0xDF, 0xE0}, "esc 3Ch, ax", 2},                      // FSTSW AX is an 80287 addition
    {Cpu::I80286, {0xDF, 0xE0}, "fnstsw ax", 2},
    {Cpu::I80286, {0xD9, 0xFE}, "esc 0Fh, si", 2},                     // FSIN is an 80387 addition
    {Cpu::I80386, {0xD9, 0xFE}, "fsin", 2},
    {Cpu::I80386, {0xDA, 0xE9}, "fucompp", 2},
    {Cpu::I8086, {0xD4, 0x10}, "aam 10h", 2},
    {Cpu::I8086, {0x26, 0x90}, "es: nop", 2},
    {Cpu::I8086, {0x2E, 0xA4}, "movs byte ptr es:[di], byte ptr cs:[si]", 2},
    {Cpu::I8086, {0xF3, 0xA6}, "repe cmpsb", 2},
    {Cpu::I8086, {0xF2, 0xA4}, "repne movsb", 2},
    {Cpu::I8086, {0x36, 0x8B, 0x07}, "mov ax, word ptr ss:[bx]", 3},
    {Cpu::I8086, {0x8B, 0x06, 0x34, 0x12}, "mov ax, word ptr ds:[1234h]", 4},
    {Cpu::I8086, {0x26, 0xA1, 0x34, 0x12}, "mov ax, word ptr es:[1234h]", 4},
    {Cpu::I8086, {0x8D, 0xC0}, "db 8Dh, 0C0h", 2},                      // LEA with a register operand
    {Cpu::I8086, {0xFE, 0xD0}, "db 0FEh, 0D0h", 2},                     // FE /2
    {Cpu::I8086, {0xFF, 0xD8}, "db 0FFh, 0D8h", 2},                     // far CALL from a register
    // The 80186: the same bytes are the new instructions.
    {Cpu::I80186, {0x0F, 0x01}, "db 0Fh", 1},
    {Cpu::I80186, {0x60}, "pusha", 1},
    {Cpu::I80186, {0x61}, "popa", 1},
    {Cpu::I80186, {0x62, 0x07}, "bound ax, dword ptr [bx]", 2},
    {Cpu::I80186, {0x68, 0x34, 0x12}, "push 1234h", 3},
    {Cpu::I80186, {0x6A, 0xFF}, "push 0FFFFh", 2},
    {Cpu::I80186, {0x69, 0xC3, 0x34, 0x12}, "imul ax, bx, 1234h", 4},
    {Cpu::I80186, {0x6B, 0xC3, 0x05}, "imul ax, bx, 5", 3},
    {Cpu::I80186, {0x6C}, "insb", 1},
    {Cpu::I80186, {0x6D}, "insw", 1},
    {Cpu::I80186, {0x6E}, "outsb", 1},
    {Cpu::I80186, {0xF3, 0x6F}, "rep outsw", 2},
    {Cpu::I80186, {0xC0, 0xE0, 0x02}, "shl al, 2", 3},
    {Cpu::I80186, {0xC1, 0xE8, 0x03}, "shr ax, 3", 3},
    {Cpu::I80186, {0xC8, 0x08, 0x00, 0x01}, "enter 8, 1", 4},
    {Cpu::I80186, {0xC9}, "leave", 1},
    {Cpu::I80186, {0xD0, 0xF0}, "sal al, 1", 2, true},
    {Cpu::I80186, {0x8E, 0xC8}, "db 8Eh, 0C8h", 2},
    {Cpu::I80186, {0x66, 0x90}, "db 66h", 1},
    // The 80286: the 0Fh map's real-mode instructions, no 386 jumps.
    {Cpu::I80286, {0x0F, 0x01, 0xE0}, "smsw ax", 3},
    {Cpu::I80286, {0x0F, 0x06}, "clts", 2},
    {Cpu::I80286, {0x0F, 0x01, 0x16, 0x00, 0x10}, "lgdt fword ptr ds:[1000h]", 5},
    {Cpu::I80286, {0x0F, 0x84, 0x00, 0x01}, "db 0Fh, 84h", 2},
    {Cpu::I80286, {0x0F, 0x00, 0xC0}, "db 0Fh, 0, 0C0h", 3},           // SLDT faults in real mode
    // The 80386: size and address prefixes, FS/GS, 0Fh additions.
    {Cpu::I80386, {0x64, 0x8B, 0x07}, "mov ax, word ptr fs:[bx]", 3},
    {Cpu::I80386, {0x65, 0x66, 0x8B, 0x07}, "mov eax, dword ptr gs:[bx]", 4},
    {Cpu::I80386, {0x0F, 0x84, 0x00, 0x01}, "jz near ptr 0104h", 4},
    {Cpu::I80386, {0x0F, 0xB6, 0xC3}, "movzx ax, bl", 3},
    {Cpu::I80386, {0x66, 0x0F, 0xBF, 0xD0}, "movsx edx, ax", 4},
    {Cpu::I80386, {0x67, 0xE3, 0x00}, "jecxz 0003h", 3},
    {Cpu::I80386, {0xF1}, "icebp", 1, true},
    {Cpu::I80386, {0x66, 0x60}, "pushad", 2},
    {Cpu::I80386, {0x66, 0x98}, "cwde", 2},
    {Cpu::I80386, {0x66, 0xA5}, "movsd", 2},
    {Cpu::I80386, {0x0F, 0x20, 0xC0}, "mov eax, cr0", 3},
    // MOV to/from special registers (80386 PRM, "MOV -- Move to/from Special Registers"):
    // reg = the special register, r/m = the general one.
    {Cpu::I80386, {0x0F, 0x22, 0xD8}, "mov cr3, eax", 3},
    {Cpu::I80386, {0x0F, 0x21, 0xF0}, "mov eax, dr6", 3},
    {Cpu::I80386, {0x0F, 0x23, 0xF8}, "mov dr7, eax", 3},
    {Cpu::I80386, {0x0F, 0x24, 0xFA}, "mov edx, tr7", 3},
    {Cpu::I80386, {0x0F, 0x26, 0xF1}, "mov tr6, ecx", 3},
    {Cpu::I80386, {0x8C, 0xE0}, "mov ax, fs", 2},
    {Cpu::I80386, {0x8C, 0xF0}, "db 8Ch, 0F0h", 2},
    {Cpu::I80386, {0x66, 0xEA, 0x78, 0x56, 0x34, 0x12, 0x00, 0x10}, "jmp far ptr 1000h:12345678h", 8},
    {Cpu::I80386, {0x67, 0x8B, 0x04, 0x8D, 0x00, 0x01, 0x00, 0x00}, "mov ax, word ptr [ecx*4+100h]", 8},
    {Cpu::I80386, {0x67, 0x8B, 0x45, 0x00}, "mov ax, word ptr [ebp]", 4},
    {Cpu::I80386, {0x67, 0x8B, 0x05, 0x00, 0x01, 0x00, 0x00}, "mov ax, word ptr ds:[100h]", 7},
};

// Named by position so ctest's list is stable (the default name prints the case's bytes,
// pointers included).
INSTANTIATE_TEST_SUITE_P(PerModel, DisassemblerText, ::testing::ValuesIn(kModelCases),
                         [](const auto& info) { return "case" + std::to_string(info.index); });

TEST(DisassemblerFlow, CallsReturnsInterruptsAndTargets) {
  auto call = decodeBytes({0xE8, 0xFD, 0x00}, Cpu::I8086, 0x100);
  EXPECT_EQ(call.flow, Flow::Call);
  EXPECT_TRUE(call.target.known);
  EXPECT_EQ(call.target.offset, 0x200u);

  auto farCall = decodeBytes({0x9A, 0x78, 0x56, 0x34, 0x12}, Cpu::I8086);
  EXPECT_EQ(farCall.flow, Flow::Call);
  EXPECT_TRUE(farCall.target.far);
  EXPECT_EQ(farCall.target.segment, 0x1234);
  EXPECT_EQ(farCall.target.offset, 0x5678u);
  EXPECT_EQ(farCall.text, "call far ptr 1234h:5678h");

  auto indirect = decodeBytes({0xFF, 0x17}, Cpu::I8086);
  EXPECT_EQ(indirect.flow, Flow::Call);
  EXPECT_FALSE(indirect.target.known);
  EXPECT_EQ(indirect.text, "call word ptr [bx]");

  auto farIndirect = decodeBytes({0xFF, 0x1F}, Cpu::I8086);
  EXPECT_EQ(farIndirect.text, "call dword ptr [bx]");
  EXPECT_TRUE(farIndirect.target.far);
  EXPECT_FALSE(farIndirect.target.known);

  auto interrupt = decodeBytes({0xCD, 0x21}, Cpu::I8086);
  EXPECT_EQ(interrupt.flow, Flow::Interrupt);
  EXPECT_EQ(interrupt.interrupt, 0x21);
  EXPECT_EQ(decodeBytes({0xCC}, Cpu::I8086).interrupt, 3);
  EXPECT_EQ(decodeBytes({0xCE}, Cpu::I8086).interrupt, 4);
  EXPECT_EQ(decodeBytes({0xCF}, Cpu::I8086).flow, Flow::InterruptReturn);
  EXPECT_EQ(decodeBytes({0xC3}, Cpu::I8086).flow, Flow::Return);
  EXPECT_EQ(decodeBytes({0xCA, 2, 0}, Cpu::I8086).flow, Flow::Return);
  EXPECT_EQ(decodeBytes({0xC1}, Cpu::I8086).flow, Flow::Return);   // the 8086 alias
  EXPECT_EQ(decodeBytes({0xC1, 0xE0, 1}, Cpu::I80186).flow, Flow::Sequential);
  EXPECT_EQ(decodeBytes({0xF4}, Cpu::I8086).flow, Flow::Halt);
  EXPECT_EQ(decodeBytes({0xE2, 0xFE}, Cpu::I8086).flow, Flow::ConditionalJump);
  EXPECT_EQ(decodeBytes({0xEB, 0xFE}, Cpu::I8086).flow, Flow::Jump);
  EXPECT_EQ(decodeBytes({0xFF, 0xE3}, Cpu::I8086).flow, Flow::Jump);
  EXPECT_TRUE(decodeBytes({0xF3, 0xA4}, Cpu::I8086).repeated);
  EXPECT_FALSE(decodeBytes({0xA4}, Cpu::I8086).repeated);
}

TEST(DisassemblerFlow, RelativeTargetsWrapAtTheSegmentEnd) {
  const auto jmp = decodeBytes({0xEB, 0x10}, Cpu::I8086, 0xFFF8);
  EXPECT_EQ(jmp.target.offset, 0x000Au);
  EXPECT_EQ(jmp.text, "jmp short 000Ah");
  const auto back = decodeBytes({0x74, 0xF0}, Cpu::I8086, 0x0004);
  EXPECT_EQ(back.target.offset, 0xFFF6u);
  EXPECT_EQ(back.text, "jz 0FFF6h");
}

TEST(DisassemblerSymbols, LabelsForTargetsAndVariables) {
  dis::DecodeOptions options;
  options.address = 0x100;
  options.symbols = [](const dis::SymbolQuery& q) -> std::optional<std::string> {
    if (q.kind == dis::SymbolQuery::Kind::NearCode && q.offset == 0x200) return "print_board";
    if (q.kind == dis::SymbolQuery::Kind::Data && q.offset == 0x10 && std::string(q.segmentRegister) == "ds") return "count";
    if (q.kind == dis::SymbolQuery::Kind::FarCode && q.segment == 0x1234) return "far_routine";
    return std::nullopt;
  };
  const std::vector<std::uint8_t> call = {0xE8, 0xFD, 0x00};
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(call), options).text, "call print_board");
  const std::vector<std::uint8_t> load = {0xA1, 0x10, 0x00};
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(load), options).text, "mov ax, word ptr count");
  const std::vector<std::uint8_t> other = {0x26, 0xA1, 0x10, 0x00};  // ES: no symbol for ES here
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(other), options).text, "mov ax, word ptr es:[10h]");
  const std::vector<std::uint8_t> indexed = {0x8A, 0x84, 0x10, 0x00};  // mov al, [si+0010h]
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(indexed), options).text, "mov al, byte ptr count[si]");
  const std::vector<std::uint8_t> small = {0x8A, 0x44, 0x10};  // a byte displacement is not a variable
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(small), options).text, "mov al, byte ptr [si+10h]");
  const std::vector<std::uint8_t> far = {0x9A, 0, 0, 0x34, 0x12};
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(far), options).text, "call far ptr far_routine");
}

TEST(DisassemblerText, UppercaseAndHexStyle) {
  dis::DecodeOptions options;
  options.uppercase = true;
  const std::vector<std::uint8_t> bytes = {0x8B, 0x40, 0x12};
  EXPECT_EQ(dis::decode(std::span<const std::uint8_t>(bytes), options).text, "MOV AX, WORD PTR [BX+SI+12H]");
  EXPECT_EQ(dis::masmHex(0), "0");
  EXPECT_EQ(dis::masmHex(9), "9");
  EXPECT_EQ(dis::masmHex(10), "0Ah");
  EXPECT_EQ(dis::masmHex(0x12), "12h");
  EXPECT_EQ(dis::masmHex(0xFF), "0FFh");
  EXPECT_EQ(dis::masmHex(0x123, 4), "0123h");
  EXPECT_EQ(dis::masmHex(0xF000, 4), "0F000h");
}

TEST(DisassemblerFetch, ReadsThroughTheCallbackOnlyWhatItNeeds) {
  std::vector<std::uint32_t> reads;
  const dis::FetchByte fetch = [&](std::uint32_t i) -> std::uint8_t {
    reads.push_back(i);
    static const std::uint8_t bytes[] = {0x81, 0x87, 0x34, 0x12, 0x78, 0x56, 0xCC, 0xCC};
    return bytes[i];
  };
  const auto insn = dis::decode(fetch, dis::DecodeOptions{});
  EXPECT_EQ(insn.text, "add word ptr [bx+1234h], 5678h");
  EXPECT_EQ(insn.length, 6);
  for (auto i : reads) EXPECT_LT(i, 6u);
}

TEST(DisassemblerLimits, EndlessPrefixesStopAtFifteenBytes) {
  std::vector<std::uint8_t> bytes(20, 0x26);
  const auto insn = decodeBytes(bytes, Cpu::I8086);
  EXPECT_LE(insn.length, 15);
  EXPECT_FALSE(insn.valid);
}

}  // namespace
}  // namespace asmlab::x86
