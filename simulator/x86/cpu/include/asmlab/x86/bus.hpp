// The bus the CPU sees: memory and I/O ports with wait states, a side-effect-free peek for
// debuggers, the interrupt-controller hook (INTR/INTA) and fast-RAM pages the CPU may access
// directly. The PC platform attaches its devices by implementing this interface.
// Intel 8086 Family User's Manual, section 2.5 "Bus operation", 2.8 "Interrupts".
#pragma once

#include <cstdint>
#include <vector>

namespace asmlab::x86 {

// Addresses given to the bus are physical: already wrapped to the CPU's address width
// (20 bits on the 8086/8088/80186; 21 bits with A20 enabled on the 80286/80386).
class Bus {
public:
  virtual ~Bus() = default;

  virtual uint8_t read8(uint32_t address) = 0;
  virtual void write8(uint32_t address, uint8_t value) = 0;
  // A code fetch of the cycle model's prefetch (the manual model reads code with read8). A bus
  // that answers code fetches differently overrides it: the conformance runner replays the
  // test harness, which fed the instruction's bytes and then NOPs whatever the address.
  virtual uint8_t fetchCode8(uint32_t address) { return read8(address); }
  // Reads without side effects (a device register is not consumed); for debuggers.
  virtual uint8_t peek8(uint32_t address) const = 0;

  virtual uint8_t in8(uint16_t port) = 0;
  virtual void out8(uint16_t port, uint8_t value) = 0;
  // A 16-bit port access is two byte accesses at port and port+1 unless a device overrides it.
  virtual uint16_t in16(uint16_t port) { return static_cast<uint16_t>(in8(port) | (in8(static_cast<uint16_t>(port + 1)) << 8)); }
  virtual void out16(uint16_t port, uint16_t value) {
    out8(port, static_cast<uint8_t>(value));
    out8(static_cast<uint16_t>(port + 1), static_cast<uint8_t>(value >> 8));
  }

  // Extra clocks for one bus cycle at this address (memory) or port (io); added per bus cycle.
  virtual unsigned waitStates(uint32_t /*addressOrPort*/, bool /*io*/) const { return 0; }
  // True when waitStates() may return non-zero; lets the CPU skip the query on every access.
  virtual bool hasWaitStates() const { return false; }

  // Fast pages: 4 KiB pages of plain zero-wait RAM (or ROM, for reading) that the CPU may read or
  // write directly. Return nullptr for pages that hold devices or need the slow path (e.g. a
  // watched page). The CPU caches these pointers; call Cpu::invalidateFastPages() after a change.
  static constexpr unsigned kPageBits = 12;
  virtual uint8_t* fastReadPage(uint32_t /*pageIndex*/) { return nullptr; }
  virtual uint8_t* fastWritePage(uint32_t /*pageIndex*/) { return nullptr; }
};

// The interrupt controller (an 8259A on the PC) as the CPU sees it: INTR is pending() and the
// interrupt-acknowledge cycle returns the vector number (manual, section 2.8, "INTR").
class InterruptController {
public:
  virtual ~InterruptController() = default;
  virtual bool pending() const = 0;
  virtual uint8_t acknowledge() = 0;
};

// 1 MiB (or 1 MiB + 64 KiB for A20 on later models) of flat RAM with no devices: IN returns FFh,
// OUT is ignored; used by the conformance runner and the unit tests.
class FlatMemoryBus : public Bus {
public:
  explicit FlatMemoryBus(uint32_t size = 0x110000) : ram_(size, 0) {}
  uint8_t read8(uint32_t address) override { return ram_[address % ram_.size()]; }
  void write8(uint32_t address, uint8_t value) override { ram_[address % ram_.size()] = value; }
  uint8_t peek8(uint32_t address) const override { return ram_[address % ram_.size()]; }
  uint8_t in8(uint16_t port) override { lastPortRead = port; return 0xFF; }
  void out8(uint16_t port, uint8_t value) override { lastPortWritten = port; lastValueWritten = value; ++portWrites; }
  uint8_t* fastReadPage(uint32_t pageIndex) override { return pagePointer(pageIndex); }
  uint8_t* fastWritePage(uint32_t pageIndex) override { return pagePointer(pageIndex); }

  std::vector<uint8_t>& ram() { return ram_; }
  const std::vector<uint8_t>& ram() const { return ram_; }
  // Last port traffic, for tests of IN/OUT.
  uint16_t lastPortRead = 0, lastPortWritten = 0;
  uint8_t lastValueWritten = 0;
  uint64_t portWrites = 0;

private:
  uint8_t* pagePointer(uint32_t pageIndex) {
    size_t start = static_cast<size_t>(pageIndex) << kPageBits;
    return start + (1u << kPageBits) <= ram_.size() ? ram_.data() + start : nullptr;
  }
  std::vector<uint8_t> ram_;
};

}  // namespace asmlab::x86
