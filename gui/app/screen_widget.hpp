// The machine's screen: a PC text mode drawn cell by cell in CP437 with its attributes, or the
// graphics frame buffer (mode 13h, Mode X) scaled up, with the mouse cursor. When it has focus,
// keys go to the program (ASCII through feedInput, other keys as scan codes) and so does the mouse.
#pragma once

#include <QImage>
#include <QWidget>

#include <optional>
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
  // Where the program's mouse pointer is drawn, in widget coordinates (the hot spot), or an
  // empty optional when it is hidden. In text modes the driver inverts the cell in video memory
  // itself, so the widget draws an arrow only over graphics modes.
  std::optional<QPointF> pointerHotSpot() const;

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
  // The mouse driver's virtual screen for the current mode (INT 33h: 640x200 in text and
  // 320x200 modes; 640 wide and the frame's height in the 350- and 480-line modes).
  QSize virtualScreen() const;
  void drawPointer(QPainter& painter) const;

  DebugSession& session_;
  Mode mode_ = Mode::None;
  unsigned rows_ = 0, columns_ = 0;
  std::vector<sim::TextCell> cells_;
  QImage frame_;
  sim::PointerState pointer_;
};

}  // namespace asmlab::gui
