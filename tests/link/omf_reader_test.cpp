// OMF reader: record layouts from TIS OMF 1.1, built byte by byte here, and malformed input.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "asmlab/link/omf_reader.hpp"

namespace asmlab::link {
namespace {

// Appends one record with a correct checksum.
void record(std::vector<uint8_t>& out, uint8_t type, std::vector<uint8_t> body) {
  size_t start = out.size();
  out.push_back(type);
  uint16_t len = static_cast<uint16_t>(body.size() + 1);
  out.push_back(static_cast<uint8_t>(len));
  out.push_back(static_cast<uint8_t>(len >> 8));
  out.insert(out.end(), body.begin(), body.end());
  uint8_t sum = 0;
  for (size_t i = start; i < out.size(); ++i) sum = static_cast<uint8_t>(sum + out[i]);
  out.push_back(static_cast<uint8_t>(-sum));
}

// THEADR "T", LNAMES "" CODE _TEXT, SEGDEF _TEXT (byte, public, length `length`).
std::vector<uint8_t> header(uint16_t length) {
  std::vector<uint8_t> out;
  record(out, 0x80, {1, 'T'});
  record(out, 0x96, {0, 4, 'C', 'O', 'D', 'E', 5, '_', 'T', 'E', 'X', 'T'});
  // ACBP: A=1 (byte), C=2 (public) -> 001 010 0 0 = 28h; name 3, class 2, overlay 1.
  record(out, 0x98, {0x28, static_cast<uint8_t>(length), static_cast<uint8_t>(length >> 8), 3, 2, 1});
  return out;
}

TEST(OmfReader, ExpandsNestedLidataBlocks) {
  auto bytes = header(13);
  // LIDATA at offset 2: repeat 2 x { repeat 2 x "AB", repeat 1 x "C" } = "ABABC" twice, then
  // a block of repeat 1 with content "Z": total 11 bytes at offset 2..12.
  record(bytes, 0xA2,
         {1, 2, 0,                          // segment 1, offset 2
          2, 0, 2, 0,                       // repeat 2, two nested blocks
          2, 0, 0, 0, 2, 'A', 'B',          //   repeat 2, content "AB"
          1, 0, 0, 0, 1, 'C',               //   repeat 1, content "C"
          1, 0, 0, 0, 1, 'Z'});             // repeat 1, content "Z"
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  std::string expected = std::string(2, '\0') + "ABABCABABCZ";
  ASSERT_EQ(m->segments[0].data.size(), 13u);
  EXPECT_EQ(std::string(m->segments[0].data.begin(), m->segments[0].data.end()), expected);
}

// Hostile iterated data (TIS 1.1, LIDATA): an empty block repeated 65,535 x 65,535 times is
// empty, at once; a block that would expand past its segment is an error before it is expanded.
TEST(OmfReader, LidataIsBoundedByItsSegment) {
  auto empty = header(4);
  record(empty, 0xA2,
         {1, 0, 0,                  // segment 1, offset 0
          0xFF, 0xFF, 1, 0,         // repeat 65535, one nested block
          0xFF, 0xFF, 0, 0, 0});    //   repeat 65535, content of length 0
  record(empty, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(empty, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  EXPECT_TRUE(m->segments[0].data.empty());

  auto none = header(4);
  record(none, 0xA2, {1, 0, 0, 0, 0, 0, 0, 2, 'A', 'B'});  // "AB" repeated 0 times
  record(none, 0x8A, {0});
  LinkDiagnostics noneDiag;
  auto n = readObject(none, "t.obj", noneDiag);
  ASSERT_TRUE(n) << noneDiag.renderToString();
  EXPECT_TRUE(n->segments[0].data.empty());

  auto big = header(4);
  record(big, 0xA2, {1, 2, 0, 3, 0, 0, 0, 1, 'x'});  // 3 bytes at offset 2 of a 4-byte segment
  record(big, 0x8A, {0});
  LinkDiagnostics bigDiag;
  EXPECT_FALSE(readObject(big, "t.obj", bigDiag));
  EXPECT_TRUE(bigDiag.contains("more than the 2h bytes its segment has from its offset")) << bigDiag.renderToString();
}

// DW 3 DUP (OFFSET _TEXT:0): the content bytes sit at data-field positions 5 and 6 (after the
// repeat count, the block count and the length byte); the fixup there patches every copy.
TEST(OmfReader, FixupAfterLidataAppliesToEveryCopy) {
  auto bytes = header(6);
  record(bytes, 0xA2, {1, 0, 0, 3, 0, 0, 0, 2, 0, 0});
  // FIXUP offset16 at data offset 5, M=1: C4h 05h; fix data F5 target T0 segment 1, no
  // displacement: 0 101 0 1 00 = 54h, target datum 1.
  record(bytes, 0x9C, {0xC4, 0x05, 0x54, 1});
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  ASSERT_EQ(m->fixups.size(), 3u);
  EXPECT_EQ(m->fixups[0].offset, 0u);
  EXPECT_EQ(m->fixups[1].offset, 2u);
  EXPECT_EQ(m->fixups[2].offset, 4u);

  auto bad = header(6);
  record(bad, 0xA2, {1, 0, 0, 3, 0, 0, 0, 2, 0, 0});
  record(bad, 0x9C, {0xC4, 0x00, 0x54, 1});  // data offset 0: the repeat count
  record(bad, 0x8A, {0});
  LinkDiagnostics badDiag;
  EXPECT_FALSE(readObject(bad, "t.obj", badDiag));
  EXPECT_TRUE(badDiag.contains("points into a count field")) << badDiag.renderToString();
}

TEST(OmfReader, ThreadsSupplyFrameAndTarget) {
  auto bytes = header(4);
  record(bytes, 0x9A, {3, 0xFF, 1});  // GRPDEF name 3 (_TEXT reused as a group name), segment 1
  record(bytes, 0xA0, {1, 0, 0, 0, 0, 0, 0});
  // THREAD: frame thread 1 = F1 group 1 (0 1 0 001 01 -> 45h); target thread 2 = T0 segment 1
  // (0 0 0 000 10 -> 02h). FIXUP: offset16 (loc 1) at 2, M=1: 1 1 0001 00 = C4h, 02h; fix data
  // F=1 frame thread 1, T=1 target thread 2, P=1: 1 001 1 1 10 = 9Eh.
  record(bytes, 0x9C, {0x45, 1, 0x02, 1, 0xC4, 0x02, 0x9E});
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  ASSERT_EQ(m->fixups.size(), 1u);
  EXPECT_EQ(m->fixups[0].offset, 2u);
  EXPECT_EQ(m->fixups[0].kind, FixupKind::Offset16);
  EXPECT_FALSE(m->fixups[0].selfRelative);
  EXPECT_EQ(m->fixups[0].frame.kind, RefKind::Group);
  EXPECT_EQ(m->fixups[0].target.kind, RefKind::Segment);
  EXPECT_EQ(m->fixups[0].displacement, 0);
}

TEST(OmfReader, SelfRelativeFixupWithDisplacement) {
  auto bytes = header(3);
  record(bytes, 0xA0, {1, 0, 0, 0xE8, 0, 0});
  // loc 1 at offset 1, M=0: 1 0 0001 00 = 84h, 01h; fix data F=0 frame F4 (location), T=0 T0, P=0:
  // 0 100 0 0 00 = 40h; target datum 1; displacement 0010h.
  record(bytes, 0x9C, {0x84, 0x01, 0x40, 1, 0x10, 0x00});
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  ASSERT_EQ(m->fixups.size(), 1u);
  EXPECT_TRUE(m->fixups[0].selfRelative);
  EXPECT_EQ(m->fixups[0].frame.kind, RefKind::Location);
  EXPECT_EQ(m->fixups[0].displacement, 0x10);
}

TEST(OmfReader, ComdefAndAbsolutePublic) {
  auto bytes = header(0);
  // COMDEF: "N" near 300 bytes (81h 2C 01), "F" far 10 elements of 4 bytes.
  record(bytes, 0xB0, {1, 'N', 0, 0x62, 0x81, 0x2C, 0x01, 1, 'F', 0, 0x61, 10, 4});
  // PUBDEF group 0, segment 0, frame B800h: "V" at 0010h.
  record(bytes, 0x90, {0, 0, 0x00, 0xB8, 1, 'V', 0x10, 0x00, 0});
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  auto m = readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(m) << diag.renderToString();
  ASSERT_EQ(m->externs.size(), 2u);
  ASSERT_TRUE(m->externs[0].communal);
  EXPECT_FALSE(m->externs[0].communal->far);
  EXPECT_EQ(m->externs[0].communal->elementSize, 300u);
  EXPECT_TRUE(m->externs[1].communal->far);
  EXPECT_EQ(m->externs[1].communal->elementCount, 10u);
  EXPECT_EQ(m->externs[1].communal->elementSize, 4u);
  ASSERT_EQ(m->publics.size(), 1u);
  EXPECT_FALSE(m->publics[0].segment);
  EXPECT_EQ(m->publics[0].absoluteFrame, 0xB800);
  EXPECT_EQ(m->publics[0].offset, 0x10u);
}

TEST(OmfReader, TruncatedFileNamesTheRecordOffset) {
  auto bytes = header(4);
  size_t ledataAt = bytes.size();
  record(bytes, 0xA0, {1, 0, 0, 1, 2, 3, 4});
  bytes.resize(bytes.size() - 3);  // cut inside the LEDATA record
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "cut.obj", diag));
  std::string text = diag.renderToString();
  EXPECT_NE(text.find("cut.obj: error: at offset 0x" + fmt::format("{:X}", ledataAt)), std::string::npos) << text;
  EXPECT_NE(text.find("truncated"), std::string::npos) << text;
}

TEST(OmfReader, MissingModendIsReported) {
  auto bytes = header(0);
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "x.obj", diag));
  EXPECT_TRUE(diag.contains("MODEND")) << diag.renderToString();
}

