// The machine's screen as the monitor shows it: the adapter's frame (text modes with the VGA's
// own font, graphics modes from the frame buffer, the text cursor and the mouse pointer drawn by
// the adapter) scaled by a whole number so that every pixel stays crisp, centred on black. A
// 9-dot text frame too wide for the pane is shown in the VGA's 8-dot form (the ninth column of
// each cell dropped, as the adapter does with 8-dot clocking). When it has focus, keys go to the
// program (ASCII through feedInput, other keys as scan codes) and so does the mouse, stamped
// with the simulated moment it happened (DebugSession::pushMouse).
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
  // Copies the frame out of the machine; the caller holds the machine mutex.
  void capture();
  bool hasScreen() const { return !frame_.isNull(); }
  // The frame's size in pixels (720x400 for 80x25 text, 320x200 in mode 13h), empty without one.
  QSize frameSize() const { return frame_.size(); }
  bool isTextMode() const { return textColumns_ != 0; }
  // The whole-number scale the frame is drawn at in the current size (0: smaller than 1:1).
  int scale() const;
  // The rectangle the frame is drawn in, in widget coordinates.
  QRect imageRect() const;
  QSize sizeHint() const override { return {660, 420}; }
  // Where the program's mouse pointer is (its hot spot), in widget coordinates, or an empty
  // optional when it is hidden or drawn in video memory (text modes, where the driver inverts the
  // cell itself).
  std::optional<QPointF> pointerHotSpot() const;

protected:
  void paintEvent(QPaintEvent*) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

private:
  void sendMouse(QMouseEvent* event);
  // The image drawn: the frame, or its 8-dot form when the 9-dot text frame does not fit.
  const QImage& shownImage() const;
  // The mouse driver's virtual screen for the current mode (INT 33h: 640x200 in text and
  // 320x200 modes; 640 wide and the frame's height in the 350- and 480-line modes).
  QSize virtualScreen() const;

  DebugSession& session_;
  QImage frame_, eightDot_;
  unsigned textColumns_ = 0;
  std::vector<uint32_t> pixels_;
  sim::PointerState pointer_;
  bool hasMachine_ = false;
};

}  // namespace asmlab::gui
