// Control-store files: one line per state, the bits of IRD, COND, J and the datapath signals as
// 0s and 1s (docs/lc3-microarchitecture.md, "Control-store files"). A `columns:` line names the
// columns when a course orders them differently from the default.
#include <algorithm>
#include <cctype>
#include <map>

#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/lc3sim/microcode.hpp"

namespace asmlab::lc3sim {
namespace {

using Column = ControlColumn;

unsigned widthOf(const Column& c) {
  if (c.bit >= 0) return 1;
  switch (c.kind) {
    case Column::Kind::Ird: return 1;
    case Column::Kind::Cond: return 3;
    case Column::Kind::J: return 6;
    case Column::Kind::Field: return microFieldInfo(c.field).bits;
  }
  return 1;
}

unsigned fullWidth(const Column& c) {
  Column whole = c;
  whole.bit = -1;
  return widthOf(whole);
}

// Upper case without the punctuation that spellings differ in: "LD.MAR", "LD_MAR" and "ldmar"
// are one name; "GatePC-1" also answers to GatePCm1 and GatePCMinus1.
std::string normalise(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '.' || c == '_' || c == '/' || c == '[' || c == ']') continue;
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (out == "GATEPCM1" || out == "GATEPCMINUS1") out = "GATEPC-1";
  return out;
}

const std::map<std::string, Column>& columnNames() {
  static const std::map<std::string, Column> names = [] {
    std::map<std::string, Column> m;
    m["IRD"] = {Column::Kind::Ird, MicroField::LdMar, -1};
    m["COND"] = {Column::Kind::Cond, MicroField::LdMar, -1};
    m["J"] = {Column::Kind::J, MicroField::LdMar, -1};
    for (size_t i = 0; i < kMicroFieldCount; ++i) {
      const auto f = static_cast<MicroField>(i);
      m[normalise(microFieldInfo(f).name)] = {Column::Kind::Field, f, -1};
    }
    return m;
  }();
  return names;
}

std::string columnName(const Column& c) {
  std::string base;
  switch (c.kind) {
    case Column::Kind::Ird: base = "IRD"; break;
    case Column::Kind::Cond: base = "COND"; break;
    case Column::Kind::J: base = "J"; break;
    case Column::Kind::Field: base = std::string(microFieldInfo(c.field).name); break;
  }
  return c.bit >= 0 ? base + std::to_string(c.bit) : base;
}

std::optional<Column> findColumn(std::string_view word) {
  const std::string key = normalise(word);
  const auto& names = columnNames();
  if (auto it = names.find(key); it != names.end()) return it->second;
  // A bit of a multi-bit field: PCMUX1, COND0, J5, ADDR2MUX0.
  if (!key.empty() && std::isdigit(static_cast<unsigned char>(key.back()))) {
    const int bit = key.back() - '0';
    if (auto it = names.find(key.substr(0, key.size() - 1)); it != names.end()) {
      Column c = it->second;
      if (fullWidth(c) > 1 && bit < static_cast<int>(fullWidth(c))) {
        c.bit = bit;
        return c;
      }
    }
  }
  return std::nullopt;
}

// Puts a column's bits (MSB first) into the row.
void store(MicroInstruction& row, const Column& c, unsigned value) {
  auto merge = [&](uint8_t& target, unsigned width) {
    if (c.bit < 0) target = static_cast<uint8_t>(value & ((1u << width) - 1));
    else target = static_cast<uint8_t>((target & ~(1u << c.bit)) | ((value & 1u) << c.bit));
  };
  switch (c.kind) {
    case Column::Kind::Ird: row.ird = value & 1; break;
    case Column::Kind::Cond: merge(row.cond, 3); break;
    case Column::Kind::J: merge(row.j, 6); break;
    case Column::Kind::Field: merge(row.fields[static_cast<size_t>(c.field)], microFieldInfo(c.field).bits); break;
  }
}

unsigned load(const MicroInstruction& row, const Column& c) {
  unsigned v = 0;
  switch (c.kind) {
    case Column::Kind::Ird: v = row.ird; break;
    case Column::Kind::Cond: v = row.cond; break;
    case Column::Kind::J: v = row.j; break;
    case Column::Kind::Field: v = row[c.field]; break;
  }
  return c.bit < 0 ? v : (v >> c.bit) & 1;
}

bool isSeparator(char c) { return c == ' ' || c == '\t' || c == '_' || c == '|' || c == ',' || c == '\r'; }

// Where a comment starts on a line (# ; //), or npos.
size_t commentStart(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' || line[i] == ';') return i;
    if (line[i] == '/' && i + 1 < line.size() && line[i + 1] == '/') return i;
  }
  return std::string_view::npos;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

class Reader {
public:
  Reader(std::shared_ptr<const SourceFile> file, Diagnostics& d) : file_(std::move(file)), d_(d) {}

