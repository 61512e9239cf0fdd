#include "console_view.hpp"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QScrollBar>

namespace asmlab::gui {

ConsoleView::ConsoleView(DebugSession& session, QWidget* parent) : QPlainTextEdit(parent), session_(session) {
  setReadOnly(true);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setPlaceholderText("Program output. Click here and type to send keys to the program.");
  setMaximumBlockCount(5000);
}

void ConsoleView::capture() {
  sim::Machine* m = session_.machine();
  if (!m) return;
  const std::string& out = m->output();
  if (out.size() < shown_) {  // reset or step back: the output shrank
    clear();
    shown_ = 0;
  }
  if (out.size() == shown_) return;
  QString fresh = QString::fromLatin1(out.data() + shown_, static_cast<qsizetype>(out.size() - shown_));
  fresh.remove('\r');
  shown_ = out.size();
  moveCursor(QTextCursor::End);
  insertPlainText(fresh);
  verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void ConsoleView::keyPressEvent(QKeyEvent* event) {
  QString text = event->text();
  if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
    text = session_.machine() && session_.machine()->architecture() != "lc3" ? "\r" : "\n";
  if (!text.isEmpty() && text[0].unicode() < 128 && !(event->modifiers() & Qt::ControlModifier)) {
    session_.feedInput(text);
    return;
  }
  QPlainTextEdit::keyPressEvent(event);
}

}  // namespace asmlab::gui
