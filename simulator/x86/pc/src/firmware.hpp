// The native firmware behind the ROM call gate: BIOS (INT 08h, 09h, 11h, 12h, 16h, 1Ah), DOS
// (INT 20h, 21h) and the mouse driver (INT 33h). The ROM holds, for every vector, a short real
// 8086 routine (OUT to the call-gate port, then IRET or a HLT wait loop) so programs that hook a
// vector and chain to the old one run exactly as on a PC.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace asmlab::x86::pc {

class PcMachine;

// "2A", as the notes write a function or mode number (followed by "h").
inline std::string hexByte(uint8_t value) {
  static const char digits[] = "0123456789ABCDEF";
  return {digits[value >> 4], digits[value & 0x0F]};
}

enum class Service : uint8_t {
  None,
  DivideError,
  Unhandled,
  Int08,
  Int09,
  Int10,
  Int11,
  Int12,
  Int16,
  Int16Retry,
  Int15,
  Int1A,
  Int20,
  Int21,
  Int21Retry,
  Int29,
  Int33,
  Int06,
  Exit,
  MouseIrq,
};

class Firmware {
public:
  explicit Firmware(PcMachine& m) : m_(&m) {}
  // Writes the ROM routines and the interrupt vector table, and the BIOS data area.
  void install();
  // Runs the service whose gate ends just before linear address `returnAddress`.
  void call(uint32_t returnAddress);
  uint16_t haltOffset() const { return haltOffset_; }

  // DOS memory arena: the program owns [psp, top) at load; 48h-4Ah split and merge blocks.
  struct Block { uint16_t size; bool used; };
  std::map<uint16_t, Block> arena;
  uint16_t currentPsp = 0;
  uint32_t dta = 0;
  // Mouse driver state.
  int mouseX = 320, mouseY = 100, mouseMinX = 0, mouseMaxX = 639, mouseMinY = 0, mouseMaxY = 199;
  unsigned mouseButtons = 0;
  int mouseShown = -1;  // the driver's internal cursor flag: visible when 0
  unsigned presses[3] = {}, releases[3] = {};
  int pressX[3] = {}, pressY[3] = {}, releaseX[3] = {}, releaseY[3] = {};
  bool mouseInstalled = true;
  // The user event handler (INT 33h 0Ch): called from IRQ4 with AX = the condition bits.
  uint16_t handlerMask = 0, handlerSegment = 0, handlerOffset = 0;
  std::vector<uint16_t> pendingConditions;
  int lastReportX = 320, lastReportY = 100;  // for function 0Bh (motion counters, in mickeys = 8 per 8 pixels)
  // Called by the machine for each mouse change; queues a handler call when the mask matches.
  void mouseChanged(uint16_t condition);
  // The software text cursor (Microsoft Mouse Programmer's Reference, function 0Ah): the cell
  // under it becomes (cell AND screen mask) XOR cursor mask in video memory; the saved cell is
  // restored before every change. -1: not drawn.
  static constexpr uint16_t kDefaultScreenMask = 0x77FF, kDefaultCursorMask = 0x7700;
  uint16_t textScreenMask = kDefaultScreenMask, textCursorMask = kDefaultCursorMask;
  int textCursorAddress = -1;
  uint16_t textCursorSaved = 0;
  void eraseTextCursor();
  void drawTextCursor();
  // INT 10h through the adapter; the mouse cursor is taken off the text screen around mode sets
  // and font loads. The characters a call prints count toward the output limit.
  void videoBiosCall();
  // The characters an INT 10h call prints (09h/0Ah: CX copies, 0Eh: one, 13h: CX); 0 for the rest.
  static uint32_t videoCharacters(uint8_t ah, uint16_t cx);
  // Requests the output-limit stop once DOS and the video BIOS together printed --max-output.
  void stopAtOutputLimit();
  // Requests the stop and sends the CPU to wait in the ROM instead of returning from INT 10h.
  void waitAtOutputLimit();
  // Open DOS files (--dos-dir): each call opens the host file afresh, so this state copies into
  // snapshots and nothing stays open on the host.
  struct OpenFile { std::string hostPath; uint32_t position = 0; uint8_t mode = 0; };
  std::map<uint16_t, OpenFile> files;
  // Buffered input (INT 21h 0Ah, and 3Fh from the console) in progress.
  bool lineActive = false;
  std::string line;
  // INT 15h 86h in progress: the clock at which the wait ends.
  bool delayActive = false;
  uint64_t delayUntil = 0;
  // The console's line read by INT 21h 3Fh (handle 0): what is left of it for the next reads.
  std::string consoleLine;
  size_t consoleRead = 0;

private:
  void rom(uint16_t& at, std::initializer_list<uint8_t> bytes);
  uint16_t gate(uint16_t& at, Service s);
  void mouseIrq();
  void mouseVirtualScreen(int& width, int& height) const;
  void setEventHandler(uint16_t mask, uint16_t segment, uint16_t offset);
  void pollMouse();
  void int08();
  void int09();
  void int15();
  void int16(bool retry);
  void int1A();
  void int21(bool retry);
  void int33();
  bool dosFile(uint8_t ah);
  std::string hostPath(uint32_t nameAddress, bool mustExist, uint16_t& error);
  bool readKey(bool remove, uint16_t& key);
  bool waitForKey(uint16_t& key);
  bool editLine(unsigned max);
  void echo(uint8_t ch);
  // Notes (once) an .EXE's string function aimed at its PSP: DS never set to the program's data.
  void noteDataInPsp(const char* what);
  bool dataInPspNoted_ = false;
  void terminate(int code);
  void setStackedFlag(uint16_t flag, bool on);
  void setCarry(bool on);

  PcMachine* m_;
  std::map<uint32_t, Service> services_;
  uint16_t haltOffset_ = 0;
  uint16_t outputLimitOffset_ = 0;  // INT 10h's wait at the output limit (install())
  uint16_t handlerPointer_ = 0;  // F000:offset of the far pointer the IRQ4 routine calls through
};

}  // namespace asmlab::x86::pc
