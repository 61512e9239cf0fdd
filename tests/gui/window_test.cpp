// The main window's actions through their keys (F11 step into, F10 step over, F9 breakpoint,
// F5 run, Ctrl+F11 step back), under the offscreen platform, and the example programs opening.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QTableView>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>

#include "lc3_fixture.hpp"
#include "main_window.hpp"
#include "source_view.hpp"

using namespace asmlab;
using namespace asmlab::gui;

class WindowTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QTableView* codeView(MainWindow& w) {
    for (auto* v : w.findChildren<QTableView*>())
      if (dynamic_cast<DisassemblyModel*>(v->model())) return v;
    return nullptr;
  }
  QTableView* registerView(MainWindow& w) {
    for (auto* v : w.findChildren<QTableView*>())
      if (dynamic_cast<RegisterModel*>(v->model())) return v;
    return nullptr;
  }

  // SourceView has no Q_OBJECT of its own, so findChild<SourceView*>() would return any
  // QPlainTextEdit (the console's, depending on the docks' order).
  static SourceView* sourceView(MainWindow& w) {
    for (QWidget* child : w.findChildren<QWidget*>())
      if (auto* s = dynamic_cast<SourceView*>(child)) return s;
    return nullptr;
  }

  static void show(MainWindow& w) {
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
  }

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
  }

  void f11StepsAndHighlightsTheChangedRegister() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    QTest::keyClick(&w, Qt::Key_F11);
    QTest::keyClick(&w, Qt::Key_F11);
    QCOMPARE(w.session().machine()->programCounter(), 0x3002u);
    auto* regs = registerView(w);
    QVERIFY(regs);
    int r0 = w.session().machine()->registerIndex("R0");
    int r1 = w.session().machine()->registerIndex("R1");
    QVERIFY(regs->model()->index(r0, 1).data(Qt::BackgroundRole).isValid());
    QVERIFY(!regs->model()->index(r1, 1).data(Qt::BackgroundRole).isValid());
    // Step back (Ctrl+F11) undoes the ADD.
    QTest::keyClick(&w, Qt::Key_F11, Qt::ControlModifier);
    QCOMPARE(w.session().machine()->programCounter(), 0x3001u);
    QCOMPARE(w.session().machine()->readRegister(static_cast<size_t>(r0)), 0u);
  }

  void sourceLineFollowsTheProgramAndTheGutterSetsBreakpoints() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    auto* source = sourceView(w);
    QVERIFY(source);
    // kCountdown: line 2 is AND R0 at x3000, line 3 ADD R0 at x3001, line 7 DONE ST at x3005.
    QCOMPARE(source->currentLine(), 2);
    QTest::keyClick(&w, Qt::Key_F11);
    QCOMPARE(source->currentLine(), 3);
    // Clicking the gutter beside line 7 sets a breakpoint on its word; F5 stops there.
    for (auto* tabs : w.findChildren<QTabWidget*>())
      if (tabs->indexOf(source) >= 0) tabs->setCurrentWidget(source);
    QTRY_VERIFY(source->gutter()->isVisible() && source->gutter()->height() > 0);
    source->goToLine(7);
    QTextBlock block = source->document()->findBlockByLineNumber(6);
    QRect line7 = source->cursorRect(QTextCursor(block));
    QCOMPARE(source->lineAtY(line7.center().y()), 7);
    QTest::mouseClick(source->gutter(), Qt::LeftButton, {}, QPoint(8, line7.center().y()));
    QVERIFY(w.session().machine()->breakpoints().anyAt(0x3005));
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 5000);
    QCOMPARE(w.session().machine()->programCounter(), 0x3005u);
    QTRY_COMPARE(source->currentLine(), 7);
    // A second click removes it.
    QTest::mouseClick(source->gutter(), Qt::LeftButton, {}, QPoint(8, line7.center().y()));
    QVERIFY(!w.session().machine()->breakpoints().anyAt(0x3005));
  }

  void f9SetsABreakpointThatF5StopsAt() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    auto* code = codeView(w);
    // A source with a line table opens on the Source tab; F9 acts on the tab in front.
    for (auto* tabs : w.findChildren<QTabWidget*>())
      if (tabs->indexOf(code) >= 0) tabs->setCurrentWidget(code);
    auto* model = static_cast<DisassemblyModel*>(code->model());
    int done = model->rowOfAddress(0x3005);
    QVERIFY(done >= 0);
    code->setCurrentIndex(model->index(done, DisassemblyModel::Instruction));
    QTest::keyClick(&w, Qt::Key_F9);
    QVERIFY(w.session().machine()->breakpoints().anyAt(0x3005));
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 5000);
    QCOMPARE(w.session().lastStop().reason, sim::StopReason::Breakpoint);
    QCOMPARE(w.session().machine()->programCounter(), 0x3005u);
  }

  void f9OnTheSourceTabUsesTheTextCursorsLine() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    auto* source = sourceView(w);
    auto* tabs = qobject_cast<QTabWidget*>(source->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QCOMPARE(tabs->currentWidget(), source);  // opened on its source
    source->goToLine(7);                      // DONE ST R1, COUNT at x3005
    QTest::keyClick(&w, Qt::Key_F9);
    QVERIFY(w.session().machine()->breakpoints().anyAt(0x3005));
    QTest::keyClick(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 5000);
    QCOMPARE(w.session().machine()->programCounter(), 0x3005u);
  }

  void f10StepsOverASubroutine() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "call.asm", ".ORIG x3000\nJSR SUB\nHALT\nSUB ADD R2, R2, #1\nRET\n.END\n")));
    show(w);
    QTest::keyClick(&w, Qt::Key_F10);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().isRunning(), 5000);
    QCOMPARE(w.session().machine()->programCounter(), 0x3001u);
    QCOMPARE(w.session().machine()->readRegister(2), 1u);
  }

  void everyExampleProgramOpensAndRuns() {
    QDir programs(QString(ASMLAB_SOURCE_DIR) + "/programs/lc3");
    const auto names = programs.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (names.isEmpty()) QSKIP("no programs/lc3 in this tree");
    for (const QString& name : names) {
      MainWindow w;
      QString path = programs.filePath(name + "/" + name + ".asm");
      QVERIFY2(w.openFile(path), qPrintable(path + ": " + w.session().diagnosticsText()));
      w.session().runFor(200'000);
      w.refreshAll();
      QVERIFY2(w.session().machine()->instructionCount() > 100, qPrintable(path));
      // The edition comes from the program's asmlab.yaml: ttt and snake write the vector table.
      QVERIFY2(w.session().lastStop().reason != sim::StopReason::Exception,
               qPrintable(path + ": " + QString::fromStdString(w.session().lastStop().message)));
      QVERIFY2(!w.session().machine()->output().empty(), qPrintable(path + " printed nothing"));
      QImage shot = w.grab().toImage();
      QVERIFY(!shot.isNull());
    }
  }

  void aBadSourceShowsItsErrors() {
    MainWindow w;
    QVERIFY(!w.openFile(writeSource(dir_, "bad.asm", ".ORIG x3000\nADD R0, R0\n.END\n")));
    QCOMPARE(w.session().diagnostics().front().line, 2);
  }
};

QTEST_MAIN(WindowTest)
#include "window_test.moc"
