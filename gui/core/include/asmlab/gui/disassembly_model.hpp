// The code around the current instruction: breakpoint gutter, address, label, instruction and the
// clocks it took when last stepped. The window of rows moves only when the PC leaves it, so the
// view does not jump while stepping through a loop.
#pragma once

#include <QAbstractTableModel>

#include <optional>
#include <vector>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class DisassemblyModel : public QAbstractTableModel {
public:
  enum Column { Gutter, Address, Label, Instruction, Clocks, ColumnCount };
  static constexpr int kRows = 160;
  explicit DisassemblyModel(DebugSession& session, QObject* parent = nullptr);

  void refresh();
  // Shows the code from `address` (as far as it can be decoded from there).
  void showAddress(uint64_t address);
  int rowOfAddress(uint64_t address) const;  // -1 when not in the window
  int currentRow() const;                    // the PC's row, or -1
  uint64_t addressOfRow(int row) const { return rows_.at(static_cast<size_t>(row)).address; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  struct Row {
    uint64_t address;
    QString label, text;
  };
  void rebuild(uint64_t start);
  // The segment the rows are shown in (the PC's CS), none on the LC-3.
  std::optional<uint16_t> codeSegment() const;
  DebugSession& session_;
  const sim::Machine* machine_ = nullptr;
  uint64_t generation_ = UINT64_MAX;
  std::vector<Row> rows_;
};

}  // namespace asmlab::gui
