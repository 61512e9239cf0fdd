// The grader on the real 8086 PC (MASM/TASM assembler, linker, DOS loader, devices): every check
// kind on small programs whose results are hand-computed, the build keys (cpu, dialect, search
// folders), seeded randomisation and register values given as label expressions.
#include <png.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asmlab/grader/report.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

SubmissionResult gradePc(const std::string& yaml, const std::string& source, const TempDir& dir,
                         const std::string& file = "prog.asm") {
  Spec spec = specFrom(yaml, dir.path());
  auto path = dir.write("student/" + file, source);
  return gradeSubmission(spec, path.parent_path(), defaultBuilder("pc"), {});
}

SubmissionResult gradePc(const std::string& yaml, const std::string& source) {
  TempDir dir;
  return gradePc(yaml, source, dir);
}

const char* kHeader = "machine: pc\nbuild: {submission: prog.asm}\n";

// Writes "Hi" through DOS, sounds 440 Hz on the speaker (PIT channel 2 divisor 1193182/440 =
// 2712), then waits for a key (INT 16h 00h) and exits with its ASCII code as the DOS exit code.
const char* kConsole = R"(
        .MODEL  SMALL
        .STACK  100h
        .DATA
msg     DB      'Hi$'
        .CODE
start:  mov     ax, @data
        mov     ds, ax
        mov     ah, 9
        mov     dx, OFFSET msg
        int     21h
        mov     al, 0B6h
        out     43h, al
        mov     ax, 2712
        out     42h, al
        mov     al, ah
        out     42h, al
        in      al, 61h
        or      al, 3
        out     61h, al
        mov     cx, 2000
pause:  loop    pause
        in      al, 61h
        and     al, 0FCh
        out     61h, al
        mov     ah, 0
        int     16h
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(PcGrading, ScreenSpeakerKeyAndExitCode) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: console
    input: "k"
    checks:
      - output: {equals: "Hi"}
      - screen: {row: 0, col: 0, rows: 1, cols: 10, text: "Hi"}
      - screen: {row: 0, col: 0, rows: 2, cols: 80, regex: "^Hi\\n$"}
      - speaker: {notes: [440], tolerance_hz: 1}
      - exit_code: 107
      - stop: halted
      # 2,000 LOOPs of 17 clocks each on the 8086 (the last one 5), and a few more instructions.
      - clocks: {min: 34000, max: 2000000}
      - instructions: {min: 2000, max: 2100}
  - name: wrong expectations fail with reasons
    input: "k"
    checks:
      - screen: {row: 0, col: 0, rows: 1, cols: 10, text: "Ho"}
      - speaker: {notes: [880]}
      - exit_code: 0
)",
                   kConsole);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  const auto& bad = r.tests.at(1);
  EXPECT_EQ(bad.score, 0) << renderText(r);
  ASSERT_EQ(bad.checks.size(), 3u);
  EXPECT_NE(bad.checks[0].message.find("expected \"Ho\", shows \"Hi\""), std::string::npos) << bad.checks[0].message;
  EXPECT_NE(bad.checks[1].message.find("880"), std::string::npos) << bad.checks[1].message;
  EXPECT_NE(bad.checks[2].message.find("107"), std::string::npos) << bad.checks[2].message;
}

// A submission that asks for what the PC lacks (the monochrome mode 07h, INT 21h function 5Ah)
// gets a note in its result and in the report, so that staff see why its screen stayed blank.
TEST(PcGrading, WhatTheProgramDidNotGetIsNoted) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: mono
    checks:
      - exit_code: 3
)",
                   R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  mov     ax, 0007h
        int     10h
        mov     ah, 5Ah
        int     21h
        mov     ax, 4C03h
        int     21h
        END     start
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.status, "passed") << renderText(r);
  ASSERT_EQ(t.notes.size(), 2u) << renderText(r);
  EXPECT_NE(t.notes[0].find("video mode 07h"), std::string::npos) << t.notes[0];
  EXPECT_EQ(submissionFromJson(toJson(r)).tests.at(0).notes, t.notes);
}

