// A multi-module program opened as a project (docs/debugger.md, "Projects"):
// programs/x86/ttt-eecs2100, three MASM modules and gfx.lib named by its asmlab.yaml's build:
// (with cpu: 80386), opened as a folder and as the spec; paused in a routine of another module,
// the Source tab, the Code pane, the status line, the call stack and the breakpoints show that
// module's lines and labels, addresses as segment:offset. Expected lines and names come from the
// program's text; segments from the CPU's CS and IP.
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "asmlab/gui/address_text.hpp"
#include "asmlab/gui/breakpoint_model.hpp"
#include "asmlab/gui/call_stack_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/disassembly_model.hpp"
#include "asmlab/gui/expression.hpp"
#include "asmlab/toolchain/project.hpp"
#include "main_window.hpp"
#include "source_view.hpp"

using namespace asmlab;
using namespace asmlab::gui;

namespace {

const QString kProject = QString(ASMLAB_SOURCE_DIR) + "/programs/x86/ttt-eecs2100";

// The 1-based line of `file` whose text (trimmed) starts with `prefix`, searching from `from`.
int lineStartingWith(const QString& file, const QString& prefix, int from = 1) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return 0;
  const QStringList lines = QString::fromLatin1(f.readAll()).split('\n');
  for (int i = from - 1; i < lines.size(); ++i)
    if (lines[i].trimmed().startsWith(prefix, Qt::CaseInsensitive)) return i + 1;
  return 0;
}

uint16_t reg(const sim::Machine& m, const char* name) {
  return static_cast<uint16_t>(m.readRegister(static_cast<size_t>(m.registerIndex(name))));
}

}  // namespace

class ProjectTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // Opens the project, stops at the first note of the player's move: SoundHumanMove, a FAR
  // procedure of sound.asm called from engine.asm.
  static void stopInSoundModule(DebugSession& s, const QString& path) {
    QVERIFY2(s.load(path), qPrintable(s.diagnosticsText()));
    std::string error;
    {
      std::lock_guard lock(s.machineMutex());
      QVERIFY2(addBreakpointFromText(*s.machine(), "SoundHumanMove", error) >= 0, error.c_str());
    }
    s.feedInput("5");
    s.setSpeed(Speed::maximum());
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Breakpoint);
  }

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
    if (!QFileInfo::exists(kProject + "/asmlab.yaml")) QSKIP("no programs/x86/ttt-eecs2100 in this tree");
  }

  void theSpecNamesEveryFileAndSetting() {
    Diagnostics diags;
    auto project = toolchain::readProject(kProject.toStdString(), diags);
    QVERIFY2(project, diags.renderToString().c_str());
    QStringList names;
    for (const auto& f : project->files) names << QFileInfo(QString::fromStdString(f)).fileName();
    // build.submission in order, then build.libraries.
    QCOMPARE(names, QStringList({"engine.asm", "player.asm", "sound.asm", "gfx.lib"}));
    QCOMPARE(QString::fromStdString(project->machine), QString("pc"));
    DebugSession s;
    QVERIFY2(s.load(kProject), qPrintable(s.diagnosticsText()));
    QVERIFY(s.isProject());
    QCOMPARE(s.x86Cpu(), QString("80386"));  // build.cpu
    QCOMPARE(s.masmDialect(), QString("masm"));
    for (const char* module : {"engine.asm", "player.asm", "sound.asm"})
      QVERIFY2(s.sourceFiles().contains(QDir(kProject).filePath(module)), module);
  }

  void aMissingFileIsALocatedError() {
    QTemporaryDir dir;
    QFile spec(dir.filePath("asmlab.yaml"));
    QVERIFY(spec.open(QIODevice::WriteOnly));
    spec.write("machine: pc\nbuild:\n  submission: [main.asm, missing.asm]\n");
    spec.close();
    QFile main(dir.filePath("main.asm"));
    QVERIFY(main.open(QIODevice::WriteOnly));
    main.close();
    DebugSession s;
    QVERIFY(!s.load(dir.path()));
    QVERIFY(!s.diagnostics().empty());
    const SourceDiagnostic& d = s.diagnostics().front();
    QCOMPARE(QFileInfo(d.file).fileName(), QString("asmlab.yaml"));
    QCOMPARE(d.line, 3);
    QVERIFY2(d.message.contains("missing.asm"), qPrintable(d.message));
  }

  void pausedInAnotherModuleShowsItsLinesAndLabels() {
    DebugSession s;
    stopInSoundModule(s, kProject);
    const sim::Machine& m = *s.machine();
    const QString sound = QDir(kProject).filePath("sound.asm");
    // The first instruction of SoundHumanMove, the line after its PROC.
    const int procLine = lineStartingWith(sound, "SoundHumanMove  PROC");
    QVERIFY(procLine > 0);
    const SourcePlace place = s.sourcePlaceAt(m.programCounter());
    QCOMPARE(place.file, sound);
    QCOMPARE(place.line, procLine + 1);
    // segment:offset as CS:IP, and the routine's name (upper case, as MASM's default /Cu maps
    // identifiers).
    const QString csip = QString("%1:%2").arg(reg(m, "CS"), 4, 16, QChar('0')).arg(reg(m, "IP"), 4, 16, QChar('0')).toUpper();
    QCOMPARE(addressText(m, m.programCounter()).toUpper(), csip + " SOUNDHUMANMOVE");
    // Its caller: the FAR return address on the stack points after `call SoundHumanMove` in
    // engine.asm, in engine's code segment, shown with the nearest label there.
    CallStackModel calls(s);
    calls.refresh();
    // engine.asm's main loop is entered by the program's start, not called: the far return is
    // the only frame, and the words above the stack's top at load are not looked at.
    QCOMPARE(calls.frames().size(), size_t{1});
    const auto& frame = calls.frames().front();
    const QString engine = QDir(kProject).filePath("engine.asm");
    QCOMPARE(s.sourcePlaceAt(frame.callAddress).file, engine);
    QCOMPARE(s.sourcePlaceAt(frame.callAddress).line, lineStartingWith(engine, "call    SoundHumanMove"));
    QVERIFY(frame.segment && *frame.segment != reg(m, "CS"));  // another module's code segment
    const QString callText = calls.data(calls.index(0, CallStackModel::Caller), Qt::DisplayRole).toString();
    QVERIFY2(callText.startsWith(addressOnly(m, frame.callAddress, frame.segment)), qPrintable(callText));
    QVERIFY2(callText.contains("CORELOOP+", Qt::CaseInsensitive), qPrintable(callText));  // engine.asm's label before the call
    QVERIFY2(callText.endsWith("call far ptr SOUNDHUMANMOVE", Qt::CaseInsensitive), qPrintable(callText));  // the target by name
    // Stepping on into PlayTune, a NEAR procedure that is not PUBLIC: its label shows in the
    // Code pane and its lines in sound.asm.
    for (int i = 0; i < 3; ++i) s.stepInto();  // push si; mov si, OFFSET ...; call PlayTune
    const int playTune = lineStartingWith(sound, "PlayTune        PROC");
    QCOMPARE(s.sourcePlaceAt(s.machine()->programCounter()).line, playTune + 1);
    DisassemblyModel code(s);
    code.refresh();
    const int row = code.currentRow();
    QVERIFY(row >= 0);
    QCOMPARE(code.data(code.index(row, DisassemblyModel::Label), Qt::DisplayRole).toString().toUpper(), QString("PLAYTUNE"));
    QCOMPARE(code.data(code.index(row, DisassemblyModel::Address), Qt::DisplayRole).toString(),
             QString("%1:%2").arg(reg(m, "CS"), 4, 16, QChar('0')).arg(reg(m, "IP"), 4, 16, QChar('0')).toUpper());
    // A breakpoint set there is listed by segment:offset and label.
    QVERIFY(s.toggleBreakpoint(s.machine()->programCounter()));
    BreakpointModel bps(s);
    bps.refresh();
    bool listed = false;
    for (int r = 0; r < bps.rowCount(); ++r)
      listed |= bps.data(bps.index(r, BreakpointModel::Where), Qt::DisplayRole).toString().toUpper() ==
                addressOnly(m, m.programCounter()) + " PLAYTUNE";
    QVERIFY(listed);
  }

  void theWindowOpensTheSpecAndTurnsToTheModule() {
    MainWindow w;
    QVERIFY2(w.openFile(kProject + "/asmlab.yaml"), qPrintable(w.session().diagnosticsText()));
    QVERIFY(w.windowTitle().startsWith("EECS 2100 tic-tac-toe"));  // the spec's name:
    w.show();
    stopInSoundModule(w.session(), kProject + "/asmlab.yaml");
    QCoreApplication::processEvents();
    SourceView* source = nullptr;  // no Q_OBJECT of its own: findChild would match any QPlainTextEdit
    for (QWidget* child : w.findChildren<QWidget*>())
      if (auto* view = dynamic_cast<SourceView*>(child)) source = view;
    QVERIFY(source);
    const QString sound = QDir(kProject).filePath("sound.asm");
    QTRY_COMPARE(source->file(), sound);
    QCOMPARE(source->currentLine(), lineStartingWith(sound, "SoundHumanMove  PROC") + 1);
    const sim::Machine& m = *w.session().machine();
    QVERIFY2(w.statusText().startsWith("Stopped at a breakpoint at " + addressText(m, m.programCounter()) + " (sound.asm:"),
             qPrintable(w.statusText()));
  }
};

QTEST_MAIN(ProjectTest)
#include "project_test.moc"
