// The Bus pane's model: the last instructions an 8086/8088 executed under the cycle model, each
// with its address, bytes, disassembly, clock count and where its clocks went (the EU's own work,
// its bus cycles, and the clocks it waited for the bus: queue empty, a prefetch on the bus, the
// refresh DMA, wait states), expandable to one row per clock: T-state, bus cycle, address,
// segment, data, queue operation and byte, the queue's bytes, what the EU did. A tree: the
// instructions are the top rows, their clocks the children.
#pragma once

#include <QAbstractItemModel>

#include <vector>

#include "asmlab/gui/debug_session.hpp"
#include "asmlab/x86/bus_log.hpp"

namespace asmlab::gui {

class BusViewModel : public QAbstractItemModel {
public:
  enum Column { Clock, TState, Cycle, Address, Segment, Data, QueueOp, Queue, Eu, ColumnCount };
  explicit BusViewModel(DebugSession& session, QObject* parent = nullptr);

  // Reads the session's bus log when it changed (the caller holds the machine mutex).
  void refresh();

  struct Instruction {
    QString where;    // "1092:0060 LOOP+2", or "interrupt entry"
    QString bytes;    // "8B 07"
    QString text;     // "mov ax,[bx]"
    uint64_t clocks = 0;
    QString summary;  // where the clocks went: "13 clocks: 4 execute, 2 queue read, ..."
    unsigned waited = 0;  // clocks the EU stood still waiting for the bus
    x86::LoggedInstruction log;
  };
  const std::vector<Instruction>& instructions() const { return rows_; }

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  // The text of one clock's cell (for the view and the tests).
  static QString clockCell(const x86::ClockRecord& record, int column, size_t number);
  // "13 clocks: 3 queue read, 2 execute, 4 its bus cycle; EU waited 4: prefetch on bus 2, ..."
  static QString summaryOf(const x86::LoggedInstruction& entry, unsigned* waited = nullptr);

private:
  DebugSession& session_;
  uint64_t version_ = UINT64_MAX;
  const sim::Machine* machine_ = nullptr;
  std::vector<Instruction> rows_;
};

}  // namespace asmlab::gui
