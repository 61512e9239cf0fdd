#include "asmlab/gui/register_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "asmlab/gui/expression.hpp"

namespace asmlab::gui {

RegisterModel::RegisterModel(DebugSession& session, QObject* parent) : QAbstractTableModel(parent), session_(session) {}

void RegisterModel::refresh() {
  const sim::Machine* m = session_.machine();
  if (m != machine_ || session_.generation() != generation_) {
    generation_ = session_.generation();
    beginResetModel();
    machine_ = m;
    values_.clear();
    changed_.clear();
    if (m) {
      for (size_t i = 0; i < m->registers().size(); ++i) values_.push_back(m->readRegister(i));
      changed_.assign(values_.size(), false);
    }
    endResetModel();
    return;
  }
  if (!m) return;
  for (size_t i = 0; i < values_.size(); ++i) {
    uint64_t v = m->readRegister(i);
    changed_[i] = v != values_[i];
    values_[i] = v;
  }
  if (!values_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int RegisterModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(values_.size());
}

int RegisterModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RegisterModel::data(const QModelIndex& index, int role) const {
  if (!machine_ || !index.isValid()) return {};
  const auto& info = machine_->registers().at(static_cast<size_t>(index.row()));
  uint64_t v = values_.at(static_cast<size_t>(index.row()));
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    switch (index.column()) {
      case Name: return QString::fromStdString(info.name);
      case Hex: return QString("%1").arg(v, static_cast<int>((info.bits + 3) / 4), 16, QChar('0')).toUpper();
      case Decimal: {
        int64_t s = static_cast<int64_t>(v);
        if (!info.isAddress && info.bits < 64 && (v >> (info.bits - 1)) & 1) s -= int64_t{1} << info.bits;
        return QString("%1").arg(s);
      }
      case Detail: {
        if (!info.isFlags) {
          // A printable character helps with string code (LC-3 R0 before OUT, 8086 AL before INT 21h).
          unsigned low = v & 0xFF;
          return low >= 32 && low < 127 ? QString("'%1'").arg(QChar(low)) : QString();
        }
        if (info.name == "PSR") {
          // Patt & Patel 3rd ed. 9.1.1: PSR[15] privilege (1 = user, 0 = supervisor),
          // PSR[10:8] the priority level PL, PSR[2:0] the condition codes N, Z, P.
          QString cc = QString(v & 4 ? "N" : "") + (v & 2 ? "Z" : "") + (v & 1 ? "P" : "");
          return QString("%1, PL%2, %3").arg(v & 0x8000 ? "user" : "super").arg((v >> 8) & 7).arg(cc.isEmpty() ? "-" : cc);
        }
        QString letters;
        const std::string& names = info.flagLetters;
        for (size_t i = 0; i < names.size(); ++i) {
          if (names[i] == '-') continue;
          bool set = (v >> (names.size() - 1 - i)) & 1;
          letters += set ? QChar(names[i]).toUpper() : QChar(names[i]).toLower();
        }
        return letters;
      }
    }
  }
  if (role == Qt::BackgroundRole && changed_.at(static_cast<size_t>(index.row())))
    return QBrush(QColor(255, 200, 80, 160));
  if (role == Qt::FontRole && changed_.at(static_cast<size_t>(index.row()))) {
    QFont f;
    f.setBold(true);
    return f;
  }
  if (role == Qt::ToolTipRole) return QString("%1, %2 bits").arg(QString::fromStdString(info.name)).arg(info.bits);
  return {};
}

QVariant RegisterModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"Register", "Hex", "Decimal", "Flags / char"};
  return section < ColumnCount ? QString(names[section]) : QVariant();
}

Qt::ItemFlags RegisterModel::flags(const QModelIndex& index) const {
  auto f = QAbstractTableModel::flags(index);
  if (index.column() == Hex || index.column() == Decimal) f |= Qt::ItemIsEditable;
  return f;
}

bool RegisterModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  sim::Machine* m = session_.machine();
  if (role != Qt::EditRole || !m || session_.isRunning() || !index.isValid()) return false;
  std::string text = value.toString().trimmed().toStdString();
  if (index.column() == Hex && !text.empty() && text[0] != 'x' && text[0] != 'X' && text.rfind("0x", 0) != 0) text = "x" + text;
  Evaluation e;
  {
    std::lock_guard lock(session_.machineMutex());
    e = evaluate(*m, text);
    if (!e.value) return false;
    const auto& info = m->registers().at(static_cast<size_t>(index.row()));
    uint64_t mask = info.bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << info.bits) - 1;
    m->writeRegister(static_cast<size_t>(index.row()), static_cast<uint64_t>(*e.value) & mask);
  }
  session_.machineEdited();
  refresh();
  return true;
}

}  // namespace asmlab::gui
