#include "asmlab/gui/call_stack_model.hpp"

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
      if (auto call = callBefore(*m, ret)) frames_.push_back({ret, *call, "R7"});
    }
    if (r6 >= 0) {
      uint64_t top = m->readRegister(static_cast<size_t>(r6));
      for (uint64_t a = top; a < top + 32 && a < m->memorySize(); ++a) {
        uint64_t ret = m->peek(a);
        if (auto call = callBefore(*m, ret)) frames_.push_back({ret, *call, "stack x" + QString("%1").arg(a, 4, 16, QChar('0')).toUpper()});
      }
    } else if (sp >= 0 && ss >= 0 && cs >= 0) {
      // Near returns into the current code segment, 16-bit words from SS:SP up.
      uint64_t base = m->readRegister(static_cast<size_t>(ss)) * 16;
      uint64_t codeBase = m->readRegister(static_cast<size_t>(cs)) * 16;
      uint64_t top = m->readRegister(static_cast<size_t>(sp));
      for (uint64_t off = top; off < top + 64 && off < 0x10000; off += 2) {
        uint64_t a = base + off;
        if (a + 1 >= m->memorySize()) break;
        uint64_t ret = codeBase + (m->peek(a) | (m->peek(a + 1) << 8));
        if (auto call = callBefore(*m, ret))
          frames_.push_back({ret, *call, QString("SS:%1").arg(off, 4, 16, QChar('0')).toUpper()});
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
  auto describe = [&](uint64_t a) {
    auto d = m->symbols().describe(a);
    QString hex = QString("%1").arg(a, 4, 16, QChar('0')).toUpper();
    return d ? QString("%1 (%2)").arg(hex, QString::fromStdString(*d)) : hex;
  };
  switch (index.column()) {
    case Return: return describe(f.returnAddress);
    case Caller: return describe(f.callAddress) + "  " + QString::fromStdString(m->disassemble(f.callAddress));
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
