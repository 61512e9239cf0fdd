// Bad input gets one clear, located answer; nothing crashes and the rest of the file is still checked.
#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

const Diagnostic& only(const Assembled& a) {
  EXPECT_EQ(a.diagnostics.all().size(), 1u) << a.text();
  return a.diagnostics.all().front();
}

TEST(Lc3BadInput, BinaryFileIsOneError) {
  std::string bytes = std::string(".ORIG x3000\nHALT\n") + std::string("\x7f" "ELF\x02\x01\x00\x00\xff\xfe", 10) + "\n.END\n";
  auto a = assembleSource(bytes);
  const auto& d = only(a);
  EXPECT_EQ(d.message, "this is a binary file, not assembly source (it holds a NUL byte)");
  EXPECT_EQ(d.location.line, 3u);
  EXPECT_EQ(d.location.column, 7u);
}

TEST(Lc3BadInput, NonAsciiBytesOutsideCommentsAreLocated) {
  auto a = assembleSource(".ORIG x3000\n  .STRINGZ \"caf\xc3\xa9\"\n  HALT ; caf\xc3\xa9 is fine in a comment\n.END\n");
  const auto& d = only(a);
  EXPECT_EQ(d.message, "unexpected byte 0xC3: not ASCII (only comments may hold other text)");
  EXPECT_EQ(d.location.line, 2u);
  EXPECT_EQ(d.location.column, 16u);
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0xF025}));
}

TEST(Lc3BadInput, ControlCharactersAndBareCarriageReturns) {
  auto a = assembleSource(".ORIG x3000\n  HALT\x01\n  HALT\rHALT\n.END\n");
  ASSERT_EQ(a.diagnostics.errorCount(), 2u) << a.text();
  EXPECT_EQ(a.diagnostics.all()[0].message, "unexpected control character 0x01");
  EXPECT_EQ(a.diagnostics.all()[0].location.column, 7u);
  EXPECT_EQ(a.diagnostics.all()[1].message,
            "unexpected carriage return inside a line (only CR LF line endings are accepted)");
}

TEST(Lc3BadInput, Utf8ByteOrderMarkIsSkippedAndColumnsStayRight) {
  auto a = assembleSource("\xEF\xBB\xBF.ORIG #-1\nHALT\n.END\n");
  const auto& d = only(a);
  EXPECT_EQ(d.message, ".ORIG address #-1 is outside memory (x0000..xFFFF)");
  EXPECT_EQ(d.location.line, 1u);
  EXPECT_EQ(d.location.column, 10u);  // column 7 after the three bytes of the mark
  auto b = assembleSource("\xEF\xBB\xBF.ORIG x3000\nHALT\n.END\n");
  EXPECT_FALSE(b.diagnostics.hasErrors()) << b.text();
  EXPECT_EQ(b.words(), (std::vector<uint16_t>{0xF025}));
}

TEST(Lc3BadInput, EmptyAndCommentOnlyFiles) {
  EXPECT_EQ(only(assembleSource("")).message, "the file is empty; an LC-3 program needs .ORIG, its code and .END");
  EXPECT_EQ(only(assembleSource(" \n\t\r\n")).message, "the file is empty; an LC-3 program needs .ORIG, its code and .END");
  EXPECT_EQ(only(assembleSource("; just a comment\n")).message,
            "the file holds no statements; an LC-3 program needs .ORIG, its code and .END");
}

TEST(Lc3BadInput, NoOrigIsReportedOnceNotPerLine) {
  auto a = assembleSource("START LEA R0, MSG\n PUTS\n HALT\nMSG .STRINGZ \"hi\"\n");
  const auto& d = only(a);
  EXPECT_EQ(d.location.line, 1u);
  EXPECT_EQ(d.message, "'LEA' comes before any .ORIG; a program starts with .ORIG and an address, e.g. '.ORIG x3000'");
}

TEST(Lc3BadInput, NoEndIsAWarningAndTheProgramIsKept) {
  auto a = assembleSource(".ORIG x3000\nHALT");
  EXPECT_FALSE(a.diagnostics.hasErrors());
  EXPECT_EQ(a.diagnostics.warningCount(), 1u);
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0xF025}));
}

TEST(Lc3BadInput, DuplicateLabelsAreAllReported) {
  auto a = assembleSource(".ORIG x3000\nA HALT\nA HALT\na HALT\n.END\n");
  EXPECT_EQ(a.diagnostics.errorCount(), 2u) << a.text();
}

TEST(Lc3BadInput, RandomBytesNeverCrash) {
  std::mt19937 random(1234);
  for (int round = 0; round < 200; ++round) {
    std::string text = ".ORIG x3000\n";
    int length = int(random() % 200);
    for (int i = 0; i < length; ++i) {
      static const char alphabet[] = "ADDBRnzpLDRSTx#-0123456789 ,;:\"\\\n\t.ORIGFILLBLKWSTRINGZ\r";
      text += (random() % 8 == 0) ? char(random() % 256) : alphabet[random() % (sizeof alphabet - 1)];
    }
    auto a = assembleSource(text);
    (void)a.text();  // rendering must cope too
  }
  SUCCEED();
}

TEST(Lc3BadInput, ErrorsInOneLineDoNotHideErrorsInOthers) {
  auto a = assembleSource(".ORIG x3000\n  ADD R1,\n  .STRINGZ \"open\n  LD R0, NOPE\n.END\n");
  EXPECT_EQ(a.diagnostics.errorCount(), 3u) << a.text();
}

}  // namespace
}  // namespace asmlab::lc3::testing
