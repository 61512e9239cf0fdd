// The Spirit X3 statement grammar of the LC-3 dialect. This is the only translation unit that
// includes Spirit (it compiles slowly); the rest of the assembler sees parseStatement().
//
//   statement := [label [':']] [opcode] {',' | operand}                 (comments removed earlier)
//   operand   := register | number | string | identifier
//
// Commas are separators that may be left out or doubled (as the UT Austin tools allow); the
// statement records where they differ from "opcode operand, operand", and parse.cpp decides
// whether that is a warning or (with --strict) an error.
//
// The grammar is deliberately lenient about which words are opcodes: an unknown word in the opcode
// position still parses, so the assembler can say "unknown opcode 'ADDD'; did you mean 'ADD'?"
// instead of a bare syntax error. Operand kinds and counts are checked by the encoder.
#include <algorithm>

#include <boost/spirit/home/x3.hpp>

#include "numbers.hpp"
#include "statement.hpp"

namespace asmlab::lc3::detail {
namespace {

namespace x3 = boost::spirit::x3;
using Iterator = const char*;
// The ASCII encoding classifies characters with tables instead of libc calls; the caller has
// already rejected every byte outside printable ASCII.

struct ParseState {
  Statement* statement;
  Iterator lineBegin;
  bool commaPending = false;    // a comma was seen since the last operand (or the opcode)
  uint32_t lastCommaColumn = 0;
  uint32_t column(Iterator at) const { return static_cast<uint32_t>(at - lineBegin + 1); }
};
struct StateTag;

struct MnemonicValue {
  Mnemonic mnemonic = Mnemonic::None;
  uint8_t conditions = 0;
};

// Lower-case entries: under no_case, X3 folds the input before looking it up.
const x3::ascii::symbols<MnemonicValue>& mnemonicTable() {
  static const x3::ascii::symbols<MnemonicValue> table = [] {
    x3::ascii::symbols<MnemonicValue> t;
    for (const auto& s : mnemonicSpellings()) {
      std::string lower(s.text);
      for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
      t.add(lower, MnemonicValue{s.mnemonic, s.conditions});
    }
    return t;
  }();
  return table;
}

template <typename Context>
ParseState& state(const Context& ctx) {
  return *x3::get<StateTag>(ctx);
}

template <typename Range>
std::string_view view(const Range& r) {
  return std::string_view(&*r.begin(), static_cast<size_t>(r.end() - r.begin()));
}

Operand& nextOperand(ParseState& s, Iterator at) {
  static thread_local Operand discarded;
  Statement& st = *s.statement;
  if (st.operandCount == 0) {
    if (s.commaPending && st.commaAfterOpcodeColumn == 0) st.commaAfterOpcodeColumn = s.lastCommaColumn;
  } else if (!s.commaPending && st.missingCommaColumn == 0) {
    st.missingCommaColumn = s.column(at);
  }
  s.commaPending = false;
  uint8_t index = st.operandCount;
  if (st.operandCount < 255) ++st.operandCount;
  if (index < kMaxOperands) return st.operands[index];
  if (st.extraOperandColumn == 0) st.extraOperandColumn = s.column(at);
  return discarded;
}

auto const setLabel = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  s.statement->label = view(r);
  s.statement->labelColumn = s.column(r.begin());
};

// The symbol table's value and the matched text arrive in two actions (raw[] drops the value).
auto const setMnemonicValue = [](auto& ctx) {
  const MnemonicValue& value = x3::_attr(ctx);
  state(ctx).statement->mnemonic = value.mnemonic;
  state(ctx).statement->conditions = value.conditions;
};
auto const setMnemonicText = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  s.statement->mnemonicText = view(r);
  s.statement->mnemonicColumn = s.column(r.begin());
};

auto const setUnknownMnemonic = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  s.statement->mnemonicText = view(r);
  s.statement->mnemonicColumn = s.column(r.begin());
  s.statement->mnemonic = Mnemonic::None;
};

auto const addRegister = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  Operand& op = nextOperand(s, r.begin());
  op.kind = OperandKind::Register;
  op.text = view(r);
  op.value = op.text[1] - '0';
  op.column = s.column(r.begin());
};

