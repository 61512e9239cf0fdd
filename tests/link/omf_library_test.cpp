// OMF libraries: the dictionary hash (values worked by hand from the published algorithm), and
// write -> read -> look up round trips.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "asmlab/link/omf_library.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using namespace test;

// "A" (length 1): block = 1|20h = 21h, bucket step = 21h; from the back 'a' (61h):
// block step = 61h, bucket = 61h. With 2 blocks: block 1, step 1; bucket 97 mod 37 = 23,
// bucket step 33 mod 37 = 33.
TEST(LibraryDictionary, HashOfOneLetter) {
  DictionaryHash h = hashDictionaryName("A", 2);
  EXPECT_EQ(h.block, 1u);
  EXPECT_EQ(h.blockStep, 1u);
  EXPECT_EQ(h.bucket, 23u);
  EXPECT_EQ(h.bucketStep, 33u);
}

// "AB": block = rotl(22h,2) ^ 61h = E9h; bucket step = rotr(22h,2) ^ 61h = 8069h;
// block step = rotl(62h,2) ^ 61h = 1E9h; bucket = rotr(62h,2) ^ 61h = 8079h.
// With 5 blocks: 233 mod 5 = 3, 489 mod 5 = 4, 32889 mod 37 = 33, 32873 mod 37 = 17.
TEST(LibraryDictionary, HashOfTwoLettersIsCaseInsensitive) {
  for (const char* name : {"AB", "ab", "aB"}) {
    DictionaryHash h = hashDictionaryName(name, 5);
    EXPECT_EQ(h.block, 3u) << name;
    EXPECT_EQ(h.blockStep, 4u) << name;
    EXPECT_EQ(h.bucket, 33u) << name;
    EXPECT_EQ(h.bucketStep, 17u) << name;
  }
}

Module libraryModule(const std::string& name, std::vector<std::string> publics, std::vector<std::string> externs = {}) {
  Module m;
  m.name = name;
  m.segments.push_back(segment(name + "_TEXT", "CODE", std::vector<uint8_t>(3 + name.size(), 0xC3)));
  for (size_t i = 0; i < publics.size(); ++i) m.publics.push_back(publicAt(publics[i], 0, static_cast<uint32_t>(i)));
  for (const auto& e : externs) m.externs.push_back(externNamed(e));
  return m;
}

TEST(Library, WriteReadLookUp) {
  std::vector<Module> modules;
  std::vector<std::string> all;
  // Enough names to need several dictionary blocks and collisions within blocks.
  for (int i = 0; i < 120; ++i) {
    std::vector<std::string> names;
    for (int k = 0; k < 5; ++k) names.push_back(fmt::format("Routine_{}_{}", i, k));
    all.insert(all.end(), names.begin(), names.end());
    modules.push_back(libraryModule(fmt::format("MOD{}", i), names));
  }
  LinkDiagnostics diag;
  auto bytes = writeLibrary(modules, {}, diag, "t.lib");
  ASSERT_TRUE(bytes) << diag.renderToString();
  auto lib = Library::read(*bytes, "t.lib", diag);
  ASSERT_TRUE(lib) << diag.renderToString();
  ASSERT_EQ(lib->members().size(), 120u);
  EXPECT_GT(lib->dictionaryBlocks(), 1u);
  for (int i = 0; i < 120; ++i) {
    EXPECT_EQ(lib->members()[i].name, fmt::format("MOD{}", i));
    EXPECT_EQ(lib->members()[i].offset % lib->pageSize(), 0u);
    for (int k = 0; k < 5; ++k) {
      auto member = lib->findDefiningMember(fmt::format("Routine_{}_{}", i, k));
      ASSERT_TRUE(member) << i << " " << k;
      EXPECT_EQ(*member, static_cast<size_t>(i));
    }
    // Module names are in the dictionary with '!' appended, as MS LIB puts them.
    EXPECT_EQ(lib->findDefiningMember(fmt::format("MOD{}!", i)), static_cast<size_t>(i));
  }
  // Case-insensitive by default.
  EXPECT_EQ(lib->findDefiningMember("routine_7_2"), 7u);
  EXPECT_FALSE(lib->findDefiningMember("Routine_999_0"));
  EXPECT_FALSE(lib->findDefiningMember("nothing"));
  EXPECT_EQ(lib->dictionaryEntries().size(), 120u * 6);
  auto member = lib->loadMember(42, diag);
  ASSERT_TRUE(member);
  EXPECT_EQ(member->publics.size(), 5u);
  EXPECT_EQ(lib->memberLabel(42), "t.lib(MOD42)");
}