// emu8086's traffic lights (its help, "I/O ports": port 4, a word, 12 lamp bits): the states a
// program sends there, each `OUT 4, AX` once, the same state again counted once, `OUT 4, AL` the
// low byte alone; the program loops on until the instruction limit, so the values begin the list.
TEST(PcGrading, PortWritesFollowEmu8086sTrafficLights) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: lights
    limits: {instructions: 2000}
    checks:
      - port_writes: {port: 4, word: true, values: [0x30C, 0x30C, 0x861]}
      - port_writes: {port: 4, word: true, values: [0x30C, 0x861, 0x8FF]}
      - port_writes: {port: 4, word: true, values: [0x30C, 0x861], exact: true}
      - port_writes: {port: 5, values: [3, 8]}
      - stop: instruction-limit
)",
                   R"(
#make_COM#
org 100h
again:  mov ax, 030Ch
        out 4, ax
        out 4, ax
        mov ax, 0861h
        out 4, ax
        mov al, 0FFh
        out 4, al
        jmp again
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& c = r.tests.at(0).checks;
  ASSERT_EQ(c.size(), 5u);
  EXPECT_FALSE(c[0].passed);  // repeats in a row count once
  EXPECT_NE(c[0].message.find("port 4h: value 2 was 861h, expected 30Ch"), std::string::npos) << c[0].message;
  EXPECT_TRUE(c[1].passed) << c[1].message;
  EXPECT_FALSE(c[2].passed);                 // the loop writes on
  EXPECT_TRUE(c[3].passed) << c[3].message;  // port 5 alone: the high bytes, 03h then 08h
  EXPECT_TRUE(c[4].passed) << c[4].message;
}

// A polling loop writes the same word on every pass: the log keeps the changes only, and a word
// OUT that changes one byte of the latch still gives the whole word, in the order written.
TEST(PcGrading, PortWritesOfAPollingLoopAreItsChanges) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: changes
    limits: {instructions: 400000}
    checks:
      - port_writes: {port: 4, word: true, values: [0x300, 0x301, 0x401, 0x402], exact: true}
      - stop: halted
)",
                   R"(
#make_COM#
org 100h
        mov ax, 0300h
        out 4, ax
        mov ax, 0301h           ; the low byte changes
        out 4, ax
        mov ax, 0401h           ; then the high byte alone
        out 4, ax
        mov cx, 50000
again:  out 4, ax               ; and the same word, again and again
        loop again
        mov al, 2
        out 4, al
        hlt
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& c = r.tests.at(0).checks;
  ASSERT_EQ(c.size(), 2u);
  EXPECT_TRUE(c[0].passed) << c[0].message;
  EXPECT_TRUE(c[1].passed) << c[1].message;
}

// emu8086's printer clears port 130 after each character, so a character written twice in a row
// ("ll") is two characters, where a lamp written twice is one state; so is one written again
// after the printer took it, though the program never read the port in between.
TEST(PcGrading, PortWritesCountEachCharacterTheEmu8086PrinterTook) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: printed
    limits: {instructions: 2000000}
    checks:
      - port_writes: {port: 130, values: [72, 101, 108, 108, 111, 33, 33], exact: true}
      - stop: halted
)",
                   R"(
#make_COM#
org 100h
        mov si, offset text
next:   mov al, [si]
        cmp al, 0
        je done
        out 130, al
busy:   in al, 130              ; the printer writes 0 when it has printed
        cmp al, 0
        jne busy
        inc si
        jmp next
done:   mov al, '!'
        out 130, al
        mov cx, 0               ; 65,536 LOOPs, 233 ms: the printer takes the '!' meanwhile
pause:  loop pause
        out 130, al             ; a second '!', written without reading the port first
        hlt
text    db 'Hello', 0
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& c = r.tests.at(0).checks;
  ASSERT_EQ(c.size(), 2u);
  EXPECT_TRUE(c[0].passed) << c[0].message;
  EXPECT_TRUE(c[1].passed) << c[1].message;
}

TEST(PcGrading, WaitingForAKeyAndClockBounds) {
  // The program waits for a key that never comes: the verdict says so; with a clock limit below
  // its 34,000 clocks of LOOPs it stops at the limit instead.
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: no key
    checks:
      - stop: waiting-for-input
      - output: {equals: "Hi"}
  - name: too few clocks allowed
    limits: {clocks: 10000}
    checks:
      - stop: clock-limit
)",
                   kConsole);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
}

// Polls the keyboard (INT 16h 01h) counting in BX until a key comes, then exits with BL.
const char* kPoller = R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  xor     bx, bx
poll:   inc     bx
        mov     ah, 1
        int     16h
        jz      poll
        mov     ah, 0
        int     16h
        mov     al, bl
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(PcGrading, KeyAtAClockReachesAPollingProgram) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: key at a clock
    input:
      - {keys: "x", at_clock: 500000}
    checks:
      - stop: halted
      - clocks: {min: 500000, max: 600000}
  - name: key at a later clock polls longer
    input:
      - {keys: "x", at_clock: 1000000}
    checks:
      - clocks: {min: 1000000, max: 1100000}
)",
                   kPoller);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
}

