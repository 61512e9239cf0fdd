#include "source_view.hpp"

#include <algorithm>

#include <QFontDatabase>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPolygonF>
#include <QResizeEvent>
#include <QTextBlock>
#include <QToolTip>

namespace asmlab::gui {

namespace {
constexpr int kMarkWidth = 20;  // the breakpoint dot and the PC arrow, left of the line numbers
}

class SourceGutter : public QWidget {
public:
  explicit SourceGutter(SourceView* view) : QWidget(view), view_(view) { setCursor(Qt::PointingHandCursor); }

protected:
  void paintEvent(QPaintEvent* e) override { view_->paintGutter(e); }
  void mousePressEvent(QMouseEvent* e) override {
    int line = view_->lineAtY(static_cast<int>(e->position().y()));
    if (line > 0 && view_->onGutterClicked) view_->onGutterClicked(line);
  }

private:
  SourceView* view_;
};

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setLineWrapMode(NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  gutter_ = new SourceGutter(this);
  setViewportMargins(gutterWidth(), 0, 0, 0);
  connect(this, &QPlainTextEdit::updateRequest, gutter_, [this](const QRect&, int) { gutter_->update(); });
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this](int) {
    setViewportMargins(gutterWidth(), 0, 0, 0);
    placeGutter();
  });
}

int SourceView::gutterWidth() const {
  const int digits = std::max(3, static_cast<int>(QString::number(std::max(1, blockCount())).size()));
  return kMarkWidth + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + 8;
}

void SourceView::placeGutter() {
  QRect r = contentsRect();
  gutter_->setGeometry(r.left(), r.top(), gutterWidth(), r.height());
}

void SourceView::resizeEvent(QResizeEvent* e) {
  QPlainTextEdit::resizeEvent(e);
  placeGutter();
}

int SourceView::lineAtY(int y) const {
  QTextBlock block = firstVisibleBlock();
  while (block.isValid()) {
    QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    if (y >= box.top() && y < box.bottom()) return block.blockNumber() + 1;
    if (box.top() > y) break;
    block = block.next();
  }
  return 0;
}

void SourceView::paintGutter(QPaintEvent*) {
  QPainter p(gutter_);
  p.fillRect(gutter_->rect(), palette().window());
  p.setRenderHint(QPainter::Antialiasing);
  p.setFont(font());
  const QColor numberColour = palette().color(QPalette::PlaceholderText);
  for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
    QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    if (box.top() > gutter_->height()) break;
    int line = block.blockNumber() + 1;
    p.setPen(line == currentLine_ ? palette().color(QPalette::Text) : numberColour);
    p.drawText(QRectF(kMarkWidth, box.top(), gutter_->width() - kMarkWidth - 6, box.height()), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(line));
    double size = std::min(box.height(), double{kMarkWidth}) - 6;
    QRectF dot(4, box.top() + (box.height() - size) / 2, size, size);
    if (breakpointLines_.count(line)) {
      p.setPen(Qt::NoPen);
      p.setBrush(QColor(210, 40, 40));
      p.drawEllipse(dot);
    }
    if (line == currentLine_) {
      p.setPen(Qt::NoPen);
      p.setBrush(QColor(230, 170, 0));
      p.drawPolygon(QPolygonF({dot.topLeft(), QPointF(dot.right(), dot.center().y()), dot.bottomLeft()}));
    }
  }
}

void SourceView::setCurrentLine(int line) {
  if (line == currentLine_) return;
  currentLine_ = line;
  updateMarks();
  if (line > 0) {
    QTextBlock block = document()->findBlockByLineNumber(line - 1);
    QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    if (box.top() < 0 || box.bottom() > viewport()->height()) goToLine(line);
  }
  gutter_->update();
}

void SourceView::setBreakpointLines(std::set<int> lines) {
  breakpointLines_ = std::move(lines);
  gutter_->update();
}

void SourceView::showSource(const QString& text, const std::vector<SourceDiagnostic>& diagnostics) {
  diagnostics_ = diagnostics;
  currentLine_ = 0;
  setPlainText(text);
  updateMarks();
  if (!diagnostics.empty() && diagnostics.front().line > 0) goToLine(diagnostics.front().line);
}

void SourceView::updateMarks() {
  QList<QTextEdit::ExtraSelection> marks;
  if (currentLine_ > 0) {
    QTextEdit::ExtraSelection s;
    s.cursor = QTextCursor(document()->findBlockByLineNumber(currentLine_ - 1));
    s.format.setBackground(QColor(255, 230, 120, 140));
    s.format.setProperty(QTextFormat::FullWidthSelection, true);
    marks << s;
  }
  for (const auto& d : diagnostics_) {
    if (d.line <= 0) continue;
    QTextBlock block = document()->findBlockByLineNumber(d.line - 1);
    if (!block.isValid()) continue;
    QTextEdit::ExtraSelection s;
    s.cursor = QTextCursor(block);
    s.format.setBackground(d.isError ? QColor(255, 90, 90, 90) : QColor(255, 200, 0, 90));
    s.format.setProperty(QTextFormat::FullWidthSelection, true);
    marks << s;
    if (d.column > 0) {
      QTextEdit::ExtraSelection u;
      u.cursor = QTextCursor(block);
      u.cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, d.column - 1);
      u.cursor.movePosition(QTextCursor::EndOfWord, QTextCursor::KeepAnchor);
      u.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
      u.format.setUnderlineColor(d.isError ? Qt::red : QColor(200, 140, 0));
      marks << u;
    }
  }
  setExtraSelections(marks);
}

void SourceView::goToLine(int line) {
  QTextBlock block = document()->findBlockByLineNumber(line - 1);
  if (!block.isValid()) return;
  QTextCursor c(block);
  setTextCursor(c);
  centerCursor();
}

bool SourceView::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    int line = cursorForPosition(viewport()->mapFromGlobal(help->globalPos())).blockNumber() + 1;
    QStringList messages;
    for (const auto& d : diagnostics_)
      if (d.line == line) messages << (d.isError ? "error: " : "warning: ") + d.message;
    if (!messages.isEmpty()) QToolTip::showText(help->globalPos(), messages.join('\n'), this);
    else QToolTip::hideText();
    return true;
  }
  return QPlainTextEdit::event(e);
}

}  // namespace asmlab::gui
