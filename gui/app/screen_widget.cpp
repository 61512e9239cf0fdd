#include "screen_widget.hpp"

#include <QFontDatabase>
#include <QPolygonF>

#include <algorithm>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include "asmlab/gui/cp437.hpp"

namespace asmlab::gui {
namespace {

// The 16 colours of the CGA/EGA/VGA text attribute (IBM VGA Technical Reference, default palette).
const QColor kTextColours[16] = {
    QColor(0x00, 0x00, 0x00), QColor(0x00, 0x00, 0xAA), QColor(0x00, 0xAA, 0x00), QColor(0x00, 0xAA, 0xAA),
    QColor(0xAA, 0x00, 0x00), QColor(0xAA, 0x00, 0xAA), QColor(0xAA, 0x55, 0x00), QColor(0xAA, 0xAA, 0xAA),
    QColor(0x55, 0x55, 0x55), QColor(0x55, 0x55, 0xFF), QColor(0x55, 0xFF, 0x55), QColor(0x55, 0xFF, 0xFF),
    QColor(0xFF, 0x55, 0x55), QColor(0xFF, 0x55, 0xFF), QColor(0xFF, 0xFF, 0x55), QColor(0xFF, 0xFF, 0xFF)};

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
    default: break;
  }
  return -1;
}

}  // namespace

ScreenWidget::ScreenWidget(DebugSession& session, QWidget* parent) : QWidget(parent), session_(session) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true);
  setMinimumSize(320, 200);
}

void ScreenWidget::capture() {
  sim::Machine* m = session_.machine();
  mode_ = Mode::None;
  pointer_ = {};
  if (!m) return;
  if (auto* mouse = sim::capability<sim::PointerInput>(*m)) pointer_ = mouse->pointerState();
  if (auto* text = sim::capability<sim::TextScreen>(*m); text && text->textModeActive()) {
    mode_ = Mode::Text;
    rows_ = text->textRows();
    columns_ = text->textColumns();
    cells_.resize(static_cast<size_t>(rows_) * columns_);
    for (unsigned r = 0; r < rows_; ++r)
      for (unsigned c = 0; c < columns_; ++c) cells_[r * columns_ + c] = text->textCell(r, c);
  } else if (auto* fb = sim::capability<sim::FrameBuffer>(*m); fb && fb->frameWidth() > 0) {
    mode_ = Mode::Graphics;
    int w = static_cast<int>(fb->frameWidth()), h = static_cast<int>(fb->frameHeight());
    if (frame_.width() != w || frame_.height() != h) frame_ = QImage(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y) {
      auto* line = reinterpret_cast<QRgb*>(frame_.scanLine(y));
      for (int x = 0; x < w; ++x) line[x] = 0xFF000000u | fb->pixelRgb(static_cast<unsigned>(x), static_cast<unsigned>(y));
    }
  }
  update();
}

QRect ScreenWidget::imageRect() const {
  // 4:3 like the monitor, centred.
  int w = width(), h = height();
  if (w * 3 > h * 4) w = h * 4 / 3;
  else h = w * 3 / 4;
  return {(width() - w) / 2, (height() - h) / 2, w, h};
}

QSize ScreenWidget::virtualScreen() const {
  int height = mode_ == Mode::Graphics && frame_.height() > 200 ? frame_.height() : 200;
  return {640, height};
}

std::optional<QPointF> ScreenWidget::pointerHotSpot() const {
  if (mode_ != Mode::Graphics || !pointer_.visible) return std::nullopt;
  QRect area = imageRect();
  QSize virt = virtualScreen();
  return QPointF(area.left() + static_cast<double>(pointer_.x) * area.width() / virt.width(),
                 area.top() + static_cast<double>(pointer_.y) * area.height() / virt.height());
}

