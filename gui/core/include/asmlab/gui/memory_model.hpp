// Memory as a hex and character view: one row per 8 words (LC-3) or 16 bytes (PC), an address
// column, one editable column per unit and the characters; narrow (the Stack pane), one stack
// word a row. The view follows an address (a register's value or a label) with rowOf().
#pragma once

#include <QAbstractTableModel>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class MemoryModel : public QAbstractTableModel {
public:
  enum class Shape { Wide, Narrow };
  explicit MemoryModel(DebugSession& session, Shape shape = Shape::Wide, QObject* parent = nullptr);

  void refresh();  // machine replaced or state changed
  int unitsPerRow() const { return unitsPerRow_; }
  int rowOf(uint64_t address) const { return static_cast<int>(address / static_cast<uint64_t>(unitsPerRow_)); }
  uint64_t addressAt(const QModelIndex& index) const;
  // The highlighted unit (the followed address), or UINT64_MAX.
  void setHighlight(uint64_t address) { highlight_ = address; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
  DebugSession& session_;
  Shape shape_;
  const sim::Machine* machine_ = nullptr;
  uint64_t generation_ = UINT64_MAX;
  int unitsPerRow_ = 8;
  int digits_ = 4;
  uint64_t highlight_ = UINT64_MAX;
};

}  // namespace asmlab::gui