// Resets the mouse driver (INT 33h 00h), polls the button state (03h) until the left button is
// down, then exits with the column of the text cell under the pointer (CX / 8).
const char* kMouse = R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  xor     ax, ax
        int     33h
wait1:  mov     ax, 3
        int     33h
        test    bx, 1
        jz      wait1
        mov     ax, cx
        mov     cl, 3
        shr     ax, cl
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(PcGrading, MouseClicksWhenWaitingAndAtAClock) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: click when the program waits
    input:
      - {mouse: {x: 100, y: 40, buttons: [left]}}
    checks:
      - exit_code: 12
  - name: click at a clock
    input:
      - {mouse: {x: 320, y: 16, buttons: [left]}, at_clock: 200000}
    checks:
      - exit_code: 40
      - clocks: {min: 200000}
  - name: a right click is not a left click
    input:
      - {mouse: {x: 320, y: 16, buttons: [right]}}
    checks:
      - stop: waiting-for-input
)",
                   kMouse);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  for (const auto& t : r.tests) EXPECT_EQ(t.status, "passed") << renderText(r);
}

// Mode 13h (INT 10h AX=0013h), one red pixel (palette 40 = #FF0000 in the VGA's default palette)
// at (20, 10), i.e. byte 10*320 + 20 of A000h.
const char* kPixel = R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  mov     ax, 13h
        int     10h
        mov     ax, 0A000h
        mov     es, ax
        mov     BYTE PTR es:[10*320+20], 40
        mov     ax, 4C00h
        int     21h
        END     start
)";

void writeRgbPng(const std::filesystem::path& path, unsigned width, unsigned height, const std::vector<uint8_t>& rgb) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_RGB;
  ASSERT_TRUE(png_image_write_to_file(&image, path.c_str(), 0, rgb.data(), 0, nullptr));
}

TEST(PcGrading, PixelsAndScreenshotWithTolerance) {
  TempDir dir;
  // 40x20 from (0, 0): black with the red pixel at (20, 10); a second copy with one more pixel
  // wrong (1 of 800 = 0.125 %).
  std::vector<uint8_t> exact(40 * 20 * 3, 0);
  exact[(10 * 40 + 20) * 3] = 0xFF;
  writeRgbPng(dir.path() / "exact.png", 40, 20, exact);
  auto almost = exact;
  almost[(0 * 40 + 0) * 3 + 2] = 0xFF;
  writeRgbPng(dir.path() / "almost.png", 40, 20, almost);
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: pixels
    checks:
      - pixel: {x: 20, y: 10, rgb: 0xFF0000}
      - pixel: {x: 21, y: 10, rgb: 0x000000}
      - pixels: {x: 0, y: 0, image: exact.png}
      - pixels: {x: 0, y: 0, image: almost.png, tolerance: 0.002}
  - name: beyond the tolerance
    checks:
      - pixels: {x: 0, y: 0, image: almost.png, tolerance: 0.001}
)",
                   kPixel, dir);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  ASSERT_EQ(r.tests.at(1).status, "failed");
  EXPECT_NE(r.tests.at(1).checks.at(0).message.find("1 of 800 pixels differ"), std::string::npos)
      << r.tests.at(1).checks.at(0).message;
}

// ROR AL,2 (C0h /1 ib) is an 80186 instruction: 81h turns into 60h. The 8086 decodes C0h as
// another instruction (RET imm16), so the program does not exit with 60h there.
const char* kRotate = R"(
        .MODEL  SMALL
        .186
        .STACK  100h
        .CODE
start:  mov     al, 81h
        ror     al, 2
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(PcGrading, BuildCpuIsTheMachinesCpu) {
  const std::string tests = R"(tests:
  - name: rotate
    limits: {instructions: 1000}
    checks:
      - exit_code: 0x60
)";
  auto on186 = gradePc("machine: pc\nbuild: {submission: prog.asm, cpu: 80186}\n" + tests, kRotate);
  ASSERT_TRUE(on186.buildOk) << on186.buildDiagnostics;
  EXPECT_EQ(on186.tests.at(0).status, "passed") << renderText(on186);
  auto on386 = gradePc("machine: pc\nbuild: {submission: prog.asm, cpu: 80386}\n" + tests, kRotate);
  EXPECT_EQ(on386.tests.at(0).status, "passed") << renderText(on386);
  auto on8086 = gradePc("machine: pc\nbuild: {submission: prog.asm, cpu: 8086}\n" + tests, kRotate);
  EXPECT_EQ(on8086.tests.at(0).status, "failed") << renderText(on8086);
}

