// Where the course simulator (UT Austin lc3tools, 3rd edition) decides a grade and the books leave
// room: which words are instructions, registers kept by the OS routines when an interrupt routine
// calls them, and where and in which privilege a program starts. Expected values come from the
// Appendix A formats (Figure A.2: the bits each format fixes) and the course simulator's documented
// behaviour (docs/lc3-simulator.md, "Course simulator rules").
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3sim/os.hpp"
#include "encode.hpp"

using namespace lc3test;
using asmlab::lc3sim::Privilege;
using asmlab::sim::StopReason;

namespace {
std::unique_ptr<Lc3Machine> load(const std::string& source, Edition e = Edition::Third, bool bootCode = false) {
  asmlab::Diagnostics diagnostics;
  asmlab::lc3::AssembleOptions ao;
  ao.warnUnusedLabels = false;
  ao.warnFallIntoData = false;
  auto assembly = asmlab::lc3::assembleText("test.asm", source, diagnostics, ao);
  EXPECT_FALSE(diagnostics.hasErrors()) << diagnostics.renderToString();
  asmlab::lc3sim::Options o = testOptions(e);
  o.operatingSystem = &asmlab::lc3sim::builtinOperatingSystem(e);
  o.haltBanner = false;
  o.runBootCode = bootCode;
  auto m = std::make_unique<Lc3Machine>(o);
  m->loadProgram(assembly.image);
  return m;
}
const Edition kBoth[] = {Edition::Second, Edition::Third};
}  // namespace

// Each word breaks one bit that its format fixes (Figure A.2); the course simulator decodes none
// of them and raises the illegal-opcode exception (vector x01) with the PC at the word.
TEST(Lc3CourseRules, InvalidEncodingsRaiseTheIllegalOpcodeException) {
  const uint16_t words[] = {
      0xFF76,  // TRAP with bits 11-8 = 1111
      0xF125,  // TRAP x25 with bit 8 set: not HALT
      0x9040,  // NOT R0, R1 with bits 5-0 = 000000
      0x927E,  // NOT R1, R1 with bits 5-0 = 111110
      0x1048,  // ADD R0, R1, R0 with bit 3 set
      0x5050,  // AND R0, R1, R0 with bit 4 set
      0xC1C1,  // RET with bit 0 set
      0xC3C0,  // JMP R7 with bits 11-9 = 001
      0x4240,  // JSRR R1 with bit 9 set
      0x4041,  // JSRR R1 with bit 0 set
      0x8001,  // RTI with bit 0 set
      0xD000,  // opcode 1101
  };
  for (Edition e : kBoth) {
    for (uint16_t w : words) {
      auto m = load(fmt::format(".ORIG x3000\n.FILL x{:04X}\nHALT\n.END\n", w), e);
      auto s = m->run({});
      EXPECT_EQ(s.reason, StopReason::Exception) << fmt::format("x{:04X}", w);
      EXPECT_EQ(s.message, fmt::format("illegal opcode x{:04X} at x3000", w));
      EXPECT_EQ(s.address, 0x3000u);
      EXPECT_EQ(m->output(), fmt::format("\n--- Illegal opcode x{:04X} at x3000 ---\n", w));
    }
  }
}

// Words whose free bits are free: BR with no condition and an offset (lc3tools' second NOP form),
// ADD/AND immediate with any imm5, JSR with any offset, and the register forms with bits 4-3 clear.
TEST(Lc3CourseRules, WordsWithOnlyFreeBitsSetStillExecute) {
  auto m = load(".ORIG x3000\n.FILL x0005\nAND R1, R1, #0\nADD R1, R1, #-1\nJSR NEXT\nNEXT ST R1, S1\nST R7, S7\n"
                "HALT\nS1 .FILL 0\nS7 .FILL 0\n.END\n");
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Halted) << s.message;
  EXPECT_EQ(m->peek(0x3007), 0xFFFFu);  // S1
  EXPECT_EQ(m->peek(0x3008), 0x3004u);  // S7: the JSR at x3003 links the incremented PC
}

