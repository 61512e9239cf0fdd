// A real PC program in the window: programs/x86/ttt-ucr (MASM source on our UCR Standard Library,
// found through the loader's default ucrlib paths) opens, its Source tab follows CS:IP (the
// MASM front end's line numbers, through the linker), a breakpoint set from the source gutter
// stops F5, and keys typed on the Screen pane play a game to the end the program's README gives.
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

#include "main_window.hpp"
#include "screen_widget.hpp"
#include "source_view.hpp"

using namespace asmlab;
using namespace asmlab::gui;

namespace {

const QString kTttUcr = QString(ASMLAB_SOURCE_DIR) + "/programs/x86/ttt-ucr/tttucr.asm";

// The 1-based line of the source that starts with `prefix` (the test's expectations come from
// the program text, not from the line table under test).
int lineStartingWith(const QString& path, const QString& prefix) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return 0;
  const QStringList lines = QString::fromLatin1(f.readAll()).split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].startsWith(prefix)) return i + 1;
  return 0;
}

// The panes have no Q_OBJECT of their own, so findChild<T>() would stop at their Qt base class.
template <class Pane>
Pane* pane(MainWindow& w) {
  for (QWidget* child : w.findChildren<QWidget*>())
    if (auto* p = dynamic_cast<Pane*>(child)) return p;
  return nullptr;
}

}  // namespace

class PcWindowTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  static void show(MainWindow& w) {
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
  }
  static void clickGutterBeside(SourceView* source, int line) {
    source->goToLine(line);
    QTextBlock block = source->document()->findBlockByLineNumber(line - 1);
    QRect rect = source->cursorRect(QTextCursor(block));
    QCOMPARE(source->lineAtY(rect.center().y()), line);
    QTest::mouseClick(source->gutter(), Qt::LeftButton, {}, QPoint(8, rect.center().y()));
  }

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
    if (!QFile::exists(kTttUcr)) QSKIP("no programs/x86/ttt-ucr in this tree");
  }

  void sourceFollowsCsIpThroughMacrosAndIncludes() {
    MainWindow w;
    QVERIFY2(w.openFile(kTttUcr), qPrintable(w.session().diagnosticsText()));
    show(w);
    auto* source = pane<SourceView>(w);
    QVERIFY(source);
    // END Main: the program starts at Main's first instruction, `mov ax, dseg`.
    const int mainLine = lineStartingWith(kTttUcr, "Main            proc");
    QVERIFY(mainLine > 0);
    QCOMPARE(source->currentLine(), mainLine + 1);
    // mov ax, dseg / mov ds, ax / mov es, ax: one line each.
    QTest::keyClick(&w, Qt::Key_F11);
    QCOMPARE(source->currentLine(), mainLine + 2);
    QTest::keyClick(&w, Qt::Key_F11);
    QTest::keyClick(&w, Qt::Key_F11);
    // `print "..."` is a ucrlib.a macro (a CALL followed by the string): its code maps to the
    // line that invoked it.
    QCOMPARE(source->currentLine(), mainLine + 4);
    // Stepping into the CALL enters ucrlib's code, which comes from another file: no line here.
    QTest::keyClick(&w, Qt::Key_F11);
    QCOMPARE(source->currentLine(), 0);
  }

  void gutterBreakpointAndKeysPlayAGame() {
    MainWindow w;
    QVERIFY2(w.openFile(kTttUcr), qPrintable(w.session().diagnosticsText()));
    show(w);
    auto* source = pane<SourceView>(w);
    for (auto* tabs : w.findChildren<QTabWidget*>())
      if (tabs->indexOf(source) >= 0) tabs->setCurrentWidget(source);
    QTRY_VERIFY(source->gutter()->isVisible() && source->gutter()->height() > 0);
    // A breakpoint on `Place:` (where ComputerMove puts its O), set from the gutter.
    const int placeLine = lineStartingWith(kTttUcr, "Place:");
    QVERIFY(placeLine > 0);
    clickGutterBeside(source, placeLine);
    QCOMPARE(source->currentLine() == placeLine, false);
    auto address = w.session().addressOfSourceLine(placeLine);
    QVERIFY(address);
    QVERIFY(w.session().machine()->breakpoints().anyAt(*address));
    // Keys typed on the Screen pane go to the program: X takes the centre, then F5 runs to the
    // computer's move.
    auto* screen = pane<ScreenWidget>(w);
    QVERIFY(screen);
    screen->setFocus();
    QTest::keyClick(screen, Qt::Key_5, Qt::NoModifier);
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 10000);
    QCOMPARE(w.session().lastStop().reason, sim::StopReason::Breakpoint);
    QTRY_COMPARE(source->currentLine(), placeLine);
    // The rest of the README's game "5139": 1 is taken (a beep), 3 then 9, and the computer
    // completes 1-4-7: "I win!".
    clickGutterBeside(source, placeLine);
    QVERIFY(!w.session().machine()->breakpoints().anyAt(*address));
    screen->setFocus();
    QTest::keyClicks(screen, "139");
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 10000);
    QCOMPARE(w.session().lastStop().reason, sim::StopReason::Halted);
    const std::string out = w.session().machine()->output();
    QVERIFY2(out.find("I win!") != std::string::npos, out.c_str());
  }

  // What the program asked of the PC and did not get is counted on the status line after a stop,
  // and listed in its tooltip.
  void notesShowOnTheStatusLine() {
    const QString path = dir_.filePath("mono.asm");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(".model small\n.stack 100h\n.code\ns: mov ax, 0007h\n int 10h\n mov ax, 4C00h\n int 21h\nend s\n");
    f.close();
    MainWindow w;
    QVERIFY2(w.openFile(path), qPrintable(w.session().diagnosticsText()));
    show(w);
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 10000);
    QCOMPARE(w.session().lastStop().reason, sim::StopReason::Halted);
    QLabel* status = nullptr;
    for (QLabel* label : w.findChildren<QLabel*>())
      if (label->text().contains("(1 note: hover)")) status = label;
    QVERIFY(status != nullptr);
    QVERIFY2(status->toolTip().contains("note: video mode 07h is not provided"), qPrintable(status->toolTip()));
  }
};

QTEST_MAIN(PcWindowTest)
#include "pc_window_test.moc"
