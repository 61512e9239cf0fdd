// The linker on hand-built modules. Expected addresses are worked out by hand from the layout
// rules (MS LINK's order: classes in order of first appearance, segments in order of first
// appearance within a class; each contribution aligned as its SEGDEF says).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using namespace test;

std::optional<LinkedProgram> linkModules(std::vector<Module> modules, LinkDiagnostics& diag,
                                         const LinkOptions& options = {}, const std::vector<Library>& libs = {}) {
  std::vector<InputModule> in;
  for (size_t i = 0; i < modules.size(); ++i) in.push_back({std::move(modules[i]), fmt::format("m{}.obj", i)});
  return link(std::move(in), libs, options, diag);
}

const LinkedSegment* findSegment(const LinkedProgram& p, const std::string& name) {
  for (const auto& s : p.segments)
    if (s.name == name) return &s;
  return nullptr;
}

// CALL FAR ROUTINE in module A, ROUTINE at offset 2 of a paragraph-aligned segment in module B.
TEST(Linker, FarCallAcrossModules) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("A_TEXT", "CODE", {0x9A, 0, 0, 0, 0, 0xCB}));
  a.segments.push_back(stackSegment(0x100));
  a.externs.push_back(externNamed("ROUTINE"));
  a.fixups.push_back(fixup(0, 1, FixupKind::Pointer32, byTarget(), ext(0)));
  setEntry(a, 0, 0);
  Module b;
  b.name = "B";
  b.segments.push_back(segment("B_TEXT", "CODE", {0x90, 0x90, 0xCB}, Align::Paragraph));
  b.publics.push_back(publicAt("ROUTINE", 0, 2));
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  // A_TEXT 0..5, B_TEXT at 10h (paragraph), STACK (class STACK, after CODE) at 20h.
  EXPECT_EQ(findSegment(*p, "B_TEXT")->start, 0x10u);
  EXPECT_EQ(findSegment(*p, "STACK")->start, 0x20u);
  EXPECT_EQ(word(p->image, 1), 0x0002);  // offset of ROUTINE in frame 1
  EXPECT_EQ(word(p->image, 3), 0x0001);  // its frame, relative to the load segment
  ASSERT_EQ(p->relocations.size(), 1u);
  EXPECT_EQ(p->relocations[0].segment, 0);
  EXPECT_EQ(p->relocations[0].offset, 3);
  EXPECT_EQ(p->ss, 2);
  EXPECT_EQ(p->sp, 0x100);
  EXPECT_EQ(p->cs, 0);
  EXPECT_EQ(p->ip, 0);
  EXPECT_EQ(p->memorySize, 0x120u);
  EXPECT_EQ(p->image.size(), 0x13u);  // up to the last initialised byte (B_TEXT's RETF)
}

// MOV AX,SEG TABLE / MOV ES,AX / MOV BX,ES:TABLE with TABLE in another module's FAR_DATA segment:
// the segment word is the table's own frame (relocated), the offset is relative to that frame.
TEST(Linker, FarDataAcrossModules) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("A_TEXT", "CODE", {0xB8, 0, 0, 0x8E, 0xC0, 0x26, 0x8B, 0x1E, 0, 0, 0xCB}));
  a.externs.push_back(externNamed("TABLE"));
  a.fixups.push_back(fixup(0, 1, FixupKind::Base16, byTarget(), ext(0)));
  a.fixups.push_back(fixup(0, 8, FixupKind::Offset16, byTarget(), ext(0)));
  setEntry(a, 0, 0);
  Module b;
  b.name = "B";
  b.segments.push_back(segment("B_TEXT", "CODE", std::vector<uint8_t>(0x25, 0x90)));
  b.segments.push_back(segment("B_FAR", "FAR_DATA", {0, 0, 0, 0, 0x34, 0x12}, Align::Paragraph, Combine::Private));
  b.publics.push_back(publicAt("TABLE", 1, 4));
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  // A_TEXT 0..0Ah, B_TEXT at 0Ch..30h, B_FAR (class FAR_DATA, after CODE) at 40h: frame 4.
  EXPECT_EQ(findSegment(*p, "B_FAR")->start, 0x40u);
  EXPECT_EQ(word(p->image, 1), 4);
  EXPECT_EQ(word(p->image, 8), 4);
  ASSERT_EQ(p->relocations.size(), 1u);
  EXPECT_EQ(p->relocations[0].offset, 1);
  EXPECT_EQ(word(p->image, 0x44), 0x1234);
}

