// Line numbers (Options::lineNumbers, MASM /Zd): recorded per statement that emits bytes, macro
// expansions under the invoking line, included files by name; carried by OMF LINNUM records;
// moved to final addresses by the linker and listed in the map. Offsets are worked out by hand
// from the Intel encodings: MOV AX,imm16 = B8 iw (3 bytes), INC AX = 40, DEC AX = 48, NOP = 90.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <unistd.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/map_writer.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

struct Line {
  uint32_t line, offset, file;
  bool operator==(const Line&) const = default;
};

std::vector<Line> linesOf(const link::Module& m, const std::string& segment) {
  std::vector<Line> out;
  auto seg = m.findSegment(segment);
  for (const auto& l : m.lines)
    if (seg && l.segment == *seg) out.push_back({l.line, l.offset, l.file});
  return out;
}

class LineNumbers : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("asmlab-lines-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    std::ofstream(dir_ / "part.inc") << "; part.inc\n dec ax\n";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  Assembled assemble(bool lineNumbers) {
    Options options;
    options.lineNumbers = lineNumbers;
    options.includePaths.push_back(dir_.string());
    return assembleText(kSource, options, "prog.asm");
  }

  static constexpr const char* kSource =
      ".model small\n"        // 1
      "twice macro\n"         // 2
      " inc ax\n"             // 3
      " inc ax\n"             // 4
      "endm\n"                // 5
      ".code\n"               // 6
      "start: mov ax, 1\n"    // 7   _TEXT:0000 B8 01 00
      " twice\n"              // 8   _TEXT:0003 40, 0004 40
      " nop\n"                // 9   _TEXT:0005 90
      " include part.inc\n"   // 10  part.inc line 2: _TEXT:0006 48
      ".data\n"               // 11
      "msg db 'hi'\n"         // 12  _DATA:0000
      "end start\n";          // 13
  std::filesystem::path dir_;
};

TEST_F(LineNumbers, OffByDefault) {
  auto a = assemble(false);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.module.lines.empty());
  EXPECT_TRUE(a.result.module.lineFiles.empty());
}

TEST_F(LineNumbers, MacroExpansionsBelongToTheInvokingLineAndIncludesToTheirFile) {
  auto a = assemble(true);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  const auto& m = a.result.module;
  ASSERT_EQ(m.lineFiles.size(), 2u);
  EXPECT_EQ(m.lineFiles[0], "prog.asm");
  EXPECT_EQ(std::filesystem::path(m.lineFiles[1]).filename(), "part.inc");
  EXPECT_EQ(linesOf(m, "_TEXT"), (std::vector<Line>{{7, 0, 0}, {8, 3, 0}, {8, 4, 0}, {9, 5, 0}, {2, 6, 1}}));
  EXPECT_EQ(linesOf(m, "_DATA"), (std::vector<Line>{{12, 0, 0}}));
}

TEST_F(LineNumbers, ObjectFilesCarryTheMainSourcesLines) {
  auto a = assemble(true);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto back = link::readObject(link::writeObject(a.result.module), "prog.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  // LINNUM names no file: the included file's line stays behind; file 0 is THEADR's name.
  ASSERT_EQ(back->lineFiles.size(), 1u);
  EXPECT_EQ(back->lineFiles[0], "prog.asm");
  EXPECT_EQ(linesOf(*back, "_TEXT"), (std::vector<Line>{{7, 0, 0}, {8, 3, 0}, {8, 4, 0}, {9, 5, 0}}));
  EXPECT_EQ(linesOf(*back, "_DATA"), (std::vector<Line>{{12, 0, 0}}));
}

TEST_F(LineNumbers, TheLinkerMovesThemToTheProgramAndTheMapListsThem) {
  auto a = assemble(true);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkOptions options;
  options.useDefaultLibraries = false;
  link::LinkDiagnostics diag;
  // A second module before it moves prog.asm's code: its _TEXT contribution follows the first.
  link::Module first;
  first.name = "first.asm";
  link::Segment text;
  text.name = "_TEXT";
  text.className = "CODE";
  text.combine = link::Combine::Public;
  text.align = link::Align::Paragraph;
  text.length = 0x20;
  text.data.assign(0x20, 0x90);
  first.segments.push_back(text);
  auto p = link::link({{first, "first.obj"}, {a.result.module, "prog.obj"}}, {}, options, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  const link::LinkedSegment* code = nullptr;
  const link::LinkedSegment* data = nullptr;
  for (const auto& s : p->segments) {
    if (s.name == "_TEXT") code = &s;
    if (s.name == "_DATA") data = &s;
  }
  ASSERT_TRUE(code && data);
  ASSERT_EQ(code->contributions.size(), 2u);
  const uint32_t progText = code->contributions[1].start;  // prog.asm's part of _TEXT
  EXPECT_EQ(progText, code->start + 0x20);                 // paragraph aligned after 20h bytes
  ASSERT_EQ(p->lines.size(), 6u);
  auto find = [&](uint32_t line, const std::string& suffix) -> const link::LinkedLine* {
    for (const auto& l : p->lines)
      if (l.line == line && l.file.size() >= suffix.size() && l.file.compare(l.file.size() - suffix.size(), suffix.size(), suffix) == 0)
        return &l;
    return nullptr;
  };
  const auto* nop = find(9, "prog.asm");
  ASSERT_TRUE(nop);
  EXPECT_EQ(nop->linear, progText + 5);
  EXPECT_EQ(nop->segment, "_TEXT");
  EXPECT_EQ(uint32_t{nop->frame} * 16 + nop->offset, nop->linear);
  EXPECT_EQ(nop->frame, code->frame);
  const auto* dec = find(2, "part.inc");
  ASSERT_TRUE(dec);
  EXPECT_EQ(dec->linear, progText + 6);
  // _DATA is in DGROUP: its line is reached through the group's frame.
  const auto* msg = find(12, "prog.asm");
  ASSERT_TRUE(msg);
  EXPECT_EQ(msg->linear, data->start);
  ASSERT_FALSE(p->groups.empty());
  EXPECT_EQ(msg->frame, p->groups.front().frame);
  for (size_t i = 1; i < p->lines.size(); ++i) EXPECT_LE(p->lines[i - 1].linear, p->lines[i].linear);

  const std::string map = link::writeMap(*p);
  EXPECT_NE(map.find("Line numbers for prog.asm segment _TEXT"), std::string::npos) << map;
  EXPECT_NE(map.find(fmt::format("{:6} {:04X}:{:04X}", 9, nop->frame, nop->offset)), std::string::npos) << map;
}

}  // namespace
}  // namespace asmlab::masm::test
