// One open-addressing table, built once, from every mnemonic the encoder knows (form-table rows,
// branches, string instructions, prefixes) to its MnemonicInfo: encodeOne runs for every
// instruction of every pass, and one lookup replaces five (prefix, string, branch, string with
// operands, form rows), two of them linear scans.
#include "mnemonics.hpp"

#include <array>
#include <vector>

#include "string_ops.hpp"

namespace asmlab::x86::enc::detail {
namespace {

std::uint8_t prefixOf(std::string_view name) {
  if (name == "rep" || name == "repe" || name == "repz") return 0xF3;
  if (name == "repne" || name == "repnz") return 0xF2;
  if (name == "lock") return 0xF0;
  return 0;
}

// The separate lookups; the table caches their answers.
MnemonicInfo describe(std::string_view name) {
  MnemonicInfo info;
  info.rows = rowsFor(name);
  info.branch = branchInfo(name);
  info.prefix = prefixOf(name);
  info.string = isStringMnemonic(name);
  info.operandString = isOperandStringMnemonic(name);
  info.x87 = x87Rows(name);
  return info;
}

constexpr std::size_t kMaxPacked = 8;

// Up to 8 characters packed into one integer (0 only for the empty name, which is never stored).
std::uint64_t pack(std::string_view name) {
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < name.size(); ++i) key |= std::uint64_t{static_cast<unsigned char>(name[i])} << (8 * i);
  return key;
}

class Table {
public:
  Table() {
    std::vector<std::string_view> names = stringMnemonics();
    for (std::string_view name : branchMnemonics()) names.push_back(name);
    for (const Form& form : allForms()) names.push_back(form.mnemonic);
    for (std::string_view name : x87Mnemonics()) names.push_back(name);
    for (std::string_view name : {"rep", "repe", "repz", "repne", "repnz", "lock"}) names.push_back(name);
    for (std::string_view name : names) {
      if (name.empty() || name.size() > kMaxPacked) continue;
      const std::uint64_t key = pack(name);
      std::size_t i = slotOf(key);
      while (slots_[i].key != 0 && slots_[i].key != key) i = (i + 1) % kSlots;
      if (slots_[i].key == key) continue;  // a name listed twice (a form row and a branch)
      slots_[i] = Slot{key, describe(name)};
    }
  }

  const MnemonicInfo* find(std::string_view name) const {
    const std::uint64_t key = pack(name);
    for (std::size_t i = slotOf(key);; i = (i + 1) % kSlots) {
      if (slots_[i].key == key) return &slots_[i].info;
      if (slots_[i].key == 0) return nullptr;
    }
  }

private:
  static constexpr std::size_t kSlots = 1024;  // a power of two, about four times the mnemonics
  static std::size_t slotOf(std::uint64_t key) { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 54); }
  struct Slot {
    std::uint64_t key = 0;
    MnemonicInfo info;
  };
  std::vector<Slot> slots_ = std::vector<Slot>(kSlots);
};

}  // namespace

const MnemonicInfo& mnemonicInfo(std::string_view lower, MnemonicInfo& scratch) {
  if (lower.empty() || lower.size() > kMaxPacked) return scratch = describe(lower);
  static const Table table;
  static const MnemonicInfo unknown;
  const MnemonicInfo* info = table.find(lower);
  return info ? *info : unknown;
}

}  // namespace asmlab::x86::enc::detail
