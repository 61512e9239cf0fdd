// `asmlab run` through the executable: verdicts, exit codes (docs/cli.md), output and JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <vector>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {
std::string hex(uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "%llX", static_cast<unsigned long long>(v));
  return text;
}
}  // namespace

namespace {
using asmlab::clitest::Result;

class RunCli : public asmlab::clitest::ScratchFolderTest {
protected:
  // `asmlab run ARGS` (already shell-quoted); `text` is stdout only.
  Result run(const std::string& args) { return asmlabStdout("run " + args); }
};

const char* const kEcho = R"(
        .ORIG x3000
LOOP    GETC
        ADD R1, R0, #-10   ; newline ends the program
        BRz DONE
        OUT
        BRnzp LOOP
DONE    HALT
        .END
)";
}  // namespace

TEST_F(RunCli, HaltedPrintsTheOutputAndExitsZero) {
  auto r = run(write("echo.asm", kEcho) + " --input 'hey\\n' --no-halt-banner");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.text, "hey\n");  // a final newline is added after output that lacks one
}

TEST_F(RunCli, WaitingForInputExitsFour) {
  auto r = run(write("echo.asm", kEcho) + " --input 'ab' --no-halt-banner");
  EXPECT_EQ(r.exit, 4);
}

TEST_F(RunCli, InfiniteLoopHitsTheInstructionLimit) {
  auto r = run(write("loop.asm", ".ORIG x3000\nL ADD R1, R1, #1\nBRnzp L\n.END\n") + " --max-instructions 5000 --json");
  EXPECT_EQ(r.exit, 3);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "instruction limit");
  EXPECT_EQ(j["instructions"], 5000);
  EXPECT_EQ(j["registers"]["R1"], 2500);
}

TEST_F(RunCli, WritingTheOsIsAnException) {
  auto r = run(write("bad.asm", ".ORIG x3000\nAND R0, R0, #0\nSTI R0, V\nHALT\nV .FILL x0025\n.END\n") + " --json");
  EXPECT_EQ(r.exit, 5);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "exception");
  EXPECT_EQ(j["message"], "access control violation: user-mode write of x0025 at x3001");
  EXPECT_EQ(j["address"], 0x3001);
}

// An access control violation names the option that runs the program as the 2nd edition's tools
// (which have none) do, unless an edition was chosen.
TEST_F(RunCli, AnAccessViolationNamesTheSecondEdition) {
  const auto program = write("low.asm", ".ORIG x3000\nLD R2, A\nHALT\nA .FILL x2FF0\n.END\n");
  const auto low = write("low2.asm", ".ORIG x3000\nLDI R2, A\nHALT\nA .FILL x2FF0\n.END\n");
  auto r = asmlab("run " + low);
  EXPECT_EQ(r.exit, 5) << r.text;
  EXPECT_NE(r.text.find("--edition 2, or `edition: 2` in asmlab.yaml"), std::string::npos) << r.text;
  r = asmlab("run --edition 3 " + low);
  EXPECT_EQ(r.text.find("--edition 2"), std::string::npos) << r.text;
  EXPECT_EQ(asmlab("run --edition 2 " + low).exit, 0);
  EXPECT_EQ(asmlab("run " + program).exit, 0);
}

TEST_F(RunCli, SecondEditionAllowsIt) {
  // The same program in the 2nd edition overwrites the HALT vector: HALT then jumps to x0000.
  auto r = run(write("bad.asm", ".ORIG x3000\nAND R0, R0, #0\nSTI R0, V\nHALT\nV .FILL x0025\n.END\n") +
               " --edition 2 --max-instructions 100000 --json");
  auto j = nlohmann::json::parse(r.text);
  EXPECT_NE(j["verdict"], "halted");
}

TEST_F(RunCli, BreakAtALabel) {
  auto r = run(write("echo.asm", kEcho) + " --input 'x\\n' --break DONE --json");
  EXPECT_EQ(r.exit, 6);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["address"], 0x3005);
  EXPECT_EQ(j["output"], "x");
}

TEST_F(RunCli, UsageAndLoadErrors) {
  EXPECT_EQ(run(write("echo.asm", kEcho) + " --break NOWHERE").exit, 2);
  EXPECT_EQ(run(write("echo.asm", kEcho) + " --edition 4").exit, 2);
  EXPECT_EQ(run(write("typo.asm", ".ORIG x3000\nADD R0, R0\n.END\n")).exit, 1);
  EXPECT_EQ(run(write("short.obj", std::string("\x30\x00\xF0", 3))).exit, 1);
  EXPECT_EQ(run(write("text.obj", "this is not an object file\n")).exit, 1);
}