  std::optional<ControlStore> read() {
    columns_ = defaultControlColumns();
    ControlStore result;
    result.name = file_->name();
    std::array<uint32_t, kMicroStates> givenAt{};  // line of each state's row, 0 = not given
    unsigned nextState = 0;
    bool columnsSeen = false, anyRow = false;
    const size_t errorsBefore = d_.errorCount();
    for (uint32_t n = 1; n <= file_->lineCount(); ++n) {
      const std::string_view text = file_->line(n);
      const size_t comment = commentStart(text);
      const std::string_view code = trim(text.substr(0, comment));
      // `columns:` on its own line or inside a comment.
      std::string_view directive = code.empty() && comment != std::string_view::npos
                                       ? trim(text.substr(comment + (text[comment] == '/' ? 2 : 1)))
                                       : code;
      if (startsWithColumns(directive)) {
        if (anyRow) {
          error(n, column(text, directive), static_cast<uint32_t>(directive.size()),
                "the columns must be named before the first state");
        } else if (columnsSeen) {
          error(n, column(text, directive), 8, "the columns are named twice");
        } else {
          readColumns(n, text, directive.substr(directive.find(':') + 1));
          columnsSeen = true;
        }
        continue;
      }
      if (code.empty()) continue;
      anyRow = true;
      std::string_view bits = code;
      unsigned state = nextState;
      if (size_t colon = code.find(':'); colon != std::string_view::npos) {
        const std::string_view number = trim(code.substr(0, colon));
        if (number.empty() || number.size() > 2 ||
            !std::all_of(number.begin(), number.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
            std::stoi(std::string(number)) >= static_cast<int>(kMicroStates)) {
          error(n, column(text, number), static_cast<uint32_t>(std::max<size_t>(number.size(), 1)),
                "'" + std::string(number) + "' is not a state number (0-63)");
          continue;
        }
        state = static_cast<unsigned>(std::stoi(std::string(number)));
        bits = code.substr(colon + 1);
      }
      if (state >= kMicroStates) {
        error(n, column(text, code), static_cast<uint32_t>(code.size()), "more than 64 states: the control store has 64 rows (0-63)");
        continue;
      }
      if (givenAt[state] != 0) {
        error(n, column(text, code), static_cast<uint32_t>(code.size()),
              "state " + std::to_string(state) + " is given twice (first on line " + std::to_string(givenAt[state]) + ")");
        nextState = state + 1;
        continue;
      }
      givenAt[state] = n;
      nextState = state + 1;
      readRow(n, text, bits, result.rows[state], state);
    }
    if (!anyRow) {
      d_.error({file_, 1, 1, 0}, "the control store has no states (one line of 0s and 1s per state is expected)");
    }
    if (d_.errorCount() != errorsBefore) return std::nullopt;
    std::string missing;
    unsigned missingCount = 0;
    for (unsigned s = 0; s < kMicroStates; ++s) {
      if (givenAt[s] != 0) continue;
      ++missingCount;
      if (missingCount <= 12) missing += (missing.empty() ? "" : ", ") + std::to_string(s);
    }
    if (missingCount != 0) {
      d_.warning({file_, file_->lineCount(), 1, 0},
                 std::to_string(missingCount) + " of the 64 states are not given and are all zeros: " + missing +
                     (missingCount > 12 ? ", ..." : ""));
    }
    return result;
  }

private:
  static bool startsWithColumns(std::string_view s) {
    if (s.size() < 8) return false;
    std::string head(s.substr(0, 8));
    for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return head == "columns:";
  }

  uint32_t column(std::string_view line, std::string_view part) const {
    if (part.data() >= line.data() && part.data() <= line.data() + line.size()) {
      return static_cast<uint32_t>(part.data() - line.data()) + 1;
    }
    return 1;
  }

  void error(uint32_t line, uint32_t col, uint32_t length, std::string message) {
    d_.error({file_, line, col, length}, std::move(message));
  }

  void readColumns(uint32_t n, std::string_view line, std::string_view list) {
    std::vector<Column> columns;
    std::map<std::pair<int, int>, bool> seenBits;  // (field key, bit)
    size_t i = 0;
    while (i < list.size()) {
      while (i < list.size() && (isSeparator(list[i]) || list[i] == ',')) ++i;
      size_t start = i;
      while (i < list.size() && !isSeparator(list[i]) && list[i] != ',') ++i;
      if (start == i) break;
      const std::string_view word = list.substr(start, i - start);
      auto c = findColumn(word);
      if (!c) {
        std::vector<std::string> candidates;
        for (const auto& [key, value] : columnNames()) candidates.push_back(columnName(value));
        const std::string hint = closestMatch(word, candidates);
        error(n, column(line, word), static_cast<uint32_t>(word.size()),
              "'" + std::string(word) + "' is not a signal of the LC-3 control word" +
                  (hint.empty() ? "" : "; did you mean " + hint + "?"));
        continue;
      }
      const int key = c->kind == Column::Kind::Field ? 10 + static_cast<int>(c->field) : static_cast<int>(c->kind);
      bool duplicate = false;
      for (unsigned b = 0; b < fullWidth(*c); ++b) {
        if (c->bit >= 0 && static_cast<unsigned>(c->bit) != b) continue;
        if (seenBits[{key, static_cast<int>(b)}]) duplicate = true;
        seenBits[{key, static_cast<int>(b)}] = true;
      }
      if (duplicate) {
        error(n, column(line, word), static_cast<uint32_t>(word.size()), "'" + std::string(word) + "' is named twice");
        continue;
      }
      columns.push_back(*c);
    }
    if (columns.empty()) {
      error(n, column(line, list), 1, "columns: lists no signals");
      return;
    }
    // Fields the layout leaves out are 0 in every state: say which, so that a missing column is
    // not a silent surprise.
    std::string absent;
    for (const Column& c : defaultControlColumns()) {
      const int key = c.kind == Column::Kind::Field ? 10 + static_cast<int>(c.field) : static_cast<int>(c.kind);
      bool any = false;
      for (unsigned b = 0; b < fullWidth(c); ++b) any |= seenBits.count({key, static_cast<int>(b)}) != 0;
      if (!any) absent += (absent.empty() ? "" : ", ") + columnName(c);
    }
    if (!absent.empty()) {
      d_.warning({file_, n, column(line, trim(list)), static_cast<uint32_t>(trim(list).size())},
                 "these signals have no column and are 0 in every state: " + absent);
    }
    columns_ = std::move(columns);
  }

  void readRow(uint32_t n, std::string_view line, std::string_view bits, MicroInstruction& row, unsigned state) {
    const unsigned width = controlColumnWidth(columns_);
    std::vector<unsigned> values;
    values.reserve(width);
    for (size_t i = 0; i < bits.size(); ++i) {
      const char c = bits[i];
      if (isSeparator(c)) continue;
      if (c != '0' && c != '1') {
        error(n, column(line, bits.substr(i)), 1,
              std::string("'") + c + "' in the row of state " + std::to_string(state) + ": a row is 0s and 1s");
        return;
      }
      values.push_back(static_cast<unsigned>(c - '0'));
    }
    if (values.size() < width) {
      error(n, column(line, trim(bits)), static_cast<uint32_t>(trim(bits).size()),
            "the row of state " + std::to_string(state) + " has " + std::to_string(values.size()) + " bits; " +
                std::to_string(width) + " are expected (IRD, COND, J and the signals; see `columns:`)");
      return;
    }
    if (values.size() > width) {
      d_.warning({file_, n, column(line, trim(bits)), static_cast<uint32_t>(trim(bits).size())},
                 "the row of state " + std::to_string(state) + " has " + std::to_string(values.size() - width) +
                     " extra bit(s) after the " + std::to_string(width) + " expected; they are ignored");
    }
    size_t pos = 0;
    for (const Column& c : columns_) {
      unsigned v = 0;
      for (unsigned b = 0; b < widthOf(c); ++b) v = (v << 1) | values[pos++];
      store(row, c, v);
    }
  }

  std::shared_ptr<const SourceFile> file_;
  Diagnostics& d_;
  std::vector<Column> columns_;
};

}  // namespace

std::vector<ControlColumn> defaultControlColumns() {
  std::vector<Column> columns = {{Column::Kind::Ird, MicroField::LdMar, -1},
                                 {Column::Kind::Cond, MicroField::LdMar, -1},
                                 {Column::Kind::J, MicroField::LdMar, -1}};
  for (size_t i = 0; i < kMicroFieldCount; ++i) columns.push_back({Column::Kind::Field, static_cast<MicroField>(i), -1});
  return columns;
}

unsigned controlColumnWidth(const std::vector<ControlColumn>& columns) {
  unsigned width = 0;
  for (const Column& c : columns) width += widthOf(c);
  return width;
}

std::optional<ControlStore> parseControlStore(std::shared_ptr<const SourceFile> file, Diagnostics& diagnostics) {
  return Reader(std::move(file), diagnostics).read();
}

std::optional<ControlStore> loadControlStore(const std::string& path, Diagnostics& diagnostics) {
  std::string error;
  auto file = SourceFile::load(path, error);
  if (!file) {
    diagnostics.error({}, path + ": " + error);
    return std::nullopt;
  }
  return parseControlStore(std::move(file), diagnostics);
}

std::string formatControlStore(const ControlStore& store, Edition edition) {
  const auto columns = defaultControlColumns();
  std::string out = "# LC-3 control store: " + store.name + "\n";
  out += "# One line per state (line order = state 0 to 63): the bits of the columns below, MSB first.\n";
  out += "# Widths: COND 3, J 6, PCMUX DRMUX SR1MUX ADDR2MUX SPMUX VectorMUX ALUK 2, the others 1.\n";
  out += "columns:";
  for (const Column& c : columns) out += " " + columnName(c);
  out += "\n";
  for (unsigned s = 0; s < kMicroStates; ++s) {
    const MicroInstruction& row = store.rows[s];
    std::string bits;
    for (const Column& c : columns) {
      const unsigned w = widthOf(c);
      const unsigned v = load(row, c);
      for (unsigned b = w; b-- > 0;) bits += static_cast<char>('0' + ((v >> b) & 1));
    }
    out += bits;
    std::string what;
    if (row == MicroInstruction{}) {
      what = "unused";
    } else if (row == standardControlStore(edition).rows[s]) {
      what = std::string(standardStateDescription(edition, s));
    } else {
      for (const std::string& signal : assertedSignals(row)) what += (what.empty() ? "" : " ") + signal;
      what += " -> " + std::to_string(row.j);
    }
    out += "  # " + std::to_string(s) + ": " + what + "\n";
  }
  return out;
}

}  // namespace asmlab::lc3sim
