// The program loader: detection, assembling, object files with symbols, bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace fs = std::filesystem;
using asmlab::Diagnostics;
using asmlab::sim::StopReason;
using asmlab::toolchain::loadProgram;
using asmlab::toolchain::LoadOptions;

namespace {
class LoaderTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asmlab_loader_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& bytes) {
    const auto path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  fs::path dir_;
};
const char* const kHello = ".ORIG x3000\nLEA R0, MSG\nPUTS\nHALT\nMSG .STRINGZ \"hey\"\n.END\n";
}  // namespace

TEST_F(LoaderTest, AssemblesAndRunsASource) {
  Diagnostics d;
  LoadOptions o;
  o.lc3HaltBanner = false;
  auto m = loadProgram({write("hello.asm", kHello)}, o, d);
  ASSERT_TRUE(m) << d.renderToString();
  EXPECT_EQ(m->architecture(), "lc3");
  EXPECT_EQ(m->programCounter(), 0x3000u);
  EXPECT_EQ(m->symbols().find("MSG"), 0x3003u);
  m->closeInput();
  EXPECT_EQ(m->run({}).reason, StopReason::Halted);
  EXPECT_EQ(m->output(), "hey");
}

TEST_F(LoaderTest, LoadsAnObjectFileWithItsSymbols) {
  Diagnostics d;
  auto assembly = asmlab::lc3::assembleText("hello.asm", kHello, d);
  ASSERT_FALSE(d.hasErrors());
  const auto obj = write("hello.obj", asmlab::lc3::writeObject(assembly.image));
  write("hello.sym", asmlab::lc3::writeSymbols(assembly.image));
  LoadOptions o;
  o.lc3HaltBanner = false;
  auto m = loadProgram({obj}, o, d);
  ASSERT_TRUE(m) << d.renderToString();
  EXPECT_EQ(m->symbols().find("msg"), 0x3003u);
  m->run({});
  EXPECT_EQ(m->output(), "hey");
}

TEST_F(LoaderTest, RejectsTruncatedAndForeignObjectFiles) {
  for (const std::string& bytes : {std::string("\x30\x00\xE0", 3), std::string("hello, I am text\n"), std::string()}) {
    Diagnostics d;
    auto m = loadProgram({write("bad.obj", bytes)}, {}, d);
    EXPECT_FALSE(m);
    ASSERT_TRUE(d.hasErrors());
    EXPECT_NE(d.all().front().message.find("bad.obj"), std::string::npos) << d.all().front().message;
  }
}

TEST_F(LoaderTest, ReportsAssemblyErrorsWithLocations) {
  Diagnostics d;
  auto m = loadProgram({write("oops.asm", ".ORIG x3000\nADDD R0, R0, #1\n.END\n")}, {}, d);
  EXPECT_FALSE(m);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_NE(d.renderToString().find("oops.asm:2:"), std::string::npos) << d.renderToString();
}

TEST_F(LoaderTest, MissingFileAndBadEdition) {
  Diagnostics d;
  EXPECT_FALSE(loadProgram({(dir_ / "nope.asm").string()}, {}, d));
  EXPECT_TRUE(d.hasErrors());
  Diagnostics e;
  LoadOptions o;
  o.lc3Edition = 4;
  EXPECT_FALSE(loadProgram({write("hello.asm", kHello)}, o, e));
  EXPECT_TRUE(e.hasErrors());
}

