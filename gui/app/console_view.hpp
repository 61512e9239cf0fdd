// The program's console (the LC-3's display, DOS standard output): what it printed, and the keys
// typed here go to its keyboard.
#pragma once

#include <QPlainTextEdit>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class ConsoleView : public QPlainTextEdit {
public:
  explicit ConsoleView(DebugSession& session, QWidget* parent = nullptr);
  void capture();  // caller holds the machine mutex

protected:
  void keyPressEvent(QKeyEvent* event) override;

private:
  DebugSession& session_;
  size_t shown_ = 0;
};

}  // namespace asmlab::gui
