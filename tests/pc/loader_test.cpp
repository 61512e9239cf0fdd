// The DOS loader: PSP, command tail, .COM and MZ .EXE with relocations, and linked OMF objects.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "asmlab/toolchain/loader.hpp"
#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

TEST(PcLoader, ComRegistersAndPsp) {
  PcMachine m;
  std::string error;
  ASSERT_TRUE(m.loadProgram({0xCD, 0x20}, "dir/prog.com", "one two", error)) << error;
  EXPECT_EQ(m.cpu().seg(CS), PcMachine::kPspSegment);
  EXPECT_EQ(m.cpu().seg(DS), PcMachine::kPspSegment);
  EXPECT_EQ(m.cpu().seg(SS), PcMachine::kPspSegment);
  EXPECT_EQ(m.cpu().ip(), 0x100);
  EXPECT_EQ(m.cpu().reg16(SP), 0xFFFE);
  const uint32_t psp = PcMachine::linear(PcMachine::kPspSegment, 0);
  EXPECT_EQ(m.read16(psp), 0x20CD);             // INT 20h at PSP:0000
  EXPECT_EQ(m.read16(psp + 0xFFFE), 0);         // the zero word a RET pops
  EXPECT_EQ(m.read8(psp + 0x80), 8);            // " one two"
  std::string tail;
  for (uint32_t i = 0; i < 9; ++i) tail += static_cast<char>(m.read8(psp + 0x81 + i));
  EXPECT_EQ(tail, " one two\r");
  EXPECT_EQ(m.read16(psp + 0x2C), PcMachine::kEnvSegment);
  EXPECT_EQ(m.read16(psp + 2), PcMachine::kTopSegment);
}

TEST(PcLoader, ComReturningToPspZeroExits) {
  PcMachine m;
  std::string error;
  ASSERT_TRUE(m.loadProgram({0xC3}, "RET.COM", "", error));  // ret -> PSP:0000 -> INT 20h
  m.closeInput();
  const auto stop = test::runFor(m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 0);
}

// An MZ file (MS-DOS Programmer's Reference, "EXE file header") around a program that loads
// DS with its own data paragraph (one relocation), prints "EXE!" and exits with 42.
std::vector<uint8_t> tinyExe() {
  std::vector<uint8_t> image = {
      0xB8, 0x01, 0x00,        // mov ax,seg data (load + 1, relocated)
      0x8E, 0xD8,              // mov ds,ax
      0xB4, 0x09,              // mov ah,9
      0xBA, 0x01, 0x00,        // mov dx,1: the string at image offset 11h = (load+1):0001
      0xCD, 0x21,              // int 21h
      0xB8, 0x2A, 0x4C,        // mov ax,4C2Ah
      0xCD, 0x21};             // int 21h
  for (char c : std::string("EXE!$")) image.push_back(static_cast<uint8_t>(c));
  std::vector<uint8_t> f(32 + image.size(), 0);
  auto put = [&](size_t at, uint16_t v) { f[at] = uint8_t(v); f[at + 1] = uint8_t(v >> 8); };
  const size_t size = 32 + image.size();
  f[0] = 'M'; f[1] = 'Z';
  put(2, static_cast<uint16_t>(size % 512));
  put(4, static_cast<uint16_t>((size + 511) / 512));
  put(6, 1);         // one relocation
  put(8, 2);         // header: 2 paragraphs
  put(0x0A, 0x11);   // minimum extra paragraphs (the stack)
  put(0x0C, 0xFFFF);
  put(0x0E, 2);      // SS = load + 2
  put(0x10, 0x100);  // SP
  put(0x14, 0);      // IP
  put(0x16, 0);      // CS = load + 0
  put(0x18, 0x1C);   // relocation table offset
  put(0x1C, 1);      // relocation: offset 1, segment 0
  put(0x1E, 0);
  std::copy(image.begin(), image.end(), f.begin() + 32);
  return f;
}

TEST(PcLoader, ExeWithRelocation) {
  const auto f = tinyExe();
  PcMachine m;
  std::string error;
  ASSERT_TRUE(m.loadProgram(f, "TINY.EXE", "", error)) << error;
  const uint16_t load = PcMachine::kPspSegment + 0x10;
  EXPECT_EQ(m.cpu().seg(CS), load);
  EXPECT_EQ(m.cpu().seg(SS), load + 2);
  EXPECT_EQ(m.cpu().reg16(SP), 0x100);
  EXPECT_EQ(m.cpu().seg(DS), PcMachine::kPspSegment);
  EXPECT_EQ(m.read16(PcMachine::linear(load, 1)), load + 1);  // relocated
  m.closeInput();
  const auto stop = test::runFor(m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 42);
  EXPECT_EQ(m.output(), "EXE!");
}

TEST(PcLoader, RejectsTruncatedExe) {
  auto f = tinyExe();
  f.resize(40);
  PcMachine m;
  std::string error;
  EXPECT_FALSE(m.loadProgram(f, "BAD.EXE", "", error));
  EXPECT_NE(error.find("BAD.EXE"), std::string::npos);
}

TEST(PcLoader, LinkedSumObjectsPrintSum7AndExit7) {
  const std::string dir = std::string(ASMLAB_SHARED_DIR) + "/omf-samples";
  if (!std::filesystem::exists(dir + "/MAIN.OBJ")) GTEST_SKIP() << "shared OMF samples not found at " << dir;
  for (const std::vector<std::string>& files :
       {std::vector<std::string>{dir + "/MAIN.OBJ", dir + "/ADDTWO.OBJ"}, std::vector<std::string>{dir + "/SUM.EXE"}}) {
    Diagnostics diagnostics;
    auto machine = toolchain::loadProgram(files, {}, diagnostics);
    ASSERT_TRUE(machine) << files.front();
    EXPECT_EQ(machine->architecture(), "8086");
    machine->closeInput();
    sim::RunLimits limits;
    limits.maxClocks = 10'000'000;
    const auto stop = machine->run(limits);
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
    EXPECT_EQ(stop.exitCode, 7);
    EXPECT_EQ(machine->output(), "Sum=7");
  }
}

