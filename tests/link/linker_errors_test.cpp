// Every error the linker reports, each with the module or place it names.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using namespace test;

std::optional<LinkedProgram> linkNamed(std::vector<std::pair<Module, std::string>> modules, LinkDiagnostics& diag,
                                       OutputFormat format = OutputFormat::Exe) {
  std::vector<InputModule> in;
  for (auto& [m, name] : modules) in.push_back({std::move(m), name});
  LinkOptions options;
  options.format = format;
  return link(std::move(in), {}, options, diag);
}

Module codeModule(std::string name, std::vector<uint8_t> code) {
  Module m;
  m.name = std::move(name);
  m.segments.push_back(segment("_TEXT", "CODE", std::move(code)));
  return m;
}

TEST(LinkerErrors, UnresolvedExternalNamesTheReferencingModule) {
  Module m = codeModule("MAIN", {0x9A, 0, 0, 0, 0});
  m.externs.push_back(externNamed("PRINTSTR"));
  m.fixups.push_back(fixup(0, 1, FixupKind::Pointer32, byTarget(), ext(0)));
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "main.obj"}}, diag));
  EXPECT_TRUE(diag.contains("main.obj: error: unresolved external symbol PRINTSTR (referenced in main.obj)"))
      << diag.renderToString();
}

TEST(LinkerErrors, UnusedUndefinedExternalIsOnlyAWarning) {
  Module m = codeModule("MAIN", {0xC3});
  m.externs.push_back(externNamed("NEVER_USED"));
  setEntry(m, 0, 0);
  LinkDiagnostics diag;
  EXPECT_TRUE(linkNamed({{m, "main.obj"}}, diag));
  EXPECT_TRUE(diag.contains("warning: external symbol NEVER_USED is declared but never defined"))
      << diag.renderToString();
}

TEST(LinkerErrors, DuplicatePublicNamesBothModules) {
  Module a = codeModule("A", {0xC3});
  a.publics.push_back(publicAt("PRINT", 0, 0));
  Module b = codeModule("B", {0xC3});
  b.publics.push_back(publicAt("PRINT", 0, 0));
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{a, "a.obj"}, {b, "b.obj"}}, diag));
  EXPECT_TRUE(diag.contains("symbol PRINT is defined in both a.obj and b.obj")) << diag.renderToString();
}

// MOV AX, far_thing with frame = _TEXT (at 0) but the target 64K further on: fixup overflow.
TEST(LinkerErrors, NearFixupOutOfFrame) {
  Module m = codeModule("M", {0xA1, 0, 0});
  Segment fill = segment("FILL", "FILL", {}, Align::Paragraph, Combine::Private);
  fill.length = 0xFFF0;
  m.segments.push_back(fill);
  m.segments.push_back(segment("FAR_DATA", "FAR_DATA", {1, 2}, Align::Paragraph, Combine::Private));
  m.fixups.push_back(fixup(0, 1, FixupKind::Offset16, seg(0), seg(2)));
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("m.obj: error: fixup overflow at _TEXT:0001h: segment FAR_DATA")) << diag.renderToString();
}

// A target below its frame (frame = FAR_DATA, target = _TEXT at 0) overflows too.
TEST(LinkerErrors, TargetBelowFrame) {
  Module m = codeModule("M", std::vector<uint8_t>(0x20, 0));
  m.segments.push_back(segment("FAR_DATA", "FAR_DATA", {1, 2}, Align::Paragraph, Combine::Private));
  m.fixups.push_back(fixup(0, 1, FixupKind::Offset16, seg(1), seg(0)));
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("fixup overflow")) << diag.renderToString();
}

TEST(LinkerErrors, ShortJumpOutOfRange) {
  Module m = codeModule("M", std::vector<uint8_t>(300, 0x90));
  m.fixups.push_back(fixup(0, 1, FixupKind::LowByte, {RefKind::Location, 0}, seg(0), 200, true));
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("out of the range of a short (8-bit) displacement")) << diag.renderToString();
}

TEST(LinkerErrors, ComWithSegmentRelocation) {
  std::vector<uint8_t> code(0x100, 0);
  for (uint8_t b : {0xB8, 0, 0, 0xC3}) code.push_back(b);
  Module m = codeModule("M", code);
  m.fixups.push_back(fixup(0, 0x101, FixupKind::Base16, byTarget(), seg(0)));
  setEntry(m, 0, 0x100);
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag, OutputFormat::Com));
  EXPECT_TRUE(diag.contains("a .COM program cannot have segment relocations, but the word at _TEXT:0101h"))
      << diag.renderToString();
}

