// Watches: expressions over registers, labels and memory ("[COUNT]", "R0+1", "[SP]"), evaluated
// at each refresh; a value that changed is highlighted. The last row adds a new watch.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class WatchModel : public QAbstractTableModel {
public:
  enum Column { Expression, Hex, Decimal, ColumnCount };
  explicit WatchModel(DebugSession& session, QObject* parent = nullptr);

  void addWatch(const QString& expression);
  void removeWatch(int row);
  QStringList expressions() const;
  void refresh();  // caller holds the machine mutex or the machine is at rest
  bool changed(int row) const { return watches_.at(static_cast<size_t>(row)).changed; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
  struct Watch {
    QString expression;
    std::optional<int64_t> value;
    QString error;
    bool changed = false;
  };
  DebugSession& session_;
  std::vector<Watch> watches_;
};

}  // namespace asmlab::gui