TEST_F(RunCli, SeedMakesRunsReproducible) {
  const auto prog = write("r.asm", ".ORIG x3000\nHALT\n.END\n");
  auto a = nlohmann::json::parse(run(prog + " --seed 9 --json").text);
  auto b = nlohmann::json::parse(run(prog + " --seed 9 --json").text);
  auto c = nlohmann::json::parse(run(prog + " --seed 10 --json").text);
  EXPECT_EQ(a["registers"]["R3"], b["registers"]["R3"]);
  EXPECT_NE(a["registers"]["R3"], c["registers"]["R3"]);
  EXPECT_EQ(nlohmann::json::parse(run(prog + " --json").text)["registers"]["R3"], 0);
}

// --max-output is exact on both machines: the output holds exactly the limit's bytes, and the
// run stops there (exit 7), even when one DOS call asks for 32 KiB.
TEST_F(RunCli, OutputLimitIsExactOnTheLc3) {
  auto r = run(write("spam.asm", ".ORIG x3000\nLD R0, CH\nL OUT\nBRnzp L\nCH .FILL x41\n.END\n") + " --max-output 1000 --json");
  EXPECT_EQ(r.exit, 7);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "output limit");
  EXPECT_EQ(j["output"].get<std::string>(), std::string(1000, 'A'));
}

const char* const kDosSpam = R"(
        .model small
        .stack 100h
        .data
buf     db 32768 dup('A')
        .code
start:  mov ax, @data
        mov ds, ax
again:  mov ah, 40h
        mov bx, 1
        mov cx, 32768
        mov dx, offset buf
        int 21h
        jmp again
        end start
)";

TEST_F(RunCli, OutputLimitIsExactInsideOneDosWrite) {
  auto r = run(write("spam.asm", kDosSpam) + " --max-output 1000 --json");
  EXPECT_EQ(r.exit, 7);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "output limit");
  EXPECT_EQ(j["output"].get<std::string>(), std::string(1000, 'A'));
  // Stopped inside the first INT 21h: the program's six MOVs, the INT and the ROM gate's few.
  EXPECT_LT(j["instructions"].get<uint64_t>(), 20u);
}

TEST_F(RunCli, OutputLimitOfADosStringWrite) {
  auto r = run(write("dollar.asm", R"(
        .model small
        .stack 100h
        .data
msg     db 'Hello, world', 13, 10, '$'
        .code
start:  mov ax, @data
        mov ds, ax
        mov ah, 9
        mov dx, offset msg
        int 21h
        mov ax, 4C00h
        int 21h
        end start
)") + " --max-output 5 --json");
  EXPECT_EQ(r.exit, 7);
  EXPECT_EQ(nlohmann::json::parse(r.text)["output"], "Hello");
}

// The video BIOS's characters count toward --max-output too (docs/pc-platform.md, "Output"): the
// screen holds exactly the limit's characters and the verdict is the output limit.
namespace {
size_t countOf(const std::string& text, char c) { return static_cast<size_t>(std::count(text.begin(), text.end(), c)); }
}  // namespace

TEST_F(RunCli, OutputLimitOfBiosTeletype) {
  auto r = run(write("tty.asm", R"(
        .model small
        .stack 100h
        .code
start:  mov ax, 0E41h      ; INT 10h AH=0Eh: teletype 'A'
        int 10h
        jmp start
        end start
)") + " --max-output 300 --json");
  EXPECT_EQ(r.exit, 7);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "output limit");
  EXPECT_EQ(j["output"], "");  // the screen's, not DOS's: a redirected program's file would not hold them
  EXPECT_EQ(countOf(j["screen_text"].get<std::string>(), 'A'), 300u);
}

TEST_F(RunCli, OutputLimitInsideABiosWriteString) {
  auto r = run(write("str.asm", R"(
        .model small
        .stack 100h
        .data
msg     db 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
        .code
start:  mov ax, @data
        mov ds, ax
        mov es, ax
        mov ax, 1301h      ; INT 10h AH=13h: write string ES:BP, CX characters, attribute BL
        mov bx, 0007h
        mov cx, 26
        mov dx, 0000h
        mov bp, offset msg
        int 10h
        mov ax, 0E2Ah      ; never reached: the limit stops the run inside the call above
        int 10h
        mov ax, 4C00h
        int 21h
        end start
)") + " --max-output 5 --json");
  EXPECT_EQ(r.exit, 7);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "output limit");
  const auto screen = j["screen_text"].get<std::string>();
  EXPECT_EQ(screen.substr(0, 6), "ABCDE\n");  // the first row, its trailing blanks trimmed
  EXPECT_EQ(screen.find_first_of("F*"), std::string::npos);
}

TEST_F(RunCli, OutputLimitIsExactInsideLc3Puts) {
  auto r = run(write("puts.asm", ".ORIG x3000\nL LEA R0, MSG\nPUTS\nBRnzp L\nMSG .STRINGZ \"HELLO\"\n.END\n") +
               " --max-output 12 --json");
  EXPECT_EQ(r.exit, 7);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "output limit");
  EXPECT_EQ(j["output"].get<std::string>(), "HELLOHELLOHE");
}

