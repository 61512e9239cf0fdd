#include "asmlab/gui/disassembly_model.hpp"

#include <QBrush>
#include <QColor>

#include "asmlab/gui/address_text.hpp"

namespace asmlab::gui {

DisassemblyModel::DisassemblyModel(DebugSession& session, QObject* parent) : QAbstractTableModel(parent), session_(session) {}

void DisassemblyModel::rebuild(uint64_t start) {
  beginResetModel();
  rows_.clear();
  if (machine_) {
    uint64_t a = start;
    for (int i = 0; i < kRows && a < machine_->memorySize(); ++i) {
      unsigned length = 1;
      std::string text = machine_->disassemble(a, &length);
      auto label = machine_->symbols().nameAt(a);
      rows_.push_back({a, label ? QString::fromStdString(*label) : QString(), QString::fromStdString(text)});
      a += std::max(1u, length);
    }
  }
  endResetModel();
}

void DisassemblyModel::showAddress(uint64_t address) {
  if (!machine_) return;
  // Fixed-width code (the LC-3) can show a few instructions before; variable-width code (x86)
  // starts at a label close before the address when there is one, else at the address itself.
  uint64_t start = address;
  if (machine_->memoryUnitBits() >= 16) {
    start = address >= 16 ? address - 16 : 0;
  } else {
    for (uint64_t back = 1; back <= 64 && back <= address; ++back) {
      if (machine_->symbols().nameAt(address - back)) {
        start = address - back;
        break;
      }
    }
  }
  rebuild(start);
  if (rowOfAddress(address) < 0) rebuild(address);  // decoding from the label did not land on it
}

void DisassemblyModel::refresh() {
  const sim::Machine* m = session_.machine();
  if (m != machine_ || session_.generation() != generation_) {
    generation_ = session_.generation();
    machine_ = m;
    rows_.clear();
  }
  if (!machine_) return;
  uint64_t pc = machine_->programCounter();
  int row = rowOfAddress(pc);
  if (row < 0 || row > kRows - 8) {
    showAddress(pc);
  } else {
    // Self-modifying code and breakpoints change what is shown in place.
    for (auto& r : rows_) r.text = QString::fromStdString(machine_->disassemble(r.address));
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  }
}

std::optional<uint16_t> DisassemblyModel::codeSegment() const {
  // The rows are the code CS reaches when the PC is among them (the PC's own notation).
  const int cs = machine_ ? machine_->registerIndex("CS") : -1;
  if (cs < 0) return std::nullopt;
  return static_cast<uint16_t>(machine_->readRegister(static_cast<size_t>(cs)));
}

int DisassemblyModel::rowOfAddress(uint64_t address) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].address == address) return static_cast<int>(i);
  return -1;
}

int DisassemblyModel::currentRow() const {
  return machine_ ? rowOfAddress(machine_->programCounter()) : -1;
}

int DisassemblyModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DisassemblyModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant DisassemblyModel::data(const QModelIndex& index, int role) const {
  if (!machine_ || !index.isValid()) return {};
  const Row& r = rows_.at(static_cast<size_t>(index.row()));
  bool current = r.address == machine_->programCounter();
  bool breakpoint = machine_->breakpoints().flagsAt(r.address) & sim::kFlagExecute;
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Gutter: return QString(breakpoint ? "\u25CF" : "") + (current ? "\u25B6" : "");
      case Address: return addressOnly(*machine_, r.address, codeSegment());
      case Label: return r.label;
      case Instruction: return r.text;
      case Clocks: {
        int64_t c = session_.clocksAt(r.address);
        return c >= 0 ? QString::number(c) : QString();
      }
    }
  }
  if (role == Qt::ForegroundRole && index.column() == Gutter && breakpoint) return QBrush(QColor(220, 30, 30));
  if (role == Qt::BackgroundRole && current) return QBrush(QColor(255, 230, 80, 170));
  if (role == Qt::ToolTipRole && index.column() == Clocks) return QString("clocks taken when last stepped");
  if (role == Qt::ToolTipRole && index.column() != Clocks) return addressText(*machine_, r.address, codeSegment());
  return {};
}

QVariant DisassemblyModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"", "Address", "Label", "Instruction", "Clocks"};
  return section < ColumnCount ? QString(names[section]) : QVariant();
}

}  // namespace asmlab::gui