// Two modules' _DATA combine in DGROUP; offsets are relative to the group, not the segment.
TEST(Linker, DgroupFrameAndSegmentBase) {
  Module a;
  a.name = "A";
  std::vector<uint8_t> code(0x25, 0x90);
  code[0] = 0xB8;  // mov ax, DGROUP
  code[3] = 0xBA;  // mov dx, OFFSET MSGB
  code[1] = code[2] = code[4] = code[5] = 0;
  a.segments.push_back(segment("_TEXT", "CODE", code, Align::Byte));
  a.segments.push_back(segment("_DATA", "DATA", {1, 2, 3}));
  a.groups.push_back(Group{"DGROUP", {1}});
  a.externs.push_back(externNamed("MSGB"));
  a.fixups.push_back(fixup(0, 1, FixupKind::Base16, byTarget(), grp(0)));
  a.fixups.push_back(fixup(0, 4, FixupKind::Offset16, grp(0), ext(0)));
  setEntry(a, 0, 0);
  Module b;
  b.name = "B";
  b.segments.push_back(segment("_DATA", "DATA", {0xAA, 0xBB}));
  b.segments.push_back(segment("CONST", "CONST", {0xCC, 0xDD}));
  b.groups.push_back(Group{"DGROUP", {0, 1}});
  Public msg = publicAt("MSGB", 0, 1);
  msg.group = 0;
  b.publics.push_back(msg);
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  // _TEXT 0..24h; A's _DATA at 26h (word), B's _DATA at 2Ah (word after 29h), CONST at 2Ch.
  const LinkedSegment* data = findSegment(*p, "_DATA");
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->start, 0x26u);
  EXPECT_EQ(data->length, 6u);
  EXPECT_EQ(data->group, "DGROUP");
  ASSERT_EQ(data->contributions.size(), 2u);
  EXPECT_EQ(data->contributions[1].start, 0x2Au);
  EXPECT_EQ(findSegment(*p, "CONST")->start, 0x2Cu);
  ASSERT_EQ(p->groups.size(), 1u);
  EXPECT_EQ(p->groups[0].frame, 2);      // 26h rounded down to a paragraph
  EXPECT_EQ(word(p->image, 1), 2);       // DGROUP's frame
  EXPECT_EQ(word(p->image, 4), 0x0B);    // 2Bh - 20h
  ASSERT_EQ(p->relocations.size(), 1u);
  EXPECT_EQ(p->relocations[0].offset, 1);
  EXPECT_EQ(p->image[0x2B], 0xBB);
  EXPECT_EQ(p->image[0x2D], 0xDD);
}

TEST(Linker, StackSegmentsConcatenate) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("_TEXT", "CODE", {0xC3}));
  a.segments.push_back(stackSegment(0x100));
  setEntry(a, 0, 0);
  Module b;
  b.name = "B";
  Segment small = stackSegment(0x80);
  small.align = Align::Word;
  b.segments.push_back(small);
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_TRUE(p->hasStack);
  EXPECT_EQ(p->ss, 1);       // STACK at 10h
  EXPECT_EQ(p->sp, 0x180);   // 100h + 80h
  auto exe = writeMz(*p);
  // Image is one byte; memory 10h + 180h = 190h; minalloc = ceil((190h - 1) / 16) = 19h.
  EXPECT_EQ(word(exe, 0x0A), 0x19);
  EXPECT_EQ(word(exe, 0x0E), 1);
  EXPECT_EQ(word(exe, 0x10), 0x180);
}