TEST(LinkerErrors, ComNotStartingAt100h) {
  std::vector<uint8_t> code(0x100, 0);
  code.push_back(0xC3);
  code.push_back(0xC3);
  Module m = codeModule("M", code);
  setEntry(m, 0, 0x101);
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag, OutputFormat::Com));
  EXPECT_TRUE(diag.contains("must start at offset 100h")) << diag.renderToString();
  // No start address: DOS starts a .COM at 100h whatever END says, so that is where it starts,
  // with a warning; with nothing at 100h there is nothing to start.
  Module noEntry = codeModule("M", code);
  LinkDiagnostics diag2;
  auto started = linkNamed({{noEntry, "m.obj"}}, diag2, OutputFormat::Com);
  ASSERT_TRUE(started) << diag2.renderToString();
  EXPECT_EQ(started->ip, 0x100);
  EXPECT_FALSE(diag2.hasErrors());
  EXPECT_TRUE(diag2.contains("no start address (END label): DOS starts a .COM program at offset 100h"))
      << diag2.renderToString();
  Module empty = codeModule("M", std::vector<uint8_t>(0x100, 0));
  LinkDiagnostics diag3;
  EXPECT_FALSE(linkNamed({{empty, "m.obj"}}, diag3, OutputFormat::Com));
  EXPECT_TRUE(diag3.contains("needs a start address")) << diag3.renderToString();
}

TEST(LinkerErrors, ComWithDataBelow100h) {
  Module m = codeModule("M", {0xC3});  // no ORG 100h: code at offset 0
  setEntry(m, 0, 0);
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag, OutputFormat::Com));
  EXPECT_TRUE(diag.contains("must start at offset 100h")) << diag.renderToString();
  EXPECT_TRUE(diag.contains("has data at offset 00h, below 100h")) << diag.renderToString();
}

TEST(LinkerErrors, TwoEntryPoints) {
  Module a = codeModule("A", {0xC3});
  setEntry(a, 0, 0);
  Module b = a;
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{a, "a.obj"}, {b, "b.obj"}}, diag));
  EXPECT_TRUE(diag.contains("b.obj: error: a second program entry point (the first is in a.obj)"))
      << diag.renderToString();
}

TEST(LinkerErrors, GroupLargerThan64K) {
  Module m = codeModule("M", {0xC3});
  Segment a = segment("D1", "DATA", {}, Align::Paragraph, Combine::Public);
  a.length = 0xC000;
  Segment b = segment("D2", "DATA", {}, Align::Paragraph, Combine::Public);
  b.length = 0x8000;
  m.segments.push_back(a);
  m.segments.push_back(b);
  m.groups.push_back(Group{"DGROUP", {1, 2}});
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("group DGROUP is")) << diag.renderToString();
}

TEST(LinkerErrors, CombinedSegmentLargerThan64K) {
  Segment big = segment("_DATA", "DATA", {}, Align::Word, Combine::Public);
  big.length = 0x9000;
  Module a = codeModule("A", {0xC3});
  a.segments.push_back(big);
  Module b = a;
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{a, "a.obj"}, {b, "b.obj"}}, diag));
  EXPECT_TRUE(diag.contains("segment _DATA (DATA) is 73728 bytes after combining")) << diag.renderToString();
}

TEST(LinkerErrors, SegmentInTwoGroups) {
  Module a = codeModule("A", {0xC3});
  a.segments.push_back(segment("_DATA", "DATA", {1}));
  a.groups.push_back(Group{"DGROUP", {1}});
  Module b = codeModule("B", {0xC3});
  b.segments.push_back(segment("_DATA", "DATA", {2}));
  b.groups.push_back(Group{"OTHER", {1}});
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{a, "a.obj"}, {b, "b.obj"}}, diag));
  EXPECT_TRUE(diag.contains("b.obj: error: segment _DATA is in group DGROUP and in group OTHER")) << diag.renderToString();
}

TEST(LinkerErrors, CommunalLargerThanASegment) {
  Module m = codeModule("M", {0xC3});
  Extern huge = externNamed("HUGE");
  huge.communal = Extern::Communal{true, 0x20000, 1};
  m.externs.push_back(huge);
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("communal variable HUGE is 131072 bytes")) << diag.renderToString();
}

TEST(LinkerErrors, NothingToLink) {
  LinkDiagnostics diag;
  EXPECT_FALSE(linkNamed({}, diag));
  EXPECT_TRUE(diag.contains("no object modules")) << diag.renderToString();
}

TEST(LinkerErrors, MissingStackAndEntryAreWarningsForExe) {
  Module m = codeModule("M", {0xC3});
  LinkDiagnostics diag;
  EXPECT_TRUE(linkNamed({{m, "m.obj"}}, diag));
  EXPECT_TRUE(diag.contains("warning: no stack segment")) << diag.renderToString();
  EXPECT_TRUE(diag.contains("warning: no program entry point")) << diag.renderToString();
}

}  // namespace
}  // namespace asmlab::link
