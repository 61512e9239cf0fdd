// The mouse driver (INT 33h) and its interrupt (IRQ4), after the Microsoft Mouse Programmer's
// Reference: functions 00h-08h, 0Ah, 0Bh, 0Ch, 14h; the virtual screen; the software text cursor.
#include <algorithm>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "firmware.hpp"

namespace asmlab::x86::pc {

namespace {
constexpr uint32_t kBda = 0x400;
}  // namespace

// The virtual screen of the current mode (Microsoft Mouse Programmer's Reference, "Virtual
// screen"): 640 wide in every mode the adapter sets; 8 pixels per text row, so 200 in 25-line
// text and 400 with 50 lines; 480 in mode 12h, 350 in mode 10h, 200 in the other graphics modes.
void Firmware::mouseVirtualScreen(int& width, int& height) const {
  width = 640;
  if (!m_->video_->graphicsMode()) {
    height = (m_->read8(kBda + 0x84) + 1) * 8;
    if (height <= 8) height = 200;
  } else {
    const uint8_t mode = m_->video_->mode();
    height = mode == 0x12 ? 480 : mode == 0x10 ? 350 : 200;
  }
}

void Firmware::int33() {
  Cpu& cpu = m_->cpu_;
  const uint16_t ax = cpu.reg16(AX);
  auto cursorChanged = [&] {
    drawTextCursor();
    m_->video_->setPointerCursor({mouseShown == 0, mouseX, mouseY});
  };
  // Every function that moves, shows or hides the cursor or changes its shape first takes it off
  // the text screen (restoring the cell it saved), then draws it again where it now is.
  if (ax <= 0x02 || ax == 0x04 || ax == 0x07 || ax == 0x08 || ax == 0x0A) eraseTextCursor();
  switch (ax) {
    case 0x00: {
      // Reset: the cursor hidden in the centre of the virtual screen, limits the whole screen,
      // default text cursor masks, counters cleared, no event handler.
      int width = 640, height = 200;
      mouseVirtualScreen(width, height);
      mouseMinX = 0; mouseMaxX = width - 1; mouseMinY = 0; mouseMaxY = height - 1;
      mouseX = width / 2; mouseY = height / 2; mouseShown = -1;
      lastReportX = mouseX; lastReportY = mouseY;
      textScreenMask = kDefaultScreenMask;
      textCursorMask = kDefaultCursorMask;
      for (unsigned b = 0; b < 3; ++b) presses[b] = releases[b] = 0;
      handlerMask = 0;
      pendingConditions.clear();
      cpu.setReg16(AX, 0xFFFF);
      cpu.setReg16(BX, 2);
      cursorChanged();
      return;
    }
    case 0x01: if (mouseShown < 0) ++mouseShown; cursorChanged(); return;
    case 0x02: --mouseShown; cursorChanged(); return;
    case 0x03:
      pollMouse();
      cpu.setReg16(BX, static_cast<uint16_t>(mouseButtons));
      cpu.setReg16(CX, static_cast<uint16_t>(mouseX));
      cpu.setReg16(DX, static_cast<uint16_t>(mouseY));
      return;
    case 0x04:
      mouseX = std::clamp(static_cast<int>(static_cast<int16_t>(cpu.reg16(CX))), mouseMinX, mouseMaxX);
      mouseY = std::clamp(static_cast<int>(static_cast<int16_t>(cpu.reg16(DX))), mouseMinY, mouseMaxY);
      cursorChanged();
      return;
    case 0x05: case 0x06: {
      pollMouse();
      const unsigned b = std::min<unsigned>(cpu.reg16(BX), 2);
      cpu.setReg16(AX, static_cast<uint16_t>(mouseButtons));
      if (ax == 0x05) {
        cpu.setReg16(BX, static_cast<uint16_t>(presses[b])); presses[b] = 0;
        cpu.setReg16(CX, static_cast<uint16_t>(pressX[b])); cpu.setReg16(DX, static_cast<uint16_t>(pressY[b]));
      } else {
        cpu.setReg16(BX, static_cast<uint16_t>(releases[b])); releases[b] = 0;
        cpu.setReg16(CX, static_cast<uint16_t>(releaseX[b])); cpu.setReg16(DX, static_cast<uint16_t>(releaseY[b]));
      }
      return;
    }
    case 0x07: case 0x08: {
      int lo = static_cast<int16_t>(cpu.reg16(CX)), hi = static_cast<int16_t>(cpu.reg16(DX));
      if (lo > hi) std::swap(lo, hi);
      if (ax == 0x07) { mouseMinX = lo; mouseMaxX = hi; mouseX = std::clamp(mouseX, lo, hi); }
      else { mouseMinY = lo; mouseMaxY = hi; mouseY = std::clamp(mouseY, lo, hi); }
      cursorChanged();
      return;
    }
    case 0x0A:
      // Text cursor: BX=0 the software cursor with CX the screen mask and DX the cursor mask
      // (each a character/attribute word). The hardware cursor (BX=1) is not offered: the
      // software cursor stays with the masks it had.
      if (cpu.reg16(BX) == 0) {
        textScreenMask = cpu.reg16(CX);
        textCursorMask = cpu.reg16(DX);
      }
      cursorChanged();
      return;
    case 0x0B: {
      // Motion counters in mickeys since the last call (the driver's default 8 mickeys per 8 pixels
      // horizontally, 16 per 8 vertically).
      pollMouse();
      cpu.setReg16(CX, static_cast<uint16_t>(mouseX - lastReportX));
      cpu.setReg16(DX, static_cast<uint16_t>((mouseY - lastReportY) * 2));
      lastReportX = mouseX;
      lastReportY = mouseY;
      return;
    }
    case 0x0C:
      setEventHandler(cpu.reg16(CX), cpu.seg(ES), cpu.reg16(DX));
      pendingConditions.clear();
      return;
    case 0x14: {  // swap handlers: return the old one in CX, ES:DX
      const uint16_t oldMask = handlerMask, oldSeg = handlerSegment, oldOff = handlerOffset;
      setEventHandler(cpu.reg16(CX), cpu.seg(ES), cpu.reg16(DX));
      cpu.setReg16(CX, oldMask);
      cpu.setSeg(ES, oldSeg);
      cpu.setReg16(DX, oldOff);
      return;
    }
    default: return;
  }
}

// Reading the mouse (its state, its press or release counts, its motion) is polling for input:
// the next waiting event arrives now, and with the scripts used up the poll-idle rule ends the run
// (docs/pc-platform.md, "Input scripts").
void Firmware::pollMouse() {
  m_->programWaitsForInput();
  if (m_->pollIdleSince_ == UINT64_MAX) m_->pollIdleSince_ = m_->now();
}

void Firmware::setEventHandler(uint16_t mask, uint16_t segment, uint16_t offset) {
  handlerMask = mask;
  handlerSegment = segment;
  handlerOffset = offset;
  // The far pointer the ROM's IRQ4 routine calls through.
  const uint32_t p = PcMachine::linear(PcMachine::kBiosSegment, handlerPointer_);
  m_->memory_[p] = static_cast<uint8_t>(offset);
  m_->memory_[p + 1] = static_cast<uint8_t>(offset >> 8);
  m_->memory_[p + 2] = static_cast<uint8_t>(segment);
  m_->memory_[p + 3] = static_cast<uint8_t>(segment >> 8);
}

// ---- the software text cursor ---------------------------------------------------------------------
// Microsoft Mouse Programmer's Reference, function 0Ah: the cell under the cursor (character and
// attribute as one word) is saved, then replaced by (cell AND screen mask) XOR cursor mask; the
// default masks 77FFh and 7700h keep the character and invert the colours (blink and intensity
// bits cleared). The saved cell is put back before every move, show, hide or shape change.

void Firmware::eraseTextCursor() {
  if (textCursorAddress < 0) return;
  const auto at = static_cast<uint32_t>(textCursorAddress);
  m_->write8(at, static_cast<uint8_t>(textCursorSaved));
  m_->write8(at + 1, static_cast<uint8_t>(textCursorSaved >> 8));
  textCursorAddress = -1;
}

void Firmware::drawTextCursor() {
  if (mouseShown != 0 || m_->video_->graphicsMode() || textCursorAddress >= 0) return;
  // The cell on the active page: column = x * columns / 640 (x/8 in 80 columns, x/16 in 40),
  // row = y / 8.
  const unsigned columns = std::max<unsigned>(1, m_->read16(kBda + 0x4A));
  const unsigned rows = m_->read8(kBda + 0x84) + 1u;
  const unsigned column = static_cast<unsigned>(std::max(mouseX, 0)) * columns / 640;
  const unsigned row = static_cast<unsigned>(std::max(mouseY, 0)) / 8;
  if (column >= columns || row >= rows) return;
  const uint32_t pageOffset = m_->read16(kBda + 0x4E);
  const uint32_t at = 0xB8000 + ((pageOffset + (row * columns + column) * 2) & 0x7FFF);
  textCursorAddress = static_cast<int>(at);
  textCursorSaved = m_->read16(at);
  const auto shown = static_cast<uint16_t>((textCursorSaved & textScreenMask) ^ textCursorMask);
  m_->write8(at, static_cast<uint8_t>(shown));
  m_->write8(at + 1, static_cast<uint8_t>(shown >> 8));
}

// A video mode set or a font load rewrites or re-lays-out the text screen: the driver takes its
// cursor off before and puts it back after (in text modes), as the Microsoft driver, which hooks
// INT 10h, does.
//
// Characters the call prints count toward the output limit: a call that would pass it prints only
// the characters up to it (CX is cut for the call and given back after), and the run stops there.
// That call does not return to the program: it waits in the ROM (outputLimitOffset_), as a
// terminated program waits in the halt loop, so no instruction of the program runs after the
// limit. A call that does not reach the limit runs exactly as before: the same ROM routine
// (gate, IRET), the same clocks.
void Firmware::videoBiosCall() {
  Cpu& cpu = m_->cpu_;
  const uint8_t ah = cpu.reg8(AH);
  const uint32_t wanted = videoCharacters(ah, cpu.reg16(CX));
  const uint64_t room = m_->printed() < m_->outputLimit_ ? m_->outputLimit_ - m_->printed() : 0;
  if (wanted > 0 && room == 0) {
    waitAtOutputLimit();
    return;
  }
  const uint16_t count = cpu.reg16(CX);
  const bool cut = wanted > room;
  if (cut) cpu.setReg16(CX, static_cast<uint16_t>(room));
  const bool relayout = ah == 0x00 || ah == 0x11;
  if (relayout) eraseTextCursor();
  const uint8_t wantedMode = cpu.reg8(AL) & 0x7F;
  m_->video_->int10(cpu);
  if (ah == 0x00 && m_->video_->mode() != wantedMode)
    m_->note("video mode " + hexByte(wantedMode) + "h is not provided here: the screen stayed in mode " +
             hexByte(m_->video_->mode()) + "h (docs/pc-video.md lists the modes)");
  if (relayout) {
    drawTextCursor();
    m_->video_->setPointerCursor({mouseShown == 0, mouseX, mouseY});
  }
  if (cut) cpu.setReg16(CX, count);
  if (wanted == 0) return;
  m_->biosPrinted_ += std::min<uint64_t>(wanted, room);
  if (m_->printed() >= m_->outputLimit_) waitAtOutputLimit();
}

void Firmware::waitAtOutputLimit() {
  stopAtOutputLimit();
  Cpu& cpu = m_->cpu_;
  cpu.setSeg(CS, PcMachine::kBiosSegment);
  cpu.setIp(outputLimitOffset_);
}

uint32_t Firmware::videoCharacters(uint8_t ah, uint16_t cx) {
  switch (ah) {
    case 0x09: case 0x0A: case 0x13: return cx;
    case 0x0E: return 1;
    default: return 0;
  }
}

// ---- events ---------------------------------------------------------------------------------------

void Firmware::mouseChanged(uint16_t condition) {
  if ((handlerMask & condition) == 0 || (handlerSegment == 0 && handlerOffset == 0)) return;
  pendingConditions.push_back(static_cast<uint16_t>(handlerMask & condition));
  m_->pic_.raise(4);
}

void Firmware::mouseIrq() {
  Cpu& cpu = m_->cpu_;
  if (pendingConditions.empty()) { setCarry(false); return; }
  const uint16_t condition = pendingConditions.front();
  pendingConditions.erase(pendingConditions.begin());
  // Microsoft Mouse Programmer's Reference, function 0Ch: AX condition, BX buttons, CX/DX
  // position, SI/DI last raw motion; DS is the driver's (here the BIOS segment).
  cpu.setReg16(AX, condition);
  cpu.setReg16(BX, static_cast<uint16_t>(mouseButtons));
  cpu.setReg16(CX, static_cast<uint16_t>(mouseX));
  cpu.setReg16(DX, static_cast<uint16_t>(mouseY));
  cpu.setReg16(SI, 0);
  cpu.setReg16(DI, 0);
  setCarry(true);
  if (!pendingConditions.empty()) m_->pic_.raise(4);
}

}  // namespace asmlab::x86::pc