// A TINY program: ORG 100h, MOV DX,OFFSET msg / MOV AH,9 / INT 21h / RET / msg DB 'hi$'.
TEST(Linker, ComProgram) {
  Module m;
  m.name = "HELLO";
  std::vector<uint8_t> data(0x100, 0);
  for (int b : {0xBA, 0x00, 0x00, 0xB4, 0x09, 0xCD, 0x21, 0xC3, int{'h'}, int{'i'}, int{'$'}}) data.push_back(static_cast<uint8_t>(b));
  m.segments.push_back(segment("_TEXT", "CODE", data));
  m.groups.push_back(Group{"DGROUP", {0}});
  m.fixups.push_back(fixup(0, 0x101, FixupKind::Offset16, grp(0), seg(0), 0x108));
  setEntry(m, 0, 0x100);
  LinkDiagnostics diag;
  LinkOptions options;
  options.format = OutputFormat::Com;
  auto p = linkModules({m}, diag, options);
  ASSERT_TRUE(p) << diag.renderToString();
  auto com = writeCom(*p);
  std::vector<uint8_t> expected{0xBA, 0x08, 0x01, 0xB4, 0x09, 0xCD, 0x21, 0xC3, 'h', 'i', '$'};
  EXPECT_EQ(com, expected);
}

// A near CALL (self-relative) from one module's _TEXT to another's, combined into one segment,
// and a short JMP within a module.
TEST(Linker, SelfRelativeFixups) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("_TEXT", "CODE", {0xE8, 0, 0, 0xEB, 0, 0xC3}, Align::Byte));
  a.externs.push_back(externNamed("HELPER"));
  a.fixups.push_back(fixup(0, 1, FixupKind::Offset16, {RefKind::Location, 0}, ext(0), 0, true));
  a.fixups.push_back(fixup(0, 4, FixupKind::LowByte, {RefKind::Location, 0}, seg(0), 5, true));
  setEntry(a, 0, 0);
  Module b;
  b.name = "B";
  b.segments.push_back(segment("_TEXT", "CODE", {0x90, 0xC3}, Align::Word));
  b.publics.push_back(publicAt("HELPER", 0, 1));
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  // B's part at 6 (word-aligned after 6 bytes); HELPER = 7; call ends at 3: displacement 4.
  EXPECT_EQ(word(p->image, 1), 4);
  // Short jump to offset 5 from the end of the field (5): displacement 0.
  EXPECT_EQ(p->image[4], 0);
  EXPECT_TRUE(p->relocations.empty());
}

TEST(Linker, LibraryMembersArePulledInUntilNothingIsMissing) {
  auto member = [](std::string name, std::string defines, std::vector<std::string> needs) {
    Module m;
    m.name = name;
    m.segments.push_back(segment(name + "_TEXT", "CODE", {0xCB, 0, 0, 0, 0}));
    m.publics.push_back(publicAt(defines, 0, 0));
    for (size_t i = 0; i < needs.size(); ++i) {
      m.externs.push_back(externNamed(needs[i]));
      m.fixups.push_back(fixup(0, 1, FixupKind::Pointer32, byTarget(), ext(static_cast<uint32_t>(i))));
    }
    return m;
  };
  LinkDiagnostics diag;
  auto bytes = writeLibrary({member("M3", "F3", {}), member("M1", "F1", {"F2"}), member("M2", "F2", {})}, {}, diag);
  ASSERT_TRUE(bytes);
  auto lib = Library::read(*bytes, "course.lib", diag);
  ASSERT_TRUE(lib);
  Module main = member("MAIN", "START", {"F1"});
  setEntry(main, 0, 0);
  auto p = linkModules({main}, diag, {}, {*lib});
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_EQ(p->modules, (std::vector<std::string>{"m0.obj", "course.lib(M1)", "course.lib(M2)"}));
  EXPECT_EQ(p->relocations.size(), 2u);
}

