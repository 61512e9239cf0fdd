// Damaged input never crashes the reader, the library reader or the linker: deterministic byte
// mutations of valid files must each end in either a result or a reported error.
#include <random>

#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "test_modules.hpp"

namespace asmlab::link {
namespace {

using namespace test;

Module richModule() {
  Module m;
  m.name = "RICH";
  m.segments.push_back(segment("_TEXT", "CODE", {0xB8, 0, 0, 0x9A, 0, 0, 0, 0, 0xE8, 0, 0, 0xEB, 0, 0xC3}));
  m.segments.push_back(segment("_DATA", "DATA", {1, 2, 3, 4, 5, 6}));
  m.segments.push_back(stackSegment(0x40));
  m.groups.push_back(Group{"DGROUP", {1, 2}});
  m.publics = {publicAt("START", 0, 0), publicAt("TABLE", 1, 2)};
  m.externs = {externNamed("START"), externNamed("TABLE")};
  Extern c = externNamed("COUNTER");
  c.communal = Extern::Communal{false, 1, 2};
  m.externs.push_back(c);
  m.fixups = {fixup(0, 1, FixupKind::Base16, byTarget(), grp(0)),
              fixup(0, 4, FixupKind::Pointer32, byTarget(), ext(0)),
              fixup(0, 9, FixupKind::Offset16, {RefKind::Location, 0}, ext(0), 0, true),
              fixup(0, 12, FixupKind::LowByte, {RefKind::Location, 0}, seg(0), 13, true),
              fixup(1, 0, FixupKind::Offset16, grp(0), ext(2))};
  m.lines = {{0, 1, 0}, {0, 2, 3}};
  setEntry(m, 0, 0);
  return m;
}

TEST(Robustness, MutatedObjectsAreReadOrRejected) {
  auto good = writeObject(richModule());
  std::mt19937 random(12345);  // fixed seed: the same mutations every run
  size_t accepted = 0;
  for (int round = 0; round < 3000; ++round) {
    auto bytes = good;
    int flips = 1 + static_cast<int>(random() % 4);
    for (int k = 0; k < flips; ++k) bytes[random() % bytes.size()] = static_cast<uint8_t>(random());
    LinkDiagnostics diag;
    auto m = readObject(bytes, "fuzz.obj", diag);
    EXPECT_TRUE(m || diag.hasErrors());
    if (!m) continue;
    ++accepted;
    // Whatever the reader accepts, the linker must handle without crashing.
    std::vector<InputModule> in{{std::move(*m), "fuzz.obj"}};
    LinkDiagnostics linkDiag;
    auto p = link(std::move(in), {}, {}, linkDiag);
    if (p) {
      auto exe = writeMz(*p);
      EXPECT_TRUE(readMz(exe, "fuzz.exe", linkDiag));
    }
  }
  EXPECT_GT(accepted, 0u);  // mutations in data bytes (and zeroed checksums) still read
}

TEST(Robustness, MutatedLibrariesAreReadOrRejected) {
  LinkDiagnostics diag;
  Module other = richModule();
  other.name = "OTHER";
  other.publics = {publicAt("ELSEWHERE", 0, 1)};
  other.entry.reset();
  other.isMain = false;
  auto good = writeLibrary({richModule(), other}, {}, diag);
  ASSERT_TRUE(good) << diag.renderToString();
  std::mt19937 random(777);
  for (int round = 0; round < 2000; ++round) {
    auto bytes = *good;
    bytes[random() % bytes.size()] = static_cast<uint8_t>(random());
    LinkDiagnostics d;
    auto lib = Library::read(bytes, "fuzz.lib", d);
    if (!lib) {
      EXPECT_TRUE(d.hasErrors());
      continue;
    }
    for (const char* name : {"START", "TABLE", "ELSEWHERE", "MISSING"}) {
      auto member = lib->findDefiningMember(name);
      if (member) lib->loadMember(*member, d);
    }
    lib->dictionaryEntries();
  }
}

}  // namespace
}  // namespace asmlab::link
