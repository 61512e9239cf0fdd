// `asmlab run` with the micro engine, `--trace micro`, a control store from a file, and
// `asmlab microcode`, through the executable. Clock counts from Appendix C (3rd edition, M = 5:
// AND/ADD 10 clocks each).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {
using asmlab::clitest::Result;

class MicroCli : public asmlab::clitest::ScratchFolderTest {};

const char* const kTwo = ".ORIG x3000\nAND R0, R0, #0\nADD R0, R0, #5\nHALT\n.END\n";

TEST_F(MicroCli, BothEnginesGiveTheSameJson) {
  const std::string prog = write("two.asm", kTwo);
  auto fast = asmlab("run " + prog + " --json --no-halt-banner");
  auto micro = asmlab("run " + prog + " --json --no-halt-banner --engine micro");
  EXPECT_EQ(fast.exit, 0);
  EXPECT_EQ(micro.exit, 0);
  EXPECT_EQ(nlohmann::json::parse(fast.text), nlohmann::json::parse(micro.text));
}

TEST_F(MicroCli, TraceMicroPrintsOneLinePerClock) {
  auto r = asmlab("run " + write("two.asm", kTwo) + " --engine micro --trace micro --max-instructions 2");
  EXPECT_EQ(r.exit, 3);
  // The first clock: state 18 loads MAR and PC from the bus (GatePC, PCMUX = PC+1).
  EXPECT_NE(r.text.find("         1  18->33  LD.MAR LD.PC LD.ACV GatePC PCMUX=PC+1 COND=INT  bus=x3000  MAR=x3000  PC=x3001  ACV=0\n"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("; AND R0, R0, #0"), std::string::npos);
  EXPECT_NE(r.text.find("        20   1->18  "), std::string::npos);  // the 20th clock ends the ADD
  EXPECT_EQ(r.text.find("        21  "), std::string::npos);
  EXPECT_NE(r.text.find("after 2 instructions (20 clocks)"), std::string::npos);
}

TEST_F(MicroCli, TraceTakesTheProgramAfterIt) {
  auto r = asmlab("run --trace " + write("two.asm", kTwo) + " --max-instructions 1");
  EXPECT_EQ(r.exit, 3);
  EXPECT_NE(r.text.find("x3000  x5020  AND R0, R0, #0"), std::string::npos) << r.text;
}

TEST_F(MicroCli, TraceMicroNeedsTheMicroEngine) {
  auto r = asmlab("run " + write("two.asm", kTwo) + " --trace micro");
  EXPECT_EQ(r.exit, 2);
  EXPECT_NE(r.text.find("add --engine micro"), std::string::npos);
}

TEST_F(MicroCli, AControlStoreWithAMistakeIsALocatedError) {
  auto r = asmlab("run " + write("two.asm", kTwo) + " --microcode " + write("u.txt", "0101\n"));
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("u.txt:1:1: error: the row of state 0 has 4 bits; 52 are expected"), std::string::npos) << r.text;
}

TEST_F(MicroCli, MicrocodePrintsTheBookAndChecksAFile) {
  auto book = asmlab("microcode");
  EXPECT_EQ(book.exit, 0);
  EXPECT_NE(book.text.find("  # 18: MAR<-PC, PC<-PC+1, set ACV, [INT]\n"), std::string::npos);
  // The book's store runs the program as the default engine does.
  const std::string store = write("book.txt", book.text);
  auto run = asmlab("run " + write("two.asm", kTwo) + " --microcode " + store + " --json --no-halt-banner");
  EXPECT_EQ(nlohmann::json::parse(run.text)["clocks"], nlohmann::json::parse(asmlab("run " + write("t.asm", kTwo) + " --json --no-halt-banner").text)["clocks"]);
  auto check = asmlab("microcode --check " + store);
  EXPECT_EQ(check.exit, 0);
  EXPECT_NE(check.text.find("0 of 64 states differ"), std::string::npos) << check.text;
}
}  // namespace