TEST(Linker, CommunalVariablesAreAllocatedInDgroup) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("_TEXT", "CODE", {0xA1, 0, 0}));
  a.segments.push_back(segment("_DATA", "DATA", {7, 7, 7}));
  a.groups.push_back(Group{"DGROUP", {1}});
  Extern count = externNamed("count");
  count.communal = Extern::Communal{false, 1, 2};
  a.externs.push_back(count);
  a.fixups.push_back(fixup(0, 1, FixupKind::Offset16, grp(0), ext(0)));
  setEntry(a, 0, 0);
  Module b = a;
  b.name = "B";
  b.entry.reset();
  b.isMain = false;
  b.externs[0].communal->elementSize = 4;  // the larger declaration wins
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  const LinkedSegment* common = findSegment(*p, "c_common");
  ASSERT_NE(common, nullptr);
  EXPECT_EQ(common->className, "BSS");
  EXPECT_EQ(common->group, "DGROUP");
  EXPECT_EQ(common->length, 4u);
  // _TEXT 0..5 (two 3-byte parts, word aligned: 0 and 4 -> ends 7), _DATA at 8 (3) and 0Ch (3),
  // c_common at 10h. DGROUP frame 0: count's offset is 10h in both modules' fixups.
  EXPECT_EQ(common->start, 0x10u);
  EXPECT_EQ(word(p->image, 1), 0x10);
  EXPECT_EQ(word(p->image, 5), 0x10);
}

TEST(Linker, CommonSegmentsOverlay) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("SHARED", "DATA", {1, 2, 3, 4}, Align::Paragraph, Combine::Common));
  Module b;
  b.name = "B";
  b.segments.push_back(segment("SHARED", "DATA", {9, 9, 9, 9, 5, 6, 7, 8}, Align::Paragraph, Combine::Common));
  b.publics.push_back(publicAt("S", 0, 4));
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  const LinkedSegment* s = findSegment(*p, "SHARED");
  EXPECT_EQ(s->length, 8u);
  EXPECT_EQ(s->contributions[0].start, s->contributions[1].start);
  EXPECT_EQ(p->image.size(), 8u);
}

TEST(Linker, PrivateSegmentsDoNotCombine) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("CODESEG", "CODE", {1, 2, 3}, Align::Paragraph, Combine::Private));
  Module b = a;
  LinkDiagnostics diag;
  auto p = linkModules({a, b}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  ASSERT_EQ(p->segments.size(), 2u);
  EXPECT_EQ(p->segments[1].start, 0x10u);
}

// Default order follows the classes' first appearance; DOSSEG puts code first, then data outside
// DGROUP, then DGROUP with BSS and STACK last.
TEST(Linker, SegmentOrder) {
  Module m;
  m.name = "M";
  m.segments.push_back(segment("_BSS", "BSS", {}, Align::Word));
  m.segments.push_back(segment("_DATA", "DATA", {1}));
  m.segments.push_back(segment("FAR_DATA", "FAR_DATA", {2}));
  m.segments.push_back(segment("_TEXT", "CODE", {3}));
  m.segments.push_back(stackSegment(0x10));
  m.groups.push_back(Group{"DGROUP", {0, 1, 4}});
  auto names = [](const LinkedProgram& p) {
    std::vector<std::string> out;
    for (const auto& s : p.segments) out.push_back(s.name);
    return out;
  };
  LinkDiagnostics diag;
  auto plain = linkModules({m}, diag);
  ASSERT_TRUE(plain);
  EXPECT_EQ(names(*plain), (std::vector<std::string>{"_BSS", "_DATA", "FAR_DATA", "_TEXT", "STACK"}));
  LinkOptions dosseg;
  dosseg.dosseg = true;
  auto ordered = linkModules({m}, diag, dosseg);
  ASSERT_TRUE(ordered);
  EXPECT_EQ(names(*ordered), (std::vector<std::string>{"_TEXT", "FAR_DATA", "_DATA", "_BSS", "STACK"}));
  // The DOSSEG comment record (class 9Eh) has the same effect.
  m.comments.push_back(Comment{0x80, 0x9E, ""});
  auto viaComment = linkModules({m}, diag);
  ASSERT_TRUE(viaComment);
  EXPECT_EQ(names(*viaComment), names(*ordered));
}