// CODESEG is a TASM directive (MASM mode); MASM does not know it.
const char* kTasm = R"(
        .MODEL  SMALL
        .STACK  100h
        CODESEG
start:  mov     ax, 4C07h
        int     21h
        END     start
)";

TEST(PcGrading, DialectTasm) {
  const std::string tests = "tests:\n  - name: exits\n    checks:\n      - exit_code: 7\n";
  auto tasm = gradePc("machine: pc\nbuild: {submission: prog.asm, dialect: tasm}\n" + tests, kTasm);
  ASSERT_TRUE(tasm.buildOk) << tasm.buildDiagnostics;
  EXPECT_EQ(tasm.tests.at(0).status, "passed") << renderText(tasm);
  auto masm = gradePc("machine: pc\nbuild: {submission: prog.asm, dialect: masm}\n" + tests, kTasm);
  EXPECT_FALSE(masm.buildOk);
  EXPECT_NE(masm.buildDiagnostics.find("CODESEG"), std::string::npos) << masm.buildDiagnostics;
}

TEST(PcGrading, IncludeAndLibraryPaths) {
  TempDir dir;
  dir.write("course/inc/codes.inc", "EXITCODE EQU 42\n");
  std::filesystem::create_directories(dir.path() / "course/libs");
  std::filesystem::copy_file(std::filesystem::path(ASMLAB_SOURCE_DIR) / "programs/x86/ttt-eecs2100/gfx.lib",
                             dir.path() / "course/libs/gfx.lib");
  // INCLUDE from a course folder; INCLUDELIB the course's gfx.lib and call its GfxSetMode (far).
  const char* program = R"(
        .MODEL  MEDIUM
        .STACK  100h
        INCLUDE codes.inc
        INCLUDELIB gfx.lib
        EXTRN   GfxSetMode:FAR
        .CODE
start:  mov     al, 13h
        call    GfxSetMode
        mov     ah, 4Ch
        mov     al, EXITCODE
        int     21h
        END     start
)";
  const std::string tests = R"(tests:
  - name: built with the course's folders
    checks:
      - exit_code: 42
      - pixel: {x: 0, y: 0, rgb: 0}
)";
  std::filesystem::create_directories(dir.path() / "course");
  Spec spec = specFrom("machine: pc\nbuild: {submission: prog.asm, include_paths: inc, library_paths: [libs]}\n" + tests,
                       dir.path() / "course");
  auto path = dir.write("student/prog.asm", program);
  auto r = gradeSubmission(spec, path.parent_path(), defaultBuilder("pc"), {});
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  Spec without = specFrom("machine: pc\nbuild: {submission: prog.asm}\n" + tests, dir.path() / "course");
  auto missing = gradeSubmission(without, path.parent_path(), defaultBuilder("pc"), {});
  EXPECT_FALSE(missing.buildOk);
  EXPECT_NE(missing.buildDiagnostics.find("codes.inc"), std::string::npos) << missing.buildDiagnostics;
}

TEST(PcGrading, CourseLibraryAndPublicLabels) {
  // build.libraries names the course's gfx.lib; the submission's PUBLIC `counter` is a label for
  // memory checks (at its linear address: the .EXE loads at PSP+10h).
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "course");
  std::filesystem::copy_file(std::filesystem::path(ASMLAB_SOURCE_DIR) / "programs/x86/ttt-eecs2100/gfx.lib",
                             dir.path() / "course/gfx.lib");
  const char* program = R"(
        .MODEL  MEDIUM
        .STACK  100h
        EXTRN   GfxSetMode:FAR
        .DATA
        PUBLIC  counter
counter DW      0
        .CODE