// The program's asmlab.yaml is read: a 2nd-edition program runs as the course built it.
TEST_F(RunCli, TheProgramsSpecChoosesTheEdition) {
  const auto program = write("bad.asm", ".ORIG x3000\nAND R0, R0, #0\nSTI R0, V\nHALT\nV .FILL x0025\n.END\n");
  EXPECT_EQ(run(program + " --json").exit, 5);  // 3rd edition: an access control violation
  write("asmlab.yaml", "machine: lc3\nbuild:\n  submission: bad.asm\n  edition: 2\n");
  auto j = nlohmann::json::parse(run(program + " --max-instructions 100000 --json").text);
  // The 2nd edition lets the STI replace the HALT vector: the program reaches its HALT (x3002).
  EXPECT_EQ(j["message"].get<std::string>().find("access control violation"), std::string::npos) << j["message"];
  EXPECT_EQ(j["address"], 0x3002);
  EXPECT_EQ(run(program + " --edition 3 --json").exit, 5);  // the command line still wins
}

// A .386 source runs on a CPU that has MOVZX (0F B6 /r, Intel 80386 manual): on an 8086, 0Fh
// is POP CS and the program goes astray.
TEST_F(RunCli, A386SourceRunsOnA386) {
  const auto program = write("p386.asm", R"(
        .model small
        .386
        .stack 100h
        .code
start:  mov bl, 200
        movzx ax, bl
        mov ah, 4Ch
        int 21h
        end start
)");
  auto j = nlohmann::json::parse(run(program + " --json").text);
  EXPECT_EQ(j["verdict"], "halted");
  EXPECT_EQ(j["exit_status"], 200);
}

const char* const kDosHello = R"(
        .model small
        .stack 100h
        .data
msg     db 'hi$'
        .code
start:  mov ax, @data
        mov ds, ax
again:  mov ah, 9
        mov dx, offset msg
        int 21h
        mov ax, 4C00h
        int 21h
        end start
)";

// --break takes any label of an 8086 source (not only PUBLIC ones, in any case) and SEG:OFF.
TEST_F(RunCli, BreakAtAn8086LabelOrSegmentOffset) {
  const auto program = write("hello.asm", kDosHello);
  auto r = run(program + " --break again --json");
  EXPECT_EQ(r.exit, 6);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["location"], "AGAIN");
  const uint64_t again = j["address"];
  // The same place as SEG:OFF. One instruction after START (MOV AX, imm16: 3 bytes) IP is at
  // MOV DS, AX (2 bytes), and AGAIN follows it (Intel 8086 manual, table 4-13).
  auto first = nlohmann::json::parse(run(program + " --max-instructions 1 --json").text);
  const uint64_t cs = first["registers"]["CS"], ip = first["registers"]["IP"];
  EXPECT_EQ(again, cs * 16 + ip + 2);
  r = run(program + " --break " + hex(cs) + ":" + hex(ip + 2) + " --json");
  EXPECT_EQ(r.exit, 6);
  EXPECT_EQ(nlohmann::json::parse(r.text)["address"], again);
  EXPECT_EQ(run(program + " --break 12345:0").exit, 2);
  EXPECT_EQ(run(program + " --break agian").exit, 2);
  // The entry label stops the run before its first instruction, as on the LC-3.
  r = run(program + " --break start --json");
  EXPECT_EQ(r.exit, 6);
  j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["location"], "START");
  EXPECT_EQ(j["instructions"], 0);
}

