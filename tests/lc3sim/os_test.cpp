// The operating system's service routines and exception handlers, through programs assembled by
// the lc3-asm assembler and run on the machine with the built-in OS of each edition.
#include <gtest/gtest.h>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3sim/os.hpp"
#include "encode.hpp"

using namespace lc3test;
using asmlab::sim::StopReason;

namespace {
std::unique_ptr<Lc3Machine> withOs(const std::string& source, Edition e = Edition::Third, bool banner = false) {
  asmlab::Diagnostics diagnostics;
  asmlab::lc3::AssembleOptions ao;
  ao.warnUnusedLabels = false;
  ao.warnFallIntoData = false;
  auto assembly = asmlab::lc3::assembleText("test.asm", source, diagnostics, ao);
  EXPECT_FALSE(diagnostics.hasErrors()) << diagnostics.renderToString();
  asmlab::lc3sim::Options o = testOptions(e);
  o.operatingSystem = &asmlab::lc3sim::builtinOperatingSystem(e);
  o.haltBanner = banner;
  auto m = std::make_unique<Lc3Machine>(o);
  m->loadProgram(assembly.image);
  return m;
}
const Edition kBoth[] = {Edition::Second, Edition::Third};
}  // namespace

TEST(Lc3Os, PutsOutGetcAndHalt) {
  for (Edition e : kBoth) {
    auto m = withOs(R"(
        .ORIG x3000
        LEA R0, MSG
        PUTS
        GETC
        ADD R0, R0, #1
        OUT
        HALT
MSG     .STRINGZ "ok:"
        .END
)", e);
    m->feedInput("a");
    m->closeInput();
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Halted);
    EXPECT_EQ(m->output(), "ok:b");
  }
}

TEST(Lc3Os, TrapsPreserveRegistersOtherThanR0) {
  for (Edition e : kBoth) {
    auto m = withOs(R"(
        .ORIG x3000
        LEA R0, MSG
        PUTSP
        LEA R0, MSG
        PUTS
        OUT
        HALT
MSG     .FILL x6968   ; "hi" packed: 'h' low, 'i' high
        .FILL x0021   ; "!" and a zero high byte
        .FILL #0
        .END
)", e);
    for (int r = 1; r < 6; ++r) m->writeRegister(r, 0x1110 + r);
    m->closeInput();
    m->breakpoints().addExecute(0x3005);  // the HALT, which never returns
    EXPECT_EQ(m->run({}).reason, StopReason::Breakpoint);
    // PUTS shows the low byte of each word ('h', '!'); OUT then prints R0 = MSG = x3006 (x06).
    EXPECT_EQ(m->output(), std::string("hi!h!\x06"));
    for (int r = 1; r < 6; ++r) EXPECT_EQ(m->reg(r), 0x1110 + r) << "R" << r << " edition " << int(e);
  }
}

TEST(Lc3Os, InPromptsEchoesAndReturnsTheKey) {
  auto m = withOs(R"(
        .ORIG x3000
        IN
        ST R0, KEY
        HALT
KEY     .BLKW 1
        .END
)");
  m->feedInput("q");
  m->closeInput();
  EXPECT_EQ(m->run({}).reason, StopReason::Halted);
  EXPECT_EQ(m->peek(0x3003), 'q');
  // The course simulator's prompt (lc3tools' OS, as the textbook's), so transcripts match its.
  EXPECT_EQ(m->output(), "\nInput a character> q\n");
}

TEST(Lc3Os, HaltBannerOnRequest) {
  auto m = withOs(".ORIG x3000\nHALT\n.END\n", Edition::Third, true);
  m->run({});
  EXPECT_EQ(m->output(), "\n\n--- Halting the LC-3 ---\n\n");  // the course simulator's banner
}

TEST(Lc3Os, GetcWithNoInputLeftWaits) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nGETC\nGETC\nHALT\n.END\n", e);
    m->feedInput("x");
    m->closeInput();
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::WaitingForInput);
    EXPECT_LT(m->instructionCount(), 200u) << "detected without spinning to the limit";
  }
}

TEST(Lc3Os, IllegalOpcodeHandlerPrintsAndStops) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nADD R0, R0, #1\n.FILL xD123\nHALT\n.END\n", e);
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Exception);
    EXPECT_EQ(s.message, "illegal opcode xD123 at x3001");
    EXPECT_EQ(s.address, 0x3001u);
    EXPECT_EQ(m->output(), "\n--- Illegal opcode xD123 at x3001 ---\n");
  }
}

TEST(Lc3Os, PrivilegeViolationHandler) {
  auto m = withOs(".ORIG x3000\nRTI\n.END\n");
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(m->output(), "\n--- Privilege mode violation: RTI in user mode at x3000 ---\n");
}

TEST(Lc3Os, WritingTheOsOrDevicesIsAnAccessViolation) {
  auto os = withOs(".ORIG x3000\nSTI R0, P\nHALT\nP .FILL x0020\n.END\n");
  auto s = os->run({});
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(s.message, "access control violation: user-mode write of x0020 at x3000");
  EXPECT_EQ(os->output(),
            "\n--- Access control violation: user-mode access to system space or a device register at x3000 ---\n");
  EXPECT_NE(os->peek(0x0020), 0u) << "the trap vector survived";
  auto dev = withOs(".ORIG x3000\nLDI R0, P\nHALT\nP .FILL xFE00\n.END\n");
  EXPECT_EQ(dev->run({}).reason, StopReason::Exception);
}

