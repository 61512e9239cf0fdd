// encodeOne looks a mnemonic up once (mnemonicInfo) instead of asking the prefix, branch, string
// and form-table lookups in turn: the one lookup must give what the separate ones give, for every
// name any of them knows, for near misses, and for names too long for the packed table.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "asmlab/x86/encoder.hpp"
#include "branches.hpp"
#include "forms.hpp"
#include "mnemonics.hpp"
#include "string_ops.hpp"

namespace asmlab::x86 {
namespace {

using namespace enc::detail;

TEST(MnemonicIndex, AgreesWithTheSeparateLookups) {
  std::vector<std::string> names = {"rep", "repe", "repz", "repne", "repnz", "lock", "mo", "movv", "jmpf", "loopx",
                                    "", "reps", "x", "averyverylongname", "movsbxyz"};
  for (const Form& form : allForms()) names.emplace_back(form.mnemonic);
  for (std::string_view name : branchMnemonics()) names.emplace_back(name);
  for (std::string_view name : stringMnemonics()) names.emplace_back(name);
  for (const std::string& name : names) {
    MnemonicInfo scratch;
    const MnemonicInfo& info = mnemonicInfo(name, scratch);
    EXPECT_EQ(info.rows.forms.size(), formsFor(name).size()) << name;
    if (!info.rows.forms.empty()) {
      EXPECT_EQ(info.rows.forms.data(), formsFor(name).data()) << name;
    }
    const auto branch = branchInfo(name);
    ASSERT_EQ(info.branch.has_value(), branch.has_value()) << name;
    if (branch) {
      EXPECT_EQ(info.branch->kind, branch->kind) << name;
      EXPECT_EQ(info.branch->opcode, branch->opcode) << name;
      EXPECT_EQ(info.branch->address32, branch->address32) << name;
    }
    EXPECT_EQ(info.string, isStringMnemonic(name)) << name;
    EXPECT_EQ(info.operandString, isOperandStringMnemonic(name)) << name;
  }
  // The prefixes written alone (Intel 8086 Family User's Manual table 4-12: F0 LOCK, F2 REPNE, F3 REP).
  MnemonicInfo scratch;
  EXPECT_EQ(mnemonicInfo("lock", scratch).prefix, 0xF0);
  EXPECT_EQ(mnemonicInfo("repnz", scratch).prefix, 0xF2);
  EXPECT_EQ(mnemonicInfo("repz", scratch).prefix, 0xF3);
  EXPECT_EQ(mnemonicInfo("mov", scratch).prefix, 0);
  EXPECT_EQ(enc::mnemonicCpu("lock"), enc::Cpu::I8086);
  EXPECT_EQ(enc::mnemonicCpu("JECXZ"), enc::Cpu::I80386);
  EXPECT_EQ(enc::mnemonicCpu("outs"), enc::Cpu::I80186);
  EXPECT_TRUE(enc::isBranchMnemonic("LoopNZ"));
  EXPECT_FALSE(enc::isBranchMnemonic("lods"));
}

}  // namespace
}  // namespace asmlab::x86
