// The machine's breakpoints: enabled (checkable), id, kind, where (the address as every pane
// writes it, with its label), what the user wrote, hits.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class BreakpointModel : public QAbstractTableModel {
public:
  enum Column { Enabled, Id, Kind, Where, Description, Hits, ColumnCount };
  explicit BreakpointModel(DebugSession& session, QObject* parent = nullptr);

  void refresh();
  // Adds a breakpoint as typed ("DRAW", "x3010 if R0==3", "int 21h ah=09h", "write x4000 2").
  bool add(const QString& text, QString* error = nullptr);
  void removeRow(int row);
  int idAt(int row) const { return ids_.at(static_cast<size_t>(row)); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
  DebugSession& session_;
  std::vector<int> ids_;
};

}  // namespace asmlab::gui
