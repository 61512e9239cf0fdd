// The debugger's main window: code in the centre, every other pane a dock whose layout is saved,
// the controls in a toolbar with the keys DOSBox and emu8086 users know.
#pragma once

#include <QMainWindow>

#include <functional>
#include <optional>

#include <memory>

#include "asmlab/gui/breakpoint_model.hpp"
#include "asmlab/gui/call_stack_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/disassembly_model.hpp"
#include "asmlab/gui/memory_model.hpp"
#include "asmlab/gui/register_model.hpp"
#include "asmlab/gui/watch_model.hpp"

class QAction;
class QComboBox;
class QFileSystemWatcher;
class QLabel;
class QLineEdit;
class QListWidget;
class QSlider;
class QTableView;
class QTabWidget;
class QTimer;

namespace asmlab::gui {

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
  bool openFile(const QString& path);
  // Reads every pane from the machine (skipped while a running slice holds the machine).
  void refreshAll();
  void setDarkTheme(bool dark);
  // Shows the screen pane in front when the machine has one, the console otherwise (and the
  // microarchitecture pane for the LC-3 micro engine).
  void raiseOutputPane();
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
  void applySpeed(int step);
  // Sizes the docks for the window's first show when no saved layout was restored: the screen
  // gets about half the width (4:3, so an 80x25 text screen has cells of 8 or more pixels).
  void applyDefaultLayout();

  DebugSession session_;
  RegisterModel registers_{session_};
  MemoryModel memory_{session_};
  MemoryModel stack_{session_};
  DisassemblyModel disassembly_{session_};
  BreakpointModel breakpoints_{session_};
  WatchModel watches_{session_};
  CallStackModel callStack_{session_};

  QTabWidget* centre_ = nullptr;
  QTableView* codeView_ = nullptr;
  SourceView* sourceView_ = nullptr;
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
  QDockWidget* screenDock_ = nullptr;
  QDockWidget* consoleDock_ = nullptr;
  QDockWidget* speakerDock_ = nullptr;
  QDockWidget* registerDock_ = nullptr;
  bool defaultLayoutPending_ = false;
  QLabel* counters_ = nullptr;
  QLabel* stopLabel_ = nullptr;
  QSlider* speedSlider_ = nullptr;
  QLabel* speedLabel_ = nullptr;
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
  QAction* actDark_ = nullptr;
  QAction* actMute_ = nullptr;
  QAction* actStepClock_ = nullptr;
  QAction* actStepBackClock_ = nullptr;
  QAction* actMicroEngine_ = nullptr;
  unsigned ticks_ = 0;
};

}  // namespace asmlab::gui
