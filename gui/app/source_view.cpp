#include "source_view.hpp"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QTextBlock>
#include <QToolTip>

namespace asmlab::gui {

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setLineWrapMode(NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
}

void SourceView::showSource(const QString& text, const std::vector<SourceDiagnostic>& diagnostics) {
  diagnostics_ = diagnostics;
  setPlainText(text);
  QList<QTextEdit::ExtraSelection> marks;
  for (const auto& d : diagnostics) {
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
  if (!diagnostics.empty() && diagnostics.front().line > 0) goToLine(diagnostics.front().line);
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
