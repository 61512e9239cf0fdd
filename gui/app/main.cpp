// asmlab-gui [FILE | FOLDER | asmlab.yaml]
// asmlab-gui --screenshot OUT.png [--run-instructions N] [--input TEXT] [--size WxH] [--dark] FILE
//   renders the main window (offscreen works: QT_QPA_PLATFORM=offscreen) after running N
//   instructions with TEXT typed, and saves it; used for the images in docs/.
// asmlab-gui --measure-responsiveness [--seconds S] [--real-time] [--input TEXT] FILE
//   runs FILE at full speed (or in real time) in the window for S seconds and prints the event loop's latency, the
//   pane refresh interval, the pause latency and the simulated speed (docs/PERFORMANCE.md).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QScreen>
#include <QSettings>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "asmlab/gui/expression.hpp"
#include "main_window.hpp"
#include "responsiveness.hpp"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("asmlab");
  QApplication::setApplicationName("asmlab-gui");
  QApplication::setApplicationVersion(ASMLAB_VERSION);

  QCommandLineParser parser;
  parser.setApplicationDescription("The asmlab debugger for LC-3 and 8086 programs");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("file", "LC-3 or 8086 source, object file or built program to open, or a project: a folder or an asmlab.yaml");
  QCommandLineOption screenshot("screenshot", "Save a picture of the window to <png> and exit.", "png");
  QCommandLineOption runCount("run-instructions", "With --screenshot: run this many instructions first.", "n", "0");
  QCommandLineOption input("input", "With --screenshot: keys typed before running (\\n for Enter).", "text");
  QCommandLineOption size("size", "With --screenshot: window size (default: 90% of the screen, as the window opens).", "WxH");
  QCommandLineOption dark("dark", "With --screenshot: use the dark theme.");
  QCommandLineOption edition("edition", "LC-3 edition semantics, 2 or 3 (default: asmlab.yaml beside the file, else 3).", "n");
  QCommandLineOption breakAt("break", "With --screenshot: a breakpoint (as typed in the Breakpoints pane); repeatable.", "spec");
  QCommandLineOption dialect("dialect", "Dialect of 8086 sources: masm (default) or tasm (Turbo Assembler, MASM or Ideal mode).", "name");
  QCommandLineOption breakLine("break-line", "With --screenshot: a breakpoint on a line of FILE (as the Source gutter sets); repeatable.", "n");
  QCommandLineOption cpu("cpu", "The PC's processor: 8086 (default), 8088, 80186, 80286, 80386.", "model");
  QCommandLineOption engine("engine", "LC-3 engine: fast (default) or micro (one microinstruction per clock).", "name");
  QCommandLineOption microcode("microcode", "LC-3: the micro engine with this control store.", "file");
  QCommandLineOption runClocks("run-clocks", "With --screenshot and the micro engine: then run this many clocks.", "n", "0");
  QCommandLineOption measure("measure-responsiveness",
                             "Run FILE at full speed and print the event loop latency, refresh interval and speed.");
  QCommandLineOption seconds("seconds", "With --measure-responsiveness: how long to run.", "s", "5");
  QCommandLineOption showPane("show-pane", "With --screenshot: bring this pane to the front (bus, memory, watches, ...).", "name");
  QCommandLineOption realTime("real-time", "With --measure-responsiveness: run in real time (the machine's own clock) instead of at full speed.");
  parser.addOptions({screenshot, runCount, input, size, dark, edition, breakAt, measure, seconds, dialect, cpu, breakLine, realTime,
                     engine, microcode, runClocks, showPane});
  parser.process(app);
  if (parser.isSet(screenshot) || parser.isSet(measure)) {
    // Pictures and measurements must not depend on the user's saved layout, theme or watches.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QDir::tempPath() + "/asmlab-gui-screenshot");
  }

  asmlab::gui::MainWindow window;
  if (parser.isSet(edition)) {
    int e = parser.value(edition).toInt();
    if (e != 2 && e != 3) {
      std::fprintf(stderr, "asmlab-gui: --edition must be 2 or 3\n");
      return 2;
    }
    window.session().setLc3Edition(e);
  }
  if (parser.isSet(dialect)) window.session().setMasmDialect(parser.value(dialect));
  if (parser.isSet(cpu)) window.session().setX86Cpu(parser.value(cpu));
  if (parser.isSet(engine) && parser.value(engine) != "fast" && parser.value(engine) != "micro") {
    std::fprintf(stderr, "asmlab-gui: --engine must be fast or micro\n");
    return 2;
  }
  window.session().setLc3Microcoded(parser.value(engine) == "micro", parser.value(microcode));
  const QStringList files = parser.positionalArguments();
  bool loaded = !files.isEmpty() && window.openFile(files.front());

  if (parser.isSet(measure)) {
    if (!loaded) {
      std::fprintf(stderr, "asmlab-gui: --measure-responsiveness needs a FILE that loads\n");
      return 2;
    }
    window.resize(1500, 950);
    window.show();
    if (parser.isSet(input)) window.session().feedInput(parser.value(input).replace("\\n", "\n"));
    asmlab::gui::ResponsivenessOptions options;
    options.seconds = std::max(0.5, parser.value(seconds).toDouble());
    options.realTime = parser.isSet(realTime);
    return asmlab::gui::measureResponsiveness(window, options, stdout);
  }

  if (parser.isSet(screenshot)) {
    if (files.isEmpty()) {
      std::fprintf(stderr, "asmlab-gui: --screenshot needs a FILE\n");
      return 2;
    }
    if (parser.isSet(size)) {
      QStringList wh = parser.value(size).split('x');
      if (wh.value(0).toInt() <= 0 || wh.value(1).toInt() <= 0) {
        std::fprintf(stderr, "asmlab-gui: --size takes WIDTHxHEIGHT, e.g. 1500x950\n");
        return 2;
      }
      window.resize(wh.value(0).toInt(), wh.value(1).toInt());
    } else if (QScreen* screen = window.screen()) {
      window.fitToScreen(screen->availableGeometry().size());
    }
    window.setDarkTheme(parser.isSet(dark));
    window.show();
    window.applyDefaultLayout();
    if (loaded) {
      for (const QString& spec : parser.values(breakAt)) {
        std::string error;
        if (asmlab::gui::addBreakpointFromText(*window.session().machine(), spec.toStdString(), error) < 0) {
          std::fprintf(stderr, "asmlab-gui: --break %s: %s\n", qPrintable(spec), error.c_str());
          return 2;
        }
      }
      for (const QString& line : parser.values(breakLine)) {
        auto address = window.session().addressOfSourceLine(line.toInt());
        if (!address) {
          std::fprintf(stderr, "asmlab-gui: --break-line %s: no code on or after that line\n", qPrintable(line));
          return 2;
        }
        window.session().toggleBreakpoint(*address);
      }
      if (parser.isSet(input)) window.session().feedInput(parser.value(input).replace("\\n", "\n"));
      bool ok = false;
      qulonglong n = parser.value(runCount).toULongLong(&ok);
      if (ok && n > 0) window.session().runFor(n);
      const qulonglong clocks = parser.value(runClocks).toULongLong(&ok);
      for (qulonglong i = 0; ok && i < clocks; ++i) window.session().stepClock();
      window.raiseOutputPane();
      for (const QString& name : parser.values(showPane)) {
        auto* dock = window.findChild<QDockWidget*>(name);
        if (dock == nullptr) {
          std::fprintf(stderr, "asmlab-gui: --show-pane %s: no such pane\n", qPrintable(name));
          return 2;
        }
        dock->show();
        dock->raise();
      }
      QApplication::processEvents();
      window.refreshAll();
    }
    QApplication::processEvents();
    if (!window.grab().save(parser.value(screenshot))) {
      std::fprintf(stderr, "asmlab-gui: cannot write %s\n", qPrintable(parser.value(screenshot)));
      return 1;
    }
    return loaded ? 0 : 1;
  }
  window.show();
  return app.exec();
}
