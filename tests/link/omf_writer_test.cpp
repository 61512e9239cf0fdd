// Writer -> reader round trips: every part of the object model survives, including the cases the
// writer must split (LEDATA over 1024 bytes with a fixup on the boundary, 32-bit variants).
#include <gtest/gtest.h>

#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using namespace test;

Module sampleModule() {
  Module m;
  m.name = "SAMPLE.ASM";
  std::vector<uint8_t> code(3000);
  for (size_t i = 0; i < code.size(); ++i) code[i] = static_cast<uint8_t>(i * 7);
  m.segments.push_back(segment("_TEXT", "CODE", code));
  m.segments.push_back(segment("_DATA", "DATA", {1, 2, 3, 4}));
  m.segments.push_back(stackSegment(0x200));
  Segment video = segment("VIDEO", "", {}, Align::Absolute, Combine::Private);
  video.absoluteFrame = 0xB800;
  video.length = 4000;
  m.segments.push_back(video);
  Segment big = segment("BIG", "FAR_DATA", {}, Align::Paragraph, Combine::Private);
  big.length = 0x10000;
  m.segments.push_back(big);
  m.groups.push_back(Group{"DGROUP", {1, 2}});
  Public local = publicAt("helper", 0, 0x20);
  local.local = true;
  m.publics = {publicAt("main", 0, 0), publicAt("table", 1, 2), local};
  m.publics.back().typeIndex = 0;
  Public abs;
  abs.name = "SCREEN";
  abs.absoluteFrame = 0xB800;
  abs.offset = 0x0A0;
  m.publics.push_back(abs);
  m.externs = {externNamed("printf"), externNamed("count")};
  m.externs[1].communal = Extern::Communal{false, 1, 2};
  Extern far = externNamed("bigarray");
  far.communal = Extern::Communal{true, 1000, 4};
  m.externs.push_back(far);
  // A far pointer straddling offset 1024, where a naive 1024-byte LEDATA split would cut it.
  m.fixups.push_back(fixup(0, 1022, FixupKind::Pointer32, byTarget(), ext(0)));
  m.fixups.push_back(fixup(0, 1, FixupKind::Base16, byTarget(), grp(0)));
  m.fixups.push_back(fixup(0, 5, FixupKind::Offset16, grp(0), seg(1), 2));
  m.fixups.push_back(fixup(0, 10, FixupKind::Offset16, {RefKind::Location, 0}, seg(0), 0x123, true));
  m.fixups.push_back(fixup(0, 2990, FixupKind::LowByte, {RefKind::Location, 0}, seg(0), -3, true));
  m.fixups.push_back(fixup(0, 2000, FixupKind::Offset16, {RefKind::Absolute, 0xB800}, {RefKind::Absolute, 0xB800}, 4));
  m.fixups.push_back(fixup(0, 2100, FixupKind::Offset16, grp(0), seg(1), -2));
  m.lines = {{0, 1, 0}, {0, 2, 3}, {0, 10, 1022}};
  m.comments.push_back(Comment{0x80, 0x9F, "UCRLIB"});
  setEntry(m, 0, 0x10);
  return m;
}

