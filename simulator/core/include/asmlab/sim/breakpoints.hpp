// Breakpoints and watchpoints kept as flat per-address flags so that a machine's run loop can
// test them with one load per instruction or memory access; conditions are only evaluated when
// the flag is set, so idle debugger hooks cost (almost) nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace asmlab::sim {

class Machine;

enum class WatchKind : uint8_t { Read = 1, Write = 2, ReadWrite = 3 };

// Flag bits stored per address. kFlagCodeEnd is no breakpoint but the machine's own mark on the
// first byte after the program's code: reaching it there means the program missed its exit. Bits
// 08h-40h are left to machines' own derived tables (the LC-3's, simulator/lc3/src/decoded.hpp).
enum : uint8_t { kFlagExecute = 1, kFlagRead = 2, kFlagWrite = 4, kFlagCodeEnd = 0x80 };

struct Breakpoint {
  int id = 0;
  enum class Kind : uint8_t { Execute, Memory, Port, Interrupt } kind = Kind::Execute;
  uint64_t address = 0;   // execute/memory: address in the machine's units; port: port; interrupt: vector
  uint64_t length = 1;    // memory watch range length
  WatchKind access = WatchKind::ReadWrite;
  int function = -1;      // interrupt: AH value to match (e.g. INT 21h AH=09h), -1 = any
  std::function<bool(const Machine&)> condition;  // empty = always
  std::string description;                        // as the user wrote it ("label DRAW", "x3010")
  bool enabled = true;
  uint64_t hits = 0;
};

class BreakpointSet {
public:
  explicit BreakpointSet(uint64_t addressSpaceSize);

  int addExecute(uint64_t address, std::function<bool(const Machine&)> condition = {}, std::string description = {});
  int addWatch(uint64_t address, uint64_t length, WatchKind access, std::function<bool(const Machine&)> condition = {},
               std::string description = {});
  int addPort(uint16_t port, WatchKind access, std::string description = {});
  int addInterrupt(uint8_t vector, int function = -1, std::string description = {});
  bool remove(int id);
  bool setEnabled(int id, bool enabled);
  void clear();

  const std::map<int, Breakpoint>& all() const { return list_; }
  Breakpoint* find(int id);

  // Hot-path queries: one byte load each.
  bool anyAt(uint64_t address) const { return address < flags_.size() && flags_[address] != 0; }
  uint8_t flagsAt(uint64_t address) const { return address < flags_.size() ? flags_[address] : 0; }
  const uint8_t* flagTable() const { return flags_.data(); }
  bool hasPortOrInterrupt() const { return portOrInterrupt_ != 0; }
  // Changes whenever the flag table changes, so a machine can cache tables derived from it.
  uint64_t version() const { return version_; }

  // Slow-path checks, called only when a flag is set. They evaluate conditions, count hits and
  // return the breakpoint that fired.
  const Breakpoint* executeHit(uint64_t address, const Machine& m);
  const Breakpoint* memoryHit(uint64_t address, bool write, const Machine& m);
  const Breakpoint* portHit(uint16_t port, bool write, const Machine& m);
  const Breakpoint* interruptHit(uint8_t vector, uint8_t ah, const Machine& m);

  // The machine's code-end marks (kFlagCodeEnd): set by the machine, untouched by breakpoints.
  void markCodeEnd(uint64_t address);
  void clearCodeEnds();
  bool hasCodeEnds() const { return !codeEnds_.empty(); }

private:
  void added(const Breakpoint& b);    // sets its flags
  void removed(const Breakpoint& b);  // recomputes the flags it covered
  void clearFlagsOf(const Breakpoint& b);
  void recompute(uint64_t from, uint64_t length);
  static uint8_t watchFlags(const Breakpoint& b);
  std::map<int, Breakpoint> list_;
  std::vector<uint8_t> flags_;
  std::vector<uint64_t> codeEnds_;
  int nextId_ = 1;
  int portOrInterrupt_ = 0;
  uint64_t version_ = 0;
};

}  // namespace asmlab::sim