// A program whose output all went through the video BIOS prints nothing on stdout (what DOS would
// write to a redirected file); the run says where it went instead of leaving the user with nothing.
TEST_F(RunCli, ScreenOnlyOutputIsPointedOut) {
  const auto tty = write("tty.asm", "org 100h\nmov ax, 0E41h\nint 10h\nret\n");
  auto r = asmlabStderr("run " + tty);
  EXPECT_EQ(r.exit, 0);
  EXPECT_NE(r.text.find("asmlab: the program wrote to the screen (the video BIOS), not through DOS: --screen-text"),
            std::string::npos)
      << r.text;
  EXPECT_EQ(asmlabStderr("run " + tty + " --screen-text").text.find("--screen-text prints"), std::string::npos);
  EXPECT_EQ(asmlabStderr("run " + write("hello.asm", kDosHello)).text.find("video BIOS"), std::string::npos);
}

// The trace names CS:IP and every byte of each instruction (the encodings of the Intel 8086
// manual's table 4-13), and the clocks each took, as the machine counts them.
TEST_F(RunCli, The8086TraceShowsEveryByteAndTheClocks) {
  const auto program = write("hello.asm", kDosHello);
  const auto tracePath = (dir_ / "trace.txt").string();
  ASSERT_EQ(run(program + " --trace-file " + tracePath).exit, 0);
  std::ifstream in(tracePath);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_GE(lines.size(), 5u);
  const std::regex shape(R"(^ *(\d+)  ([0-9A-F]{4}):([0-9A-F]{4})  ((?:[0-9A-F]{2} )*[0-9A-F]{2}) +(.+?) +(\d+)((?: [A-Z]+=[0-9A-F]+)*)$)");
  std::vector<std::smatch> m(5);
  for (size_t i = 0; i < 5; ++i) ASSERT_TRUE(std::regex_match(lines[i], m[i], shape)) << lines[i];
  EXPECT_EQ(m[0][4].str().substr(0, 2), "B8");  // mov ax, imm16: B8 and two bytes
  EXPECT_EQ(m[0][4].str().size(), 8u);
  EXPECT_EQ(m[1][4], "8E D8");                   // mov ds, ax
  EXPECT_EQ(m[2][4], "B4 09");                   // mov ah, 9
  EXPECT_EQ(m[3][4].str().substr(0, 2), "BA");  // mov dx, imm16
  EXPECT_EQ(m[4][4], "CD 21");                   // int 21h
  EXPECT_EQ(m[1][5], "mov ds, ax");
  EXPECT_EQ(std::stoul(m[2][3], nullptr, 16), std::stoul(m[0][3], nullptr, 16) + 5);  // AGAIN: 3 + 2 bytes on
  // Each line's clocks are the machine's: the difference of its clock count one instruction apart.
  uint64_t before = 0;
  for (size_t i = 0; i < 5; ++i) {
    auto j = nlohmann::json::parse(run(program + " --max-instructions " + std::to_string(i + 1) + " --json").text);
    const uint64_t clocks = j["clocks"];
    EXPECT_EQ(std::stoull(m[i][6].str()), clocks - before) << lines[i];
    before = clocks;
  }
}

// --trace cycles (cycle model): under each instruction, one line per clock it took, numbered on
// from the clock before, each with a T-state (8086 data sheet: T1-T4, Tw, Ti) and, on T1, the bus
// status and a 20-bit address. Without --timing cycle there are no clocks to show.
TEST_F(RunCli, TheCycleTraceShowsEveryClockUnderItsInstruction) {
  const auto program = write("hello.asm", kDosHello);
  EXPECT_EQ(run(program + " --trace cycles").exit, 2);
  const auto tracePath = (dir_ / "cycles.txt").string();
  auto r = run(program + " --timing cycle --trace cycles --trace-file " + tracePath + " --json");
  ASSERT_EQ(r.exit, 0);
  const uint64_t total = nlohmann::json::parse(r.text)["clocks"];
  std::ifstream in(tracePath);
  const std::regex instruction(R"(^ *\d+  [0-9A-F]{4}:[0-9A-F]{4}  .* (\d+)(?: [A-Z]+=[0-9A-F]+)*$)");
  const std::regex clock(R"(^ +(\d+)  (Ti|T1|T2|T3|T4|Tw) +(CODE|MEMR|MEMW|IOR |IOW |INTA|HALT)?.*q=\d+(  DMA)?$)");
  uint64_t announced = 0, counted = 0, lastClock = 0, instructions = 0, t1 = 0;
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, m, clock)) {
      const uint64_t n = std::stoull(m[1].str());
      if (lastClock != 0) {
        EXPECT_EQ(n, lastClock + 1) << line;
      }
      lastClock = n;
      ++counted;
      if (m[2] == "T1") {
        ++t1;
        EXPECT_TRUE(m[3].matched) << line;
      }
    } else if (std::regex_match(line, m, instruction)) {
      if (instructions++ != 0) {
        EXPECT_EQ(counted, announced) << "before " << line;
      }
      announced = std::stoull(m[1].str());
      counted = 0;
    } else {
      ADD_FAILURE() << "unexpected trace line: " << line;
    }
  }
  EXPECT_EQ(counted, announced);
  EXPECT_GT(instructions, 5u);
  EXPECT_GT(t1, 0u);
  EXPECT_EQ(lastClock, total);
}

