// toolchain::compareModules: two OMF modules are equivalent when the linker computes the same from
// them (TIS OMF 1.1, FIXUPP: the linker adds the target's address to the field's contents, so a
// displacement may sit in the field or in the record), and only then.
#include <gtest/gtest.h>

#include "asmlab/toolchain/omf_disassembly.hpp"

namespace asmlab::toolchain {
namespace {

using link::Fixup;
using link::FixupKind;
using link::Module;
using link::RefKind;

// _TEXT: mov ax, OFFSET msg (B8 + field), call far ptr PUTS (9A + 4 bytes); _DATA in DGROUP.
Module sample() {
  Module m;
  m.name = "t.asm";
  link::Segment text;
  text.name = "_TEXT";
  text.className = "CODE";
  text.combine = link::Combine::Public;
  text.data = {0xB8, 0x05, 0x00, 0x9A, 0, 0, 0, 0};
  text.length = 8;
  link::Segment data;
  data.name = "_DATA";
  data.className = "DATA";
  data.data = {'h', 'i', '$'};
  data.length = 16;
  m.segments = {text, data};
  m.groups = {{"DGROUP", {1}}};
  link::Extern puts;
  puts.name = "PUTS";
  m.externs = {puts};
  m.publics.push_back({"MSG", 1, 0, 5});
  Fixup offset;
  offset.segment = 0;
  offset.offset = 1;
  offset.kind = FixupKind::Offset16;
  offset.frame = {RefKind::Group, 0};
  offset.target = {RefKind::Segment, 1};
  Fixup far;
  far.segment = 0;
  far.offset = 4;
  far.kind = FixupKind::Pointer32;
  far.frame = {RefKind::Target, 0};
  far.target = {RefKind::Extern, 0};
  m.fixups = {offset, far};
  return m;
}

TEST(OmfCompare, AModuleIsEquivalentToItself) { EXPECT_FALSE(compareModules(sample(), sample())); }

TEST(OmfCompare, TheDisplacementMayMoveBetweenTheFieldAndTheRecord) {
  Module a = sample();
  a.segments[0].data[1] = 0;  // OFFSET msg+5 as field 0, displacement 5
  a.fixups[0].displacement = 5;
  EXPECT_FALSE(compareModules(sample(), a));
  a.fixups[0].displacement = 6;
  auto d = compareModules(sample(), a);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->segment, 0u);
  EXPECT_EQ(d->offset, 1u);
}

TEST(OmfCompare, AFrameNamedOrImpliedIsTheSameFrame) {
  Module a = sample();
  a.fixups[1].frame = {RefKind::Extern, 0};  // F2 PUTS = F5 (target PUTS)
  EXPECT_FALSE(compareModules(sample(), a));
  a.fixups[0].frame = {RefKind::Segment, 1};  // relative to _DATA instead of DGROUP
  auto d = compareModules(sample(), a);
  ASSERT_TRUE(d);
  EXPECT_NE(d->what.find("DGROUP"), std::string::npos) << d->what;
}

TEST(OmfCompare, BytesTargetsAndNamesCount) {
  Module a = sample();
  a.segments[0].data[0] = 0xB9;
  auto d = compareModules(sample(), a);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->offset, 0u);
  a = sample();
  a.externs[0].name = "PUTC";
  EXPECT_TRUE(compareModules(sample(), a));
  a = sample();
  a.fixups.pop_back();
  d = compareModules(sample(), a);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->offset, 4u);
  a = sample();
  a.publics.clear();
  EXPECT_TRUE(compareModules(sample(), a));
  a = sample();
  a.segments[1].length = 17;
  EXPECT_TRUE(compareModules(sample(), a));
  a = sample();
  a.segments[1].combine = link::Combine::Public;
  EXPECT_TRUE(compareModules(sample(), a));
  a = sample();
  a.groups[0].segments = {0};
  EXPECT_TRUE(compareModules(sample(), a));
}

TEST(OmfCompare, ASelfRelativeFixupsFrameDoesNotCount) {
  Module e = sample(), a = sample();
  e.fixups[1].kind = a.fixups[1].kind = FixupKind::Offset16;
  e.fixups[1].selfRelative = a.fixups[1].selfRelative = true;
  e.fixups[1].frame = {RefKind::Location, 0};
  a.fixups[1].frame = {RefKind::Target, 0};
  EXPECT_FALSE(compareModules(e, a));
}

}  // namespace
}  // namespace asmlab::toolchain