TEST(OmfReader, BadChecksumIsReported) {
  auto bytes = header(0);
  record(bytes, 0x8A, {0});
  bytes[bytes.size() - 1] ^= 0x55;  // MODEND checksum
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "x.obj", diag));
  EXPECT_TRUE(diag.contains("bad checksum")) << diag.renderToString();
}

TEST(OmfReader, ZeroChecksumIsAccepted) {
  auto bytes = header(0);
  bytes[bytes.size() - 1] = 0;  // SEGDEF written without a checksum, as some translators do
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  EXPECT_TRUE(readObject(bytes, "x.obj", diag)) << diag.renderToString();
}

TEST(OmfReader, IndexOutOfRange) {
  auto bytes = header(2);
  record(bytes, 0xA0, {2, 0, 0, 1, 2});  // segment 2 does not exist
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "x.obj", diag));
  EXPECT_TRUE(diag.contains("segment index 2 is out of range")) << diag.renderToString();
}

TEST(OmfReader, DataBeyondSegmentLength) {
  auto bytes = header(2);
  record(bytes, 0xA0, {1, 0, 0, 1, 2, 3});
  record(bytes, 0x8A, {0});
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "x.obj", diag));
  EXPECT_TRUE(diag.contains("beyond its length")) << diag.renderToString();
}

TEST(OmfReader, NotAnObject) {
  std::vector<uint8_t> bytes{'M', 'Z', 0, 0, 0};
  LinkDiagnostics diag;
  EXPECT_FALSE(readObject(bytes, "x.obj", diag));
  EXPECT_TRUE(diag.contains("not an OMF object")) << diag.renderToString();
  LinkDiagnostics empty;
  EXPECT_FALSE(readObject({}, "e.obj", empty));
  EXPECT_TRUE(empty.hasErrors());
}

// Every prefix of a valid object is rejected with a message, never a crash.
TEST(OmfReader, EveryTruncationIsAnError) {
  auto bytes = header(4);
  record(bytes, 0xA0, {1, 0, 0, 1, 2, 3, 4});
  record(bytes, 0x8A, {0});
  for (size_t n = 0; n < bytes.size(); ++n) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    LinkDiagnostics diag;
    EXPECT_FALSE(readObject(cut, "x.obj", diag)) << n;
    EXPECT_TRUE(diag.hasErrors()) << n;
  }
}

}  // namespace
}  // namespace asmlab::link
