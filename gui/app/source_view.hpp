// The program's source with the assembler's diagnostics on their lines: the line tinted and the
// message in its tooltip and in the list below.
#pragma once

#include <QPlainTextEdit>

#include "asmlab/gui/debug_session.hpp"

namespace asmlab::gui {

class SourceView : public QPlainTextEdit {
public:
  explicit SourceView(QWidget* parent = nullptr);
  void showSource(const QString& text, const std::vector<SourceDiagnostic>& diagnostics);
  void goToLine(int line);

protected:
  bool event(QEvent* e) override;

private:
  std::vector<SourceDiagnostic> diagnostics_;
};

}  // namespace asmlab::gui
