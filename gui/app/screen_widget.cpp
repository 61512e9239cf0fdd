#include "screen_widget.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cstring>

namespace asmlab::gui {
namespace {

// PC scan codes for keys without ASCII (IBM PC AT Technical Reference, keyboard scan codes set 1).
int scanCodeFor(int key) {
  switch (key) {
    case Qt::Key_Up: return 0x48;
    case Qt::Key_Down: return 0x50;
    case Qt::Key_Left: return 0x4B;
    case Qt::Key_Right: return 0x4D;
    case Qt::Key_Home: return 0x47;
    case Qt::Key_End: return 0x4F;
    case Qt::Key_PageUp: return 0x49;
    case Qt::Key_PageDown: return 0x51;
    case Qt::Key_Insert: return 0x52;
    case Qt::Key_Delete: return 0x53;
    case Qt::Key_F1: return 0x3B;
    case Qt::Key_F2: return 0x3C;
    case Qt::Key_F3: return 0x3D;
    case Qt::Key_F4: return 0x3E;
    default: break;
  }
  return -1;
}

}  // namespace

ScreenWidget::ScreenWidget(DebugSession& session, QWidget* parent) : QWidget(parent), session_(session) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true);
  setMinimumSize(320, 200);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void ScreenWidget::capture() {
  sim::Machine* m = session_.machine();
  hasMachine_ = m != nullptr;
  pointer_ = {};
  textColumns_ = 0;
  auto* fb = m ? sim::capability<sim::FrameBuffer>(*m) : nullptr;
  if (!fb || fb->frameWidth() == 0) {
    frame_ = eightDot_ = QImage();
    update();
    return;
  }
  if (auto* mouse = sim::capability<sim::PointerInput>(*m)) pointer_ = mouse->pointerState();
  if (auto* text = sim::capability<sim::TextScreen>(*m); text && text->textModeActive()) textColumns_ = text->textColumns();
  unsigned w = 0, h = 0;
  fb->copyFrame(pixels_, w, h);
  if (frame_.width() != static_cast<int>(w) || frame_.height() != static_cast<int>(h)) frame_ = QImage(static_cast<int>(w), static_cast<int>(h), QImage::Format_RGB32);
  for (unsigned y = 0; y < h; ++y) {
    auto* line = reinterpret_cast<uint32_t*>(frame_.scanLine(static_cast<int>(y)));
    for (unsigned x = 0; x < w; ++x) line[x] = 0xFF000000u | pixels_[size_t{y} * w + x];
  }
  eightDot_ = QImage();
  if (textColumns_ != 0 && w == textColumns_ * 9) {
    // IBM VGA Technical Reference, sequencer clocking mode bit 0: 8-dot characters are the 9-dot
    // ones without their ninth column (which is blank, or a copy of the eighth for C0h-DFh).
    eightDot_ = QImage(static_cast<int>(textColumns_ * 8), static_cast<int>(h), QImage::Format_RGB32);
    for (unsigned y = 0; y < h; ++y) {
      const auto* from = reinterpret_cast<const uint32_t*>(frame_.constScanLine(static_cast<int>(y)));
      auto* to = reinterpret_cast<uint32_t*>(eightDot_.scanLine(static_cast<int>(y)));
      for (unsigned c = 0; c < textColumns_; ++c) std::memcpy(to + c * 8, from + c * 9, 8 * sizeof(uint32_t));
    }
  }
  update();
}

const QImage& ScreenWidget::shownImage() const {
  if (!eightDot_.isNull() && (width() < frame_.width() || height() < frame_.height())) return eightDot_;
  return frame_;
}

int ScreenWidget::scale() const {
  const QImage& image = shownImage();
  if (image.isNull()) return 0;
  return std::min(width() / image.width(), height() / image.height());
}

QRect ScreenWidget::imageRect() const {
  const QImage& image = shownImage();
  if (image.isNull()) return rect();
  QSize size = image.size() * std::max(1, scale());
  if (scale() == 0) size = image.size().scaled(this->size(), Qt::KeepAspectRatio);  // too small: shrink to fit
  return {(width() - size.width()) / 2, (height() - size.height()) / 2, size.width(), size.height()};
}

QSize ScreenWidget::virtualScreen() const {
  const int height = !isTextMode() && frame_.height() > 200 ? frame_.height() : 200;
  return {640, height};
}

std::optional<QPointF> ScreenWidget::pointerHotSpot() const {
  if (isTextMode() || frame_.isNull() || !pointer_.visible) return std::nullopt;
  const QRect area = imageRect();
  const QSize virt = virtualScreen();
  return QPointF(area.left() + static_cast<double>(pointer_.x) * area.width() / virt.width(),
                 area.top() + static_cast<double>(pointer_.y) * area.height() / virt.height());
}

void ScreenWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::black);
  if (!frame_.isNull()) {
    // Whole-number scales are drawn without smoothing: each frame pixel a crisp square.
    p.setRenderHint(QPainter::SmoothPixmapTransform, scale() == 0);
    p.drawImage(imageRect(), shownImage());
  } else {
    p.setPen(Qt::gray);
    p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
               hasMachine_ ? QString("This program's machine has no screen; its output is in the Console pane.")
                           : QString("Open a program (File > Open, or drop a file here) to see its screen."));
  }
  if (hasFocus() && !frame_.isNull()) {
    // Drawn around the picture, never over it.
    const QRect frameRect = imageRect().adjusted(-2, -2, 1, 1) & rect().adjusted(0, 0, -1, -1);
    p.setPen(QPen(QColor(80, 160, 255), 2));
    p.drawRect(frameRect);
  }
}

void ScreenWidget::keyPressEvent(QKeyEvent* event) {
  sim::Machine* m = session_.machine();
  if (!m) return;
  const int scan = scanCodeFor(event->key());
  if (scan >= 0 && sim::capability<sim::ScanCodeKeyboard>(*m)) {
    session_.pushKey(static_cast<uint8_t>(scan), 0);
    return;
  }
  QString text = event->text();
  if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) text = m->architecture() == "lc3" ? "\n" : "\r";
  if (!text.isEmpty() && text[0].unicode() < 128) session_.feedInput(text);
  else QWidget::keyPressEvent(event);
}

void ScreenWidget::sendMouse(QMouseEvent* event) {
  if (frame_.isNull() || !session_.machine()) return;
  const QRect area = imageRect();
  const QSize virt = virtualScreen();
  sim::MouseEvent e;
  e.x = std::clamp(static_cast<int>((event->position().x() - area.left()) * virt.width() / std::max(1, area.width())), 0,
                   virt.width() - 1);
  e.y = std::clamp(static_cast<int>((event->position().y() - area.top()) * virt.height() / std::max(1, area.height())), 0,
                   virt.height() - 1);
  const auto b = event->buttons();
  e.buttons = (b & Qt::LeftButton ? 1u : 0u) | (b & Qt::RightButton ? 2u : 0u) | (b & Qt::MiddleButton ? 4u : 0u);
  session_.pushMouse(e);
}

void ScreenWidget::mouseMoveEvent(QMouseEvent* event) {
  sendMouse(event);
}

void ScreenWidget::mousePressEvent(QMouseEvent* event) {
  setFocus();
  sendMouse(event);
}

void ScreenWidget::mouseReleaseEvent(QMouseEvent* event) {
  sendMouse(event);
}

}  // namespace asmlab::gui
