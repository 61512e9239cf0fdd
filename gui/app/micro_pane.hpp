// The LC-3 micro engine in the debugger: the current state of the control unit (its register
// transfers, the signals it asserts, where the microsequencer goes next and why, the datapath
// registers) above the datapath diagram of the clock about to run.
#pragma once

#include <QWidget>

#include "asmlab/gui/debug_session.hpp"

class QLabel;

namespace asmlab::gui {

class DatapathView;

class MicroPane : public QWidget {
public:
  explicit MicroPane(DebugSession& session, QWidget* parent = nullptr);
  void capture();  // caller holds the machine mutex
  // The text of the state pane (for tests).
  QString stateText() const;

private:
  DebugSession& session_;
  QLabel* state_ = nullptr;
  DatapathView* datapath_ = nullptr;
};

}  // namespace asmlab::gui