// An emu8086 program as its users write it: no segments, `include 'emu8086.inc'` (asmlab's own, found
// in the bundled runtime folder with no set-up), its macros and DEFINE_ procedures, a bare END.
// What it prints goes through the video BIOS, so it is checked on the screen.
TEST_F(RunCli, AnEmu8086ProgramWithItsLibraryRuns) {
  const auto program = write("sum.asm", R"(#make_COM#
include 'emu8086.inc'
org 100h
        PRINT 'a: '
        CALL SCAN_NUM
        MOV BX, CX
        PRINTN
        PRINT 'b: '
        CALL SCAN_NUM
        PRINTN
        ADD BX, CX
        MOV AX, BX
        PRINT 'sum = '
        CALL PRINT_NUM
        RET
DEFINE_SCAN_NUM
DEFINE_PRINT_NUM
DEFINE_PRINT_NUM_UNS
END
)");
  const auto keys = write("keys.txt", "text \"-70\\n\"\ntext \"2x5\\b8\\n\"\n");
  auto r = run(program + " --keys " + keys + " --json");
  ASSERT_EQ(r.exit, 0) << r.text;
  const auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["output"], "");
  const std::string screen = j["screen_text"];
  EXPECT_EQ(screen.substr(0, screen.find("\n\n\n")), "a: -70\nb: 28\nsum = -42") << screen;
  // DEFINE_ written where the program runs, before its code, as students write it: jumped over.
  const auto top = write("top.asm",
                         "org 100h\ninclude 'emu8086.inc'\nDEFINE_PRINT_NUM_UNS\n mov ax, 65535\n"
                         " call PRINT_NUM_UNS\n ret\nend\n");
  r = run(top + " --json");
  ASSERT_EQ(r.exit, 0) << r.text;
  const std::string topScreen = nlohmann::json::parse(r.text)["screen_text"];
  EXPECT_EQ(topScreen.substr(0, topScreen.find('\n')), "65535") << topScreen;
}

// emu8086 stops at HLT. A program of its shape that ends there must not run on into the procedure
// after it (which would wait for a key) as a PC does after the next timer tick.
TEST_F(RunCli, AnEmu8086ProgramEndsAtHlt) {
  const auto program = write("hlt.asm",
                             "org 100h\n mov ah, 9\n mov dx, offset msg\n int 21h\n hlt\nmsg db 'done$'\n"
                             "key proc\n mov ah, 1\n int 21h\n ret\nkey endp\n");
  auto r = run(program + " --json");
  ASSERT_EQ(r.exit, 0) << r.text;
  const auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["verdict"], "halted") << r.text;
  EXPECT_EQ(j["output"], "done");
  // The same code in segments of its own, with an ASSUME: a PC program, which runs on past HLT.
  const auto pc = write("pc.asm",
                        "c segment\nassume cs:c, ds:c\ns: mov ax, c\n mov ds, ax\n mov ah, 9\n mov dx, offset msg\n"
                        " int 21h\n hlt\n mov ah, 1\n int 21h\n ret\nmsg db 'done$'\nc ends\nend s\n");
  r = run(pc + " --json");
  EXPECT_EQ(nlohmann::json::parse(r.text)["verdict"], "waiting for input") << r.text;
}