auto const addNumber = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  Operand& op = nextOperand(s, r.begin());
  op.kind = OperandKind::Number;
  op.text = view(r);
  op.value = numberValue(op.text, op.overflow);
  op.column = s.column(r.begin());
};

auto const addString = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  Operand& op = nextOperand(s, r.begin());
  op.kind = OperandKind::String;
  std::string_view quoted = view(r);
  op.text = quoted.substr(1, quoted.size() - 2);
  op.column = s.column(r.begin());
};

auto const addIdentifier = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  Operand& op = nextOperand(s, r.begin());
  op.kind = OperandKind::Identifier;
  op.text = view(r);
  op.column = s.column(r.begin());
};

// Label characters: letters, digits, '_' and the punctuation the UT tools allow in a name. A
// name cannot start with what begins a number ('#', '+', '-', digits) or a pseudo-op ('.').
auto const idchar = x3::ascii::alnum | x3::ascii::char_("_!#$%&'()*+./<=>?@[\\]^`{|}~-");  // '-' last: not a range
auto const idstart = x3::ascii::alpha | x3::ascii::char_("_!$%&'()*/<=>?@[\\]^`{|}~");

auto const registerName =
    x3::raw[x3::lexeme[x3::no_case[x3::ascii::lit('r')] >> x3::ascii::char_('0', '7') >> !idchar]];

// A number must end at a word boundary, so "b12" and "x1G" are names, not malformed numbers.
auto const number = x3::raw[x3::lexeme[
    (x3::ascii::lit('#') >> -x3::ascii::char_("+-") >> +x3::ascii::digit
     | x3::no_case[x3::ascii::lit("0x")] >> +x3::ascii::xdigit
     | x3::no_case[x3::ascii::lit('x')] >> -x3::ascii::char_('-') >> +x3::ascii::xdigit
     | x3::no_case[x3::ascii::lit('b')] >> -x3::ascii::char_('-') >> +x3::ascii::char_("01")
     | -x3::ascii::char_("+-") >> +x3::ascii::digit) >> !idchar]];

auto const identifier = x3::raw[x3::lexeme[idstart >> *idchar]];

auto const closingQuote = x3::rule<class ClosingQuote>{"closing quote"} = x3::ascii::lit('"');
auto const string = x3::raw[x3::lexeme['"' >> *(('\\' >> x3::char_) | ~x3::ascii::char_("\"\\")) > closingQuote]];

// Predicates (!keyword) must not run semantic actions, so the look-ahead form has none.
auto const keyword = x3::lexeme[x3::no_case[mnemonicTable()] >> !idchar];
auto const word =
    x3::raw[x3::lexeme[-x3::ascii::char_('.') >> (x3::ascii::alpha | x3::ascii::char_('_')) >> *idchar]];

// 'A', '\n', ' ': a character literal (complx); kept with its quotes as an identifier's text for
// .FILL to read (pass_two.cpp), so a label spelt with quotes still reads as before elsewhere.
auto const characterLiteral =
    x3::raw[x3::lexeme['\'' >> (('\\' >> x3::ascii::char_) | ~x3::ascii::char_("'\\")) >> '\'' >> !idchar]];
auto const operand = registerName[addRegister] | number[addNumber] | string[addString] |
                     characterLiteral[addIdentifier] | identifier[addIdentifier];

auto const onCommas = [](auto& ctx) {
  auto& s = state(ctx);
  auto r = x3::_attr(ctx);
  Statement& st = *s.statement;
  // A second comma in the run: "ADD R1,,R2" or "ADD R1, ,R2" (blanks are skipped between them).
  Iterator second = std::find(std::next(r.begin()), r.end(), ',');
  if (s.commaPending && st.repeatedCommaColumn == 0) st.repeatedCommaColumn = s.column(r.begin());
  if (second != r.end() && st.repeatedCommaColumn == 0) st.repeatedCommaColumn = s.column(second);
  s.commaPending = true;
  s.lastCommaColumn = s.column(r.begin());
};
auto const commas = x3::raw[+x3::ascii::lit(',')];
auto const operands = *(commas[onCommas] | operand);

