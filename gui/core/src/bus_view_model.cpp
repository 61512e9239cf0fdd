#include "asmlab/gui/bus_view_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "asmlab/gui/address_text.hpp"

namespace asmlab::gui {
namespace {

// Internal ids: 0 for an instruction row, 1 + its row for that instruction's clock rows.
constexpr quintptr kTop = 0;

const char* cycleWords(x86::BusStatus s) {
  switch (s) {
    case x86::BusStatus::Code: return "code fetch";
    case x86::BusStatus::MemRead: return "memory read";
    case x86::BusStatus::MemWrite: return "memory write";
    case x86::BusStatus::IoRead: return "I/O read";
    case x86::BusStatus::IoWrite: return "I/O write";
    case x86::BusStatus::IntA: return "interrupt ack";
    case x86::BusStatus::Halt: return "halt";
    case x86::BusStatus::Passive: return "passive";
  }
  return "";
}

QString hex(unsigned value, int digits) { return QString("%1").arg(value, digits, 16, QChar('0')).toUpper(); }

}  // namespace

BusViewModel::BusViewModel(DebugSession& session, QObject* parent) : QAbstractItemModel(parent), session_(session) {}

QString BusViewModel::summaryOf(const x86::LoggedInstruction& entry, unsigned* waitedOut) {
  const std::vector<unsigned> uses = x86::clockUses(entry);
  QStringList work, waits;
  unsigned waited = 0;
  for (unsigned u = 0; u < uses.size(); ++u) {
    if (uses[u] == 0) continue;
    const auto use = static_cast<x86::ClockUse>(u);
    const QString part = QString("%1 %2").arg(uses[u]).arg(x86::clockUseName(use));
    if (x86::isBusWait(use)) {
      waits << part;
      waited += uses[u];
    } else {
      work << part;
    }
  }
  if (waitedOut) *waitedOut = waited;
  QString text = QString("%1 clock%2").arg(entry.clocks).arg(entry.clocks == 1 ? "" : "s");
  if (entry.records.size() < entry.clocks) text += QString(" (the first %1 kept)").arg(entry.records.size());
  if (!work.isEmpty()) text += ": " + work.join(", ");
  text += waited == 0 ? QString("; the EU never waited for the bus") : QString("; EU waited %1: %2").arg(waited).arg(waits.join(", "));
  return text;
}

void BusViewModel::refresh() {
  const sim::Machine* m = session_.machine();
  const x86::BusLog* log = session_.busLog();
  const uint64_t version = log ? session_.busViewVersion() : UINT64_MAX - 1;
  if (version == version_ && m == machine_) return;
  version_ = version;
  machine_ = m;
  beginResetModel();
  rows_.clear();
  if (log && m) {
    for (size_t i = 0; i < log->size(); ++i) {
      const x86::LoggedInstruction& e = (*log)[i];
      if (e.clocks == 0) continue;
      Instruction row;
      row.log = e;
      row.clocks = e.clocks;
      if (e.interrupt) {
        row.where = "interrupt entry";
      } else {
        const uint64_t linear = ((uint64_t{e.cs} << 4) + e.ip) & 0xFFFFF;
        row.where = addressText(*m, linear, e.cs);
        unsigned length = 1;
        row.text = QString::fromStdString(m->disassemble(linear, &length));
        QStringList bytes;
        for (unsigned b = 0; b < length && b < 8; ++b) bytes << hex(m->peek((linear + b) & 0xFFFFF) & 0xFF, 2);
        row.bytes = bytes.join(' ');
      }
      row.summary = summaryOf(e, &row.waited);
      rows_.push_back(std::move(row));
    }
  }
  endResetModel();
}

QModelIndex BusViewModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount) return {};
  if (!parent.isValid()) return row < static_cast<int>(rows_.size()) ? createIndex(row, column, kTop) : QModelIndex();
  if (parent.internalId() != kTop) return {};
  const auto& records = rows_.at(static_cast<size_t>(parent.row())).log.records;
  if (row >= static_cast<int>(records.size())) return {};
  return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex BusViewModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kTop) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, kTop);
}

int BusViewModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(rows_.size());
  if (parent.internalId() != kTop || parent.column() != 0) return 0;
  return static_cast<int>(rows_.at(static_cast<size_t>(parent.row())).log.records.size());
}

int BusViewModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QString BusViewModel::clockCell(const x86::ClockRecord& r, int column, size_t number) {
  const bool onBus = r.tstate != x86::TState::Ti;
  switch (column) {
    case Clock: return QString::number(number);
    case TState: return x86::tStateName(r.tstate);
    case Cycle: return onBus ? cycleWords(r.cycle) : (r.dma ? "DMA refresh" : "");
    case Address: return onBus ? hex(r.address & 0xFFFFF, 5) : QString();
    case Segment: return onBus && r.tstate != x86::TState::T1 && r.segment != x86::BusSegment::None ? x86::busSegmentName(r.segment) : "";
    case Data:
      return r.tstate == x86::TState::T3 || r.tstate == x86::TState::Tw ? hex(r.data, r.cycle == x86::BusStatus::Code || r.data > 0xFF ? 4 : 2)
                                                                          : QString();
    case QueueOp:
      if (r.queueOp == x86::QueueOp::First || r.queueOp == x86::QueueOp::Subsequent)
        return QString("%1 %2").arg(x86::queueOpLetter(r.queueOp)).arg(hex(r.queueByte, 2));
      return r.queueOp == x86::QueueOp::Flush ? "E (flush)" : "";
    case Queue: {
      QStringList bytes;
      for (unsigned i = 0; i < r.queueLength && i < 6; ++i) bytes << hex(r.queue[i], 2);
      return QString("%1: %2").arg(r.queueLength).arg(bytes.join(' '));
    }
    case Eu: {
      QString text = x86::clockUseName(x86::clockUse(r));
      if (r.dma && x86::clockUse(r) != x86::ClockUse::Refresh) text += " (DMA refresh on the bus)";
      return text;
    }
    default: return {};
  }
}

QVariant BusViewModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  if (index.internalId() == kTop) {
    const Instruction& row = rows_.at(static_cast<size_t>(index.row()));
    if (role == Qt::DisplayRole && index.column() == 0) {
      QString head = row.where;
      if (!row.bytes.isEmpty()) head += "   " + row.bytes + "   " + row.text;
      head += QString("   %1 clock%2").arg(row.clocks).arg(row.clocks == 1 ? "" : "s");
      return head + (row.waited == 0 ? QString() : QString(", EU waited %1").arg(row.waited));
    }
    if (role == Qt::ToolTipRole) return row.summary;
    if (role == Qt::FontRole) {
      QFont font;
      font.setBold(true);
      return font;
    }
    return {};
  }
  const Instruction& parent = rows_.at(static_cast<size_t>(index.internalId() - 1));
  const x86::ClockRecord& r = parent.log.records.at(static_cast<size_t>(index.row()));
  if (role == Qt::DisplayRole) return clockCell(r, index.column(), static_cast<size_t>(index.row()) + 1);
  if (role == Qt::ForegroundRole && index.column() == Eu && x86::isBusWait(x86::clockUse(r))) return QBrush(QColor(0xC0, 0x40, 0x00));
  if (role == Qt::ToolTipRole) return QString::fromStdString(x86::formatClock(r));
  return {};
}

QVariant BusViewModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  static const char* const names[] = {"Clock", "T", "Bus cycle", "Address", "Seg", "Data", "Queue op", "Queue", "EU"};
  if (role == Qt::DisplayRole && section >= 0 && section < ColumnCount) return names[section];
  if (role == Qt::ToolTipRole && section == Eu)
    return QString("What the execution unit did: its own work (execute, queue read, its bus cycle) or, in colour, why it "
                   "waited for the bus interface unit (queue empty, bus setup, prefetch on bus, DMA refresh, wait state, suspend)");
  return {};
}

}  // namespace asmlab::gui
