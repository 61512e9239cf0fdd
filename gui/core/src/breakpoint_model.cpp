#include "asmlab/gui/breakpoint_model.hpp"

#include "asmlab/gui/address_text.hpp"
#include "asmlab/gui/expression.hpp"

namespace asmlab::gui {

BreakpointModel::BreakpointModel(DebugSession& session, QObject* parent) : QAbstractTableModel(parent), session_(session) {}

void BreakpointModel::refresh() {
  beginResetModel();
  ids_.clear();
  if (auto* m = session_.machine())
    for (const auto& [id, bp] : m->breakpoints().all())
      if (bp.description != "run to cursor") ids_.push_back(id);
  endResetModel();
}

bool BreakpointModel::add(const QString& text, QString* error) {
  sim::Machine* m = session_.machine();
  if (!m) return false;
  std::string why;
  int id;
  {
    std::lock_guard lock(session_.machineMutex());
    id = addBreakpointFromText(*m, text.toStdString(), why);
  }
  if (id < 0 && error) *error = QString::fromStdString(why);
  refresh();
  return id >= 0;
}

void BreakpointModel::removeRow(int row) {
  if (row < 0 || static_cast<size_t>(row) >= ids_.size() || !session_.machine()) return;
  {
    std::lock_guard lock(session_.machineMutex());
    session_.machine()->breakpoints().remove(ids_[static_cast<size_t>(row)]);
  }
  refresh();
}

int BreakpointModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(ids_.size());
}

int BreakpointModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant BreakpointModel::data(const QModelIndex& index, int role) const {
  sim::Machine* m = session_.machine();
  if (!m || !index.isValid()) return {};
  const sim::Breakpoint* bp = m->breakpoints().find(ids_.at(static_cast<size_t>(index.row())));
  if (!bp) return {};
  if (role == Qt::CheckStateRole && index.column() == Enabled) return bp->enabled ? Qt::Checked : Qt::Unchecked;
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Id: return bp->id;
    case Kind: {
      using K = sim::Breakpoint::Kind;
      if (bp->kind == K::Execute) return QString("execute");
      if (bp->kind == K::Port) return QString("port");
      if (bp->kind == K::Interrupt) return QString("interrupt");
      return QString(bp->access == sim::WatchKind::Read ? "read" : bp->access == sim::WatchKind::Write ? "write" : "access");
    }
    case Where: {
      using K = sim::Breakpoint::Kind;
      if (bp->kind == K::Execute) return addressText(*m, bp->address);
      if (bp->kind == K::Memory) {
        QString text = addressText(*m, bp->address);
        return bp->length > 1 ? QString("%1 (%2 units)").arg(text).arg(bp->length) : text;
      }
      auto hex = [](uint64_t v) { return QString("%1").arg(v, 2, 16, QChar('0')).toUpper() + "h"; };
      if (bp->kind == K::Port) return "port " + hex(bp->address);
      const QString text = "INT " + hex(bp->address);
      return bp->function >= 0 ? text + " AH=" + hex(static_cast<uint64_t>(bp->function)) : text;
    }
    case Description: return QString::fromStdString(bp->description);
    case Hits: return QVariant::fromValue<qulonglong>(bp->hits);
  }
  return {};
}

QVariant BreakpointModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"On", "#", "Kind", "Where", "As typed", "Hits"};
  return section < ColumnCount ? QString(names[section]) : QVariant();
}

Qt::ItemFlags BreakpointModel::flags(const QModelIndex& index) const {
  auto f = QAbstractTableModel::flags(index);
  if (index.column() == Enabled) f |= Qt::ItemIsUserCheckable;
  return f;
}

bool BreakpointModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  sim::Machine* m = session_.machine();
  if (!m || role != Qt::CheckStateRole || index.column() != Enabled) return false;
  {
    std::lock_guard lock(session_.machineMutex());
    m->breakpoints().setEnabled(ids_.at(static_cast<size_t>(index.row())), value.toInt() == Qt::Checked);
  }
  emit dataChanged(index, index);
  return true;
}

}  // namespace asmlab::gui
