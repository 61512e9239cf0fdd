#include "asmlab/gui/watch_model.hpp"

#include <QBrush>
#include <QColor>

#include "asmlab/gui/expression.hpp"

namespace asmlab::gui {

WatchModel::WatchModel(DebugSession& session, QObject* parent) : QAbstractTableModel(parent), session_(session) {}

void WatchModel::addWatch(const QString& expression) {
  if (expression.trimmed().isEmpty()) return;
  int row = static_cast<int>(watches_.size());
  beginInsertRows({}, row, row);
  watches_.push_back({expression.trimmed(), std::nullopt, {}, false});
  endInsertRows();
  refresh();
  watches_.back().changed = false;
}

void WatchModel::removeWatch(int row) {
  if (row < 0 || static_cast<size_t>(row) >= watches_.size()) return;
  beginRemoveRows({}, row, row);
  watches_.erase(watches_.begin() + row);
  endRemoveRows();
}

QStringList WatchModel::expressions() const {
  QStringList list;
  for (const auto& w : watches_) list << w.expression;
  return list;
}

void WatchModel::refresh() {
  const sim::Machine* m = session_.machine();
  for (auto& w : watches_) {
    if (!m) {
      w.value.reset();
      continue;
    }
    Evaluation e = evaluate(*m, w.expression.toStdString());
    w.changed = e.value != w.value && w.value.has_value();
    w.value = e.value;
    w.error = QString::fromStdString(e.error);
  }
  if (!watches_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int WatchModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(watches_.size()) + 1;
}

int WatchModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant WatchModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  size_t row = static_cast<size_t>(index.row());
  if (row == watches_.size()) {
    if (role == Qt::DisplayRole && index.column() == Expression) return QString("(add a watch)");
    if (role == Qt::ForegroundRole) return QBrush(QColor(128, 128, 128));
    return {};
  }
  const Watch& w = watches_[row];
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    if (index.column() == Expression) return w.expression;
    if (!w.value) return index.column() == Hex ? w.error : QString();
    if (index.column() == Hex) return QString("x%1").arg(static_cast<quint64>(*w.value) & 0xFFFFFFFFu, 4, 16, QChar('0')).toUpper();
    return QString::number(*w.value);
  }
  if (role == Qt::BackgroundRole && w.changed) return QBrush(QColor(255, 200, 80, 160));
  return {};
}

QVariant WatchModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"Expression", "Hex", "Decimal"};
  return section < ColumnCount ? QString(names[section]) : QVariant();
}

Qt::ItemFlags WatchModel::flags(const QModelIndex& index) const {
  auto f = QAbstractTableModel::flags(index);
  if (index.column() == Expression) f |= Qt::ItemIsEditable;
  return f;
}

bool WatchModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || index.column() != Expression) return false;
  size_t row = static_cast<size_t>(index.row());
  QString text = value.toString().trimmed();
  if (row == watches_.size()) {
    addWatch(text);
    return true;
  }
  if (text.isEmpty()) {
    removeWatch(index.row());
    return true;
  }
  watches_[row].expression = text;
  watches_[row].value.reset();
  refresh();
  return true;
}

}  // namespace asmlab::gui
