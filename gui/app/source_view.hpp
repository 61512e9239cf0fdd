// One source file of the program with the assembler's diagnostics on their lines: the line tinted
// and the message in its tooltip and in the list below. A gutter on the left shows the
// breakpoints, the line the program counter is on and the line numbers; clicking it toggles a
// breakpoint on that line.
#pragma once

#include <QPlainTextEdit>

#include <functional>
#include <set>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class SourceView : public QPlainTextEdit {
public:
  explicit SourceView(QWidget* parent = nullptr);
  void showSource(const QString& text, const std::vector<SourceDiagnostic>& diagnostics);
  void goToLine(int line);
  // The line the program counter is on (0: none), tinted and marked with an arrow in the gutter.
  void setCurrentLine(int line);
  int currentLine() const { return currentLine_; }
  void setBreakpointLines(std::set<int> lines);
  // Called with the 1-based line when the gutter is clicked.
  std::function<void(int line)> onGutterClicked;
  // The gutter's widget (tests click it).
  QWidget* gutter() const { return gutter_; }
  // The 1-based line at a y coordinate of the gutter.
  int lineAtY(int y) const;
  // The file shown (set by the window with showSource).
  QString file() const { return file_; }
  void setFile(const QString& file) { file_ = file; }

protected:
  bool event(QEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;

private:
  friend class SourceGutter;
  void updateMarks();
  void paintGutter(QPaintEvent* e);
  int gutterWidth() const;
  void placeGutter();

  std::vector<SourceDiagnostic> diagnostics_;
  QWidget* gutter_ = nullptr;
  int currentLine_ = 0;
  QString file_;
  std::set<int> breakpointLines_;
};

}  // namespace asmlab::gui
