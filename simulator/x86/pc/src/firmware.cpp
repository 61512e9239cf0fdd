// The ROM routines, the interrupt vector table and the native BIOS, DOS and mouse services.
// IBM PC Technical Reference (BIOS listing) for the BIOS data area and INT 08h/09h/16h/1Ah;
// MS-DOS Programmer's Reference for INT 21h; Microsoft Mouse Programmer's Reference for INT 33h.
#include "firmware.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "divide_error.hpp"

namespace asmlab::x86::pc {

namespace {
constexpr uint32_t kBda = 0x400;
constexpr uint16_t kRomStart = 0xE000;      // F000:E000, where the IBM BIOS code begins
constexpr uint16_t kDummyIret = 0xFF53;     // F000:FF53, the IBM BIOS's dummy IRET
constexpr uint32_t kTicksPerDay = 0x1800B0; // IBM BIOS: 1,573,040 ticks of 54.9 ms
uint8_t bcd(unsigned v) { return static_cast<uint8_t>(((v / 10) << 4) | (v % 10)); }
}  // namespace

void Firmware::rom(uint16_t& at, std::initializer_list<uint8_t> bytes) {
  for (uint8_t b : bytes) m_->memory_[PcMachine::linear(PcMachine::kBiosSegment, at++)] = b;
}

uint16_t Firmware::gate(uint16_t& at, Service s) {
  rom(at, {0xE6, static_cast<uint8_t>(PcMachine::kCallGatePort)});
  services_[PcMachine::linear(PcMachine::kBiosSegment, at)] = s;
  return at;
}

void Firmware::install() {
  auto& mem = m_->memory_;
  uint16_t at = kRomStart;
  std::map<uint8_t, uint16_t> vectors;
  // Simple services: gate, IRET.
  auto simple = [&](uint8_t vector, Service s) {
    vectors[vector] = at;
    gate(at, s);
    rom(at, {0xCF});
  };
  // Services that may wait for input: STI; L: gate; JNC done; HLT; JMP L; done: IRET.
  auto waiting = [&](uint8_t vector, Service s) {
    vectors[vector] = at;
    rom(at, {0xFB});
    gate(at, s);
    rom(at, {0x73, 0x03, 0xF4, 0xEB, 0xF9, 0xCF});
  };
  simple(0x00, Service::DivideError);
  simple(0x06, Service::Int06);
  // INT 08h: count the tick, call INT 1Ch (which programs hook), acknowledge IRQ0, return.
  vectors[0x08] = at;
  rom(at, {0x50, 0x1E});
  gate(at, Service::Int08);
  rom(at, {0xCD, 0x1C, 0xB0, 0x20, 0xE6, 0x20, 0x1F, 0x58, 0xCF});
  // INT 09h: read the scan code from port 60h, translate it, acknowledge IRQ1.
  vectors[0x09] = at;
  rom(at, {0x50, 0xE4, 0x60});
  gate(at, Service::Int09);
  rom(at, {0xB0, 0x20, 0xE6, 0x20, 0x58, 0xCF});
  simple(0x10, Service::Int10);
  simple(0x11, Service::Int11);
  simple(0x12, Service::Int12);
  waiting(0x16, Service::Int16);
  simple(0x1A, Service::Int1A);
  simple(0x20, Service::Int20);
  vectors[0x27] = vectors[0x20];  // terminate and stay resident (DOS 1): the program ends here too
  waiting(0x21, Service::Int21);
  simple(0x33, Service::Int33);
  // IRQ4 (INT 0Ch): the mouse driver calls the program's event handler with the registers set,
  // as the Microsoft driver does from its interrupt handler, then acknowledges the PIC.
  vectors[0x0C] = at;
  rom(at, {0x50, 0x53, 0x51, 0x52, 0x56, 0x57, 0x55, 0x1E, 0x06});  // push ax bx cx dx si di bp ds es
  gate(at, Service::MouseIrq);
  handlerPointer_ = static_cast<uint16_t>(at + 2 + 5 + 4 + 9 + 1);
  rom(at, {0x73, 0x05,                                                // jnc skip
           0x2E, 0xFF, 0x1E, static_cast<uint8_t>(handlerPointer_), static_cast<uint8_t>(handlerPointer_ >> 8)});  // call far cs:[ptr]
  rom(at, {0xB0, 0x20, 0xE6, 0x20});                                  // skip: EOI
  rom(at, {0x07, 0x1F, 0x5D, 0x5F, 0x5E, 0x5A, 0x59, 0x5B, 0x58});  // pop es ds bp di si dx cx bx ax
  rom(at, {0xCF});
  rom(at, {0, 0, 0, 0});  // the handler pointer
  // Where terminated programs rest: CLI; HLT; JMP $-2.
  haltOffset_ = at;
  rom(at, {0xFA, 0xF4, 0xEB, 0xFD});
  // Where an INT 10h call that reached the output limit waits instead of returning to the
  // program: the same CLI; HLT; JMP $-2, after every other routine so that none of them moves
  // (instruction fetch timing depends on their addresses).
  outputLimitOffset_ = at;
  rom(at, {0xFA, 0xF4, 0xEB, 0xFD});
  // INT 15h: STI; L: gate; JNC done; JMP L; done: IRET. A wait (86h) calls the gate again until
  // its time has come, the clock moving between calls as a halted CPU's does (PcMachine::idleUntil)
  // and the timer's interrupts taken on the way. Placed last, so that no other routine moves.
  vectors[0x15] = at;
  rom(at, {0xFB});
  gate(at, Service::Int15);
  rom(at, {0x73, 0x02, 0xEB, 0xFA, 0xCF});
  simple(0x29, Service::Int29);  // DOS's fast console output: AL to the screen, as 02h writes it
  // The dummy IRET every other vector points to, and the reset jump at FFFF:0000.
  uint16_t dummy = kDummyIret;
  rom(dummy, {0xCF});
  uint16_t reset = 0xFFF0;
  rom(reset, {0xEA, static_cast<uint8_t>(haltOffset_), static_cast<uint8_t>(haltOffset_ >> 8), 0x00, 0xF0});
  // Interrupt vector table.
  for (unsigned v = 0; v < 256; ++v) {
    const auto it = vectors.find(static_cast<uint8_t>(v));
    const uint16_t offset = it != vectors.end() ? it->second : kDummyIret;
    // Vectors 60h-67h are for user programs. INT 1Fh and 43h point at font tables: the video
    // adapter's power-on, which runs after this, sets them.
    mem[v * 4] = static_cast<uint8_t>(offset);
    mem[v * 4 + 1] = static_cast<uint8_t>(offset >> 8);
    mem[v * 4 + 2] = 0x00;
    mem[v * 4 + 3] = 0xF0;
  }
  // BIOS data area.
  auto w16 = [&](uint32_t a, uint16_t v) { mem[a] = static_cast<uint8_t>(v); mem[a + 1] = static_cast<uint8_t>(v >> 8); };
  w16(kBda + 0x10, 0x0021);  // equipment: diskette drive, 80x25 colour
  w16(kBda + 0x13, 640);     // KiB of memory
  w16(kBda + 0x1A, 0x001E);  // keyboard buffer head
  w16(kBda + 0x1C, 0x001E);  // and tail: empty
  w16(kBda + 0x80, 0x001E);
  w16(kBda + 0x82, 0x003E);
  const auto& o = m_->options_;
  const uint64_t seconds = uint64_t{o.hour} * 3600 + o.minute * 60 + o.second;
  // Rounded up so that INT 21h 2Ch reads back the start time itself, not a hundredth before it.
  const uint32_t ticks = static_cast<uint32_t>((seconds * 1193182 + 65535) / 65536);
  w16(kBda + 0x6C, static_cast<uint16_t>(ticks));
  w16(kBda + 0x6E, static_cast<uint16_t>(ticks >> 16));
  // Machine model byte F000:FFFE = FFh (PC).
  mem[0xFFFFE] = 0xFF;
}

void Firmware::setStackedFlag(uint16_t flag, bool on) {
  // The caller's FLAGS word, pushed by INT, is at SS:SP+4 (after IP and CS).
  Cpu& cpu = m_->cpu_;
  const uint32_t a = PcMachine::linear(cpu.seg(SS), static_cast<uint16_t>(cpu.reg16(SP) + 4));
  uint16_t f = m_->read16(a);
  f = on ? static_cast<uint16_t>(f | flag) : static_cast<uint16_t>(f & ~flag);
  m_->memory_[a & 0xFFFFF] = static_cast<uint8_t>(f);
  m_->memory_[(a + 1) & 0xFFFFF] = static_cast<uint8_t>(f >> 8);
}

void Firmware::setCarry(bool on) {
  // The CF the gate's JNC tests: set = not finished, wait and call again.
  Cpu& cpu = m_->cpu_;
  cpu.setFlags(on ? static_cast<uint16_t>(cpu.flags() | kCF) : static_cast<uint16_t>(cpu.flags() & ~kCF));
}

void Firmware::terminate(int code) {
  m_->exitCode_ = code;
  m_->stopRequested_ = true;
  m_->requestedReason_ = sim::StopReason::Halted;
  m_->requestedMessage_ = "the program exited with code " + std::to_string(code);
  Cpu& cpu = m_->cpu_;
  cpu.setSeg(CS, PcMachine::kBiosSegment);
  cpu.setIp(haltOffset_);
  cpu.endRunAfterThisInstruction();
}

void Firmware::call(uint32_t returnAddress) {
  const auto it = services_.find(returnAddress);
  if (it == services_.end()) return;
  Cpu& cpu = m_->cpu_;
  switch (it->second) {
    case Service::DivideError: {
      const uint16_t sp = cpu.reg16(SP);
      const uint16_t ip = m_->read16(PcMachine::linear(cpu.seg(SS), sp));
      const uint16_t cs = m_->read16(PcMachine::linear(cpu.seg(SS), static_cast<uint16_t>(sp + 2)));
      char where[32];
      std::snprintf(where, sizeof where, "%04X:%04X", cs, ip);
      // DOS's own INT 0 handler prints "Divide overflow" and ends the program.
      for (char c : std::string("Divide overflow\r\n")) echo(static_cast<uint8_t>(c));
      terminate(0);
      m_->requestedReason_ = sim::StopReason::Exception;
      m_->requestedMessage_ = std::string("divide error (INT 0) before ") + where;
      // The CPU's own divide error, not a program's INT 0: say what was divided.
      const Cpu::DivideFault& fault = cpu.lastDivideFault();
      if (fault.exception != 0 && fault.exception == cpu.exceptionCount() && fault.cs == cs && fault.ip == ip)
        m_->requestedMessage_ += ": " + explainDivideFault(fault);
      return;
    }
    case Service::Int06: {
      m_->stopRequested_ = true;
      terminate(0);
      m_->requestedReason_ = sim::StopReason::Exception;
      m_->requestedMessage_ = "invalid opcode (INT 6)";
      return;
    }
    case Service::Int08: int08(); return;
    case Service::Int09: int09(); return;
    case Service::Int10: videoBiosCall(); return;
    case Service::Int29:
      echo(cpu.reg8(AL));
      return;
    case Service::Int11: cpu.setReg16(AX, m_->read16(kBda + 0x10)); return;
    case Service::Int12: cpu.setReg16(AX, m_->read16(kBda + 0x13)); return;
    case Service::Int16: int16(false); return;
    case Service::Int15:
      int15();
      return;
    case Service::Int1A: int1A(); return;
    case Service::Int20: terminate(0); return;
    case Service::Int21:
      int21(false);
      // Output that reached the limit: the gate waits (HLT) instead of returning to the program.
      if (m_->stopRequested_ && m_->requestedReason_ == sim::StopReason::OutputLimit) setCarry(true);
      return;
    case Service::Int33: int33(); return;
    case Service::MouseIrq: mouseIrq(); return;
    default: return;
  }
}

// DOS starts an .EXE with DS = ES = the PSP's segment (MS-DOS Programmer's Reference, "EXE
// programs"); its data is elsewhere until the program loads DS. A string or buffer in the PSP is
// almost always a program that forgot to, and its output is then whatever the PSP holds.
void Firmware::noteDataInPsp(const char* what) {
  const Cpu& cpu = m_->cpu_;
  const LoadedImage& image = m_->image();
  if (dataInPspNoted_ || image.cs == image.pspSegment || cpu.seg(DS) != image.pspSegment) return;
  dataInPspNoted_ = true;
  char where[16];
  std::snprintf(where, sizeof where, "%04X:%04Xh", cpu.seg(DS), cpu.reg16(DX));
  m_->note("INT 21h function " + hexByte(cpu.reg8(AH)) + "h " + what + " DS:DX = " + where +
           ", in the PSP: DS still holds the segment DOS starts an .EXE with, not the program's data "
           "(MOV AX, @data / MOV DS, AX sets it)");
}

void Firmware::int08() {
  uint32_t ticks = m_->read16(kBda + 0x6C) | (uint32_t{m_->read16(kBda + 0x6E)} << 16);
  if (++ticks >= kTicksPerDay) {
    ticks = 0;
    m_->memory_[kBda + 0x70] = 1;  // midnight passed
  }
  m_->write16(kBda + 0x6C, static_cast<uint16_t>(ticks));
  m_->write16(kBda + 0x6E, static_cast<uint16_t>(ticks >> 16));
}

void Firmware::int09() {
  const uint8_t code = m_->cpu_.reg8(AL);
  uint8_t& shifts = m_->memory_[kBda + 0x17];
  const bool release = code & 0x80;
  const uint8_t scan = code & 0x7F;
  auto shiftBit = [&](uint8_t bit) {
    if (release) shifts = static_cast<uint8_t>(shifts & ~bit);
    else shifts = static_cast<uint8_t>(shifts | bit);
  };
  switch (scan) {
    case 0x36: shiftBit(0x01); return;
    case 0x2A: shiftBit(0x02); return;
    case 0x1D: shiftBit(0x04); return;
    case 0x38: shiftBit(0x08); return;
    case 0x3A: if (!release) shifts ^= 0x40; return;
    case 0x45: if (!release) shifts ^= 0x20; return;
    case 0x46: if (!release) shifts ^= 0x10; return;
    default: break;
  }
  if (release) return;
  const bool shift = shifts & 0x03, ctrl = shifts & 0x04, alt = shifts & 0x08, caps = shifts & 0x40;
  uint8_t ascii = asciiForScan(scan, shift);
  const bool letter = (ascii >= 'a' && ascii <= 'z') || (ascii >= 'A' && ascii <= 'Z');
  if (letter && caps) ascii = asciiForScan(scan, !shift);
  uint8_t outScan = scan;
  if (alt) ascii = 0;
  else if (ctrl) ascii = letter ? static_cast<uint8_t>(ascii & 0x1F) : scan == 0x1C ? 0x0A : 0;
  if (shift && scan >= 0x3B && scan <= 0x44) outScan = static_cast<uint8_t>(scan + 0x19);  // Shift+F1..F10: 54h-5Dh
  if (ascii == 0 && asciiForScan(scan, false) == 0 && (scan < 0x3B || scan > 0x53)) return;  // no key code
  const uint16_t tail = m_->read16(kBda + 0x1C);
  uint16_t next = static_cast<uint16_t>(tail + 2);
  if (next >= 0x3E) next = 0x1E;
  if (next == m_->read16(kBda + 0x1A)) return;  // buffer full: the BIOS beeps and drops the key
  m_->write16(kBda + tail, static_cast<uint16_t>((outScan << 8) | ascii));
  m_->write16(kBda + 0x1C, next);
}

// Function 0Ah's line editing, up to `max` - 1 characters (a full buffer beeps), Backspace
// erasing: false while the line is unfinished and the CPU waits for a key (the gate calls again).
bool Firmware::editLine(unsigned max) {
  if (!lineActive) {
    lineActive = true;
    line.clear();
  }
  uint16_t key = 0;
  for (;;) {
    if (!waitForKey(key)) return false;
    const uint8_t c = static_cast<uint8_t>(key);
    if (c == 0x0D) break;
    if (c == 0x08) {
      if (!line.empty()) {
        line.pop_back();
        echo(0x08);
        echo(' ');
        echo(0x08);
      }
      continue;
    }
    if (c == 0) continue;
    if (max == 0 || line.size() + 1 >= max) {  // the buffer is full: a beep, and the key is dropped
      echo(0x07);
      continue;
    }
    line += static_cast<char>(c);
    echo(c);
  }
  lineActive = false;
  return true;
}

// A blocking read's key, or false with the CPU sent to wait in the ROM's HLT loop (the gate calls
// again when an interrupt wakes it); a blocking wait is reported by the waiting rule, not the
// polling one.
bool Firmware::waitForKey(uint16_t& key) {
  if (!readKey(true, key)) {
    m_->waitingForInput_ = true;
    m_->pollIdleSince_ = UINT64_MAX;
    setCarry(true);
    return false;
  }
  m_->waitingForInput_ = false;
  return true;
}

bool Firmware::readKey(bool remove, uint16_t& key) {
  const uint16_t head = m_->read16(kBda + 0x1A);
  const uint16_t tail = m_->read16(kBda + 0x1C);
  if (head == tail || head < 0x1E || head >= 0x3E) {
    m_->programWaitsForInput();
    if (m_->pollIdleSince_ == UINT64_MAX) m_->pollIdleSince_ = m_->now();
    return false;
  }
  m_->pollIdleSince_ = UINT64_MAX;
  key = m_->read16(kBda + head);
  if (remove) {
    uint16_t next = static_cast<uint16_t>(head + 2);
    if (next >= 0x3E) next = 0x1E;
    m_->write16(kBda + 0x1A, next);
  }
  return true;
}

// INT 15h, the AT BIOS's system services, of which course programs use the wait: 86h waits CX:DX
// microseconds (IBM PC AT Technical Reference; programs written under DOSBox pace games with it).
// The other functions answer as a PC's BIOS, which has none of them: CF set, AH = 86h.
void Firmware::int15() {
  Cpu& cpu = m_->cpu_;
  setCarry(false);  // the gate's: done unless still waiting
  if (cpu.reg8(AH) != 0x86) {
    cpu.setReg8(AH, 0x86);
    setStackedFlag(kCF, true);
    return;
  }
  const uint64_t now = m_->now();
  if (!delayActive) {
    const uint64_t micros = (uint64_t{cpu.reg16(CX)} << 16) | cpu.reg16(DX);
    delayActive = true;
    delayUntil = now + (micros * m_->options_.clocksPerSecond + 999999) / 1000000;
  }
  if (now < delayUntil) {
    m_->idleUntil(delayUntil);
    setCarry(true);
    return;
  }
  delayActive = false;
  cpu.setReg8(AH, 0);
  setStackedFlag(kCF, false);
}

void Firmware::int16(bool) {
  Cpu& cpu = m_->cpu_;
  const uint8_t ah = cpu.reg8(AH);
  uint16_t key = 0;
  setCarry(false);
  switch (ah) {
    case 0x00: case 0x10:
      if (waitForKey(key)) cpu.setReg16(AX, key);
      return;
    case 0x01: case 0x11: {
      const bool available = readKey(false, key);
      if (available) cpu.setReg16(AX, key);
      setStackedFlag(kZF, !available);
      return;
    }
    case 0x02: case 0x12:
      cpu.setReg8(AL, m_->memory_[kBda + 0x17]);
      return;
    default: return;
  }
}

void Firmware::int1A() {
  Cpu& cpu = m_->cpu_;
  const uint32_t ticks = m_->read16(kBda + 0x6C) | (uint32_t{m_->read16(kBda + 0x6E)} << 16);
  switch (cpu.reg8(AH)) {
    case 0x00:
      cpu.setReg16(CX, static_cast<uint16_t>(ticks >> 16));
      cpu.setReg16(DX, static_cast<uint16_t>(ticks));
      cpu.setReg8(AL, m_->memory_[kBda + 0x70]);
      m_->memory_[kBda + 0x70] = 0;
      return;
    case 0x01:
      m_->write16(kBda + 0x6C, cpu.reg16(DX));
      m_->write16(kBda + 0x6E, cpu.reg16(CX));
      return;
    case 0x02: {
      const uint64_t s = uint64_t{ticks} * 65536 / 1193182;
      cpu.setReg8(CH, bcd(static_cast<unsigned>(s / 3600)));
      cpu.setReg8(CL, bcd(static_cast<unsigned>(s / 60 % 60)));
      cpu.setReg8(DH, bcd(static_cast<unsigned>(s % 60)));
      cpu.setReg8(DL, 0);
      setStackedFlag(kCF, false);
      return;
    }
    case 0x04: {
      const auto& o = m_->options_;
      cpu.setReg8(CH, bcd(o.year / 100));
      cpu.setReg8(CL, bcd(o.year % 100));
      cpu.setReg8(DH, bcd(o.month));
      cpu.setReg8(DL, bcd(o.day));
      setStackedFlag(kCF, false);
      return;
    }
    default: return;
  }
}

void Firmware::echo(uint8_t ch) {
  // The output limit is exact: the byte that reaches it is the last one written, to the output
  // and to the screen, and the run stops there (int21 makes its gate wait, so no instruction of the
  // program runs after it).
  if (m_->printed() >= m_->outputLimit_) return;
  m_->output_ += static_cast<char>(ch);
  m_->video_->teletype(m_->systemBus(), ch);
  stopAtOutputLimit();
}

void Firmware::stopAtOutputLimit() {
  if (m_->printed() >= m_->outputLimit_ && !m_->stopRequested_) {
    m_->stopRequested_ = true;
    m_->requestedReason_ = sim::StopReason::OutputLimit;
    m_->requestedMessage_ = m_->outputLimitMessage();
    m_->cpu_.endRunAfterThisInstruction();
  }
}

void Firmware::int21(bool) {
  Cpu& cpu = m_->cpu_;
  const uint8_t ah = cpu.reg8(AH);
  setCarry(false);
  uint16_t key = 0;
  auto blockingRead = [&](bool echoIt) {
    if (!waitForKey(key)) return false;
    const uint8_t ascii = static_cast<uint8_t>(key);
    // An extended key returns 0 now and its scan code on the next read (MS-DOS 01h/07h/08h).
    if (ascii == 0) {
      uint16_t head = m_->read16(kBda + 0x1A);
      head = static_cast<uint16_t>(head == 0x1E ? 0x3C : head - 2);
      m_->write16(kBda + 0x1A, head);
      m_->write16(kBda + head, static_cast<uint16_t>(key >> 8));
      cpu.setReg8(AL, 0);
      return true;
    }
    if (echoIt) echo(ascii);
    cpu.setReg8(AL, ascii);
    return true;
  };
  const uint32_t dsdx = PcMachine::linear(cpu.seg(DS), cpu.reg16(DX));
  switch (ah) {
    case 0x00: terminate(0); return;
    case 0x01: blockingRead(true); return;
    case 0x02: echo(cpu.reg8(DL)); cpu.setReg8(AL, cpu.reg8(DL)); return;
    case 0x06:
      if (cpu.reg8(DL) == 0xFF) {
        const bool available = readKey(true, key);
        cpu.setReg8(AL, available ? static_cast<uint8_t>(key) : 0);
        setStackedFlag(kZF, !available);
      } else {
        echo(cpu.reg8(DL));
        cpu.setReg8(AL, cpu.reg8(DL));
      }
      return;
    case 0x07: case 0x08: blockingRead(false); return;
    case 0x09: {
      noteDataInPsp("printed the string at");
      for (uint32_t i = 0; i < 0x10000; ++i) {
        const uint8_t c = m_->read8(PcMachine::linear(cpu.seg(DS), static_cast<uint16_t>(cpu.reg16(DX) + i)));
        if (c == '$' || m_->printed() >= m_->outputLimit_) break;
        echo(c);
      }
      cpu.setReg8(AL, '$');
      return;
    }
    case 0x0A: {
      noteDataInPsp("read a line into the buffer at");
      if (!editLine(m_->read8(dsdx))) return;
      echo(0x0D);
      for (size_t i = 0; i < line.size(); ++i) m_->write8(dsdx + 2 + static_cast<uint32_t>(i), static_cast<uint8_t>(line[i]));
      m_->write8(dsdx + 2 + static_cast<uint32_t>(line.size()), 0x0D);
      m_->write8(dsdx + 1, static_cast<uint8_t>(line.size()));
      return;
    }
    case 0x3F:
      if (cpu.reg16(BX) == 0) {
        // Standard input is the console: DOS reads a line with 0Ah's editing into its 128-byte
        // buffer, echoes CR LF, and hands out the line with CR LF at its end, CX bytes a call; what
        // a call leaves is the next call's (Ralf Brown's Interrupt List, INT 21h AH=3Fh).
        if (consoleRead >= consoleLine.size()) {
          if (!editLine(128)) return;
          echo(0x0D);
          echo(0x0A);
          consoleLine = line + "\r\n";
          consoleRead = 0;
        }
        const auto count = static_cast<uint16_t>(std::min<size_t>(cpu.reg16(CX), consoleLine.size() - consoleRead));
        for (uint16_t i = 0; i < count; ++i)
          m_->write8(PcMachine::linear(cpu.seg(DS), static_cast<uint16_t>(cpu.reg16(DX) + i)),
                     static_cast<uint8_t>(consoleLine[consoleRead + i]));
        consoleRead += count;
        cpu.setReg16(AX, count);
        setStackedFlag(kCF, false);
        return;
      }
      if (!dosFile(ah)) {
        cpu.setReg16(AX, 5);
        setStackedFlag(kCF, true);
      }
      return;
    case 0x0B: cpu.setReg8(AL, readKey(false, key) ? 0xFF : 0x00); return;
    case 0x0C: {
      m_->write16(kBda + 0x1A, m_->read16(kBda + 0x1C));
      const uint8_t al = cpu.reg8(AL);
      if (al == 0x01 || al == 0x06 || al == 0x07 || al == 0x08 || al == 0x0A) {
        cpu.setReg8(AH, al);
        int21(true);
        // Still waiting: AH keeps the inner function, so the gate's retry does not flush again a
        // key that arrives meanwhile. Done: AH is 0Ch again, as the caller set it.
        if (!(cpu.flags() & kCF)) cpu.setReg8(AH, 0x0C);
      }
      return;
    }
    case 0x0E: cpu.setReg8(AL, 5); return;
    case 0x19: cpu.setReg8(AL, 2); return;
    case 0x1A: dta = dsdx; return;
    case 0x25:
      m_->write16(uint32_t{cpu.reg8(AL)} * 4, cpu.reg16(DX));
      m_->write16(uint32_t{cpu.reg8(AL)} * 4 + 2, cpu.seg(DS));
      return;
    case 0x2A: {
      const auto& o = m_->options_;
      // Day of the week (0 = Sunday) by Sakamoto's method.
      static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
      int y = static_cast<int>(o.year);
      if (o.month < 3) y -= 1;
      const int dow = (y + y / 4 - y / 100 + y / 400 + t[o.month - 1] + static_cast<int>(o.day)) % 7;
      cpu.setReg16(CX, static_cast<uint16_t>(o.year));
      cpu.setReg8(DH, static_cast<uint8_t>(o.month));
      cpu.setReg8(DL, static_cast<uint8_t>(o.day));
      cpu.setReg8(AL, static_cast<uint8_t>(dow));
      return;
    }
    case 0x2C: {
      // DOS derives the time from the BIOS tick count: 1193182 / 65536 ticks per second.
      const uint32_t ticks = m_->read16(kBda + 0x6C) | (uint32_t{m_->read16(kBda + 0x6E)} << 16);
      const uint64_t centis = uint64_t{ticks} * 65536 * 100 / 1193182;
      cpu.setReg8(CH, static_cast<uint8_t>(centis / 360000));
      cpu.setReg8(CL, static_cast<uint8_t>(centis / 6000 % 60));
      cpu.setReg8(DH, static_cast<uint8_t>(centis / 100 % 60));
      cpu.setReg8(DL, static_cast<uint8_t>(centis % 100));
      return;
    }
    case 0x2F: cpu.setSeg(ES, static_cast<uint16_t>(dta >> 4)); cpu.setReg16(BX, static_cast<uint16_t>(dta & 0xF)); return;
    case 0x30: cpu.setReg16(AX, 0x0005); cpu.setReg16(BX, 0); cpu.setReg16(CX, 0); return;  // MS-DOS 5.00
    case 0x33: cpu.setReg8(DL, 0); return;
    case 0x35: {
      const uint32_t v = uint32_t{cpu.reg8(AL)} * 4;
      cpu.setReg16(BX, m_->read16(v));
      cpu.setSeg(ES, m_->read16(v + 2));
      return;
    }
    case 0x40: {
      const uint16_t handle = cpu.reg16(BX);
      if (handle == 1 || handle == 2) {
        uint16_t written = 0;
        for (; written < cpu.reg16(CX) && m_->printed() < m_->outputLimit_; ++written)
          echo(m_->read8(PcMachine::linear(cpu.seg(DS), static_cast<uint16_t>(cpu.reg16(DX) + written))));
        cpu.setReg16(AX, written);
        setStackedFlag(kCF, false);
        return;
      }
      if (!dosFile(ah)) { cpu.setReg16(AX, 6); setStackedFlag(kCF, true); }
      return;
    }
    case 0x48: case 0x49: case 0x4A: {
      // The arena: blocks keyed by segment (the segment handed to the program).
      auto largestFree = [&] {
        uint16_t best = 0;
        for (const auto& [seg, b] : arena) if (!b.used && b.size > best) best = b.size;
        return best;
      };
      auto merge = [&] {
        for (auto i = arena.begin(); i != arena.end();) {
          auto n = std::next(i);
          if (n == arena.end()) break;
          if (!i->second.used && !n->second.used && i->first + i->second.size == n->first) {
            i->second.size = static_cast<uint16_t>(i->second.size + n->second.size);
            arena.erase(n);
          } else {
            i = n;
          }
        }
      };
      const uint16_t bx = cpu.reg16(BX);
      if (ah == 0x48) {
        for (auto& [seg, b] : arena) {
          if (b.used || b.size < bx) continue;
          if (b.size > bx) arena[static_cast<uint16_t>(seg + bx)] = {static_cast<uint16_t>(b.size - bx), false};
          b = {bx, true};
          cpu.setReg16(AX, seg);
          setStackedFlag(kCF, false);
          return;
        }
        cpu.setReg16(AX, 8);
        cpu.setReg16(BX, largestFree());
        setStackedFlag(kCF, true);
        return;
      }
      const auto it = arena.find(cpu.seg(ES));
      if (it == arena.end() || !it->second.used) { cpu.setReg16(AX, 9); setStackedFlag(kCF, true); return; }
      if (ah == 0x49) {
        it->second.used = false;
        merge();
        setStackedFlag(kCF, false);
        return;
      }
      // 4Ah: shrink, or grow into the free block right after.
      const uint16_t seg = it->first;
      it->second.used = false;
      merge();
      auto& block = arena[seg];
      if (block.size < bx) {
        block.used = true;
        cpu.setReg16(AX, 8);
        cpu.setReg16(BX, block.size);
        setStackedFlag(kCF, true);
        return;
      }
      if (block.size > bx) arena[static_cast<uint16_t>(seg + bx)] = {static_cast<uint16_t>(block.size - bx), false};
      arena[seg] = {bx, true};
      setStackedFlag(kCF, false);
      return;
    }
    case 0x31:  // terminate and stay resident: the run ends; what it hooked stays in memory
      terminate(cpu.reg8(AL));
      m_->requestedMessage_ = "the program stayed resident (INT 21h 31h) with code " + std::to_string(cpu.reg8(AL));
      return;
    case 0x4C: terminate(cpu.reg8(AL)); return;
    case 0x4D: cpu.setReg16(AX, 0); return;
    case 0x51: case 0x62: cpu.setReg16(BX, currentPsp); return;
    default:
      if (ah >= 0x3C && ah <= 0x42) {
        if (!dosFile(ah)) { cpu.setReg16(AX, 5); setStackedFlag(kCF, true); }
        return;
      }
      // Unsupported functions return AL = 0 as DOS does for unknown calls.
      m_->note("INT 21h function " + hexByte(ah) + "h is not provided here: it returned AL=0 and did nothing");
      cpu.setReg8(AL, 0);
      return;
  }
}

// The host file for the ASCIIZ DOS name at `nameAddress`, inside the --dos-dir directory: a drive
// letter is ignored, backslashes separate directories, ".." and absolute host paths are refused, and
// names match case-insensitively as DOS names do. Empty (with a DOS error code) when refused.
std::string Firmware::hostPath(uint32_t nameAddress, bool mustExist, uint16_t& error) {
  namespace fs = std::filesystem;
  std::string name;
  for (uint32_t i = 0; i < 128; ++i) {
    const uint8_t c = m_->read8(nameAddress + i);
    if (c == 0) break;
    name += static_cast<char>(c);
  }
  if (name.size() >= 2 && name[1] == ':') name = name.substr(2);
  fs::path path = m_->options_.dosDirectory;
  std::string part;
  std::vector<std::string> parts;
  for (char c : name + "\\") {
    if (c == '\\' || c == '/') {
      if (!part.empty()) parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  if (parts.empty()) { error = 3; return {}; }
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string& p = parts[i];
    if (p == "." ) continue;
    if (p == "..") { error = 5; return {}; }
    // Case-insensitive match against what is there.
    fs::path exact = path / p;
    std::error_code ec;
    if (!fs::exists(exact, ec) && fs::is_directory(path, ec)) {
      for (const auto& entry : fs::directory_iterator(path, ec)) {
        const std::string candidate = entry.path().filename().string();
        if (candidate.size() == p.size() &&
            std::equal(candidate.begin(), candidate.end(), p.begin(), [](char a, char b) {
              return std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b));
            })) {
          exact = entry.path();
          break;
        }
      }
    }
    path = exact;
    if (i + 1 < parts.size() && !fs::is_directory(path, ec)) { error = 3; return {}; }
  }
  std::error_code ec;
  if (mustExist && !fs::is_regular_file(path, ec)) { error = 2; return {}; }
  return path.string();
}

