// A PC without a coprocessor, as the CPU and BIOS present it (docs/x86-cpu.md, "Coprocessor"):
// programs detect the missing 8087 the way course code does. Hand-assembled .COM programs (8086
// opcode map; the x87 bytes from the 80387 manual's opcode map).
#include <gtest/gtest.h>

#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

using test::comMachine;
using test::padded;
using test::runFor;

// The usual detection (FNINIT, then FNSTSW to a word preset to 5A5Ah; a coprocessor would write
// its status, 0): without one, ESC stores nothing, so the word keeps 5Ah in its low byte; the
// WAIT after it does not hang.
TEST(PcNoCoprocessor, FnstswLeavesMemoryAlone) {
  const auto code = padded({0xDB, 0xE3,                          // fninit
                            0xC7, 0x06, 0x20, 0x01, 0x5A, 0x5A,  // mov word ptr [0120h], 5A5Ah
                            0xD9, 0xE8,                          // fld1
                            0xDD, 0x3E, 0x20, 0x01,              // fnstsw word ptr [0120h] (DD /7)
                            0x9B,                                // wait
                            0xA0, 0x20, 0x01,                    // mov al, [0120h]
                            0xB4, 0x4C, 0xCD, 0x21},             // mov ah, 4Ch / int 21h
                           0x22);
  auto m = comMachine(code);
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 0x5A);
}

// INT 11h returns the BIOS equipment word; bit 1 ("math coprocessor installed", IBM PC/XT
// Technical Reference, BIOS listing, EQUIP_FLAG) is clear.
TEST(PcNoCoprocessor, EquipmentWordSaysNone) {
  auto m = comMachine({0xCD, 0x11,         // int 11h
                       0x24, 0x02,         // and al, 2
                       0xB4, 0x4C,         // mov ah, 4Ch
                       0xCD, 0x21});       // int 21h
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 0);
}

}  // namespace
}  // namespace asmlab::x86::pc
