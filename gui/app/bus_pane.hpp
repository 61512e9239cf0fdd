// The Bus pane (8086/8088 on the cycle model): the last instructions with their clocks, each
// expandable to one row per clock (BusViewModel), under a line saying how to read it. While the
// pane is visible the session keeps the log; hidden, it records nothing.
#pragma once

#include <QWidget>

#include "asmlab/gui/bus_view_model.hpp"
#include "asmlab/gui/debug_session.hpp"

class QLabel;
class QTreeView;

namespace asmlab::gui {

class BusPane : public QWidget {
public:
  explicit BusPane(DebugSession& session, QWidget* parent = nullptr);
  // Reads the log (caller holds the machine mutex); the last instruction is shown expanded.
  void capture();
  const BusViewModel& model() const { return model_; }
  // The heading: the selected instruction (else the newest) and where its clocks went.
  QString headingText() const;
  QTreeView* view() const { return view_; }

private:
  BusViewModel model_;
  QTreeView* view_ = nullptr;
  QLabel* legend_ = nullptr;
  QLabel* heading_ = nullptr;
  void updateHeading();
};

}  // namespace asmlab::gui