void ScreenWidget::drawPointer(QPainter& painter) const {
  std::optional<QPointF> tip = pointerHotSpot();
  if (!tip) return;
  // The driver's default graphics cursor is an arrow 16 pixels high with its hot spot at the tip
  // (Microsoft Mouse Programmer's Reference, function 09h); drawn at the frame's scale.
  double scale = static_cast<double>(imageRect().height()) / std::max(1, frame_.height());
  const QPointF arrow[] = {{0, 0}, {0, 14}, {3.5, 10.5}, {6, 16}, {8, 15}, {5.5, 9.5}, {10, 9.5}};
  QPolygonF shape;
  for (const QPointF& point : arrow) shape << *tip + point * scale;
  painter.setRenderHint(QPainter::Antialiasing, false);
  painter.setPen(QPen(Qt::black, std::max(1.0, scale * 0.6)));
  painter.setBrush(Qt::white);
  painter.drawPolygon(shape);
}

void ScreenWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::black);
  QRect area = imageRect();
  if (mode_ == Mode::Graphics) {
    p.drawImage(area, frame_);
    drawPointer(p);
  } else if (mode_ == Mode::Text && rows_ && columns_) {
    double cw = static_cast<double>(area.width()) / columns_, ch = static_cast<double>(area.height()) / rows_;
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPixelSize(std::max(6, static_cast<int>(ch * 0.85)));
    font.setStyleStrategy(QFont::NoAntialias);
    p.setFont(font);
    for (unsigned r = 0; r < rows_; ++r) {
      for (unsigned c = 0; c < columns_; ++c) {
        const sim::TextCell& cell = cells_[r * columns_ + c];
        QRectF box(area.left() + c * cw, area.top() + r * ch, cw + 0.5, ch + 0.5);
        p.fillRect(box, kTextColours[(cell.attribute >> 4) & 7]);
        if (cell.character == 0 || cell.character == ' ') continue;
        p.setPen(kTextColours[cell.attribute & 15]);
        p.drawText(box, Qt::AlignCenter, QString(cp437ToUnicode(cell.character)));
      }
    }
  } else {
    p.setPen(Qt::gray);
    p.drawText(rect(), Qt::AlignCenter, "This machine has no screen; its output is in the Console pane.");
  }
  if (hasFocus() && mode_ != Mode::None) {
    p.setPen(QPen(QColor(80, 160, 255), 2));
    p.drawRect(rect().adjusted(1, 1, -1, -1));
  }
}

void ScreenWidget::keyPressEvent(QKeyEvent* event) {
  sim::Machine* m = session_.machine();
  if (!m) return;
  int scan = scanCodeFor(event->key());
  auto* keyboard = sim::capability<sim::ScanCodeKeyboard>(*m);
  if (scan >= 0 && keyboard) {
    std::lock_guard lock(session_.machineMutex());
    keyboard->pushKey(static_cast<uint8_t>(scan), 0);
    return;
  }
  QString text = event->text();
  if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) text = m->architecture() == "lc3" ? "\n" : "\r";
  if (!text.isEmpty() && text[0].unicode() < 128) session_.feedInput(text);
  else QWidget::keyPressEvent(event);
}

void ScreenWidget::sendMouse(QMouseEvent* event) {
  sim::Machine* m = session_.machine();
  auto* pointer = m ? sim::capability<sim::PointerInput>(*m) : nullptr;
  if (!pointer || mode_ == Mode::None) return;
  QRect area = imageRect();
  QSize virt = virtualScreen();
  sim::MouseEvent e;
  e.x = std::clamp(static_cast<int>((event->position().x() - area.left()) * virt.width() / std::max(1, area.width())), 0,
                   virt.width() - 1);
  e.y = std::clamp(static_cast<int>((event->position().y() - area.top()) * virt.height() / std::max(1, area.height())),
                   0, virt.height() - 1);
  auto b = event->buttons();
  e.buttons = (b & Qt::LeftButton ? 1u : 0u) | (b & Qt::RightButton ? 2u : 0u) | (b & Qt::MiddleButton ? 4u : 0u);
  std::lock_guard lock(session_.machineMutex());
  pointer->pushMouseEvent(e);
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
