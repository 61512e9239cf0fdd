// MZ writer and reader: header fields per the DOS .EXE format, checksum, malformed files.
#include <gtest/gtest.h>

#include "asmlab/link/mz.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using test::word;

LinkedProgram program(size_t imageBytes, uint32_t memory, std::vector<Relocation> relocations) {
  LinkedProgram p;
  p.image.resize(imageBytes);
  for (size_t i = 0; i < imageBytes; ++i) p.image[i] = static_cast<uint8_t>(i * 3 + 1);
  p.memorySize = memory;
  p.relocations = std::move(relocations);
  p.cs = 0x12;
  p.ip = 0x34;
  p.ss = 0x56;
  p.sp = 0x78;
  return p;
}

TEST(Mz, HeaderFields) {
  // 3 relocations: header 1Eh + 12 = 2Ah bytes -> 3 paragraphs. Image 1000 bytes: file 1048
  // bytes = 3 pages, 24 bytes in the last. Memory 2000: minalloc ceil(1000/16) = 63.
  auto exe = writeMz(program(1000, 2000, {{0, 2}, {1, 4}, {0x20, 6}}));
  ASSERT_EQ(exe.size(), 1048u);
  EXPECT_EQ(exe[0], 'M');
  EXPECT_EQ(exe[1], 'Z');
  EXPECT_EQ(word(exe, 0x02), 24);
  EXPECT_EQ(word(exe, 0x04), 3);
  EXPECT_EQ(word(exe, 0x06), 3);
  EXPECT_EQ(word(exe, 0x08), 3);
  EXPECT_EQ(word(exe, 0x0A), 63);
  EXPECT_EQ(word(exe, 0x0C), 0xFFFF);
  EXPECT_EQ(word(exe, 0x0E), 0x56);
  EXPECT_EQ(word(exe, 0x10), 0x78);
  EXPECT_EQ(word(exe, 0x14), 0x34);
  EXPECT_EQ(word(exe, 0x16), 0x12);
  EXPECT_EQ(word(exe, 0x18), 0x1E);
  EXPECT_EQ(word(exe, 0x1E), 2);  // offset, then segment
  EXPECT_EQ(word(exe, 0x20), 0);
  EXPECT_EQ(word(exe, 0x26), 6);
  EXPECT_EQ(word(exe, 0x28), 0x20);
  EXPECT_EQ(exe[0x30], 1);  // image starts after the header paragraphs
  // Checksum: all words of the file (odd last byte as a word) sum to FFFFh.
  uint32_t sum = 0;
  for (size_t i = 0; i < exe.size(); i += 2) sum += exe[i] | (i + 1 < exe.size() ? exe[i + 1] << 8 : 0);
  EXPECT_EQ(sum & 0xFFFF, 0xFFFFu);
}

TEST(Mz, FullLastPageAndMaxAllocFloor) {
  // 512 - 32 header bytes of image: file exactly 512 bytes -> e_cblp 0, one page.
  auto p = program(480, 480 + 0x1000, {});
  p.maxAlloc = 0x10;  // below minalloc (100h): raised to it
  auto exe = writeMz(p);
  EXPECT_EQ(word(exe, 0x02), 0);
  EXPECT_EQ(word(exe, 0x04), 1);
  EXPECT_EQ(word(exe, 0x0A), 0x100);
  EXPECT_EQ(word(exe, 0x0C), 0x100);
}

TEST(Mz, ReaderRoundTrip) {
  auto exe = writeMz(program(100, 300, {{0, 2}, {3, 1}}));
  LinkDiagnostics diag;
  auto f = readMz(exe, "p.exe", diag);
  ASSERT_TRUE(f) << diag.renderToString();
  EXPECT_EQ(f->header.cs, 0x12);
  EXPECT_EQ(f->header.ss, 0x56);
  EXPECT_EQ(f->header.minAlloc, 13);  // ceil(200 / 16)
  ASSERT_EQ(f->relocations.size(), 2u);
  EXPECT_EQ(f->relocations[1].segment, 3);
  EXPECT_EQ(f->relocations[1].offset, 1);
  EXPECT_EQ(f->image.size(), 100u);
  EXPECT_EQ(f->image[99], static_cast<uint8_t>(99 * 3 + 1));
  EXPECT_EQ(f->memoryParagraphs(), 7u + 13u);
  EXPECT_EQ(mzChecksum(exe), f->header.checksum);
}

TEST(Mz, ReaderRejectsMalformedFiles) {
  auto exe = writeMz(program(100, 100, {{0, 2}}));
  {
    LinkDiagnostics d;
    std::vector<uint8_t> cut(exe.begin(), exe.end() - 10);
    EXPECT_FALSE(readMz(cut, "cut.exe", d));
    EXPECT_TRUE(d.contains("truncated")) << d.renderToString();
  }
  {
    auto bad = exe;
    bad[0] = 'X';
    LinkDiagnostics d;
    EXPECT_FALSE(readMz(bad, "x.exe", d));
    EXPECT_TRUE(d.contains("signature MZ")) << d.renderToString();
  }
  {
    auto bad = exe;
    bad[0x06] = 200;  // 200 relocations do not fit in a 3-paragraph header
    LinkDiagnostics d;
    EXPECT_FALSE(readMz(bad, "r.exe", d));
    EXPECT_TRUE(d.contains("runs past the header")) << d.renderToString();
  }
  {
    auto bad = exe;
    bad[0x1E] = 0xFF;  // relocation offset beyond the image
    LinkDiagnostics d;
    EXPECT_FALSE(readMz(bad, "o.exe", d));
    EXPECT_TRUE(d.contains("outside the load image")) << d.renderToString();
  }
  for (size_t n = 0; n < exe.size(); ++n) {
    std::vector<uint8_t> cut(exe.begin(), exe.begin() + static_cast<std::ptrdiff_t>(n));
    LinkDiagnostics d;
    EXPECT_FALSE(readMz(cut, "c.exe", d)) << n;
  }
}

}  // namespace
}  // namespace asmlab::link
