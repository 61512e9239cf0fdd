// Every instruction's encoding, computed by hand from Patt & Patel 3rd ed. Appendix A (Figure A.2).
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

TEST(Lc3Encoding, OperateInstructions) {
  EXPECT_EQ(wordOf("ADD R1, R2, R3"), 0x1283);   // 0001 001 010 0 00 011
  EXPECT_EQ(wordOf("ADD R7, R0, #15"), 0x1E2F);  // 0001 111 000 1 01111
  EXPECT_EQ(wordOf("ADD R0, R0, #-16"), 0x1030); // 0001 000 000 1 10000
  EXPECT_EQ(wordOf("AND R3, R4, R5"), 0x5705);   // 0101 011 100 0 00 101
  EXPECT_EQ(wordOf("AND R0, R0, #0"), 0x5020);   // 0101 000 000 1 00000
  EXPECT_EQ(wordOf("AND R6, R6, x1"), 0x5DA1);   // 0101 110 110 1 00001
  EXPECT_EQ(wordOf("NOT R4, R5"), 0x997F);       // 1001 100 101 111111
}

TEST(Lc3Encoding, ControlInstructions) {
  EXPECT_EQ(wordOf("JMP R2"), 0xC080);   // 1100 000 010 000000
  EXPECT_EQ(wordOf("RET"), 0xC1C0);      // JMP R7
  EXPECT_EQ(wordOf("JSRR R5"), 0x4140);  // 0100 0 00 101 000000
  EXPECT_EQ(wordOf("RTI"), 0x8000);
  EXPECT_EQ(wordOf("NOP"), 0x0000);      // BR with n=z=p=0: never taken
}

TEST(Lc3Encoding, BaseOffsetInstructions) {
  EXPECT_EQ(wordOf("LDR R1, R6, #5"), 0x6385);   // 0110 001 110 000101
  EXPECT_EQ(wordOf("STR R7, R6, #-1"), 0x7FBF);  // 0111 111 110 111111
  EXPECT_EQ(wordOf("LDR R0, R0, #31"), 0x601F);
  EXPECT_EQ(wordOf("STR R0, R0, #-32"), 0x7020);
}

TEST(Lc3Encoding, TrapAndAliases) {
  EXPECT_EQ(wordOf("TRAP x25"), 0xF025);
  EXPECT_EQ(wordOf("TRAP xFF"), 0xF0FF);
  EXPECT_EQ(wordOf("TRAP #0"), 0xF000);
  EXPECT_EQ(wordOf("TRAP x7"), 0xF007);
  EXPECT_EQ(wordOf("GETC"), 0xF020);
  EXPECT_EQ(wordOf("OUT"), 0xF021);
  EXPECT_EQ(wordOf("PUTC"), 0xF021);
  EXPECT_EQ(wordOf("PUTS"), 0xF022);
  EXPECT_EQ(wordOf("IN"), 0xF023);
  EXPECT_EQ(wordOf("PUTSP"), 0xF024);
  EXPECT_EQ(wordOf("HALT"), 0xF025);
}

TEST(Lc3Encoding, PcRelativeInstructionsWithLabels) {
  auto a = assembleSource(R"(.ORIG x3000
A   LD R2, B      ; x3000: B - x3001 = +1
    ST R3, A      ; x3001: A - x3002 = -2
B   LDI R4, B     ; x3002: -1
    STI R5, A     ; x3003: -4
    LEA R6, C     ; x3004: +1
    JSR A         ; x3005: -6
C   .END
)");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x2401, 0x37FE, 0xA9FF, 0xBBFC, 0xEC01, 0x4FFA}));
}

TEST(Lc3Encoding, EveryBranchForm) {
  // Each branch jumps to itself: offset -1 (0x1FF) with n z p in bits 11..9.
  struct Case {
    const char* mnemonic;
    uint16_t word;
  } cases[] = {{"BR", 0x0FFF},   {"BRn", 0x09FF},  {"BRz", 0x05FF},  {"BRp", 0x03FF},    {"BRnz", 0x0DFF},
               {"BRnp", 0x0BFF}, {"BRzp", 0x07FF}, {"BRnzp", 0x0FFF}, {"brNZp", 0x0FFF}};
  for (const auto& c : cases) EXPECT_EQ(wordOf(std::string("SELF ") + c.mnemonic + " SELF"), c.word) << c.mnemonic;
}

TEST(Lc3Encoding, NumericOperandsOfPcRelativeInstructionsAreOffsets) {
  EXPECT_EQ(wordOf("BRz #5"), 0x0405);
  EXPECT_EQ(wordOf("LD R0, #-256"), 0x2100);
  EXPECT_EQ(wordOf("LEA R1, #255"), 0xE2FF);
  EXPECT_EQ(wordOf("JSR #1023"), 0x4BFF);
  EXPECT_EQ(wordOf("JSR #-1024"), 0x4C00);
}

TEST(Lc3Encoding, ForwardAndBackwardLabelsAtTheRangeLimits) {
  std::string text = ".ORIG x3000\nBACK ADD R0, R0, #0\n";
  for (int i = 0; i < 254; ++i) text += "NOP\n";
  text += "BR BACK\n";  // at x30FF: BACK - x3100 = -256
  text += "BR FWD\n";   // at x3100: FWD - x3101 = +255
  for (int i = 0; i < 255; ++i) text += "NOP\n";
  text += "FWD HALT\n.END\n";
  auto a = assembleSource(text);
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words()[0xFF], 0x0F00);
  EXPECT_EQ(a.words()[0x100], 0x0EFF);
}

TEST(Lc3Encoding, CaseInsensitiveOpcodesRegistersAndLabels) {
  auto a = assembleSource(".orig X3000\nLoop add r1, R2, r3\n bRz LOOP\n ld r0, loop\n.end\n");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x1283, 0x05FE, 0x21FD}));
}

TEST(Lc3Encoding, LabelsWithAndWithoutColonAndOnTheirOwnLine) {
  auto a = assembleSource(".ORIG x3000\nFIRST: ADD R0, R0, #1\nSECOND\n  BR FIRST\nTHIRD:\n  BR SECOND\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x1021, 0x0FFE, 0x0FFE}));
  ASSERT_EQ(a.assembly.image.symbols.size(), 3u);
  EXPECT_EQ(a.assembly.image.symbols[1].name, "SECOND");
  EXPECT_EQ(a.assembly.image.symbols[1].address, 0x3001);
  EXPECT_EQ(a.assembly.image.symbols[2].address, 0x3002);
}

TEST(Lc3Encoding, CrLfTabsAndNoFinalNewline) {
  auto a = assembleSource(".ORIG x3000\r\n\tADD\tR1,\tR1,\t#1\t; comment\r\nL\tBR\tL\r\n.END");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x1261, 0x0FFF}));
}

}  // namespace
}  // namespace asmlab::lc3::testing