auto const setColon = [](auto& ctx) { state(ctx).statement->labelHasColon = true; };
auto const label = !keyword >> !registerName >> !number >> identifier[setLabel] >> -x3::ascii::lit(':')[setColon];
auto const knownOpcode = x3::lexeme[x3::raw[x3::no_case[mnemonicTable()][setMnemonicValue]][setMnemonicText] >> !idchar];
auto const opcode = knownOpcode | (!registerName >> !number >> word[setUnknownMnemonic]);

auto const endOfLine = x3::rule<class EndOfLine>{"end of line"} = x3::eoi;
auto const statement = (-label >> -opcode >> operands) > endOfLine;

bool isMnemonic(std::string_view word) {
  for (const auto& candidate : mnemonicCandidates()) {
    if (candidate.size() != word.size()) continue;
    bool same = true;
    for (size_t i = 0; i < word.size() && same; ++i)
      same = candidate[i] == (word[i] >= 'a' && word[i] <= 'z' ? word[i] - 32 : word[i]);
    if (same) return true;
  }
  return false;
}

std::string_view tokenAt(std::string_view line, size_t at) {
  size_t end = at;
  while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != ',') ++end;
  if (end == at) end = at + 1;
  return line.substr(at, end - at);
}

// Advice for an operand that reads as a number written another tool's way ("" for others).
std::string numberAdvice(std::string_view token) {
  auto starts = [&](std::string_view prefix) {
    if (token.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
      if ((token[i] | 0x20) != (prefix[i] | 0x20)) return false;
    return true;
  };
  if (token == "#" || token == "#-") return "; '#' is followed by a decimal number, e.g. #-15";
  if (starts("-x")) return "; a negative hex number is written x-F (or #-15 in decimal)";
  if (starts("+x")) return "; a hex number has no sign: x5";
  if (starts("#x")) return "; '#' starts a decimal number: hex is written x1F";
  if (starts("0b")) return "; binary is written b101 (without the 0)";
  return "";
}

}  // namespace

bool isPortableLabel(std::string_view name) {
  auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (name.empty() || !letter(name[0])) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

LineParse parseStatement(std::string_view line, Statement& st) {
  LineParse out;
  ParseState parseState{&st, line.data()};
  Iterator first = line.data();
  Iterator last = first + line.size();
  try {
    bool ok = x3::phrase_parse(first, last, x3::with<StateTag>(&parseState)[statement], x3::ascii::blank);
    if (!ok) {  // cannot happen (every part is optional and the end is an expectation), kept for safety
      out.result = LineParse::Result::Error;
      out.error = "cannot parse this line";
      out.errorColumn = 1;
      return out;
    }
  } catch (const x3::expectation_failure<Iterator>& failure) {
    size_t at = static_cast<size_t>(failure.where() - line.data());
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    out.result = LineParse::Result::Error;
    out.errorColumn = static_cast<uint32_t>(at + 1);
    const std::string which = failure.which();
    if (which == "closing quote") {
      out.error = "missing closing '\"' at the end of the string";
    } else {
      std::string_view token = tokenAt(line, at);
      out.errorLength = static_cast<uint32_t>(token.size());
      if (st.operandCount > 0) {
        out.error =
            "unexpected '" + std::string(token) + "': not a register, number, string or label" + numberAdvice(token);
      } else if (st.label.empty() && st.mnemonic != Mnemonic::None && isMnemonic(token)) {
        // "ADD .FILL 5": the first word was meant as a label.
        out.error = "'" + std::string(st.mnemonicText) + "' is an opcode, so it cannot be a label";
        out.errorColumn = st.mnemonicColumn;
        out.errorLength = static_cast<uint32_t>(st.mnemonicText.size());
      } else {
        out.error = "unexpected '" + std::string(token) + "'" +
                    (st.mnemonic != Mnemonic::None ? ": not a register, number, string or label" : "") +
                    numberAdvice(token);
      }
    }
    return out;
  }
  if (parseState.commaPending) st.trailingCommaColumn = parseState.lastCommaColumn;
  bool empty = st.label.empty() && st.mnemonicText.empty() && st.operandCount == 0;
  out.result = empty ? LineParse::Result::Blank : LineParse::Result::Statement;
  return out;
}

}  // namespace asmlab::lc3::detail
