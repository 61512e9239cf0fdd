// The machine's screen: a PC text mode drawn cell by cell in CP437 with its attributes, or the
// graphics frame buffer (mode 13h, Mode X) scaled up, with the mouse cursor. When it has focus,
// keys go to the program (ASCII through feedInput, other keys as scan codes) and so does the mouse.
#pragma once

#include <QImage>
#include <QWidget>

#include <vector>

#include "asmlab/gui/debug_session.hpp"
#include "asmlab/sim/capabilities.hpp"

namespace asmlab::gui {

class ScreenWidget : public QWidget {
public:
  explicit ScreenWidget(DebugSession& session, QWidget* parent = nullptr);
  // Copies the screen out of the machine; the caller holds the machine mutex.
  void capture();
  bool hasScreen() const { return mode_ != Mode::None; }
  QSize sizeHint() const override { return {640, 400}; }

protected:
  void paintEvent(QPaintEvent*) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

private:
  enum class Mode { None, Text, Graphics };
  void sendMouse(QMouseEvent* event);
  QRect imageRect() const;

  DebugSession& session_;
  Mode mode_ = Mode::None;
  unsigned rows_ = 0, columns_ = 0;
  std::vector<sim::TextCell> cells_;
  QImage frame_;
};

}  // namespace asmlab::gui
