// The disassembler against the SingleStepTests 8086 suite (../shared/conformance/8086, MIT
// licence): every test's instruction bytes come from real hardware runs, and its name gives the
// mnemonic; the decoded length must be exactly the bytes the test lists, and the mnemonic (after
// naming differences) and any relative jump target must agree.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
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

// Operands as comparable tokens: sizes, PTR, SHORT/NEAR/FAR and segment names dropped (the suite
// always names the segment, MASM only an override), numbers folded with their sign to 16 bits
// (the suite writes a word displacement signed, MASM unsigned), "+" and zero displacements dropped.
std::vector<std::string> operandTokens(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::string> raw;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) raw.push_back(word);
    word.clear();
  };
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '(' || c == ')') {
      word += c;
    } else {
      flush();
      if (c != ' ') raw.push_back(std::string(1, c));
    }
  }
  flush();
  static const std::set<std::string> kDropped = {"byte", "word", "dword", "fword", "qword", "tbyte", "ptr", "short", "near", "far"};
  static const std::set<std::string> kSegments = {"es", "cs", "ss", "ds"};
  std::vector<std::string> out;
  bool negative = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    const std::string& t = raw[i];
    if (kDropped.count(t)) continue;
    if (kSegments.count(t) && i + 1 < raw.size() && raw[i + 1] == ":") { ++i; continue; }
    if (t == "+") continue;
    if (t == "-") { negative = true; continue; }
    // The suite writes hex without a leading 0 ("Dh", "F793h"); AH..DH can then only be told
    // from 0Ah..0Dh by context: after + or - they are numbers.
    const bool hexWord = t.size() >= 2 && t.back() == 'h' &&
                         t.find_first_not_of("0123456789abcdef", 0) == t.size() - 1;
    const bool byteRegister = t == "ah" || t == "bh" || t == "ch" || t == "dh";
    const bool afterSign = i > 0 && (raw[i - 1] == "+" || raw[i - 1] == "-");
    if (std::isdigit(static_cast<unsigned char>(t[0])) || (hexWord && (!byteRegister || afterSign))) {
      const bool hex = t.back() == 'h';
      long value = std::stol(hex ? t.substr(0, t.size() - 1) : t, nullptr, hex ? 16 : 10);
      if (negative) value = -value;
      negative = false;
      const long folded = value & 0xFFFF;
      // A zero displacement after a register ([bp+0]) says nothing.
      if (folded == 0 && !out.empty() && out.back() != "[" && out.back() != "," && i + 1 < raw.size() && raw[i + 1] == "]") continue;
      out.push_back(std::to_string(folded));
      continue;
    }
    out.push_back(t);
  }
  return out;
}

TEST(DisassemblerConformance, SingleStepTests8086LengthsAndMnemonics) {
  const fs::path dir = fs::path(ASMLAB_SHARED_DIR) / "conformance" / "8086";
  if (!fs::exists(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
  unsigned files = 0, checked = 0, mismatches = 0;
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
      // Operands, except where the two notations differ in kind rather than spelling: string
      // instructions and XLAT (the suite leaves their operands implicit), ESC, INT3, AAM/AAD base 10.
      static const std::set<std::string> kImplicit = {"movs", "cmps", "stos", "lods", "scas", "xlat", "esc", "int3", "aam", "aad"};
      if (!kImplicit.count(normalise(theirs.front())) && !kImplicit.count(theirs.front())) {
        std::string theirOperands;
        for (size_t i = 1; i < theirs.size(); ++i) theirOperands += theirs[i] + " ";
        auto mineTokens = operandTokens(insn.operands);
        const auto theirTokens = operandTokens(theirOperands);
        // The suite leaves the count of a shift by one implicit (D0h-D3h).
        if (mineTokens.size() == theirTokens.size() + 2 && mineTokens.back() == "1" && mineTokens[mineTokens.size() - 2] == ",")
          mineTokens.resize(theirTokens.size());
        // XCHG and TEST are symmetric: the suite and MASM order register pairs differently.
        const std::string op = normalise(mine.front());
        if ((op == "xchg" || op == "test") && mineTokens != theirTokens) {
          const auto comma = std::find(mineTokens.begin(), mineTokens.end(), ",");
          if (comma != mineTokens.end()) {
            std::vector<std::string> swapped(comma + 1, mineTokens.end());
            swapped.push_back(",");
            swapped.insert(swapped.end(), mineTokens.begin(), comma);
            if (swapped == theirTokens) mineTokens = swapped;
          }
        }
        // An immediate 0Ah..0Dh written "Ah".."Dh" reads as a register name on the suite's side.
        bool same = mineTokens.size() == theirTokens.size();
        for (size_t i = 0; same && i < mineTokens.size(); ++i) {
          const std::string& t = theirTokens[i];
          const bool registerLike = t == "ah" || t == "bh" || t == "ch" || t == "dh";
          same = mineTokens[i] == t || (registerLike && mineTokens[i] == std::to_string(std::stol(t.substr(0, 1), nullptr, 16)));
        }
        EXPECT_TRUE(same) << "operands differ: " << testing::PrintToString(mineTokens) << " vs " << testing::PrintToString(theirTokens);
        if (!same && ++mismatches > 20) FAIL() << "too many";
      }
      ++checked;
    }
  }
  EXPECT_GT(files, 300u);
  EXPECT_GT(checked, 30000u);
}

}  // namespace
}  // namespace asmlab::x86
