// Registers and flags of the session's machine: name, hex value, decimal, and flag letters (upper
// case = set). Values that changed at the last refresh are highlighted; values are editable.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class RegisterModel : public QAbstractTableModel {
public:
  enum Column { Name, Hex, Decimal, Detail, ColumnCount };
  explicit RegisterModel(DebugSession& session, QObject* parent = nullptr);

  // Reads the registers again; a register whose value differs from the previous refresh is
  // marked as changed. The caller holds the session's machine mutex or the machine is at rest.
  void refresh();
  bool changed(int row) const { return row >= 0 && static_cast<size_t>(row) < changed_.size() && changed_[row]; }
  uint64_t value(int row) const { return values_.at(static_cast<size_t>(row)); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
  DebugSession& session_;
  const sim::Machine* machine_ = nullptr;
  uint64_t generation_ = UINT64_MAX;
  std::vector<uint64_t> values_;
  std::vector<bool> changed_;
};

}  // namespace asmlab::gui
