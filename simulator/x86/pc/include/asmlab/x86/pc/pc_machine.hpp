// The IBM PC (5150/5160 class, 8086 or 8088 at 4.77 MHz) as an asmlab::sim::Machine: 640 KiB of
// RAM, the video adapter at A0000h-BFFFFh, the BIOS ROM at F0000h, the 8259A PIC, 8253 PIT, 8255
// PPI with the speaker and the keyboard, and firmware (BIOS, DOS, mouse driver) implemented natively
// behind a call gate in the ROM (docs/pc-platform.md). Deterministic: every device derives its time
// from the CPU clock, and input comes from scripts.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/sim/capabilities.hpp"
#include "asmlab/sim/device_inspector.hpp"
#include "asmlab/sim/machine.hpp"
#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/pc/emu8086_devices.hpp"
#include "asmlab/x86/pc/input_script.hpp"
#include "asmlab/x86/pc/pic.hpp"
#include "asmlab/x86/pc/pit.hpp"
#include "asmlab/x86/pc/speaker.hpp"
#include "asmlab/x86/pc/video_card.hpp"

namespace asmlab::x86::pc {

struct PcOptions {
  CpuModel cpu = CpuModel::i8086;
  // Manual: the Intel manual's clocks per instruction (fast). Cycle (8086/8088): the bus interface
  // unit clock by clock, with the PC's DMA memory refresh and one I/O wait state.
  TimingModel timing = TimingModel::Manual;
  uint64_t clocksPerSecond = 4772727;  // 14.31818 MHz / 3
  // Where DOS file functions (3Ch-42h) may read and write; empty = file services refused.
  std::string dosDirectory;
  // A program that polls for input (INT 16h 01h, INT 21h 06h/0Bh) while no scripted input is left
  // and input is closed stops with WaitingForInput after this many simulated seconds of polling.
  double pollIdleSeconds = 5.0;
  // The simulated date and time at power-on (INT 21h 2Ah/2Ch, INT 1Ah 02h/04h, the tick count).
  unsigned year = 2000, month = 1, day = 1, hour = 8, minute = 0, second = 0;
  // HLT in the program (not in the ROM's waits) ends the run, as emu8086 stops there; on a PC the
  // next timer tick wakes the CPU and it runs on past the HLT. Set for emu8086's programs.
  bool haltEndsProgram = false;
  // emu8086's virtual devices (thermometer, stepper motor, robot, printer...) on the ports no PC
  // device decodes, which read back what was last written there, as in emu8086 (emu8086_devices.hpp).
  // Set for emu8086's programs; otherwise such ports read FFh, as on a PC.
  bool emu8086Devices = false;
  // The time those devices see: 0 = the CPU's clock; N = N ms for every instruction, as emu8086
  // runs a program with its step delay set to N (its robot sample is written for slow runs).
  unsigned emu8086StepDelayMs = 0;
};

// What a loaded program looks like to the loader's caller.
struct LoadedImage {
  uint16_t pspSegment = 0;
  uint16_t cs = 0, ip = 0, ss = 0, sp = 0;
};

class PcMachine final : public sim::Machine,
                        public sim::TextScreen,
                        public sim::FrameBuffer,
                        public sim::SpeakerLog,
                        public sim::PortLog,
                        public sim::ClockRate,
                        public sim::PointerInput,
                        public sim::ScanCodeKeyboard,
                        public sim::DeviceInspector,
                        private ClockSource {
public:
  static constexpr uint32_t kMemorySize = 0x100000;
  static constexpr uint16_t kPspSegment = 0x1000;   // where programs are loaded (docs/pc-platform.md)
  static constexpr uint16_t kEnvSegment = 0x0FE0;
  static constexpr uint16_t kTopSegment = 0xA000;   // 640 KiB
  static constexpr uint16_t kBiosSegment = 0xF000;
  static constexpr uint16_t kCallGatePort = 0xE0;   // OUT 0E0h, AL from ROM = native service

  // `video` may be null: a minimal 80x25 text adapter is used (tests; pc-video's VGA replaces it).
  explicit PcMachine(const PcOptions& options = {}, std::unique_ptr<VideoCard> video = nullptr);
  ~PcMachine() override;

  // ---- loading ----
  // Loads a .COM image or an MZ .EXE (detected by the "MZ"/"ZM" signature), builds the PSP with
  // `commandTail` and the environment, and sets the registers as DOS would.
  bool loadProgram(const std::vector<uint8_t>& file, const std::string& programName, const std::string& commandTail,
                   std::string& error);
  const LoadedImage& image() const { return image_; }
  // The first byte after each of the program's code segments (linear), with the segment's name:
  // the first time the CPU reaches one there, a note says the program ran past the end of its
  // code (docs/pc-platform.md, "Running past the end of the code"). The run is not changed.
  struct CodeEnd {
    uint32_t address = 0;
    std::string segment;
  };
  void setCodeEnds(std::vector<CodeEnd> ends);

  // ---- input scripts ----
  void addInputEvents(const std::vector<InputEvent>& events);

  // ---- sim::Machine ----
  std::string_view architecture() const override;
  const std::vector<sim::RegisterInfo>& registers() const override;
  uint64_t readRegister(size_t index) const override;
  void writeRegister(size_t index, uint64_t value) override;
  uint64_t programCounter() const override { return cpu_.linearPc(); }
  void setProgramCounter(uint64_t address) override;
  uint64_t memorySize() const override { return kMemorySize; }
  unsigned memoryUnitBits() const override { return 8; }
  uint32_t peek(uint64_t address) const override;
  void poke(uint64_t address, uint32_t value) override;
  sim::StopInfo run(const sim::RunLimits& limits) override;
  sim::StopInfo step() override;
  sim::StopInfo stepOver(const sim::RunLimits& limits) override;
  sim::StopInfo stepOut(const sim::RunLimits& limits) override;
  void requestPause() override { pauseRequested_ = true; }
  uint64_t instructionCount() const override { return cpu_.instructionCount() + instructionOffset_; }
  uint64_t clockCount() const override { return now(); }
  uint64_t lastInstructionClocks() const override { return cpu_.lastInstructionClocks(); }
  const sim::StopInfo& lastStop() const override { return lastStop_; }
  std::string disassemble(uint64_t address, unsigned* length = nullptr) const override;
  void setTraceSink(std::function<void(const sim::TraceEvent&)> sink) override;
  void feedInput(std::string_view text) override;
  void closeInput() override { inputClosed_ = true; }
  bool inputClosed() const override { return inputClosed_; }
  const std::string& output() const override { return output_; }
  const std::vector<std::string>& notes() const override { return notes_; }
  void clearOutput() override {
    output_.clear();
    biosPrinted_ = 0;
  }
  std::unique_ptr<sim::MachineSnapshot> saveSnapshot() const override;
  void restoreSnapshot(const sim::MachineSnapshot& snapshot) override;

  // ---- capabilities ----
  bool textModeActive() const override { return video_->textModeActive(); }
  unsigned textRows() const override { return video_->textRows(); }
  unsigned textColumns() const override { return video_->textColumns(); }
  sim::TextCell textCell(unsigned row, unsigned column) const override { return video_->textCell(row, column); }
  unsigned frameWidth() const override { return video_->frameWidth(); }
  unsigned frameHeight() const override { return video_->frameHeight(); }
  uint32_t pixelRgb(unsigned x, unsigned y) const override { return video_->pixelRgb(x, y); }
  void copyFrame(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height) const override {
    video_->render(pixels, width, height, true);
  }
  std::vector<sim::SpeakerNote> speakerNotes() const override { return speaker_.notes(now(), options_.clocksPerSecond); }
  uint64_t clocksPerSecond() const override { return options_.clocksPerSecond; }  // SpeakerLog and ClockRate
  const std::vector<sim::PortWrite>& portWrites() const override { return portWrites_; }
  void pushMouseEvent(const sim::MouseEvent& event) override;
  void pushMouseEventAt(const sim::MouseEvent& event, uint64_t clock) override;
  sim::PointerState pointerState() const override;
  void pushKey(uint8_t scanCode, uint8_t ascii) override;
  // PIT, PPI, PIC, interrupt table, video mode (+ the video card's own tables); device_tables.cpp.
  std::vector<sim::DeviceTable> deviceTables() const override;

  // ---- devices, for tests and front ends ----
  Cpu& cpu() { return cpu_; }
  const Cpu& cpu() const { return cpu_; }
  Pic8259& pic() { return pic_; }
  Pit8253& pit() { return pit_; }
  const Speaker& speaker() const { return speaker_; }
  Bus& systemBus();
  VideoCard& video() { return *video_; }
  const VideoCard& video() const { return *video_; }
  uint8_t port61() const { return port61_; }
  // emu8086's devices, when PcOptions::emu8086Devices is set; null otherwise.
  const Emu8086Devices* emu8086Devices() const { return emu8086_.get(); }
  // Linear address of seg:off.
  static uint32_t linear(uint16_t segment, uint16_t offset) { return (uint32_t{segment} << 4) + offset; }
  uint8_t read8(uint32_t address) const { return peek8(address); }
  uint16_t read16(uint32_t address) const { return static_cast<uint16_t>(peek8(address) | (peek8(address + 1) << 8)); }
  void write8(uint32_t address, uint8_t value);
  void write16(uint32_t address, uint16_t value) { write8(address, uint8_t(value)); write8(address + 1, uint8_t(value >> 8)); }

private:
  class PcBus;
  friend class PcBus;
  friend class Firmware;
  struct Snapshot;

  // ClockSource
  uint64_t now() const override { return cpu_.clockCount() + clockOffset_; }

  void powerOn();
  uint8_t peek8(uint32_t address) const;
  uint8_t portIn(uint16_t port);
  void portOut(uint16_t port, uint8_t value);
  uint8_t portPeek(uint16_t port) const;
  void updateSpeaker();
  void callGate();
  void advanceDevices();
  uint64_t nextDeviceEvent() const;
  // The clock moves on to `target`, or to the next device event or the run's clock limit before
  // it, with the CPU idle (a ROM wait); the CPU's chunk ends after the current instruction.
  void idleUntil(uint64_t target);
  uint64_t runClockEnd_ = UINT64_MAX;  // the current run's clock limit
  void deliverKeyboard();
  void queueKey(const ScanKey& key, bool make, bool brk, std::optional<uint64_t> at);
  void programWaitsForInput();
  sim::StopInfo runLoop(const sim::RunLimits& limits, int mode, bool breakAtStart);
  bool resumingFromBreakpoint() const;
  // Gives the CPU the breakpoint table when an execute breakpoint or a code-end mark needs it.
  void armExecuteFlags();
  // At a code-end mark: notes it and returns the note.
  std::optional<std::string> codeEndReached();
  std::vector<CodeEnd> codeEnds_;
  sim::StopInfo finish(sim::StopReason reason, std::string message = {});
  void applyMouseEvent(const InputEvent& e);

  PcOptions options_;
  std::unique_ptr<PcBus> bus_;
  Cpu cpu_;
  std::unique_ptr<VideoCard> video_;
  std::unique_ptr<class Firmware> firmware_;
  std::vector<uint8_t> memory_;  // the whole 1 MiB address space backing RAM and ROM
  uint32_t videoRomEnd_ = 0xC0000;  // the adapter's ROM (romImage) occupies C0000h up to here
  bool cycleTiming_ = false;         // the CPU runs the cycle timing model
  static constexpr unsigned kRefreshPeriod = 72;  // CPU clocks between DMA refresh cycles
  Pic8259 pic_;
  Pit8253 pit_;
  Speaker speaker_;
  uint8_t port61_ = 0;
  std::unique_ptr<Emu8086Devices> emu8086_;
  uint8_t keyboardData_ = 0;     // port 60h
  bool keyboardDataUnread_ = false;
  uint64_t lastKeyDelivery_ = 0;
  uint64_t clockOffset_ = 0, instructionOffset_ = 0;
  bool timerIrqPending_ = false;
  uint64_t nextTimerEdge_ = UINT64_MAX;

  // Input.
  struct ScheduledByte { uint8_t scan; std::optional<uint64_t> at; };
  std::deque<ScheduledByte> scanQueue_;       // scan codes ready to be delivered (time-ordered)
  std::deque<InputEvent> timedEvents_;        // script events with clocks, in clock order
  std::deque<InputEvent> waitEvents_;         // script events delivered when the program waits
  bool inputClosed_ = false;
  bool waitingForInput_ = false;              // a blocking service found no input (cleared on progress)
  uint64_t pollIdleSince_ = UINT64_MAX;

  // Stop requests from firmware and devices.
  bool stopRequested_ = false;
  sim::StopReason requestedReason_ = sim::StopReason::Running;
  std::string requestedMessage_;
  int exitCode_ = 0;
  bool pauseRequested_ = false;
  const sim::Breakpoint* watchHit_ = nullptr;
  bool exactStops_ = false;  // single-instruction chunks while port/memory/interrupt breakpoints exist

  std::string output_;
  std::vector<std::string> notes_;
  void note(std::string text);
  std::vector<bool> portNoted_ = std::vector<bool>(0x10000);  // ports with no device, said once
  void noteUnconnectedPort(uint16_t port, bool write);
  void noteEmu8086Port(uint16_t port);
  uint64_t deviceTime() const;
  std::vector<std::string> emu8086Noted_;   // emu8086's devices already named in a note
  bool aliasNoted_ = false;                 // an 80186 opcode the 8086 ran as another, said once
  void noteAliasedOpcode();
  std::vector<sim::PortWrite> portWrites_;  // to ports with no device (sim::PortLog), bounded
  struct PortTally {
    uint64_t writes = 0;  // every write, repeats too
    uint8_t last = 0;
  };
  std::map<uint16_t, PortTally> portWriteCounts_;  // by port
  static constexpr size_t kMaxPortWrites = 65536;
  bool portLogFull_ = false;
  // Characters printed through the video BIOS (INT 10h 09h, 0Ah, 0Eh, 13h). They reach the screen
  // only, not output_ (the console transcript is what DOS prints, as a redirected DOS program's
  // file would hold), but the output limit bounds them too (docs/pc-platform.md, "Output").
  uint64_t biosPrinted_ = 0;
  uint64_t printed() const { return output_.size() + biosPrinted_; }
  std::string outputLimitMessage() const;
  // The run's --max-output: neither DOS nor the video BIOS prints a character past it, and
  // reaching it stops the run (Firmware::echo, Firmware::videoBiosCall), so a single INT 21h
  // write of 64 KiB or INT 10h 09h with CX=FFFFh cannot overshoot.
  uint64_t outputLimit_ = UINT64_MAX;
  sim::StopInfo lastStop_;
  uint64_t lastStopInstructions_ = UINT64_MAX;  // the instruction count when lastStop_ was made
  LoadedImage image_;
  std::function<void(const sim::TraceEvent&)> traceSink_;
};

}  // namespace asmlab::x86::pc
