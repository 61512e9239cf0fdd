// The debugger's main window: code in the centre, every other pane a dock whose layout is saved,
// the controls in a toolbar with the keys DOSBox and emu8086 users know. The first window fits
// the screen (90% of it at most) with the game screen as large as a whole-number scale allows;
// panes for devices the machine lacks (screen, speaker, devices on the LC-3) are hidden.
#pragma once

#include <QMainWindow>

#include <functional>
#include <optional>
#include <set>

#include <memory>

#include "asmlab/gui/breakpoint_model.hpp"
#include "asmlab/gui/call_stack_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/disassembly_model.hpp"
#include "asmlab/gui/memory_model.hpp"
#include "asmlab/gui/register_model.hpp"
#include "asmlab/gui/watch_model.hpp"

class QAction;
class QActionGroup;
class QComboBox;
class QFileSystemWatcher;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QTableView;
class QTabWidget;
class QTimer;
class QToolBar;

namespace asmlab::gui {

class BusPane;
class ConsoleView;
class DevicePane;
class MicroPane;
class ScreenWidget;
class SourceView;
class SpeakerTimeline;
class SpeakerSound;

class MainWindow : public QMainWindow {
public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  DebugSession& session() { return session_; }
  // Opens a program file, or a project (a folder or an asmlab.yaml).
  bool openFile(const QString& path);
  // Sizes the window for a screen of `available` pixels (90% of it, centred) and lays the panes
  // out for that size when the window is shown (no saved layout, or --screenshot).
  void fitToScreen(const QSize& available);
  // Reads every pane from the machine (skipped while a running slice holds the machine).
  void refreshAll();
  void setDarkTheme(bool dark);
  // Shows the screen pane in front when the machine has one, the console otherwise (and the
  // microarchitecture pane for the LC-3 micro engine).
  void raiseOutputPane();
  // The panes' layout for the window's present size (docs/debugger.md, "The window").
  void applyDefaultLayout();
  // The text of the stop line in the status bar.
  QString statusText() const;
  // What Help > About says: the version, Qt's, and whether sound was built in.
  static QString aboutText();
  // Called after each refresh that read the machine with the nanoseconds it took (waiting for the
  // machine included) and the window thread's CPU time in it (the responsiveness measurement).
  std::function<void(int64_t wallNanoseconds, int64_t cpuNanoseconds)> onRefreshed;

protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void buildCentre();
  void buildDocks();
  void buildActions();
  void buildMenus();
  void buildSettingsMenu(QMenu* menu);
  void buildHelpMenu();
  QDockWidget* addPane(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area);
  void onStopped();
  void onRunningChanged(bool running);
  void updateStatus();
  void followMemory();
  void followStack();
  // The address F9 and Ctrl+F10 act on: the selected line of the Code or the Source tab.
  std::optional<uint64_t> selectedAddress();
  void toggleBreakpointAtSelection();
  void runToSelection();
  // The Source tab: shows `file` (one of the session's sources).
  void showSourceFile(const QString& file);
  // The Source tab follows the PC into the file it is in.
  void followSource();
  // The speed choices for the loaded machine (real-time steps only when it has a clock rate).
  void fillSpeeds();
  void chooseSpeed(int index);
  void stepSpeed(int delta);
  // Panes for devices the machine lacks are hidden; the others shown unless the user closed them.
  void keepDockTabTitlesWhole();
  void showPanesForMachine();
  void sizeColumns();
  int codeMinimumWidth() const;  // the Code tab with every column readable
  int registersWidth() const;
  void openProjectDialog();
  void newProjectDialog();
  void reloadWithSettings();

  DebugSession session_;
  RegisterModel registers_{session_};
  MemoryModel memory_{session_};
  MemoryModel stack_{session_, MemoryModel::Shape::Narrow};
  DisassemblyModel disassembly_{session_};
  BreakpointModel breakpoints_{session_};
  WatchModel watches_{session_};
  CallStackModel callStack_{session_};

  QTabWidget* centre_ = nullptr;
  QTableView* codeView_ = nullptr;
  SourceView* sourceView_ = nullptr;
  QComboBox* sourceChooser_ = nullptr;
  QTableView* registerView_ = nullptr;
  QTableView* memoryView_ = nullptr;
  QTableView* stackView_ = nullptr;
  QTableView* breakpointView_ = nullptr;
  QTableView* watchView_ = nullptr;
  QTableView* callStackView_ = nullptr;
  QComboBox* memoryFollow_ = nullptr;
  QLineEdit* breakpointEntry_ = nullptr;
  QListWidget* diagnosticsList_ = nullptr;
  ScreenWidget* screen_ = nullptr;
  ConsoleView* console_ = nullptr;
  SpeakerTimeline* speaker_ = nullptr;
  SpeakerSound* sound_ = nullptr;
  DevicePane* devices_ = nullptr;
  MicroPane* micro_ = nullptr;
  QDockWidget* microDock_ = nullptr;
  BusPane* bus_ = nullptr;
  QDockWidget* busDock_ = nullptr;
  QDockWidget* screenDock_ = nullptr;
  QDockWidget* consoleDock_ = nullptr;
  QDockWidget* speakerDock_ = nullptr;
  QDockWidget* registerDock_ = nullptr;
  QDockWidget* stackDock_ = nullptr;
  QDockWidget* callDock_ = nullptr;
  QDockWidget* deviceDock_ = nullptr;
  QDockWidget* memoryDock_ = nullptr;
  QDockWidget* diagnosticsDock_ = nullptr;
  bool defaultLayoutPending_ = false;
  bool layoutIsDefault_ = false;  // no saved layout: lay out again when the first program loads
  std::set<QString> closedByUser_;  // panes the user closed (object names), kept closed
  QToolBar* toolBar_ = nullptr;
  QLabel* counters_ = nullptr;
  QLabel* stopLabel_ = nullptr;
  QComboBox* speedChoice_ = nullptr;
  std::vector<Speed> speeds_;
  std::optional<Speed> chosenPcSpeed_, chosenLc3Speed_;
  QTimer* refreshTimer_ = nullptr;
  QTimer* reloadTimer_ = nullptr;
  QFileSystemWatcher* watcher_ = nullptr;

  QAction* actRun_ = nullptr;
  QAction* actPause_ = nullptr;
  QAction* actStepInto_ = nullptr;
  QAction* actStepOver_ = nullptr;
  QAction* actStepOut_ = nullptr;
  QAction* actRunToCursor_ = nullptr;
  QAction* actStepBack_ = nullptr;
  QAction* actReverse_ = nullptr;
  QAction* actReset_ = nullptr;
  QAction* actBreakpoint_ = nullptr;
  QAction* actFaster_ = nullptr;
  QAction* actSlower_ = nullptr;
  QAction* actDark_ = nullptr;
  QAction* actMute_ = nullptr;
  QAction* actStepClock_ = nullptr;
  QAction* actStepBackClock_ = nullptr;
  QAction* actMicroEngine_ = nullptr;
  QActionGroup* dialectGroup_ = nullptr;
  QActionGroup* cpuGroup_ = nullptr;
  QActionGroup* editionGroup_ = nullptr;
  unsigned ticks_ = 0;
};

}  // namespace asmlab::gui
