// Later passes walk a compact statement list (assembler/masm/frontend/src/fixed_runs.cpp): a
// label is folded into the instruction on its line, and consecutive instructions whose bytes
// pass 1 found fixed become one run. These programs make the compact forms meet what they must
// keep exact: labels that move between passes, a run that crosses 64K (the error names the
// crossing instruction's line), statements outside any segment, and the same program with a
// listing (where nothing is folded). Encodings from the Intel 8086 manual's tables: PUSH BP = 55
// (50+r), MOV BP,SP = 8B EC (8B /r, mod 11 reg BP rm SP), INC SI = 46 (40+r), NOP = 90,
// MOV AX,imm16 = B8 iw, POP BP = 5D, RET = C3; on the 386, JZ rel16 = 0F 84 cw.
#include <gtest/gtest.h>

#include <algorithm>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

const std::string kMovingLabels =
    ".386\nc segment use16\nassume cs:c\nstart: jz target\n push bp\n mov bp, sp\n inc si\nhere: inc si\n"
    " pop bp\n ret\n db 200 dup (90h)\ntarget: mov ax, offset here\n mov ax, offset start\nc ends\nend start\n";

TEST(FixedRuns, LabelsInsideAndAfterRunsMoveWithTheCode) {
  // Pass 1 takes the forward JZ as short (2 bytes); it grows to 4, moving everything after it.
  // `here` ends up at 8, `target` at 211 (rel16 = 211 - 4 = 0CFh).
  auto a = assembleText(kMovingLabels);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_GE(a.result.passes, 3u) << "the JZ must grow in pass 2 for this test to mean anything";
  auto bytes = a.bytes("C");
  ASSERT_EQ(bytes.size(), 211u + 6u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 11}), "0F 84 CF 00 55 8B EC 46 46 5D C3");
  EXPECT_TRUE(std::all_of(bytes.begin() + 11, bytes.begin() + 211, [](uint8_t b) { return b == 0x90; }));
  EXPECT_EQ(hex({bytes.begin() + 211, bytes.end()}), "B8 08 00 B8 00 00");
}

TEST(FixedRuns, AListingSeesTheSameBytesAsTheCompactPasses) {
  Options withListing;
  withListing.listing = true;
  auto compact = assembleText(kMovingLabels);
  auto listed = assembleText(kMovingLabels, withListing);
  ASSERT_FALSE(listed.diags.hasErrors()) << listed.errors();
  EXPECT_EQ(hex(compact.bytes("C")), hex(listed.bytes("C")));
  // The labels the debugger gets: START, HERE and TARGET at the same offsets either way.
  auto offsets = [](const Assembled& a) {
    std::string s;
    for (const link::Public& p : a.result.labels) s += p.name + "=" + std::to_string(p.offset) + " ";
    return s;
  };
  EXPECT_EQ(offsets(compact), "START=0 HERE=8 TARGET=211 ");
  EXPECT_EQ(offsets(listed), offsets(compact));
}

TEST(FixedRuns, TheInstructionThatCrossesSixtyFourKIsNamedInsideARun) {
  // From 0FFFCh: PUSH BP ends at 0FFFDh, MOV BP,SP at 0FFFFh, the first INC SI at 10000h (still
  // 64K), the second at 10001h, past it, the third at 10002h: line 7 is named, with the
  // segment's 65538 bytes. All five are one run in the later passes.
  auto a = assembleText("s segment\nassume cs:s\n org 0FFFCh\n push bp\n mov bp, sp\n inc si\n inc si\n inc si\n"
                        "s ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  const std::string errors = a.errors();
  EXPECT_NE(errors.find("test.asm:7:1: error: segment 'S' is 65538 bytes (10002h)"), std::string::npos) << errors;
}

TEST(FixedRuns, ARunThatEndsAtSixtyFourKIsNoError) {
  auto a = assembleText("s segment\nassume cs:s\n org 0FFFCh\n push bp\n mov bp, sp\n inc si\ns ends\nend\n");
  EXPECT_FALSE(a.diags.hasErrors()) << a.errors();
}

TEST(FixedRuns, ALabelledInstructionOutsideAnySegmentReportsBoth) {
  // The label and the instruction are one statement in later passes; both errors stay, on line 1.
  auto a = assembleText("here: nop\ns segment\ns ends\nend\n");
  const std::string errors = a.errors();
  EXPECT_EQ(a.diags.errorCount(), 2u) << errors;
  const size_t label = errors.find("test.asm:1:1: error: 'HERE' is outside any segment");
  const size_t instruction = errors.find("test.asm:1:1: error: instruction outside any segment");
  ASSERT_NE(label, std::string::npos) << errors;
  ASSERT_NE(instruction, std::string::npos) << errors;
  EXPECT_LT(label, instruction) << errors;
}

TEST(FixedRuns, ARedefinedLabelOnAnInstructionLineIsStillReported) {
  auto a = assembleText("s segment\nassume cs:s\nx: nop\nx: inc si\ns ends\nend\n");
  const std::string errors = a.errors();
  EXPECT_NE(errors.find("test.asm:4:1: error: symbol 'X' is already defined (at test.asm:3)"), std::string::npos)
      << errors;
}

}  // namespace
}  // namespace asmlab::masm::test