// A keyboard interrupt arrives while PUTS prints; its service routine calls PUTS itself. With the
// registers on the supervisor stack the interrupted PUTS resumes where it was, so the routine's
// text appears inside the main text, and R0, R1 and R7 come back from the outer PUTS unchanged.
TEST(Lc3CourseRules, AnInterruptRoutineCanCallPutsWhilePutsRuns) {
  const char* source = R"(
        .ORIG x3000
        LD R0, ISR_ADDRESS
        STI R0, KEYBOARD_VECTOR     ; M[x0180] <- ISR
        LD R0, ENABLE
        STI R0, KBSR_ADDRESS        ; KBSR[14] <- 1
        AND R1, R1, #0
        ADD R1, R1, #7
        LD R7, MARK
        LEA R0, OUTER
        PUTS
        ST R0, SAVED_R0
        ST R1, SAVED_R1
        ST R7, SAVED_R7
        HALT
ISR     ADD R6, R6, #-1
        STR R0, R6, #0
        LDI R0, KBDR_ADDRESS        ; take the key
        LEA R0, INNER
        PUTS
        LDR R0, R6, #0
        ADD R6, R6, #1
        RTI
ISR_ADDRESS     .FILL ISR
KEYBOARD_VECTOR .FILL x0180
KBSR_ADDRESS    .FILL xFE00
KBDR_ADDRESS    .FILL xFE02
ENABLE          .FILL x4000
MARK            .FILL x1234
SAVED_R0        .FILL 0
SAVED_R1        .FILL 0
SAVED_R7        .FILL 0
OUTER   .STRINGZ "abcdefgh"
INNER   .STRINGZ "<k>"
        .END
)";
  auto m = load(source);
  // The program sets up the vector and KBSR, so it starts in supervisor mode.
  m->setStart(0x3000, Privilege::Supervisor);
  auto first = m->run({60});  // into the outer PUTS: a few characters printed
  ASSERT_EQ(first.reason, StopReason::InstructionLimit);
  const std::string before = m->output();
  ASSERT_GT(before.size(), 0u);
  ASSERT_LT(before.size(), 8u);
  m->feedInput("k");
  m->closeInput();
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Halted) << s.message;
  EXPECT_EQ(m->output(), before + "<k>" + std::string("abcdefgh").substr(before.size()));
  const uint16_t outer = static_cast<uint16_t>(*m->symbols().find("OUTER"));
  EXPECT_EQ(m->peek(*m->symbols().find("SAVED_R0")), outer);
  EXPECT_EQ(m->peek(*m->symbols().find("SAVED_R1")), 7u);
  EXPECT_EQ(m->peek(*m->symbols().find("SAVED_R7")), 0x1234u);
}

// lc3tools sets a program up at its first .ORIG: in user mode (PSR x8002) inside x3000-xFDFF,
// otherwise in supervisor mode (PSR x0002) with R6 = x3000, the supervisor stack.
TEST(Lc3CourseRules, ThePrivilegeAtTheStartFollowsTheFirstOrig) {
  for (Edition e : kBoth) {
    auto user = load(".ORIG x3000\nHALT\n.END\n.ORIG x1000\nHALT\n.END\n", e);
    EXPECT_EQ(user->programCounter(), 0x3000u);
    EXPECT_EQ(user->psr(), 0x8002);
    EXPECT_EQ(user->reg(6), 0u);

    auto system = load(".ORIG x1000\nHALT\n.END\n.ORIG x3000\nHALT\n.END\n", e);
    EXPECT_EQ(system->programCounter(), 0x1000u);
    EXPECT_EQ(system->psr(), 0x0002);
    EXPECT_EQ(system->reg(6), 0x3000u);
    EXPECT_EQ(system->run({}).reason, StopReason::Halted);

    // A first .ORIG x0000 does not move the start (lc3tools keeps its reset PC and boots into x3000).
    auto zero = load(".ORIG x0000\n.FILL 0\n.END\n.ORIG x4000\nHALT\n.END\n", e);
    EXPECT_EQ(zero->programCounter(), 0x3000u);
    EXPECT_EQ(zero->psr(), 0x8002);
  }
}

TEST(Lc3CourseRules, StartAddressAndPrivilegeCanBeChosen) {
  auto m = load(".ORIG x3000\nHALT\nTWO HALT\n.END\n");
  m->setStart(0x3001, Privilege::Supervisor);
  EXPECT_EQ(m->programCounter(), 0x3001u);
  EXPECT_EQ(m->psr(), 0x0002);
  EXPECT_EQ(m->reg(6), 0x3000u);
  m->setStart(0x3000, Privilege::User);
  EXPECT_EQ(m->psr(), 0x8002);
  // The 3rd edition's access control then applies: user code may not fetch from x1000.
  m->setStart(0x1000, Privilege::User);
  EXPECT_EQ(m->run({}).reason, StopReason::Exception);
}

// The boot code enters the program the same way: at x1000 with PSR x0002.
TEST(Lc3CourseRules, TheBootCodeEntersInTheSamePrivilege) {
  auto m = load(".ORIG x1000\nLD R0, ONE\nHALT\nONE .FILL 1\n.END\n", Edition::Third, true);
  EXPECT_EQ(m->programCounter(), 0x0200u);
  m->breakpoints().addExecute(0x1000);
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint) << s.message;
  EXPECT_EQ(m->programCounter(), 0x1000u);
  EXPECT_EQ(m->psr() & 0x8000, 0);
  EXPECT_EQ(m->reg(6), 0x3000u);
}
