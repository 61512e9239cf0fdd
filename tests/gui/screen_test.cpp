// The Screen pane shows the program's INT 33h mouse pointer: in text modes the driver inverts
// the cell under it (attribute XOR 77h, Microsoft Mouse Programmer's Reference, default text
// cursor), in graphics modes the pane draws an arrow whose tip is the pointer's hot spot.
#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "asmlab/gui/debug_session.hpp"
#include "asmlab/sim/capabilities.hpp"
#include "screen_widget.hpp"

using namespace asmlab;
using namespace asmlab::gui;

// Hand-encoded .COM programs (Intel 8086 manual: MOV AX,imm16 = B8, INT imm8 = CD).
static const char kTextPointer[] =
    "\xB8\x00\x00\xCD\x33"   // MOV AX,0 ; INT 33h   reset the driver
    "\xB8\x01\x00\xCD\x33"   // MOV AX,1 ; INT 33h   show the cursor
    "\xB8\x00\x4C\xCD\x21";  // MOV AX,4C00h ; INT 21h
static const char kGraphicsPointer[] =
    "\xB8\x13\x00\xCD\x10"   // MOV AX,13h ; INT 10h  320x200 in 256 colours
    "\xB8\x00\x00\xCD\x33"
    "\xB8\x01\x00\xCD\x33"
    "\xB8\x00\x4C\xCD\x21";

class ScreenTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString writeCom(const char* name, const char* bytes, size_t size) {
    QString path = dir_.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(bytes, static_cast<qint64>(size));
    return path;
  }
  static void runToEnd(DebugSession& s) {
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Halted);
  }
  static void moveMouse(DebugSession& s, int x, int y) {
    auto* mouse = sim::capability<sim::PointerInput>(*s.machine());
    QVERIFY(mouse);
    std::lock_guard lock(s.machineMutex());
    mouse->pushMouseEvent({x, y, 0});
  }

private slots:
  void textPointerInvertsTheCellUnderIt() {
    DebugSession s;
    QVERIFY(s.load(writeCom("text.com", kTextPointer, sizeof kTextPointer - 1)));
    runToEnd(s);
    moveMouse(s, 80, 40);  // text cell = (x/8, y/8) = column 10, row 5
    auto* screen = sim::capability<sim::TextScreen>(*s.machine());
    QCOMPARE(screen->textCell(5, 10).attribute, uint8_t{0x07 ^ 0x77});
    QCOMPARE(screen->textCell(5, 11).attribute, uint8_t{0x07});
    moveMouse(s, 0, 0);  // the old cell is restored when the pointer leaves it
    QCOMPARE(screen->textCell(5, 10).attribute, uint8_t{0x07});
    QCOMPARE(screen->textCell(0, 0).attribute, uint8_t{0x70});
    ScreenWidget w(s);
    w.capture();
    QVERIFY(!w.pointerHotSpot());  // the cell itself shows it; no arrow over text
  }

  void graphicsPointerIsAnArrowAtTheHotSpot() {
    DebugSession s;
    QVERIFY(s.load(writeCom("gfx.com", kGraphicsPointer, sizeof kGraphicsPointer - 1)));
    runToEnd(s);
    moveMouse(s, 320, 100);  // mode 13h: x halved, so frame pixel (160, 100), the centre
    auto state = sim::capability<sim::PointerInput>(*s.machine())->pointerState();
    QVERIFY(state.visible);
    QCOMPARE(state.x, 320);
    QCOMPARE(state.y, 100);
    ScreenWidget w(s);
    w.resize(640, 480);  // the 4:3 image fills it: 2 widget pixels per frame column, 2.4 per row
    w.capture();
    auto tip = w.pointerHotSpot();
    QVERIFY(tip);
    QCOMPARE(tip->x(), 320.0);
    QCOMPARE(tip->y(), 240.0);
    QImage shot = w.grab().toImage();
    // Inside the arrow, just below the tip: white; to the left of the tip: the black frame.
    QCOMPARE(QColor(shot.pixel(323, 252)), QColor(Qt::white));
    QCOMPARE(QColor(shot.pixel(310, 252)), QColor(Qt::black));
  }
};

QTEST_MAIN(ScreenTest)
#include "screen_test.moc"
