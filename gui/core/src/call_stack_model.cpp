#include <algorithm>
#include "asmlab/gui/call_stack_model.hpp"

#include "asmlab/gui/address_text.hpp"

namespace asmlab::gui {
namespace {

bool isCallText(const std::string& text) {
  std::string op;
  for (char c : text) {
    if (c == ' ' || c == '\t') {
      if (op.empty()) continue;
      break;
    }
    op += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return op == "JSR" || op == "JSRR" || op == "TRAP" || op == "CALL" || op == "INT" || op == "GETC" || op == "OUT" ||
         op == "PUTS" || op == "IN" || op == "PUTSP" || op == "HALT";
}

// The address of the call instruction that returns to `ret`, if there is one just before it.
std::optional<uint64_t> callBefore(const sim::Machine& m, uint64_t ret) {
  unsigned maxLength = m.memoryUnitBits() >= 16 ? 1 : 5;
  for (unsigned k = 1; k <= maxLength && k <= ret; ++k) {
    unsigned length = 0;
    std::string text = m.disassemble(ret - k, &length);
    if (length == k && isCallText(text)) return ret - k;
  }
  return std::nullopt;
}

}  // namespace

CallStackModel::CallStackModel(DebugSession& session, QObject* parent) : QAbstractTableModel(parent), session_(session) {}

void CallStackModel::refresh() {
  beginResetModel();
  frames_.clear();
  const sim::Machine* m = session_.machine();
  if (m) {
    int r7 = m->registerIndex("R7");
    int r6 = m->registerIndex("R6");
    int sp = m->registerIndex("SP");
    int ss = m->registerIndex("SS");
    int cs = m->registerIndex("CS");
    if (r7 >= 0) {
      uint64_t ret = m->readRegister(static_cast<size_t>(r7));
      if (auto call = callBefore(*m, ret)) frames_.push_back({ret, *call, "R7", {}});
    }
    if (r6 >= 0) {
      uint64_t top = m->readRegister(static_cast<size_t>(r6));
      for (uint64_t a = top; a < top + 32 && a < m->memorySize(); ++a) {
        uint64_t ret = m->peek(a);
        if (auto call = callBefore(*m, ret)) frames_.push_back({ret, *call, "stack x" + QString("%1").arg(a, 4, 16, QChar('0')).toUpper(), {}});
      }
    } else if (sp >= 0 && ss >= 0 && cs >= 0) {
      // From SS:SP up: a word returning into the current code segment (near), or a pair IP, CS
      // returning just after a far call anywhere.
      const uint64_t base = m->readRegister(static_cast<size_t>(ss)) * 16;
      const auto codeSegment = static_cast<uint16_t>(m->readRegister(static_cast<size_t>(cs)));
      const uint64_t top = m->readRegister(static_cast<size_t>(sp));
      // SP 0 at load means a full 64K stack: the top is the segment's end.
      uint64_t end = 0x10000;
      const auto& atLoad = session_.registersAtLoad();
      if (static_cast<size_t>(std::max(ss, sp)) < atLoad.size() && atLoad[static_cast<size_t>(ss)] == m->readRegister(static_cast<size_t>(ss)) &&
          atLoad[static_cast<size_t>(sp)] != 0)
        end = atLoad[static_cast<size_t>(sp)];
      auto word = [&](uint64_t a) { return m->peek(a) | (m->peek(a + 1) << 8); };
      for (uint64_t off = top; off < top + 96 && off + 1 < end; off += 2) {
        const uint64_t a = base + off;
        if (a + 3 >= m->memorySize()) break;
        const QString where = QString("SS:%1").arg(off, 4, 16, QChar('0')).toUpper();
        const auto ip = static_cast<uint16_t>(word(a));
        const auto farSegment = static_cast<uint16_t>(word(a + 2));
        const uint64_t farReturn = uint64_t{farSegment} * 16 + ip;
        if (auto call = callBefore(*m, farReturn); call && farSegment != 0 && off + 3 < end) {
          frames_.push_back({farReturn, *call, where, farSegment});
          off += 2;  // the CS word belongs to this frame
          continue;
        }
        const uint64_t nearReturn = uint64_t{codeSegment} * 16 + ip;
        if (auto call = callBefore(*m, nearReturn)) frames_.push_back({nearReturn, *call, where, codeSegment});
      }
    }
  }
  endResetModel();
}

int CallStackModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(frames_.size());
}

int CallStackModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant CallStackModel::data(const QModelIndex& index, int role) const {
  const sim::Machine* m = session_.machine();
  if (!m || !index.isValid() || role != Qt::DisplayRole) return {};
  const Frame& f = frames_.at(static_cast<size_t>(index.row()));
  switch (index.column()) {
    case Return: return addressText(*m, f.returnAddress, f.segment);
    case Caller: return addressText(*m, f.callAddress, f.segment) + "  " + QString::fromStdString(m->disassemble(f.callAddress));
    case Where: return f.where;
  }
  return {};
}

QVariant CallStackModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"Returns to", "Called from", "Found in"};
  return section < ColumnCount ? QString(names[section]) : QVariant();
}

}  // namespace asmlab::gui