TEST(Library, CaseSensitiveDictionary) {
  LinkDiagnostics diag;
  LibraryWriteOptions options;
  options.caseSensitive = true;
  auto bytes = writeLibrary({libraryModule("M1", {"Print"}), libraryModule("M2", {"print"})}, options, diag);
  ASSERT_TRUE(bytes) << diag.renderToString();
  auto lib = Library::read(*bytes, "c.lib", diag);
  ASSERT_TRUE(lib);
  EXPECT_TRUE(lib->caseSensitive());
  EXPECT_EQ(lib->findDefiningMember("Print"), 0u);
  EXPECT_EQ(lib->findDefiningMember("print"), 1u);
  EXPECT_FALSE(lib->findDefiningMember("PRINT"));
}

TEST(Library, DuplicatePublicIsAnError) {
  LinkDiagnostics diag;
  EXPECT_FALSE(writeLibrary({libraryModule("A", {"X"}), libraryModule("B", {"x"})}, {}, diag, "d.lib"));
  EXPECT_TRUE(diag.contains("symbol x is public in both module A and module B")) << diag.renderToString();
}

TEST(Library, LargerPageSize) {
  LinkDiagnostics diag;
  LibraryWriteOptions options;
  options.pageSize = 512;
  auto bytes = writeLibrary({libraryModule("A", {"X"}), libraryModule("B", {"Y"})}, options, diag);
  ASSERT_TRUE(bytes);
  auto lib = Library::read(*bytes, "p.lib", diag);
  ASSERT_TRUE(lib);
  EXPECT_EQ(lib->pageSize(), 512u);
  EXPECT_EQ(lib->members()[1].offset, 1024u);
  EXPECT_EQ(lib->findDefiningMember("Y"), 1u);
}

TEST(Library, MalformedLibraries) {
  LinkDiagnostics diag;
  auto bytes = writeLibrary({libraryModule("A", {"X"})}, {}, diag);
  ASSERT_TRUE(bytes);
  {
    auto cut = *bytes;
    cut.resize(cut.size() - 100);  // dictionary cut short
    LinkDiagnostics d;
    EXPECT_FALSE(Library::read(cut, "cut.lib", d));
    EXPECT_TRUE(d.contains("beyond the end of the file")) << d.renderToString();
  }
  {
    auto bad = *bytes;
    bad[1] = 20;  // page size 23: not a power of two
    LinkDiagnostics d;
    EXPECT_FALSE(Library::read(bad, "bad.lib", d));
    EXPECT_TRUE(d.contains("not a power of two")) << d.renderToString();
  }
  {
    LinkDiagnostics d;
    EXPECT_FALSE(Library::read({0x80, 1, 0}, "obj.lib", d));
    EXPECT_TRUE(d.contains("not an OMF library")) << d.renderToString();
  }
  for (size_t n = 0; n < bytes->size(); n += 7) {
    std::vector<uint8_t> cut(bytes->begin(), bytes->begin() + static_cast<std::ptrdiff_t>(n));
    LinkDiagnostics d;
    auto lib = Library::read(cut, "x.lib", d);
    if (lib) lib->findDefiningMember("X");  // whatever survives must be safe to use
    EXPECT_TRUE(lib || d.hasErrors());
  }
}

}  // namespace
}  // namespace asmlab::link

namespace asmlab::link {
namespace {

// Some librarians leave the dictionary out (0 blocks); members are then found by their PUBDEFs.
TEST(Library, WithoutDictionaryFallsBackToPublics) {
  LinkDiagnostics diag;
  auto bytes = writeLibrary({libraryModule("A", {"X"}), libraryModule("B", {"Y"})}, {}, diag);
  ASSERT_TRUE(bytes);
  (*bytes)[7] = 0;  // dictionary block count
  (*bytes)[8] = 0;
  auto lib = Library::read(*bytes, "nodict.lib", diag);
  ASSERT_TRUE(lib) << diag.renderToString();
  EXPECT_EQ(lib->dictionaryBlocks(), 0u);
  EXPECT_EQ(lib->findDefiningMember("Y"), 1u);
  EXPECT_EQ(lib->findDefiningMember("x"), 0u);
  EXPECT_FALSE(lib->findDefiningMember("Z"));
}

}  // namespace
}  // namespace asmlab::link
