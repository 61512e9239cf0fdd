#include "asmlab/gui/memory_model.hpp"

#include <QBrush>
#include <QColor>

#include "asmlab/gui/address_text.hpp"
#include "asmlab/gui/expression.hpp"

namespace asmlab::gui {

MemoryModel::MemoryModel(DebugSession& session, Shape shape, QObject* parent)
    : QAbstractTableModel(parent), session_(session), shape_(shape) {}

void MemoryModel::refresh() {
  const sim::Machine* m = session_.machine();
  if (m != machine_ || session_.generation() != generation_) {
    generation_ = session_.generation();
    beginResetModel();
    machine_ = m;
    if (m) {
      // A stack word is one LC-3 unit or two PC bytes (SP moves by 2).
      if (shape_ == Shape::Narrow) unitsPerRow_ = m->memoryUnitBits() >= 16 ? 1 : 2;
      else unitsPerRow_ = m->memoryUnitBits() >= 16 ? 8 : 16;
      digits_ = static_cast<int>((m->memoryUnitBits() + 3) / 4);
    }
    endResetModel();
    return;
  }
  if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

uint64_t MemoryModel::addressAt(const QModelIndex& index) const {
  return static_cast<uint64_t>(index.row()) * static_cast<uint64_t>(unitsPerRow_) + static_cast<uint64_t>(index.column() - 1);
}

int MemoryModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() || !machine_) return 0;
  return static_cast<int>((machine_->memorySize() + static_cast<uint64_t>(unitsPerRow_) - 1) / static_cast<uint64_t>(unitsPerRow_));
}

int MemoryModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : unitsPerRow_ + 2;
}

QVariant MemoryModel::data(const QModelIndex& index, int role) const {
  if (!machine_ || !index.isValid()) return {};
  uint64_t rowStart = static_cast<uint64_t>(index.row()) * static_cast<uint64_t>(unitsPerRow_);
  int c = index.column();
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    if (c == 0) {
      // As every pane writes addresses (address_text.hpp); the Stack pane's rows in SS.
      std::optional<uint16_t> segment;
      if (const int ss = machine_->registerIndex("SS"); shape_ == Shape::Narrow && ss >= 0)
        segment = static_cast<uint16_t>(machine_->readRegister(static_cast<size_t>(ss)));
      return addressOnly(*machine_, rowStart, segment);
    }
    if (c <= unitsPerRow_) {
      uint64_t a = rowStart + static_cast<uint64_t>(c - 1);
      if (a >= machine_->memorySize()) return {};
      return QString("%1").arg(machine_->peek(a), digits_, 16, QChar('0')).toUpper();
    }
    QString chars;
    for (int i = 0; i < unitsPerRow_; ++i) {
      uint64_t a = rowStart + static_cast<uint64_t>(i);
      unsigned v = a < machine_->memorySize() ? machine_->peek(a) & 0xFFFF : 0;
      chars += v >= 32 && v < 127 ? QChar(v) : QChar('.');
    }
    return chars;
  }
  if (role == Qt::BackgroundRole && c >= 1 && c <= unitsPerRow_) {
    uint64_t a = rowStart + static_cast<uint64_t>(c - 1);
    if (a == highlight_) return QBrush(QColor(120, 170, 255, 150));
    if (a == machine_->programCounter()) return QBrush(QColor(255, 230, 80, 150));
  }
  if (role == Qt::ToolTipRole && c >= 1 && c <= unitsPerRow_) {
    uint64_t a = rowStart + static_cast<uint64_t>(c - 1);
    return addressText(*machine_, a);
  }
  return {};
}

QVariant MemoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  if (section == 0) return QString("Address");
  if (section <= unitsPerRow_) return QString("+%1").arg(section - 1, 0, 16).toUpper();
  return QString("Characters");
}

Qt::ItemFlags MemoryModel::flags(const QModelIndex& index) const {
  auto f = QAbstractTableModel::flags(index);
  if (index.column() >= 1 && index.column() <= unitsPerRow_) f |= Qt::ItemIsEditable;
  return f;
}

bool MemoryModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  sim::Machine* m = session_.machine();
  if (role != Qt::EditRole || !m || session_.isRunning() || index.column() < 1 || index.column() > unitsPerRow_) return false;
  uint64_t a = addressAt(index);
  if (a >= m->memorySize()) return false;
  bool ok = false;
  unsigned v = value.toString().trimmed().toUInt(&ok, 16);
  if (!ok || v >= (1u << m->memoryUnitBits())) return false;
  {
    std::lock_guard lock(session_.machineMutex());
    m->poke(a, v);
  }
  session_.machineEdited();
  emit dataChanged(index, index.siblingAtColumn(unitsPerRow_ + 1));
  return true;
}

}  // namespace asmlab::gui
