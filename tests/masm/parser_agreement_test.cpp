// The hand-written parser for common operand shapes (parser_fast.cpp) is only a shortcut: whenever
// it accepts a text, it must give exactly what the Spirit X3 grammar (parser_x3.cpp), the
// reference, gives. These tests run both over hand-picked operands and over random ones built from
// the shapes the shortcut handles plus tokens it must refuse.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "expr.hpp"  // assembler/masm/frontend/src (private)

namespace asmlab::masm {
namespace {

std::string describe(const ExprOps& ops) {
  std::string out;
  for (const auto& o : ops) {
    out += std::to_string(static_cast<int>(o.op)) + "@" + std::to_string(o.column);
    if (o.op == Op::Number) out += "=" + std::to_string(o.value);
    if (!o.text().empty()) out += "'" + std::string(o.text()) + "'";
    out += " ";
  }
  return out;
}

std::string describe(const std::vector<DataItem>& items) {
  std::string out;
  for (const auto& item : items) {
    out += "{" + std::to_string(static_cast<int>(item.kind)) + ":" + describe(item.expr.ops) + "@" +
           std::to_string(item.expr.column);
    if (!item.items.empty()) out += " [" + describe(item.items) + "]";
    out += "}";
  }
  return out;
}

// Returns whether the shortcut accepted `text`; when it did, the grammar must agree exactly.
bool expectSameExpression(ExprStore& store, const std::string& text) {
  Expr fast;
  if (!parseSimpleExpression(store, text, 7, fast)) return false;
  ParseError error;
  auto reference = parseExpression(store, text, 7, error);
  EXPECT_TRUE(reference.has_value()) << "shortcut accepted what the grammar rejects: '" << text
                                     << "' (" << error.message << ")";
  if (!reference) return true;
  EXPECT_EQ(describe(fast.ops), describe(reference->ops)) << "operand '" << text << "'";
  EXPECT_EQ(fast.column, reference->column) << "operand '" << text << "'";
  return true;
}

bool expectSameData(ExprStore& store, const std::string& text) {
  std::vector<DataItem> fast;
  if (!parseSimpleDataItems(store, text, 3, fast)) return false;
  ParseError error;
  auto reference = parseDataItems(store, text, 3, error);
  EXPECT_TRUE(reference.has_value()) << "shortcut accepted what the grammar rejects: '" << text << "'";
  if (!reference) return true;
  EXPECT_EQ(describe(fast), describe(*reference)) << "data '" << text << "'";
  return true;
}

TEST(MasmParserAgreement, CommonOperandsTakeTheShortcutAndAgree) {
  // Shapes the benchmark and course code use most: the shortcut must take them (else it buys
  // nothing) and agree with the grammar.
  ExprStore store;
  for (const char* text : {"ax", "bl", "count", "4", "0FFh", "101b", "[bx]", "[bp+4]", "[bx+si+2]",
                           "table[si]", "table[bx+di-1]", "OFFSET msg", "offset msg + 2", "x - y + 3",
                           "  [ si ]  ", "label1"}) {
    EXPECT_TRUE(expectSameExpression(store, text)) << "'" << text << "' should not need the grammar";
  }
  for (const char* text : {"?", "1, 2, 3", "10 DUP (?)", "4 dup (0, 1)", "2 DUP (3 DUP (?))", "msg, 0"}) {
    EXPECT_TRUE(expectSameData(store, text)) << "'" << text << "' should not need the grammar";
  }
}

TEST(MasmParserAgreement, OtherShapesAreLeftToTheGrammar) {
  for (const char* text : {"word ptr [bx]", "es:[di]", "SIZE table", "(1 + 2) * 3", "'A'", "x SHL 2",
                           "[bx", "1 +", "THIS BYTE", "low x"}) {
    ExprStore store;
    Expr fast;
    EXPECT_FALSE(parseSimpleExpression(store, text, 0, fast)) << "'" << text << "' needs the grammar";
  }
}

// Random texts over a vocabulary mixing accepted tokens with operators and keywords the shortcut
// must refuse; every text the shortcut accepts is compared with the grammar.
TEST(MasmParserAgreement, RandomOperandsAgreeWithTheGrammar) {
  const std::vector<std::string> tokens{"ax", "si", "di", "bp", "bx", "x", "tab", "n1", "_a", "@@b", "$",
                                        "4", "10", "0FFh", "7q", "12d", "1010b", "0", "[", "]", "+", "-",
                                        "OFFSET", "offset", " ", "  ", "*", "(", ")", ":", "ptr", "word",
                                        "dup", "?", ",", ".", "'c'", "SHL", "not"};
  std::mt19937 random(2026);  // fixed seed: the same texts on every run
  ExprStore store;  // one for all the texts, as in an assembly: earlier runs must stay intact
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int length = 1 + static_cast<int>(random() % 8);
    for (int t = 0; t < length; ++t) {
      text += tokens[random() % tokens.size()];
      if (random() % 3 == 0) text += ' ';
    }
    if (expectSameExpression(store, text)) ++accepted;
    expectSameData(store, text);
    if (HasFailure()) return;  // one clear failure rather than thousands
  }
  EXPECT_GT(accepted, 100) << "the random texts should exercise the shortcut";
}

// Expressions outlive the text they were parsed from (the logical line is reused for the next
// line): their names, numbers and strings are the store's copies, and a failed parse or a
// released scratch expression leaves the ones before it intact.
TEST(MasmParserAgreement, ExpressionsOutliveTheirText) {
  ExprStore store;
  std::string line = "table[si] + 'it''s'";
  ParseError error;
  auto kept = parseExpression(store, line, 0, error);
  ASSERT_TRUE(kept.has_value()) << error.message;
  auto data = parseDataItems(store, std::string("4 DUP (<1, x>), \"ab\""), 0, error);
  ASSERT_TRUE(data.has_value()) << error.message;
  std::string before = describe(kept->ops) + describe(*data);
  line.assign(line.size(), '#');
  {
    ExprStore::Rewind scratch(store);
    for (int i = 0; i < 5000; ++i) {  // enough to fill several chunks, then given back
      auto e = parseExpression(store, "name" + std::to_string(i) + " SHL 2", 0, error);
      ASSERT_TRUE(e.has_value());
    }
  }
  EXPECT_FALSE(parseExpression(store, "other + (", 0, error).has_value());
  auto after = parseExpression(store, "later", 0, error);
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->ops[0].text(), "later");
  EXPECT_EQ(describe(kept->ops) + describe(*data), before);
  // Hand-computed postfix form: table si Index 'it's' Add; 4 (<1 x>) DUP and "ab".
  ASSERT_EQ(kept->ops.size(), 5u);
  EXPECT_EQ(kept->ops[0].text(), "table");
  EXPECT_EQ(kept->ops[1].text(), "si");
  EXPECT_EQ(kept->ops[2].op, Op::Index);
  EXPECT_EQ(kept->ops[3].text(), "it's");
  EXPECT_EQ(kept->ops[4].op, Op::Add);
  ASSERT_EQ(data->size(), 2u);
  EXPECT_EQ((*data)[0].kind, DataItem::Kind::Dup);
  EXPECT_EQ((*data)[0].expr.ops[0].text(), "4");
  ASSERT_EQ((*data)[0].items.size(), 1u);
  ASSERT_EQ((*data)[0].items[0].items.size(), 2u);
  EXPECT_EQ((*data)[0].items[0].items[1].expr.ops[0].text(), "x");
  EXPECT_EQ((*data)[1].expr.ops[0].text(), "ab");
}

}  // namespace
}  // namespace asmlab::masm