// DOS starts an .EXE with DS at its PSP: a program that prints before loading DS prints the PSP,
// and the run notes why. Two forms of one program, through the MASM front end and the linker.
TEST(PcLoader, ExePrintingBeforeLoadingDsIsNoted) {
  const std::string body = ".model small\n.stack 100h\n.data\nmsg db 'Hi$'\n.code\nstart:\n";
  // Twice, from two addresses: noted once.
  const std::string print =
      "  mov dx, offset msg\n  mov ah, 9\n  int 21h\n  mov dx, offset msg + 1\n  mov ah, 9\n  int 21h\n"
      "  mov ax, 4C00h\n  int 21h\nend start\n";
  for (const bool loadsDs : {false, true}) {
    auto machine = test::loadSource(loadsDs ? "loads.asm" : "forgets.asm",
                                    body + (loadsDs ? "  mov ax, @data\n  mov ds, ax\n" : "") + print);
    ASSERT_TRUE(machine);
    sim::RunLimits limits;
    limits.maxClocks = 10'000'000;
    const auto stop = machine->run(limits);
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
    const auto& notes = machine->notes();
    const auto noted = std::count_if(notes.begin(), notes.end(), [](const std::string& n) {
      return n.find("INT 21h function 09h printed the string at DS:DX = 1000:") == 0 &&
             n.find("in the PSP: DS still holds the segment DOS starts an .EXE with") != std::string::npos;
    });
    EXPECT_EQ(noted, loadsDs ? 0 : 1);
    if (loadsDs) {
      EXPECT_EQ(machine->output(), "Hii");
    }
  }
}

// An emu8086 program's 80186 instructions (masm::AssemblyResult::instructionsCpu) run on an 80186,
// as in emu8086, unless the CPU was chosen: then the 8086 reads them as its own opcodes (68h is
// JS there), and the load says so. PUSH 1234h, POP BX, SHL BX,4: BX = 2340h; the exit code is BH.
TEST(PcLoader, AnEmu8086ProgramsNewerInstructionsRaiseTheCpuUnlessChosen) {
  const std::string program = "org 100h\npush 1234h\npop bx\nshl bx, 4\nmov al, bh\nmov ah, 4Ch\nint 21h\n";
  const auto dir = std::filesystem::temp_directory_path() / ("asmlab_pc_80186_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "shift.asm").string();
  std::ofstream(path) << program;
  for (const bool chosen : {false, true}) {
    toolchain::LoadOptions options;
    options.x86CpuChosen = chosen;
    Diagnostics diagnostics;
    auto machine = toolchain::loadProgram({path}, options, diagnostics);
    ASSERT_TRUE(machine) << diagnostics.renderToString();
    auto* pc = dynamic_cast<PcMachine*>(machine.get());
    ASSERT_NE(pc, nullptr);
    const std::string said = diagnostics.renderToString();
    const bool warned = said.find(
                            "shift.asm: its 80186 instructions (emu8086's) do not run on the 8086 chosen "
                            "(--cpu 80186 runs them)") != std::string::npos;
    EXPECT_EQ(warned, chosen) << said;
    EXPECT_EQ(pc->cpu().model(), chosen ? CpuModel::i8086 : CpuModel::i80186);
    if (chosen) continue;
    machine->closeInput();
    sim::RunLimits limits;
    limits.maxClocks = 1'000'000;
    const auto stop = machine->run(limits);
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
    EXPECT_EQ(stop.exitCode, 0x23);
  }
  std::filesystem::remove_all(dir);
}

// A .COM assembled for the 80186 run on an 8086 (an `asmlab build` of an emu8086 program, which
// carries no mark): the 8086 decodes C1h as RET, as the real one does, and the run says so once.
// MOV BX,1234h; SHL BX,4 (C1 E3 04); MOV AL,BH; MOV AH,4Ch; INT 21h: exit code 23h on an 80186.
TEST(PcLoader, An80186OpcodeRunOnAn8086IsNoted) {
  const std::vector<uint8_t> program{0xBB, 0x34, 0x12, 0xC1, 0xE3, 0x04, 0x88, 0xF8, 0xB4, 0x4C, 0xCD, 0x21};
  for (const CpuModel model : {CpuModel::i8086, CpuModel::i80186}) {
    PcOptions options;
    options.cpu = model;
    PcMachine m(options);
    std::string error;
    ASSERT_TRUE(m.loadProgram(program, "SHIFT.COM", "", error)) << error;
    m.closeInput();
    const auto stop = test::runFor(m);
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
    char where[16];
    std::snprintf(where, sizeof where, "at %04X:0103", PcMachine::kPspSegment);
    const std::string expected =
        std::string(where) +
        " the 8086 ran the byte C1h as RET; on an 80186 it is a word shift or rotate by an "
        "immediate: a program assembled for the 80186 (.186, or emu8086's) runs with --cpu 80186";
    const auto& notes = m.notes();
    EXPECT_EQ(std::count(notes.begin(), notes.end(), expected), model == CpuModel::i8086 ? 1 : 0);
    EXPECT_EQ(stop.exitCode, model == CpuModel::i8086 ? 0 : 0x23);  // RET to PSP:0000's INT 20h
  }
}

}  // namespace
}  // namespace asmlab::x86::pc
