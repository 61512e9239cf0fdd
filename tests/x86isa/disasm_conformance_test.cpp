// The disassembler against the SingleStepTests 8086 suite (../shared/conformance/8086, MIT
// licence): every test's instruction bytes come from real hardware runs, and its name gives the
// mnemonic; the decoded length must be exactly the bytes the test lists, and the mnemonic (after
// naming differences) and any relative jump target must agree.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>
#include <vector>

#include "asmlab/x86/disassembler.hpp"

namespace asmlab::x86 {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> gunzip(const fs::path& path) {
  std::vector<std::uint8_t> data;
  gzFile file = gzopen(path.string().c_str(), "rb");
  if (!file) return data;
  std::uint8_t buffer[65536];
  int n;
  while ((n = gzread(file, buffer, sizeof buffer)) > 0) data.insert(data.end(), buffer, buffer + n);
  gzclose(file);
  return data;
}

std::uint32_t u32(const std::vector<std::uint8_t>& d, size_t at) {
  return d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (static_cast<std::uint32_t>(d[at + 3]) << 24);
}

struct MooTest {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

// MOO format (dbalsom/moo doc/moo_format_v1.md): chunks of type[4] length:u32 payload.
std::vector<MooTest> readMoo(const std::vector<std::uint8_t>& d, size_t limit) {
  std::vector<MooTest> tests;
  size_t pos = 0;
  while (pos + 8 <= d.size() && tests.size() < limit) {
    const std::string type(reinterpret_cast<const char*>(&d[pos]), 4);
    const std::uint32_t length = u32(d, pos + 4);
    const size_t payload = pos + 8;
    if (type == "TEST") {
      MooTest t;
      size_t q = payload + 4;
      while (q + 8 <= payload + length) {
        const std::string sub(reinterpret_cast<const char*>(&d[q]), 4);
        const std::uint32_t subLength = u32(d, q + 4);
        if (sub == "NAME") t.name.assign(reinterpret_cast<const char*>(&d[q + 12]), u32(d, q + 8));
        if (sub == "BYTS") t.bytes.assign(d.begin() + static_cast<long>(q + 12), d.begin() + static_cast<long>(q + 12 + u32(d, q + 8)));
        q += 8 + subLength;
      }
      tests.push_back(std::move(t));
    }
    pos = payload + length;
  }
  return tests;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool isPrefixWord(const std::string& w) {
  return w == "cs" || w == "ss" || w == "ds" || w == "es" || w == "rep" || w == "repne" || w == "repe" || w == "lock" ||
         w == "cs:" || w == "ss:" || w == "ds:" || w == "es:";
}

std::string normalise(std::string m) {
  static const std::map<std::string, std::string> kSynonyms = {
      {"retn", "ret"}, {"callf", "call"}, {"jmpf", "jmp"}, {"int3", "int"}, {"jnbe", "ja"},
      {"jnl", "jge"}, {"jnle", "jg"}, {"jp", "jpe"}, {"jnp", "jpo"}};
  if (auto it = kSynonyms.find(m); it != kSynonyms.end()) return it->second;
  for (const char* stem : {"movs", "cmps", "stos", "lods", "scas"})
    if (m.rfind(stem, 0) == 0) return stem;
  return m;
}

TEST(DisassemblerConformance, SingleStepTests8086LengthsAndMnemonics) {
  const fs::path dir = fs::path(ASMLAB_SHARED_DIR) / "conformance" / "8086";
  if (!fs::exists(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
  unsigned files = 0, checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".gz") continue;
    const auto tests = readMoo(gunzip(entry.path()), 100);
    ++files;
    for (const auto& t : tests) {
      dis::DecodeOptions options;
      options.cpu = dis::Cpu::I8086;
      options.x87 = false;  // the suite's 8086 had no coprocessor: its names say ESC
      const auto insn = dis::decode(std::span<const std::uint8_t>(t.bytes), options);
      SCOPED_TRACE(entry.path().filename().string() + ": " + t.name + " / " + insn.text);
      ASSERT_EQ(insn.length, t.bytes.size());
      ASSERT_TRUE(insn.valid);
      auto theirs = words(t.name), mine = words(insn.mnemonic);
      while (!theirs.empty() && isPrefixWord(theirs.front())) theirs.erase(theirs.begin());
      while (!mine.empty() && isPrefixWord(mine.front())) mine.erase(mine.begin());
      ASSERT_FALSE(theirs.empty());
      ASSERT_FALSE(mine.empty());
      EXPECT_EQ(normalise(mine.front()), normalise(theirs.front()));
      // Relative jumps: the suite names the target as if the instruction were at offset 0.
      if (insn.target.known && !insn.target.far && theirs.size() == 2 && theirs[1].back() == 'h') {
        const auto value = std::stoul(theirs[1].substr(0, theirs[1].size() - 1), nullptr, 16);
        EXPECT_EQ(insn.target.offset, value);
      }
      ++checked;
    }
  }
  EXPECT_GT(files, 300u);
  EXPECT_GT(checked, 30000u);
}

}  // namespace
}  // namespace asmlab::x86