// MOV AX, SEG screen with screen in an AT segment: an absolute frame, no relocation.
TEST(Linker, AbsoluteSegmentNeedsNoRelocation) {
  Module m;
  m.name = "M";
  m.segments.push_back(segment("_TEXT", "CODE", {0xB8, 0, 0, 0xA1, 0, 0}));
  Segment video = segment("VIDEO", "", {}, Align::Absolute, Combine::Private);
  video.absoluteFrame = 0xB800;
  video.length = 4000;
  m.segments.push_back(video);
  m.publics.push_back(publicAt("screen", 1, 0xA0));
  m.externs.push_back(externNamed("screen"));
  m.fixups.push_back(fixup(0, 1, FixupKind::Base16, byTarget(), ext(0)));
  m.fixups.push_back(fixup(0, 4, FixupKind::Offset16, byTarget(), ext(0)));
  setEntry(m, 0, 0);
  LinkDiagnostics diag;
  auto p = linkModules({m}, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_EQ(word(p->image, 1), 0xB800);
  EXPECT_EQ(word(p->image, 4), 0xA0);
  EXPECT_TRUE(p->relocations.empty());
  EXPECT_EQ(p->memorySize, 6u);  // the AT segment takes no room in the program
}

TEST(Linker, MapFileListsSegmentsGroupsPublicsAndEntry) {
  Module a;
  a.name = "A";
  a.segments.push_back(segment("_TEXT", "CODE", std::vector<uint8_t>(0x12, 0x90)));
  a.segments.push_back(segment("_DATA", "DATA", {1, 2}));
  a.groups.push_back(Group{"DGROUP", {1}});
  a.publics = {publicAt("zeta", 0, 2), publicAt("alpha", 0, 0x10), publicAt("table", 1, 0)};
  a.publics[2].group = 0;
  setEntry(a, 0, 2);
  LinkDiagnostics diag;
  auto p = linkModules({a}, diag);
  ASSERT_TRUE(p);
  std::string map = writeMap(*p);
  EXPECT_NE(map.find(" 00000H 00011H 00012H _TEXT                  CODE"), std::string::npos) << map;
  EXPECT_NE(map.find(" 00012H 00013H 00002H _DATA                  DATA"), std::string::npos) << map;
  EXPECT_NE(map.find(" 0001:0   DGROUP"), std::string::npos) << map;
  size_t byName = map.find("Publics by Name");
  size_t byValue = map.find("Publics by Value");
  ASSERT_NE(byName, std::string::npos);
  ASSERT_NE(byValue, std::string::npos);
  // By name: alpha, table, zeta. By value: zeta (0002), alpha (0010), table (0001:0002 = 12h).
  EXPECT_LT(map.find("alpha", byName), map.find("table", byName));
  EXPECT_LT(map.find("table", byName), map.find("zeta", byName));
  EXPECT_LT(map.find("zeta", byValue), map.find("alpha", byValue));
  EXPECT_LT(map.find("alpha", byValue), map.find("table", byValue));
  EXPECT_NE(map.find(" 0001:0002        table"), std::string::npos) << map;
  EXPECT_NE(map.find("Program entry point at 0000:0002"), std::string::npos) << map;
}

}  // namespace
}  // namespace asmlab::link