TEST(OmfWriter, RoundTripKeepsEverything) {
  Module m = sampleModule();
  LinkDiagnostics diag;
  ASSERT_TRUE(validateModule(m, "s.obj", diag)) << diag.renderToString();
  auto bytes = writeObject(m);
  auto back = readObject(bytes, "s.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  EXPECT_EQ(back->name, m.name);
  ASSERT_EQ(back->segments.size(), m.segments.size());
  for (size_t i = 0; i < m.segments.size(); ++i) {
    SCOPED_TRACE(m.segments[i].name);
    EXPECT_EQ(back->segments[i].name, m.segments[i].name);
    EXPECT_EQ(back->segments[i].className, m.segments[i].className);
    EXPECT_EQ(back->segments[i].align, m.segments[i].align);
    EXPECT_EQ(back->segments[i].combine, m.segments[i].combine);
    EXPECT_EQ(back->segments[i].length, m.segments[i].length);
    EXPECT_EQ(back->segments[i].data, m.segments[i].data);
    EXPECT_EQ(back->segments[i].absoluteFrame, m.segments[i].absoluteFrame);
  }
  ASSERT_EQ(back->groups.size(), 1u);
  EXPECT_EQ(back->groups[0].name, "DGROUP");
  EXPECT_EQ(back->groups[0].segments, (std::vector<uint32_t>{1, 2}));
  ASSERT_EQ(back->publics.size(), m.publics.size());
  for (const auto& p : m.publics) {
    const Public* q = nullptr;
    for (const auto& x : back->publics)
      if (x.name == p.name) q = &x;
    ASSERT_NE(q, nullptr) << p.name;
    EXPECT_EQ(q->segment, p.segment);
    EXPECT_EQ(q->offset, p.offset);
    EXPECT_EQ(q->local, p.local);
    EXPECT_EQ(q->absoluteFrame, p.absoluteFrame);
  }
  ASSERT_EQ(back->externs.size(), 3u);
  EXPECT_EQ(back->externs[0].name, "printf");
  EXPECT_FALSE(back->externs[0].communal);
  EXPECT_EQ(back->externs[1].communal->elementSize, 2u);
  EXPECT_EQ(back->externs[2].communal->elementCount, 1000u);
  ASSERT_EQ(back->fixups.size(), m.fixups.size());
  auto sorted = m.fixups;
  std::sort(sorted.begin(), sorted.end(), [](const Fixup& a, const Fixup& b) { return a.offset < b.offset; });
  for (size_t i = 0; i < sorted.size(); ++i) {
    SCOPED_TRACE(sorted[i].offset);
    EXPECT_EQ(back->fixups[i].offset, sorted[i].offset);
    EXPECT_EQ(back->fixups[i].kind, sorted[i].kind);
    EXPECT_EQ(back->fixups[i].selfRelative, sorted[i].selfRelative);
    EXPECT_EQ(back->fixups[i].frame.kind, sorted[i].frame.kind);
    EXPECT_EQ(back->fixups[i].target.kind, sorted[i].target.kind);
    EXPECT_EQ(back->fixups[i].target.index, sorted[i].target.index);
    // 16-bit FIXUPP displacements are 16 bits wide: -2 reads back as FFFEh, which adds the same mod 64K.
    EXPECT_EQ(static_cast<uint16_t>(back->fixups[i].displacement), static_cast<uint16_t>(sorted[i].displacement));
  }
  ASSERT_EQ(back->lines.size(), 3u);
  EXPECT_EQ(back->lines[2].line, 10u);
  EXPECT_EQ(back->lines[2].offset, 1022u);
  EXPECT_EQ(back->defaultLibraries(), std::vector<std::string>{"UCRLIB"});
  EXPECT_TRUE(back->isMain);
  ASSERT_TRUE(back->entry);
  EXPECT_EQ(back->entry->displacement, 0x10u);
}

TEST(OmfWriter, NoRecordExceedsLimitsAndChecksumsHold) {
  auto bytes = writeObject(sampleModule());
  size_t pos = 0;
  while (pos < bytes.size()) {
    ASSERT_LE(pos + 3, bytes.size());
    uint16_t len = static_cast<uint16_t>(bytes[pos + 1] | (bytes[pos + 2] << 8));
    if (bytes[pos] == 0xA0) {
      EXPECT_LE(len, 1024u + 5u);  // index, offset, data, checksum
    }
    uint8_t sum = 0;
    for (size_t i = pos; i < pos + 3 + len; ++i) sum = static_cast<uint8_t>(sum + bytes[i]);
    EXPECT_EQ(sum, 0) << "record at " << pos;
    pos += 3 + len;
  }
  EXPECT_EQ(pos, bytes.size());
}

TEST(OmfWriter, Use32SegmentUses32BitRecords) {
  Module m;
  m.name = "x";
  Segment s = segment("_TEXT32", "CODE", std::vector<uint8_t>(16, 0x90));
  s.use32 = true;
  s.length = 0x20000;
  m.segments.push_back(s);
  m.publics.push_back(publicAt("far_away", 0, 0x1FFF0));
  m.fixups.push_back(fixup(0, 4, FixupKind::Offset32, byTarget(), seg(0), 0x12345));
  LinkDiagnostics diag;
  ASSERT_TRUE(validateModule(m, "x.obj", diag));
  auto bytes = writeObject(m);
  auto back = readObject(bytes, "x.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  EXPECT_TRUE(back->segments[0].use32);
  EXPECT_EQ(back->segments[0].length, 0x20000u);
  EXPECT_EQ(back->publics[0].offset, 0x1FFF0u);
  EXPECT_EQ(back->fixups[0].kind, FixupKind::Offset32);
  EXPECT_EQ(back->fixups[0].displacement, 0x12345);
}

TEST(OmfWriter, ValidationRejectsBadModels) {
  Module m;
  m.name = "bad";
  m.segments.push_back(segment("_TEXT", "CODE", {1, 2}));
  m.fixups.push_back(fixup(0, 1, FixupKind::Offset16, byTarget(), ext(3)));  // field past the data; no extern 3
  m.groups.push_back(Group{"DGROUP", {7}});
  LinkDiagnostics diag;
  EXPECT_FALSE(validateModule(m, "bad.obj", diag));
  EXPECT_TRUE(diag.contains("outside the segment's initialised data")) << diag.renderToString();
  EXPECT_TRUE(diag.contains("frame or target out of range")) << diag.renderToString();
  EXPECT_TRUE(diag.contains("group DGROUP names segment index 7")) << diag.renderToString();
}

// Long runs of one byte are written as LIDATA (as MASM writes DUP), never across a fixup field.
TEST(OmfWriter, RepeatedBytesBecomeIteratedData) {
  Module m;
  m.name = "dup";
  std::vector<uint8_t> data(9000, 0);
  data[100] = 0xB8;                       // mov ax, seg _DATA at 100, field at 101 inside the zeros
  for (size_t i = 5000; i < 7000; ++i) data[i] = 0x2A;
  data[8999] = 1;
  m.segments.push_back(segment("_DATA", "DATA", data));
  m.fixups.push_back(fixup(0, 101, FixupKind::Base16, byTarget(), seg(0)));
  auto bytes = writeObject(m);
  EXPECT_LT(bytes.size(), 300u);          // 9000 bytes of data in a few small records
  size_t lidata = 0;
  for (size_t pos = 0; pos < bytes.size();) {
    if (bytes[pos] == 0xA2) ++lidata;
    pos += 3 + (bytes[pos + 1] | (bytes[pos + 2] << 8));
  }
  EXPECT_GE(lidata, 3u);
  LinkDiagnostics diag;
  auto back = readObject(bytes, "dup.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  EXPECT_EQ(back->segments[0].data, data);
  ASSERT_EQ(back->fixups.size(), 1u);
  EXPECT_EQ(back->fixups[0].offset, 101u);
}

TEST(OmfWriter, ManyNamesSplitAcrossRecords) {
  Module m;
  m.name = "many";
  m.segments.push_back(segment("_DATA", "DATA", std::vector<uint8_t>(2, 0)));
  for (int i = 0; i < 400; ++i) {
    m.publics.push_back(publicAt("public_symbol_number_" + std::to_string(i), 0, 0));
    m.externs.push_back(externNamed("external_symbol_number_" + std::to_string(i)));
  }
  LinkDiagnostics diag;
  auto back = readObject(writeObject(m), "many.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  EXPECT_EQ(back->publics.size(), 400u);
  ASSERT_EQ(back->externs.size(), 400u);
  EXPECT_EQ(back->externs[399].name, "external_symbol_number_399");
}

}  // namespace
}  // namespace asmlab::link
