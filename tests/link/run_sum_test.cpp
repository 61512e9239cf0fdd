// Runs the program linked from MAIN.OBJ + ADDTWO.OBJ on the x86 CPU core and checks it prints
// "Sum=7" and exits with code 7, as SUM.EXE does under DOS. Built only when the CPU library
// (asmlab_x86_cpu) is part of the build. It loads the .EXE as DOS does (MS-DOS Programmer's
// Reference, "EXE file loading": image at PSP+10h, relocations add the load segment, SS:SP and
// CS:IP from the header, DS = ES = PSP) and services the three INT 21h functions the program uses
// in the test itself (02h write DL, 09h write the '$'-terminated string at DS:DX, 4Ch exit with
// AL) by intercepting `INT 21h` (CD 21) before it executes. The PC simulator will replace this
// harness with its real DOS.
#include <filesystem>

#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"

namespace asmlab::link {
namespace {

struct RunResult {
  std::string output;
  int exitCode = -1;
};

RunResult runExe(const MzFile& exe) {
  constexpr uint16_t kPsp = 0x1000;
  constexpr uint16_t kLoad = kPsp + 0x10;
  x86::FlatMemoryBus bus;
  auto& ram = bus.ram();
  std::copy(exe.image.begin(), exe.image.end(), ram.begin() + uint32_t{kLoad} * 16);
  for (const auto& r : exe.relocations) {
    uint32_t at = uint32_t{kLoad} * 16 + r.linear();
    uint16_t v = static_cast<uint16_t>(ram[at] | (ram[at + 1] << 8));
    v = static_cast<uint16_t>(v + kLoad);
    ram[at] = static_cast<uint8_t>(v);
    ram[at + 1] = static_cast<uint8_t>(v >> 8);
  }
  x86::Cpu cpu(bus);
  cpu.reset();
  cpu.setSeg(x86::CS, static_cast<uint16_t>(kLoad + exe.header.cs));
  cpu.setIp(exe.header.ip);
  cpu.setSeg(x86::SS, static_cast<uint16_t>(kLoad + exe.header.ss));
  cpu.setReg16(x86::SP, exe.header.sp);
  cpu.setSeg(x86::DS, kPsp);
  cpu.setSeg(x86::ES, kPsp);
  RunResult result;
  for (int steps = 0; steps < 10000; ++steps) {
    uint32_t pc = uint32_t{cpu.seg(x86::CS)} * 16 + cpu.ip();
    if (ram[pc] == 0xCD && ram[pc + 1] == 0x21) {
      uint8_t ah = cpu.reg8(x86::AH);
      if (ah == 0x02) {
        result.output += static_cast<char>(cpu.reg8(x86::DL));
      } else if (ah == 0x09) {
        uint32_t at = uint32_t{cpu.seg(x86::DS)} * 16 + cpu.reg16(x86::DX);
        while (ram[at] != '$' && result.output.size() < 1000) result.output += static_cast<char>(ram[at++]);
      } else if (ah == 0x4C) {
        result.exitCode = cpu.reg8(x86::AL);
        return result;
      } else {
        ADD_FAILURE() << "unexpected INT 21h function " << int{ah};
        return result;
      }
      cpu.setIp(static_cast<uint16_t>(cpu.ip() + 2));
      continue;
    }
    cpu.step();
  }
  ADD_FAILURE() << "the program did not exit within 10000 instructions";
  return result;
}

TEST(RunLinkedProgram, SumPrintsSum7AndExits7) {
  std::string dir = std::string(ASMLAB_SHARED_DIR) + "/omf-samples";
  if (!std::filesystem::exists(dir + "/MAIN.OBJ")) GTEST_SKIP() << "shared OMF samples not found at " << dir;
  LinkDiagnostics diag;
  std::vector<InputModule> in;
  for (const char* name : {"MAIN.OBJ", "ADDTWO.OBJ"}) {
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(readFileBytes(dir + "/" + name, bytes, diag));
    auto m = readObject(bytes, name, diag);
    ASSERT_TRUE(m) << diag.renderToString();
    in.push_back({std::move(*m), name});
  }
  auto program = link(std::move(in), {}, {}, diag);
  ASSERT_TRUE(program) << diag.renderToString();
  auto bytes = writeMz(*program);
  auto exe = readMz(bytes, "SUM.EXE", diag);
  ASSERT_TRUE(exe);
  RunResult r = runExe(*exe);
  EXPECT_EQ(r.output, "Sum=7");
  EXPECT_EQ(r.exitCode, 7);

  // The reference SUM.EXE, run the same way, behaves identically.
  std::vector<uint8_t> refBytes;
  ASSERT_TRUE(readFileBytes(dir + "/SUM.EXE", refBytes, diag));
  auto ref = readMz(refBytes, "SUM.EXE", diag);
  ASSERT_TRUE(ref);
  RunResult expected = runExe(*ref);
  EXPECT_EQ(expected.output, "Sum=7");
  EXPECT_EQ(expected.exitCode, 7);
}

}  // namespace
}  // namespace asmlab::link