TEST_F(LoaderTest, DetectsArchitectures) {
  using asmlab::toolchain::Architecture;
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "  .orig x3000\n").architecture, Architecture::Lc3);
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "code segment\nassume cs:code\n").architecture, Architecture::X86);
  // emu8086's .COM template: no segment, ORG 100h.
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "#make_COM#\norg 100h\nmov ah, 9\nret\n").architecture,
            Architecture::X86);
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "org 100h\nret\n").architecture, Architecture::X86);
  // Words inside an LC-3 string are not read.
  EXPECT_EQ(
      asmlab::toolchain::detectFile("a.asm", ".orig x3000\nM .stringz \"the ORG and SEGMENT\"\n.end\n").architecture,
      Architecture::Lc3);
  // TASM's simplified directives without a dot (Turbo Assembler User's Guide): `asmlab asm` and
  // `asmlab run` read a source alike (both call sourceArchitecture).
  EXPECT_EQ(
      asmlab::toolchain::detectFile("a.asm", "MODEL small\nSTACK 128\nDATASEG\nx dw 0\nCODESEG\nEND\n").architecture,
      Architecture::X86);
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "IDEAL\nP8086\n").architecture, Architecture::X86);
  // With .ORIG it is LC-3 whatever labels it has (an LC-3 STACK or CONST label is common).
  EXPECT_EQ(asmlab::toolchain::detectFile("a.asm", "STACK .FILL x4000\n.ORIG x3000\nHALT\n.END\n").architecture,
            Architecture::Lc3);
  EXPECT_EQ(asmlab::toolchain::sourceArchitecture("; MODEL in a comment\nADD R1, R1, #1\n"), Architecture::Lc3);
  // After an 8086 directive only a written .ORIG counts, not one in a comment or a string.
  EXPECT_EQ(asmlab::toolchain::sourceArchitecture("ASSUME cs:c\n; unlike LC-3's .ORIG\nm db \"a .ORIG\"\n"),
            Architecture::X86);
  EXPECT_EQ(asmlab::toolchain::sourceArchitecture("ASSUME cs:c\n  .orig x3000\n"), Architecture::Lc3);
  // No directive at all, as 8086 lab programs for emu8086 and trainer kits are written: an 8086
  // register or MOV makes it 8086 code; LC-3 labels such as PUSH or LOOP do not.
  EXPECT_EQ(asmlab::toolchain::sourceArchitecture("MOV SI, 2000H\nMOV AL, [SI]\nHLT\n"), Architecture::X86);
  EXPECT_EQ(asmlab::toolchain::sourceArchitecture("LOOP ADD R1, R1, #-1\nPUSH STR R0, R6, #0\nRET\n"),
            Architecture::Lc3);
  // A MASM program's include files: only EQUs, only data, only macros, only INCLUDEs.
  for (const char* part : {"ROWS equ 25\nCOLS equ 80\n", "board db 9 dup (0)\nturn dw 1\n",
                           "WaitKey macro\n int 16h\nendm\n", "include base.inc\ninclude graph.inc\n"})
    EXPECT_EQ(asmlab::toolchain::sourceArchitecture(part), Architecture::X86) << part;
  EXPECT_EQ(asmlab::toolchain::detectFile("a.obj", std::string("\x30\x00\x12\x34", 4)).architecture, Architecture::Lc3);
  // OMF THEADR: x80, length 6, name length 4 "MAIN", checksum.
  EXPECT_EQ(asmlab::toolchain::detectFile("a.obj", std::string("\x80\x06\x00\x04MAIN\x00", 9)).architecture,
            Architecture::X86);
}

TEST_F(LoaderTest, EditionAndSeedReachTheMachine) {
  Diagnostics d;
  LoadOptions o;
  o.lc3Edition = 2;
  o.seed = 7;
  auto a = loadProgram({write("hello.asm", kHello)}, o, d);
  auto b = loadProgram({write("hello.asm", kHello)}, o, d);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->readRegister(3), b->readRegister(3));
  EXPECT_EQ(a->peek(0x5000), b->peek(0x5000));
  EXPECT_EQ(a->peek(0x3000), 0xE002u);  // LEA R0, MSG
  // 2nd edition: TRAP leaves the return address in R7.
  a->step();
  a->step();
  EXPECT_EQ(a->readRegister(7), 0x3002u);
}

// Every front end that loads through here (run, the grader, the debugger) lists at most
// LoadOptions::errorLimit errors (default 20) and counts the rest.
TEST_F(LoaderTest, ListsAtMostTheErrorLimit) {
  std::string source = ".ORIG x3000\n";
  for (int i = 0; i < 25; ++i) source += "BOGUS R1\n";
  const auto path = write("many.asm", source + "HALT\n.END\n");
  Diagnostics diagnostics;
  EXPECT_EQ(loadProgram({path}, LoadOptions{}, diagnostics), nullptr);
  EXPECT_EQ(diagnostics.errorCount(), 25u);
  EXPECT_EQ(diagnostics.all().size(), 20u);
  LoadOptions five;
  five.errorLimit = 5;
  Diagnostics fewer;
  EXPECT_EQ(loadProgram({path}, five, fewer), nullptr);
  EXPECT_EQ(fewer.all().size(), 5u);
}

// .bin and .hex errors are located like assembler errors (file:line:col with the line); the rules
// are the course converters': 16 binary digits a line, or one hexadecimal word a line.
TEST_F(LoaderTest, TextWordFilesReportEachBadLine) {
  Diagnostics d;
  const auto bin = write("bad.bin", "0011000000000000\n1111 0000 0010 010\n11110000001001012\n");
  EXPECT_FALSE(loadProgram({bin}, LoadOptions{}, d));
  ASSERT_EQ(d.errorCount(), 2u) << d.renderToString();
  EXPECT_EQ(d.all()[0].location.line, 2u);
  EXPECT_EQ(d.all()[0].message, "15 binary digits: each line of a .bin file is one word, exactly 16 digits of 0 and 1");
  EXPECT_EQ(d.all()[1].location.line, 3u);
  EXPECT_EQ(d.all()[1].location.column, 17u);
  EXPECT_EQ(d.all()[1].message, "'2' is not a binary digit: each line of a .bin file is one word, 16 digits of 0 and 1");

  Diagnostics h;
  const auto hex = write("bad.hex", "x3000\nF02G\nx10000\n");
  EXPECT_FALSE(loadProgram({hex}, LoadOptions{}, h));
  ASSERT_EQ(h.errorCount(), 2u) << h.renderToString();
  EXPECT_EQ(h.all()[0].message, "'G' is not a hexadecimal digit: each line of a .hex file is one word, such as x3000 or 1021");
  EXPECT_EQ(h.all()[1].message, "'x10000' does not fit in 16 bits (-x8000..xFFFF)");

  Diagnostics e;
  EXPECT_FALSE(loadProgram({write("empty.hex", "; nothing\n\n")}, LoadOptions{}, e));
  EXPECT_NE(e.renderToString().find("the .hex file holds no words"), std::string::npos) << e.renderToString();
}