// A TINY-model program that loads DS with @data and has no ORG 100h cannot be a .COM (TLINK /t
// refuses it); TLINK without /t links it as an .EXE, which runs. So does asmlab, with a warning,
// unless a .COM is asked for. One that loads no segment stays a .COM error (ORG 100h is missing).
TEST_F(RunCli, ATinyProgramThatLoadsItsSegmentsLinksAsAnExe) {
  const auto program = write("t.asm",
                             ".model tiny\n.data\nmsg db 'hi$'\n.code\ns: mov ax, @data\n mov ds, ax\n"
                             " mov dx, offset msg\n mov ah, 9\n int 21h\n mov ax, 4C00h\n int 21h\nend s\n");
  auto r = run(program);
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.text, "hi\n");
  auto built = asmlab("build " + program);
  EXPECT_EQ(built.exit, 0) << built.text;
  EXPECT_NE(built.text.find("linked as an .EXE, as TLINK does without /t"), std::string::npos) << built.text;
  EXPECT_EQ(read(dir_ / "t.exe").substr(0, 2), "MZ");
  EXPECT_FALSE(std::filesystem::exists(dir_ / "t.com"));
  auto com = asmlab("build " + program + " -o t2.com");
  EXPECT_EQ(com.exit, 1);
  EXPECT_NE(com.text.find("cannot have segment relocations"), std::string::npos) << com.text;
  const auto data = write("d.asm",
                          ".model tiny\n.data\nmsg db 'hi$'\n.code\ns: mov dx, offset msg\n mov ah, 9\n"
                          " int 21h\n ret\nend s\n");
  auto noOrg = asmlab("build " + data);
  EXPECT_EQ(noOrg.exit, 1);
  EXPECT_NE(noOrg.text.find("must start at offset 100h"), std::string::npos) << noOrg.text;
  // A .COM program written to a .exe name: its image, and a note that says so.
  const auto com100 = write("c.asm", ".model tiny\n.code\norg 100h\ns: ret\nend s\n");
  auto named = asmlab("build " + com100 + " -o c.exe");
  EXPECT_EQ(named.exit, 0) << named.text;
  EXPECT_EQ(read(dir_ / "c.exe"), "\xC3");
  EXPECT_NE(named.text.find("c.exe holds a .COM image"), std::string::npos) << named.text;
}

// --keys on the LC-3: the PC's script format, each key typed as its character at its clock or when
// the program waits. The polling loop below takes 9 + 40n clocks after n rounds in the 2nd edition
// (docs/lc3-simulator.md, "Clocks", M = 5: AND and ADD 4+M, LDI 6+3M, BRzp taken 5+M), so a key at
// clock C is seen in round ceil((C - 9) / 40) + 1, which R2 counts.
TEST_F(RunCli, AnLc3KeyScriptTypesAtItsClockOrWhenTheProgramWaits) {
  const std::string poll = write("poll.asm", R"(
        .ORIG x3000
        AND R2, R2, #0
POLL    ADD R2, R2, #1
        LDI R0, KBSR
        BRzp POLL
        LDI R0, KBDR
        OUT
        HALT
KBSR    .FILL xFE00
KBDR    .FILL xFE02
        .END
)");
  for (const auto& [clock, rounds] : {std::pair{20000, 501}, std::pair{40000, 1001}}) {
    const std::string keys = write("timed.txt", "@" + std::to_string(clock) + " key q\n");
    auto r = run(poll + " --edition 2 --no-halt-banner --json --keys " + keys);
    ASSERT_EQ(r.exit, 0) << r.text;
    auto j = nlohmann::json::parse(r.text);
    EXPECT_EQ(j["output"], "q");
    EXPECT_EQ(j["registers"]["R2"], rounds) << "key at clock " << clock;
  }
  // Keys without a clock are typed one at a time as GETC waits; Enter types a line feed.
  const std::string keys = write("waits.txt", "text \"hey\"  # each character when asked\nkey Enter\n");
  auto echo = run(write("echo.asm", kEcho) + " --no-halt-banner --keys " + keys);
  EXPECT_EQ(echo.exit, 0);
  EXPECT_EQ(echo.text, "hey\n");
  // What the LC-3's keyboard cannot type is a located error.
  auto f1 = asmlab("run " + write("echo.asm", kEcho) + " --keys " + write("f1.txt", "key a\nkey F1\n"));
  EXPECT_EQ(f1.exit, 2);
  EXPECT_NE(f1.text.find("f1.txt:2: error: this key types no character on the LC-3's keyboard"), std::string::npos)
      << f1.text;
  auto mouse = asmlab("run " + write("echo.asm", kEcho) + " --keys " + write("m.txt", "click\n"));
  EXPECT_NE(mouse.text.find("m.txt:1: error: the LC-3 has no mouse"), std::string::npos) << mouse.text;
}
