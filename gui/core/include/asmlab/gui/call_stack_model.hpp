// The call stack, found the way a debugger without frame information does: the return address
// register (the LC-3's R7) and the words on the stack (R6 on the LC-3, SS:SP on the 8086) that
// point just after a call instruction (JSR, JSRR, TRAP, CALL, INT) are return addresses. Costs
// nothing while the program runs; a data word that happens to look like a return address can
// show up as an extra frame, as in any stack walk without frame records. On the PC a word is a
// near return into the current code segment, or with the word above it a far return (IP, CS) into
// any segment, as CALL FAR pushes them (Intel 8086 Family User's Manual, CALL); addresses are
// shown as segment:offset with their labels (address_text.hpp). The walk stops at the top of the
// stack the program was loaded with (SS:SP at load): the words above it are not the stack's.
#pragma once

#include <QAbstractTableModel>

#include <optional>
#include <vector>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class CallStackModel : public QAbstractTableModel {
public:
  enum Column { Return, Caller, Where, ColumnCount };
  explicit CallStackModel(DebugSession& session, QObject* parent = nullptr);

  void refresh();  // caller holds the machine mutex or the machine is at rest
  struct Frame {
    uint64_t returnAddress;
    uint64_t callAddress;
    QString where;                     // "stack x2FFE", "R7", "SS:FFFA"
    std::optional<uint16_t> segment;   // PC: the CS the return goes to
  };
  const std::vector<Frame>& frames() const { return frames_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  DebugSession& session_;
  std::vector<Frame> frames_;
};

}  // namespace asmlab::gui