TEST_F(LoaderTest, HexWordsMayBeNegativeOrLackTheX) {
  Diagnostics d;
  LoadOptions o;
  o.lc3HaltBanner = false;
  // x4000: origin; -1 is xFFFF; 0x0025 and F025 are both HALT's word.
  auto m = loadProgram({write("w.HEX", "x4000\n-1\n0x0025\nF025\n")}, o, d);
  ASSERT_TRUE(m) << d.renderToString();
  EXPECT_EQ(m->programCounter(), 0x4000u);
  EXPECT_EQ(m->peek(0x4000), 0xFFFFu);
  EXPECT_EQ(m->peek(0x4001), 0x0025u);
  EXPECT_EQ(m->peek(0x4002), 0xF025u);
}

TEST_F(LoaderTest, StartAddressAndPrivilegeOptions) {
  const auto path = write("two.asm", ".ORIG x3000\nHALT\nSECOND HALT\n.END\n");
  LoadOptions o;
  o.lc3Start = "second";  // labels in any case, as the assembler reads them
  o.lc3Privilege = "supervisor";
  Diagnostics d;
  auto m = loadProgram({path}, o, d);
  ASSERT_TRUE(m) << d.renderToString();
  EXPECT_EQ(m->programCounter(), 0x3001u);
  EXPECT_EQ(m->readRegister(9) & 0x8000, 0u);  // PSR: supervisor mode
  o.lc3Start = "x3000";
  o.lc3Privilege = "";
  m = loadProgram({path}, o, d);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->programCounter(), 0x3000u);
  EXPECT_EQ(m->readRegister(9), 0x8002u);
  o.lc3Start = "NOWHERE";
  Diagnostics bad;
  EXPECT_FALSE(loadProgram({path}, o, bad));
  EXPECT_NE(bad.renderToString().find("cannot start at 'NOWHERE'"), std::string::npos) << bad.renderToString();
}

// Interrupt assignments install vectors and put their service routines in system space (x0030,
// x0180, x1500, as the course simulator's own interrupt example does): loading them says nothing.
// A block over the operating system's routines, or in the device registers, is a located warning.
TEST_F(LoaderTest, OnlyBlocksOverTheOsOrTheDevicesAreWarnedOf) {
  const char* const kInterrupts =
      ".ORIG x0030\n.FILL x1500\n.END\n.ORIG x0180\n.FILL x1500\n.END\n"
      ".ORIG x1500\nRTI\n.END\n.ORIG x2000\nHALT\n.END\n";
  Diagnostics quiet;
  ASSERT_TRUE(loadProgram({write("isr.asm", kInterrupts)}, {}, quiet)) << quiet.renderToString();
  EXPECT_EQ(quiet.warningCount(), 0u) << quiet.renderToString();

  Diagnostics os;
  ASSERT_TRUE(loadProgram({write("os.asm", ".ORIG x3000\nHALT\n.END\n  .orig x0200\n.FILL #0\n.END\n")}, {}, os));
  ASSERT_EQ(os.warningCount(), 1u) << os.renderToString();
  const auto& warning = os.all().back();
  EXPECT_EQ(warning.location.line, 4u);
  EXPECT_EQ(warning.location.column, 3u);  // the .orig
  EXPECT_NE(warning.message.find("writes over the operating system at x0200-x0200 (OS_BOOT)"), std::string::npos)
      << warning.message;
  LoadOptions bare;
  bare.lc3OperatingSystem = false;
  Diagnostics noOs;
  ASSERT_TRUE(loadProgram({write("os.asm", ".ORIG x3000\nHALT\n.END\n.ORIG x0200\n.FILL #0\n.END\n")}, bare, noOs));
  EXPECT_EQ(noOs.warningCount(), 0u) << noOs.renderToString();

  Diagnostics devices;
  ASSERT_TRUE(loadProgram({write("dev.asm", ".ORIG xFDFF\n.FILL #1\n.FILL #2\n.END\n")}, {}, devices));
  ASSERT_EQ(devices.warningCount(), 1u) << devices.renderToString();
  EXPECT_EQ(devices.all().back().location.line, 1u);
  EXPECT_NE(devices.all().back().message.find("this block (xFDFF-xFE00) reaches the device registers"),
            std::string::npos)
      << devices.all().back().message;
}
