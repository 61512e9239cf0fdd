// Control-store files (docs/lc3-microarchitecture.md, "Control-store files"): the layout, rows
// written by hand from the documented column order, `columns:` for other layouts, every mistake
// located in the file, and a student's store changing what the machine does.
#include <gtest/gtest.h>

#include "asmlab/lc3sim/machine.hpp"
#include "encode.hpp"

namespace lc3test {
namespace {

using asmlab::Diagnostics;
using asmlab::SourceFile;
using asmlab::lc3sim::ControlStore;
using asmlab::lc3sim::Engine;
using asmlab::lc3sim::MicroField;
using asmlab::lc3sim::Options;
using asmlab::lc3sim::parseControlStore;
using asmlab::lc3sim::standardControlStore;
using asmlab::sim::StopReason;

std::optional<ControlStore> parse(const std::string& text, Diagnostics& d) {
  return parseControlStore(std::make_shared<SourceFile>("ucode.txt", text), d);
}

TEST(Lc3ControlStore, RowsWrittenByHandFromTheColumnOrder) {
  // State 18 (3rd edition): IRD 0, COND 101 (INT), J 100001 (33); LD.MAR, LD.PC, LD.ACV; GatePC;
  // every multiplexer 0 (PCMUX = PC+1). State 25: COND 001 (R), J 011001; LD.MDR; MIO.EN, R.W = 0.
  const std::string text =
      "18: 0 101 100001  1000001000001 10000000 000000000000000000000\n"
      "25: 0 001 011001  0100000000000 00000000 000000000000000000100\n";
  Diagnostics d;
  auto store = parse(text, d);
  ASSERT_TRUE(store) << d.renderToString();
  const ControlStore& book = standardControlStore(Edition::Third);
  EXPECT_EQ(store->rows[18], book.rows[18]);
  EXPECT_EQ(store->rows[25], book.rows[25]);
  // The other 62 states are zeros, and the reader says so.
  EXPECT_NE(d.renderToString().find("62 of the 64 states are not given and are all zeros"), std::string::npos);
}

TEST(Lc3ControlStore, StandardStoresReadBackFromTheirFiles) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    const ControlStore& book = standardControlStore(e);
    const std::string text = asmlab::lc3sim::formatControlStore(book, e);
    Diagnostics d;
    auto store = parse(text, d);
    ASSERT_TRUE(store) << d.renderToString();
    EXPECT_EQ(d.all().size(), 0u) << d.renderToString();
    EXPECT_EQ(*store, book);
    // 64 rows of 52 bits after the header.
    size_t rows = 0;
    for (size_t at = 0; (at = text.find("  # ", at)) != std::string::npos; ++at) ++rows;
    EXPECT_EQ(rows, 64u);
  }
}

TEST(Lc3ControlStore, ColumnsNameAnotherLayout) {
  // A course's layout: J first, then COND and IRD, then only the signals state 1 (ADD) uses, bit
  // by bit for DRMUX and ALUK.
  const std::string text =
      "# ADD only\n"
      "columns: J COND IRD LD.REG LD.CC GateALU SR1MUX DRMUX1 DRMUX0 ALUK1 ALUK0\n"
      "1: 010010 000 0  1 1 1 01 0 0 0 0\n";
  Diagnostics d;
  auto store = parse(text, d);
  ASSERT_TRUE(store) << d.renderToString();
  EXPECT_EQ(store->rows[1], standardControlStore(Edition::Third).rows[1]);
  const std::string warnings = d.renderToString();
  EXPECT_NE(warnings.find("ucode.txt:2:10: warning: these signals have no column and are 0 in every state: LD.MAR"),
            std::string::npos)
      << warnings;
}

TEST(Lc3ControlStore, MistakesAreLocated) {
  struct Case {
    std::string text, expected;
  } cases[] = {
      {"0101\n", "ucode.txt:1:1: error: the row of state 0 has 4 bits; 52 are expected"},
      {"0 101 10000x\n", "ucode.txt:1:12: error: 'x' in the row of state 0: a row is 0s and 1s"},
      {"columns: IRD COND J LD.MARR\n", "ucode.txt:1:21: error: 'LD.MARR' is not a signal of the LC-3 control word; did you mean LD.MAR?"},
      {"columns: J J\n", "ucode.txt:1:12: error: 'J' is named twice"},
      {"3: 1\n3: 1\n", "ucode.txt:2:1: error: state 3 is given twice (first on line 1)"},
      {"64: 1\n", "ucode.txt:1:1: error: '64' is not a state number (0-63)"},
      {"0\ncolumns: IRD\n", "ucode.txt:2:1: error: the columns must be named before the first state"},
      {"# nothing\n\n", "ucode.txt:1:1: error: the control store has no states"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    EXPECT_FALSE(parse(c.text, d)) << c.text;
    EXPECT_NE(d.renderToString().find(c.expected), std::string::npos) << d.renderToString();
  }
  // Extra bits are a warning (EE 460N's reader: "extra bit(s)"), as are states left out.
  Diagnostics d;
  std::string row(60, '0');
  EXPECT_TRUE(parse(row + "\n", d));
  EXPECT_NE(d.renderToString().find("ucode.txt:1:1: warning: the row of state 0 has 8 extra bit(s) after the 52 expected"),
            std::string::npos)
      << d.renderToString();
}

std::unique_ptr<Lc3Machine> withStore(std::initializer_list<uint16_t> words, ControlStore store) {
  Options o;
  o.engine = Engine::Micro;
  o.controlStore = std::make_shared<const ControlStore>(std::move(store));
  auto m = std::make_unique<Lc3Machine>(o);
  asmlab::lc3::ObjectImage img;
  img.blocks.push_back({0x3000, std::vector<uint16_t>(words)});
  m->loadProgram(img);
  return m;
}

TEST(Lc3ControlStore, AStudentsAddThatForgetsTheConditionCodes) {
  // State 1 without LD.CC: ADD R1,R1,#-1 leaves Z (from the reset PSR), so BRz is taken.
  ControlStore s = standardControlStore(Edition::Third);
  s.rows[1][MicroField::LdCc] = 0;
  auto m = withStore({ADDi(1, 1, -1), BR(z, 1), ADDi(2, 2, 1), ADDi(3, 3, 1)}, s);
  for (int i = 0; i < 3; ++i) m->step();
  EXPECT_EQ(m->reg(1), 0xFFFF);
  EXPECT_EQ(m->reg(2), 0);  // skipped
  EXPECT_EQ(m->reg(3), 1);
}

TEST(Lc3ControlStore, TwoGatesOnTheBusStopTheRun) {
  ControlStore s = standardControlStore(Edition::Third);
  s.rows[1][MicroField::GateMdr] = 1;
  auto m = withStore({ADDi(1, 1, 1)}, s);
  auto stop = m->run({});
  EXPECT_EQ(stop.reason, StopReason::Exception);
  EXPECT_EQ(stop.message, "microcode error in state 1: GateMDR and GateALU both drive the bus");
  EXPECT_EQ(m->microView().state, 1);
}

TEST(Lc3ControlStore, MicrocodeThatNeverReturnsToTheFetchStopsAtTheLimit) {
  ControlStore s = standardControlStore(Edition::Third);
  s.rows[1].j = 1;  // ADD forever
  auto m = withStore({ADDi(1, 1, 1)}, s);
  auto stop = m->run({});
  EXPECT_EQ(stop.reason, StopReason::ClockLimit);
  EXPECT_NE(stop.message.find("now in state 1"), std::string::npos) << stop.message;
}

}  // namespace
}  // namespace lc3test
