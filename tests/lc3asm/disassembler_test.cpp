// The disassembler's text for hand-encoded words (Appendix A), and its treatment of words that no
// instruction produces.
#include <gtest/gtest.h>

#include "asmlab/lc3/disassembler.hpp"

namespace asmlab::lc3 {
namespace {

TEST(Lc3Disassembler, Instructions) {
  EXPECT_EQ(disassemble(0x1283, 0x3000), "ADD R1, R2, R3");
  EXPECT_EQ(disassemble(0x1E2F, 0x3000), "ADD R7, R0, #15");
  EXPECT_EQ(disassemble(0x1030, 0x3000), "ADD R0, R0, #-16");
  EXPECT_EQ(disassemble(0x5705, 0x3000), "AND R3, R4, R5");
  EXPECT_EQ(disassemble(0x997F, 0x3000), "NOT R4, R5");
  EXPECT_EQ(disassemble(0xC080, 0x3000), "JMP R2");
  EXPECT_EQ(disassemble(0xC1C0, 0x3000), "RET");
  EXPECT_EQ(disassemble(0x4140, 0x3000), "JSRR R5");
  EXPECT_EQ(disassemble(0x8000, 0x3000), "RTI");
  EXPECT_EQ(disassemble(0x6385, 0x3000), "LDR R1, R6, #5");
  EXPECT_EQ(disassemble(0x7FBF, 0x3000), "STR R7, R6, #-1");
  EXPECT_EQ(disassemble(0xF025, 0x3000), "HALT");
  EXPECT_EQ(disassemble(0xF021, 0x3000), "OUT");
  EXPECT_EQ(disassemble(0xF007, 0x3000), "TRAP x07");
  EXPECT_EQ(disassemble(0x0000, 0x3000), "NOP");
}

TEST(Lc3Disassembler, PcRelativeTargetsAsAddressesOrLabels) {
  EXPECT_EQ(disassemble(0x0FFF, 0x3000), "BRnzp x3000");
  EXPECT_EQ(disassemble(0x05FE, 0x3001), "BRz x3000");
  EXPECT_EQ(disassemble(0x2401, 0x3000), "LD R2, x3002");
  EXPECT_EQ(disassemble(0x4FFA, 0x3005), "JSR x3000");
  EXPECT_EQ(disassemble(0x0F00, 0x0000), "BRnzp xFF01");  // wraps around memory
  auto label = [](uint16_t a) -> std::optional<std::string> {
    if (a == 0x3000) return std::string("START");
    return std::nullopt;
  };
  EXPECT_EQ(disassemble(0xEDFF, 0x3000, label), "LEA R6, START");
  EXPECT_EQ(disassembleSource(0x0FFE, 0x3000), "BRnzp #-2");
  EXPECT_EQ(disassembleSource(0x0FFE, 0x3001, label), "BRnzp START");
  EXPECT_EQ(pcRelativeTarget(0x4FFA, 0x3005), 0x3000);
  EXPECT_EQ(pcRelativeTarget(0x1283, 0x3005), std::nullopt);
}

TEST(Lc3Disassembler, WordsNoInstructionProducesAreData) {
  EXPECT_EQ(disassemble(0xD123, 0x3000), ".FILL xD123");  // reserved opcode 1101
  EXPECT_EQ(disassemble(0x1288, 0x3000), ".FILL x1288");  // ADD with bits 4..3 set
  EXPECT_EQ(disassemble(0x9280, 0x3000), ".FILL x9280");  // NOT without 111111
  EXPECT_EQ(disassemble(0xC081, 0x3000), ".FILL xC081");  // JMP with low bits set
  EXPECT_EQ(disassemble(0x8001, 0x3000), ".FILL x8001");  // RTI with low bits set
  EXPECT_EQ(disassemble(0xF125, 0x3000), ".FILL xF125");  // TRAP with bits 11..8 set
  EXPECT_EQ(disassemble(0x0005, 0x3000), ".FILL x0005");  // BR testing nothing, with an offset
}

}  // namespace
}  // namespace asmlab::lc3