bool Firmware::dosFile(uint8_t ah) {
  // File services are off unless the user names a directory (--dos-dir).
  if (m_->options_.dosDirectory.empty()) return false;
  Cpu& cpu = m_->cpu_;
  const uint32_t dsdx = PcMachine::linear(cpu.seg(DS), cpu.reg16(DX));
  constexpr uint32_t kMaxFileSize = 16u << 20;
  auto fail = [&](uint16_t code) { cpu.setReg16(AX, code); setStackedFlag(kCF, true); return true; };
  auto ok = [&] { setStackedFlag(kCF, false); return true; };
  auto newHandle = [&]() -> int {
    for (uint16_t h = 5; h < 20; ++h) if (files.find(h) == files.end()) return h;
    return -1;
  };
  uint16_t error = 0;
  switch (ah) {
    case 0x3C: case 0x3D: {
      const std::string path = hostPath(dsdx, ah == 0x3D, error);
      if (path.empty()) return fail(error);
      const int h = newHandle();
      if (h < 0) return fail(4);
      if (ah == 0x3C) {
        std::ofstream create(path, std::ios::binary | std::ios::trunc);
        if (!create) return fail(5);
      }
      files[static_cast<uint16_t>(h)] = {path, 0, static_cast<uint8_t>(ah == 0x3C ? 2 : (cpu.reg8(AL) & 3))};
      cpu.setReg16(AX, static_cast<uint16_t>(h));
      return ok();
    }
    case 0x3E: {
      if (files.erase(cpu.reg16(BX)) == 0) return fail(6);
      return ok();
    }
    case 0x3F: case 0x40: {
      const auto it = files.find(cpu.reg16(BX));
      if (it == files.end()) return fail(6);
      OpenFile& f = it->second;
      const uint16_t count = cpu.reg16(CX);
      if (ah == 0x3F) {
        if (f.mode == 1) return fail(5);
        std::ifstream in(f.hostPath, std::ios::binary);
        if (!in) return fail(5);
        in.seekg(f.position);
        std::vector<char> buffer(count);
        in.read(buffer.data(), count);
        const auto got = static_cast<uint16_t>(in.gcount());
        for (uint16_t i = 0; i < got; ++i)
          m_->write8(PcMachine::linear(cpu.seg(DS), static_cast<uint16_t>(cpu.reg16(DX) + i)), static_cast<uint8_t>(buffer[i]));
        f.position += got;
        cpu.setReg16(AX, got);
        return ok();
      }
      if (f.mode == 0) return fail(5);
      namespace fs = std::filesystem;
      std::error_code ec;
      const auto size = static_cast<uint32_t>(fs::file_size(f.hostPath, ec));
      if (count == 0) {  // writing zero bytes truncates (or extends) the file at the position
        fs::resize_file(f.hostPath, f.position, ec);
        cpu.setReg16(AX, 0);
        return ok();
      }
      if (f.position + count > kMaxFileSize) return fail(5);
      if (f.position > size) fs::resize_file(f.hostPath, f.position, ec);
      std::fstream out(f.hostPath, std::ios::binary | std::ios::in | std::ios::out);
      if (!out) return fail(5);
      out.seekp(f.position);
      std::string data;
      for (uint16_t i = 0; i < count; ++i)
        data += static_cast<char>(m_->read8(PcMachine::linear(cpu.seg(DS), static_cast<uint16_t>(cpu.reg16(DX) + i))));
      out.write(data.data(), count);
      if (!out) return fail(5);
      f.position += count;
      cpu.setReg16(AX, count);
      return ok();
    }
    case 0x41: {
      const std::string path = hostPath(dsdx, true, error);
      if (path.empty()) return fail(error);
      std::error_code ec;
      if (!std::filesystem::remove(path, ec)) return fail(5);
      return ok();
    }
    case 0x42: {
      const auto it = files.find(cpu.reg16(BX));
      if (it == files.end()) return fail(6);
      OpenFile& f = it->second;
      const auto offset = static_cast<int32_t>((uint32_t{cpu.reg16(CX)} << 16) | cpu.reg16(DX));
      std::error_code ec;
      const auto size = static_cast<int64_t>(std::filesystem::file_size(f.hostPath, ec));
      int64_t base = 0;
      switch (cpu.reg8(AL)) {
        case 0: base = 0; break;
        case 1: base = f.position; break;
        case 2: base = ec ? 0 : size; break;
        default: return fail(1);
      }
      const int64_t target = base + offset;
      if (target < 0 || target > kMaxFileSize) return fail(0x19);
      f.position = static_cast<uint32_t>(target);
      cpu.setReg16(AX, static_cast<uint16_t>(f.position));
      cpu.setReg16(DX, static_cast<uint16_t>(f.position >> 16));
      return ok();
    }
    default: return false;
  }
}
}  // namespace asmlab::x86::pc