TEST(Lc3Os, UnknownTrapIsAnException) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nTRAP x40\nHALT\n.END\n", e);
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Exception);
    EXPECT_EQ(s.message, "TRAP x40 has no service routine (at x3000)");
    EXPECT_EQ(m->output(), "\n--- No service routine for the TRAP instruction xF040 at x3000 ---\n");
  }
}

TEST(Lc3Os, BootCodeEntersTheProgramInUserMode) {
  asmlab::Diagnostics d;
  auto assembly = asmlab::lc3::assembleText("t.asm", ".ORIG x4000\nADD R3, R3, #3\nHALT\n.END\n", d);
  asmlab::lc3sim::Options o = testOptions();
  o.operatingSystem = &asmlab::lc3sim::builtinOperatingSystem(Edition::Third);
  o.runBootCode = true;
  o.haltBanner = false;
  Lc3Machine m(o);
  m.loadProgram(assembly.image);
  EXPECT_EQ(m.programCounter(), 0x0200u);
  EXPECT_FALSE(m.userMode());
  m.breakpoints().addExecute(0x4000);
  EXPECT_EQ(m.run({}).reason, StopReason::Breakpoint);
  EXPECT_TRUE(m.userMode());
  EXPECT_EQ(m.psr(), 0x8002);
  EXPECT_EQ(m.savedSsp(), 0x3000);
  EXPECT_EQ(m.run({}).reason, StopReason::Halted);
  EXPECT_EQ(m.reg(3), 3);
}

TEST(Lc3Os, StepOverATrapRunsTheServiceRoutine) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nLEA R0, S\nPUTS\nHALT\nS .STRINGZ \"abc\"\n.END\n", e);
    m->step();
    auto s = m->stepOver({});
    EXPECT_EQ(s.reason, StopReason::Step);
    EXPECT_EQ(m->programCounter(), 0x3002u);
    EXPECT_EQ(m->output(), "abc");
    EXPECT_TRUE(m->userMode());
  }
}

TEST(Lc3Os, TrapBreakpointStopsInTheServiceRoutine) {
  auto m = withOs(".ORIG x3000\nLEA R0, S\nPUTS\nPUTS\nHALT\nS .STRINGZ \"ab\"\n.END\n");
  m->breakpoints().addInterrupt(0x22);
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(s.message, "TRAP x22 at x3001");
  EXPECT_EQ(m->programCounter(), m->peek(0x0022));
  EXPECT_EQ(m->output(), "");
  s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(s.message, "TRAP x22 at x3002");
  EXPECT_EQ(m->output(), "ab");
  EXPECT_EQ(m->run({}).reason, StopReason::Halted);
  EXPECT_EQ(m->output(), "abab");
}

// OUT polls DSR and writes DDR from supervisor mode; watchpoints on those registers must still
// fire (the run loop has a shortcut for both that applies only when nothing watches them).
TEST(Lc3Os, WatchpointsOnTheDisplayRegistersFireInsideOut) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nLD R0, CH\nOUT\nOUT\nHALT\nCH .FILL x41\n.END\n", e);
    m->breakpoints().addWatch(0xFE06, 1, asmlab::sim::WatchKind::Write);
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Watchpoint);
    EXPECT_EQ(m->output(), "A");  // the write completes, then the run stops
    EXPECT_NE(s.message.find("write of x0041 to xFE06"), std::string::npos) << s.message;
    s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Watchpoint);
    EXPECT_EQ(m->output(), "AA");
    EXPECT_EQ(m->run({}).reason, StopReason::Halted);

    auto r = withOs(".ORIG x3000\nLD R0, CH\nOUT\nHALT\nCH .FILL x41\n.END\n", e);
    r->breakpoints().addWatch(0xFE04, 1, asmlab::sim::WatchKind::Read);
    s = r->run({});
    EXPECT_EQ(s.reason, StopReason::Watchpoint);
    EXPECT_EQ(r->output(), "");  // OUT polls DSR before it writes DDR
    EXPECT_NE(s.message.find("read of xFE04"), std::string::npos) << s.message;
    EXPECT_EQ(r->run({}).reason, StopReason::Halted);
    EXPECT_EQ(r->output(), "A");
  }
}

// The output limit stops the run at the DDR write that reaches it, inside OUT as elsewhere.
TEST(Lc3Os, OutputLimitStopsInsideOut) {
  for (Edition e : kBoth) {
    auto m = withOs(".ORIG x3000\nLD R0, CH\nLOOP OUT\nBRnzp LOOP\nCH .FILL x2A\n.END\n", e);
    asmlab::sim::RunLimits lim;
    lim.maxOutputBytes = 3;
    EXPECT_EQ(m->run(lim).reason, StopReason::OutputLimit);
    EXPECT_EQ(m->output(), "***");
  }
}