start:  mov     ax, @data
        mov     ds, ax
        mov     al, 13h
        call    GfxSetMode
        mov     counter, 1234h
        mov     ax, 4C00h
        int     21h
        END     start
)";
  Spec spec = specFrom(R"(machine: pc
build: {submission: prog.asm, libraries: gfx.lib}
tests:
  - name: linked with the library
    checks:
      - exit_code: 0
      - memory: {counter: {words: [0x1234]}}
      - memory: {"counter+1": 0x12}
)",
                       dir.path() / "course");
  auto path = dir.write("student/prog.asm", program);
  auto r = gradeSubmission(spec, path.parent_path(), defaultBuilder("pc"), {});
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
}

// Reads two bytes of free memory far past the program (9FFF:0000, the last paragraph below
// 640 KiB) and exits with their OR: 0 with zeroed memory, a seeded value with random memory.
const char* kUninitialised = R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  mov     ax, 9FFFh
        mov     es, ax
        mov     al, es:[0]
        or      al, es:[1]
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(PcGrading, RandomizedMachinesDifferBySeed) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: zeroed
    checks:
      - exit_code: 0
  - name: seed 1
    randomize: true
    seed: 1
    checks:
      - exit_code: 0
  - name: seed 2
    randomize: true
    seed: 2
    checks:
      - exit_code: 0
  - name: seed 1 again
    randomize: true
    seed: 1
    checks:
      - exit_code: 0
)",
                   kUninitialised);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  // Two random bytes OR to 0 with odds 1 in 65,536 per seed.
  EXPECT_EQ(r.tests.at(1).status, "failed");
  EXPECT_EQ(r.tests.at(2).status, "failed");
  // The same seed gives the same machine: the same (wrong) exit code.
  EXPECT_EQ(r.tests.at(1).checks.at(0).message, r.tests.at(3).checks.at(0).message);
  EXPECT_NE(r.tests.at(1).checks.at(0).message, r.tests.at(2).checks.at(0).message);
}

// SI gets the address of a label; a register check names it by label expression.
const char* kLabels = R"(
        .MODEL  SMALL
        .STACK  100h
        .DATA
pad     DB      5 DUP (0)
table   DB      1, 2, 3
        .CODE
start:  mov     ax, @data
        mov     ds, ax
        mov     si, OFFSET table + 2
        mov     ax, 4C00h
        int     21h
        END     start
)";

TEST(PcGrading, UnknownLabelInARegisterValueNamesTheSpecLine) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: unknown label
    checks:
      - registers: {SI: "tabel+2"}
)",
                   kLabels);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  ASSERT_EQ(r.tests.at(0).status, "failed");
  EXPECT_NE(r.tests.at(0).checks.at(0).message.find("spec.yaml:6:25: label tabel is not defined in the submission"),
            std::string::npos)
      << r.tests.at(0).checks.at(0).message;
}

// build.timing: the same program on the two timing models of the 8088. A run of NOPs costs 3
// clocks each by the manual's table (Intel 8086 Family User's Manual, table 2-21); on the cycle
// model the 8088 is bus-bound: each NOP is one byte and a code fetch is a 4-clock bus cycle
// (8088 data sheet, bus timing), and every 72 clocks the PC's refresh DMA holds the bus for 4 to 6
// of them (IBM 5150 technical reference; READY low for about 6: ../shared/reference/x86-bus.md,
// section 7), so 1,000 more NOPs cost between 4,000 and 4,000 * 72 / 66 clocks more.
std::string nops(int count) {
  std::string source = "        .MODEL SMALL\n        .STACK 100h\n        .CODE\nstart:\n";
  for (int i = 0; i < count; ++i) source += "        nop\n";
  return source + "        mov ax, 4C00h\n        int 21h\n        END start\n";
}

TEST(PcGrading, BuildTimingCycleRunsTheBusClockByClock) {
  const std::string tests = "tests:\n  - name: exits\n    checks:\n      - exit_code: 0\n";
  auto clocks = [&](const std::string& timing, int count) {
    auto result = gradePc("machine: pc\nbuild: {submission: prog.asm, cpu: 8088, timing: " + timing + "}\n" + tests, nops(count));
    EXPECT_TRUE(result.buildOk) << result.buildDiagnostics;
    EXPECT_EQ(result.tests.at(0).status, "passed") << renderText(result);
    return result.tests.at(0).clocks;
  };
  EXPECT_EQ(clocks("manual", 1001) - clocks("manual", 1), 3000u);
  const uint64_t cycle = clocks("cycle", 1001) - clocks("cycle", 1);
  EXPECT_GE(cycle, 4000u);
  EXPECT_LE(cycle, 4000u * 72 / 66 + 8);
}

}  // namespace
}  // namespace asmlab::grader::testing
